"""A test game for the table's flow of waits: simultaneous decisions and multi-step ones.

**Vote and Pick** (``steps``, 2-3 players, no secrets): everyone votes *yes* or *no* at
once; then, in seat order, each player picks a number (1-3) and confirms it or goes
back (two steps of one decision). After everyone confirmed, the game ends; the highest
pick wins. Computer players vote yes, pick 3 and confirm.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from bot.engine import (
    Choice,
    ComputerPlayer,
    Event,
    GameEngine,
    GameResult,
    GameSpec,
    Relation,
    Rng,
    RuleError,
    Transition,
)
from tests.support.toy_game import TEAM_SPEC, SafeCracker, SafeState, registry_with_toys


class StepState(msgspec.Struct):
    players: int
    votes: list[str]
    turn: int = 0
    picked: int = 0
    picks: list[int] = msgspec.field(default_factory=list)


class StepView(msgspec.Struct, frozen=True):
    votes: tuple[bool, ...]
    turn: int | None
    picks: tuple[int, ...]


STEPS_SPEC = GameSpec(
    name="steps",
    title="Vote and Pick",
    summary="Vote together, then pick and confirm a number in turn.",
    min_players=2,
    max_players=3,
    relations=frozenset({Relation.COMPETITIVE}),
    hidden_information=False,
    chance=False,
    engine="tests.table.games:VoteAndPick",
    computer="tests.table.games:EagerComputer",
    renderer="tests.support.toy_game:render_board",
    seat_colours=("Purple", "Orange", "Green"),
)


class VoteAndPick(GameEngine[StepState, StepView, StepView]):
    spec = STEPS_SPEC
    state_type = StepState

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> StepState:
        return StepState(players, [""] * players)

    def _voting(self, state: StepState) -> bool:
        return "" in state.votes

    def current_seats(self, state: StepState) -> list[int]:
        if self._voting(state):
            return [s for s, vote in enumerate(state.votes) if not vote]
        return [] if len(state.picks) >= state.players else [state.turn]

    def legal_actions(self, state: StepState, seat: int) -> list[Choice]:
        if seat not in self.current_seats(state):
            return []
        if self._voting(state):
            return [
                Choice("vote:yes", "Yes", group="vote", public=True),
                Choice("vote:no", "No", group="vote", public=True),
            ]
        if not state.picked:
            return [Choice(f"pick:{n}", f"Pick {n}", group="pick", public=True) for n in (1, 2, 3)]
        return [
            Choice("confirm", f"Confirm {state.picked}", group="ok", public=True),
            Choice("back", "Back", public=True),
        ]

    def apply(self, state: StepState, seat: int, action: str) -> Transition[StepState]:
        if action not in {c.action for c in self.legal_actions(state, seat)}:
            raise RuleError("Not now.")
        new = self.clone(state)
        if action.startswith("vote:"):
            new.votes[seat] = action[5:]
            return Transition(new, [Event("{p%d} votes." % seat)], reveals=False)
        if action.startswith("pick:"):
            new.picked = int(action[5:])
            return Transition(new, [Event("{p%d} considers %d." % (seat, new.picked))], reveals=False)
        if action == "back":
            new.picked = 0
            return Transition(new, [Event("{p%d} thinks again." % seat)], reveals=False)
        new.picks.append(new.picked)
        new.picked = 0
        new.turn += 1
        return Transition(new, [Event("{p%d} picks %d." % (seat, new.picks[-1]))], reveals=False)

    def is_terminal(self, state: StepState) -> bool:
        return len(state.picks) >= state.players

    def results(self, state: StepState) -> GameResult:
        best = max(state.picks)
        winners = tuple(s for s, n in enumerate(state.picks) if n == best)
        return GameResult.competitive(tuple(float(n) for n in state.picks), winners, "Highest pick wins.")

    def public_view(self, state: StepState) -> StepView:
        done = [bool(v) for v in state.votes]
        turn = None if self._voting(state) or self.is_terminal(state) else state.turn
        return StepView(tuple(done), turn, tuple(state.picks))

    def seat_view(self, state: StepState, seat: int) -> StepView:
        return self.public_view(state)

    def status_text(self, public_view: StepView) -> str:
        if public_view.turn is None:
            return "Everyone votes."
        return "{p%d} picks a number." % public_view.turn

    def private_text(self, seat_view: StepView) -> str:
        return ""

    def check_invariants(self, state: StepState) -> None:
        assert len(state.picks) <= state.players

    def shuffle_hidden(self, state: StepState, seed: int) -> StepState:
        return self.clone(state)


class EagerComputer(ComputerPlayer[StepView]):
    def __init__(self, engine: Any = None) -> None:
        pass

    def choose(self, view: StepView, choices: Sequence[Choice], rng: Rng) -> str:
        actions = [c.action for c in choices]
        for wanted in ("vote:yes", "pick:3", "confirm"):
            if wanted in actions:
                return wanted
        return actions[0]


SCORED_SPEC = dataclasses.replace(
    TEAM_SPEC, name="scored", title="Scored Safe Cracker", engine="tests.table.games:ScoredCracker"
)


class ScoredCracker(SafeCracker):
    """Safe Cracker with a team score (the code, when the safe opens), compared with the server's
    best score of the same variant when a game ends."""

    spec = SCORED_SPEC

    def results(self, state: SafeState) -> GameResult:
        won = state.dial == state.code
        relation = self.relation(state.players, {})
        return GameResult.team(relation, state.players, won, "", score=state.code if won else 0, variant="dial")


REGISTRY = registry_with_toys(STEPS_SPEC, SCORED_SPEC)


def table_games(name: str) -> Any:
    """The toy games, Vote and Pick, and the real games."""
    return REGISTRY.game(name)
