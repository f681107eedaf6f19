"""One seeded game between computer seats at given levels, for ``bench/ai_strength.py``.

Every seat is played as a Discord table plays it: the seat's ``LoadedGame.computer(level)`` is
handed the state, the seat and its legal choices (a searching player passes the state only to
``engine.determinize``), with a stream salted by the game's seed, the step and the seat. A
``strong`` seat searches with the registration's budget, or the bench's (``--quick``); its clock
limit is lifted (``iterations`` alone bound it), so a figure does not depend on the machine or on
what else it is doing: the cost section measures the clock separately.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any

from bot.engine import ComputerPlayer, LoadedGame, Rng
from bot.engine.levels import Level
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.registry import game as registered

MAX_ACTIONS = 20_000
"""A game still running after this many moves is reported as stalled (no game should be)."""
UNBOUNDED = 1e9
"""Seconds: a bench search stops at its iteration budget only."""


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    levels: tuple[str, ...]
    """One level per seat."""
    iterations: int = 0
    """A strong seat's iterations (0: the registration's budget)."""
    rollout_moves: int = 0
    tested: int = -1
    """Head to head: the seat whose level is measured against the others' (-1: every seat alike)."""


@dataclass(frozen=True)
class Outcome:
    job: Job
    winners: tuple[int, ...]
    team_won: bool | None
    team_score: float | None
    ending: str
    actions: int
    secret: tuple[str, ...] = ()
    """MCCC: each seat's secret side."""
    seconds: float = 0.0
    rounds: int | None = None
    """The game's round when it ended (games that count rounds)."""


def bench_budget(game: LoadedGame, iterations: int = 0, rollout_moves: int = 0) -> SearchBudget:
    """The registration's budget without its clock (and with the bench's sizes, when given)."""
    budget = game.spec.search_budget or SearchBudget()
    budget = dataclasses.replace(budget, seconds=UNBOUNDED)
    if iterations:
        budget = dataclasses.replace(budget, iterations=iterations)
    if rollout_moves:
        budget = dataclasses.replace(budget, rollout_moves=rollout_moves)
    return budget


def players_for(game: LoadedGame, job: Job) -> dict[str, ComputerPlayer[Any]]:
    players: dict[str, ComputerPlayer[Any]] = {}
    for level in set(job.levels):
        if level == Level.STRONG:
            budget = bench_budget(game, job.iterations, job.rollout_moves)
            players[level] = SearchPlayer(game.engine, game.search_policy(), budget)
        else:
            players[level] = game.computer(level)
    return players


def play(job: Job) -> Outcome:
    started = time.perf_counter()
    game = registered(job.game)
    engine = game.engine
    players = players_for(game, job)
    state = engine.new_game(job.players, engine.options_for(job.options, job.players), job.seed)
    steps = 0
    while not engine.is_terminal(state) and steps < MAX_ACTIONS:
        seat = engine.current_seats(state)[0]
        choices = engine.legal_actions(state, seat)
        rng = Rng.from_seed(job.seed, "bench", steps, seat)
        action = players[job.levels[seat]].choose_in_state(engine, state, seat, choices, rng)
        state = engine.apply(state, seat, action).state
        steps += 1
    seconds = time.perf_counter() - started
    secret = tuple(getattr(state, "secret", ()) or ())
    rounds = getattr(state, "round", None)
    if not engine.is_terminal(state):
        return Outcome(job, (), None, None, "stalled", steps, secret, seconds, rounds)
    result = engine.results(state)
    return Outcome(
        job, result.winners, result.team_won, result.team_score, result.ending, steps, secret, seconds, rounds
    )
