"""Extra test games for the Discord front end: a wide one (menus of more than 25
choices) and a long one (gets its own thread), next to the shared toy game."""

from __future__ import annotations

import copy
import functools
from dataclasses import asdict, dataclass
from typing import Any, Mapping

from bot.engine import Choice, ComputerPlayer, Event, GameEngine, GameResult, RuleError, Transition
from bot.games.registry import GameEntry
from tests.support.discord_fakes import tiny_png
from tests.support.toy_game import TOY, PassingComputer, SecretSum


@dataclass
class WideState:
    players: int
    turn: int = 0
    picks: list | None = None
    secrets: list | None = None
    moves: int = 0


class WideGame(GameEngine[WideState]):
    """Each turn: pick a public number (30 choices) or a secret one (60 choices). Four moves in all."""

    name = "wide"
    title = "Wide Pick"
    min_players = 2
    max_players = 2
    summary = "Pick numbers from long menus."

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> WideState:
        return WideState(players, picks=[], secrets=[[] for _ in range(players)])

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
        new = copy.deepcopy(state)
        kind, number = action.split(":")
        if kind == "pick":
            new.picks.append(int(number))
            events = [Event("{p%d} picks %s." % (seat, number))]
        else:
            new.secrets[seat].append(int(number))
            events = [Event("{p%d} hides a number." % seat), Event(f"You hid {number}.", seats=(seat,))]
        new.moves += 1
        new.turn = (new.turn + 1) % new.players
        return Transition(new, events)

    def is_terminal(self, state: WideState) -> bool:
        return state.moves >= 4

    def results(self, state: WideState) -> GameResult:
        return GameResult(tuple(0.0 for _ in range(state.players)), (0,), "Everybody wins.")

    def view(self, state: WideState, seat: int | None) -> dict[str, Any]:
        view = {"turn": state.turn, "picks": list(state.picks), "moves": state.moves}
        if seat is not None:
            view["secrets"] = list(state.secrets[seat])
        return view

    def status_text(self, public_view: Mapping[str, Any]) -> str:
        return f"Picks so far: {public_view['picks']}"

    def private_text(self, seat_view: Mapping[str, Any]) -> str:
        return f"Hidden: {seat_view['secrets']}" if seat_view["secrets"] else ""

    def dump(self, state: WideState) -> dict[str, Any]:
        return asdict(state)

    def load(self, data: Mapping[str, Any]) -> WideState:
        return WideState(**copy.deepcopy(dict(data)))

    def check_invariants(self, state: WideState) -> None:
        assert state.moves <= 4

    def shuffle_hidden(self, state: WideState, seed: int) -> WideState:
        return copy.deepcopy(state)


class FirstChoiceComputer(ComputerPlayer):
    def choose(self, view, choices, rng) -> str:
        return choices[0].action


class LongSecretSum(SecretSum):
    name = "longtoy"
    title = "Long Secret Sum"
    long_game = True


WIDE = GameEntry(WideGame(), FirstChoiceComputer())
LONG = GameEntry(LongSecretSum(), PassingComputer())
TEST_GAMES = {"toy": TOY, "wide": WIDE, "longtoy": LONG}


def resolve_game(name: str) -> GameEntry:
    """Resolver for TableService: the test games, then the real registry."""
    if name in TEST_GAMES:
        return TEST_GAMES[name]
    from bot.games.registry import game

    return game(name)


@functools.cache
def _real_renderer_available(game_name: str) -> bool:
    try:
        from render import renderer

        renderer(game_name)
        return True
    except Exception:  # noqa: BLE001 - a game whose renderer is still being built
        return False


def board_renderer(game_name: str, public_view: Mapping[str, Any]) -> bytes:
    """The real renderer for real games when it exists, a tiny PNG otherwise."""
    if game_name not in TEST_GAMES and _real_renderer_available(game_name):
        from render import render_png

        return render_png(game_name, public_view)
    return tiny_png()
