"""Helpers for the tests of searching computer players: an engine that records the samples a search
was given, the no-peeking check, and a computer game played to its end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from bot.engine import ComputerPlayer, GameEngine, Rng
from bot.engine.search import SearchBudget, SearchPlayer


class Recording:
    """``engine`` as the search sees it, remembering every sample ``determinize`` gave."""

    def __init__(self, engine: GameEngine[Any, Any, Any]) -> None:
        self.engine = engine
        self.samples: list[bytes] = []

    def determinize(self, state: Any, seat: int, seed: int) -> Any:
        sample = self.engine.determinize(state, seat, seed)
        self.samples.append(msgspec.json.encode(sample))
        return sample

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


SMALL = SearchBudget(iterations=6, seconds=1e9, rollout_moves=6)


def search_runs(
    engine: GameEngine[Any, Any, Any],
    policy: ComputerPlayer[Any],
    reals: Sequence[Any],
    seat: int,
    budget: SearchBudget = SMALL,
) -> list[tuple[str, list[bytes]]]:
    """For each real state, the choice a small search (``budget``) makes for ``seat`` and the samples
    it drew."""
    choices = engine.legal_actions(reals[0], seat)
    assert len(choices) > 1, "a decision to search"
    runs = []
    for real in reals:
        recording = Recording(engine)
        searcher = SearchPlayer(recording, policy, budget)  # type: ignore[arg-type]
        runs.append((searcher.choose_in_state(recording, real, seat, choices, Rng(3)), recording.samples))  # type: ignore[arg-type]
    assert runs[0][1]
    return runs


def small_search(engine: GameEngine[Any, Any, Any], policy: ComputerPlayer[Any]) -> SearchPlayer:
    """The strong player with a budget small enough for a test to play whole games."""
    return SearchPlayer(engine, policy, SearchBudget(iterations=3, seconds=1e9, rollout_moves=4))


def play_to_end(
    engine: GameEngine[Any, Any, Any], player: ComputerPlayer[Any], players: int, seed: int, options: dict[str, Any]
) -> tuple[list[Any], Any]:
    """A game of one computer player in every seat: every position before the end, and the end."""
    state = engine.new_game(players, engine.options_for(options, players), seed)
    positions = []
    for step in range(5000):
        if engine.is_terminal(state):
            break
        positions.append(state)
        seat = engine.current_seats(state)[0]
        action = player.choose_in_state(
            engine, state, seat, engine.legal_actions(state, seat), Rng.from_seed(seed, step)
        )
        state = engine.apply(state, seat, action).state
    return positions, state
