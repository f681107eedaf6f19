"""Extra test games for the Discord front end: a wide one (menus of more than 25
choices) and a long one (gets its own thread), next to the shared toy games."""

from __future__ import annotations

import dataclasses
import hashlib
import io
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from PIL import Image

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
    SeatTag,
    Transition,
)
from tests.support.toy_game import TOY_SPEC, SecretSum, registry_with_toys
from tests.table.games import STEPS_SPEC


class WideState(msgspec.Struct):
    players: int
    turn: int = 0
    picks: list[int] = msgspec.field(default_factory=list)
    secrets: list[list[int]] = msgspec.field(default_factory=list)
    moves: int = 0


class WidePublic(msgspec.Struct, frozen=True):
    turn: int
    picks: tuple[int, ...]
    moves: int


class WideSeat(msgspec.Struct, frozen=True):
    public: WidePublic
    secrets: tuple[int, ...]


WIDE_SPEC = GameSpec(
    name="wide",
    title="Wide Pick",
    summary="Pick numbers from long menus.",
    min_players=2,
    max_players=2,
    relations=frozenset({Relation.COMPETITIVE}),
    hidden_information=True,
    chance=False,
    engine="tests.cogs.games:WideGame",
    computer="tests.cogs.games:FirstChoiceComputer",
    renderer="tests.support.toy_game:render_board",
)


class WideGame(GameEngine[WideState, WidePublic, WideSeat]):
    """Each turn: pick a public number (30 choices) or a secret one (60 choices). Four moves in all."""

    spec = WIDE_SPEC
    state_type = WideState

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> WideState:
        return WideState(players, secrets=[[] for _ in range(players)])

    def current_seats(self, state: WideState) -> list[int]:
        return [] if state.moves >= 4 else [state.turn]

    def legal_actions(self, state: WideState, seat: int) -> list[Choice]:
        if seat not in self.current_seats(state):
            return []
        public = [Choice(f"pick:{n}", f"Number {n}", group="pick", public=True) for n in range(1, 31)]
        secret = [Choice(f"secret:{n}", f"Secret {n}", group="secret", description=f"Hide {n}") for n in range(1, 61)]
        return public + secret

    def apply(self, state: WideState, seat: int, action: str) -> Transition[WideState]:
        if action not in {c.action for c in self.legal_actions(state, seat)}:
            raise RuleError("That number is not on offer.")
        new = self.clone(state)
        kind, number = action.split(":")
        if kind == "pick":
            new.picks.append(int(number))
            events = [Event("{p%d} picks %s." % (seat, number))]
        else:
            new.secrets[seat].append(int(number))
            events = [Event("{p%d} hides a number." % seat), Event(f"You hid {number}.", seats=(seat,))]
        new.moves += 1
        new.turn = (new.turn + 1) % new.players
        return Transition(new, events, reveals=False)

    def is_terminal(self, state: WideState) -> bool:
        return state.moves >= 4

    def results(self, state: WideState) -> GameResult:
        return GameResult.competitive(tuple(0.0 for _ in range(state.players)), (0,), "Everybody wins.")

    def public_view(self, state: WideState) -> WidePublic:
        return WidePublic(state.turn, tuple(state.picks), state.moves)

    def seat_view(self, state: WideState, seat: int) -> WideSeat:
        return WideSeat(self.public_view(state), tuple(state.secrets[seat]))

    def status_text(self, public_view: WidePublic) -> str:
        return f"Picks so far: {list(public_view.picks)}"

    def private_text(self, seat_view: WideSeat) -> str:
        return f"Hidden: {list(seat_view.secrets)}" if seat_view.secrets else ""

    def check_invariants(self, state: WideState) -> None:
        assert state.moves <= 4

    def shuffle_hidden(self, state: WideState, seed: int) -> WideState:
        return self.clone(state)


class FirstChoiceComputer(ComputerPlayer[WideSeat]):
    def __init__(self, engine: Any = None) -> None:
        pass

    def choose(self, view: WideSeat, choices: Sequence[Choice], rng: Rng) -> str:
        return choices[0].action


LONG_SPEC = dataclasses.replace(
    TOY_SPEC, name="longtoy", title="Long Secret Sum", long_game=True, engine="tests.cogs.games:LongSecretSum"
)


class LongSecretSum(SecretSum):
    spec = LONG_SPEC


TEST_REGISTRY = registry_with_toys(WIDE_SPEC, LONG_SPEC, STEPS_SPEC)
TEST_GAMES = {"toy", "team", "wide", "longtoy", "steps"}


def resolve_game(name: str) -> Any:
    """Resolver for TableService: the test games, then the real registry."""
    return TEST_REGISTRY.game(name)


def board_renderer(spec: GameSpec, public_view: Any, seats: Sequence[SeatTag]) -> bytes:
    """The real renderer for real games; for the test games a tiny PNG whose colour changes
    exactly when the public view or the seat tags change (as a real board's picture would)."""
    if spec.name not in TEST_GAMES:
        from render import render_png

        return render_png(spec, public_view, seats)
    digest = hashlib.sha256(repr((public_view, seats)).encode()).digest()
    image = Image.new("RGB", (8, 8), (digest[0], digest[1], digest[2]))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
