"""Builders for Muggles scenario tests: a game past set-up, then a situation arranged the way the
physical game could be (tiles swapped with the stock, muggles set down, the die loaded by choosing
the RNG state), so every invariant still holds."""

from __future__ import annotations

from bot.engine import Event, Rng
from bot.games.cmiyc.state import Prompt, Turn
from bot.games.muggles.context import Team
from bot.games.muggles.engine import MugglesEngine, build_engine
from bot.games.muggles.state import MugglesState
from tests.games.cmiyc.helpers import (  # noqa: F401  (re-exported for the tests)
    clear_square,
    give_cache,
    give_coin,
    give_event,
    give_item,
    put_tile,
    set_character,
    strip_gear,
    tiles_of,
    top_event,
)

E: MugglesEngine = build_engine()
DATA = E.data
BOARD = DATA.board
NORTH, SOUTH = 0, 1


def fresh(players: int = 2, seed: int = 1, **options: object) -> MugglesState:
    """A new game with every equipment side chosen (side 0): seat 0 is to move in round 1."""
    state = E.new_game(players, E.options_for(dict(options), players), seed)
    while state.round == 0:
        seat = E.current_seats(state)[0]
        state = E.apply(state, seat, next(c.action for c in E.legal_actions(state, seat))).state
    return state


def ctx(state: MugglesState) -> Team:
    return E._ctx(state)


def act(state: MugglesState, action: str, seat: int | None = None) -> tuple[MugglesState, list[Event]]:
    seat = E.current_seats(state)[0] if seat is None else seat
    transition = E.apply(state, seat, action)
    E.check_invariants(transition.state)
    return transition.state, transition.events


def text(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def actions(state: MugglesState, seat: int | None = None) -> list[str]:
    seat = E.current_seats(state)[0] if seat is None else seat
    return [c.action for c in E.legal_actions(state, seat)]


def dice(state: MugglesState, *faces: int) -> None:
    """Load the die: the next rolls of the state's RNG show ``faces``."""
    for seed in range(1, 1_000_000):
        rng = Rng(seed)
        if all(rng.die() == face for face in faces):
            state.rng = seed
            return
    raise AssertionError("no seed rolls that")


def place_muggle(state: MugglesState, index: int, square: str, facing: str, carrying: int = -1) -> None:
    muggle = state.muggles[index]
    muggle.square, muggle.facing, muggle.nuisance = square, facing, False
    if carrying >= 0:
        _free(state, carrying)
    muggle.carrying = carrying


def _free(state: MugglesState, tile: int) -> None:
    """Take a tile out of the board, stock or discard (to hand it to a muggle)."""
    for square, there in list(state.board.items()):
        if there == tile:
            scenery = next(t for t in state.stock if DATA.kind(t).category == "scenery")
            state.stock.remove(scenery)
            state.board[square] = scenery
            if tile in state.faceup:
                state.faceup.remove(tile)
            return
    for pile in (state.stock, state.discard):
        if tile in pile:
            pile.remove(tile)
            return
    raise AssertionError(f"tile {tile} is not free")


def spare(state: MugglesState, kind: str) -> int:
    """A tile of ``kind`` from the stock or the discard (not on the board, not held)."""
    return next(t for t in tiles_of(kind) if t in state.stock or t in state.discard)


def calm(state: MugglesState, *squares: str, face_up: bool = False) -> None:
    """Scenery (Trees, Clearing, Rocky ground) on ``squares``: landing there does nothing."""
    for square in squares:
        tile = state.board.get(square)
        if tile is None or DATA.kind(tile).category != "scenery":
            held = set(state.board.values())
            free = [t.id for t in DATA.tiles if DATA.kind(t.id).category == "scenery" and t.id not in held]
            free = [t for t in free if t in state.stock] or free
            tile = next(t for t in free)
            if tile not in state.stock:
                state.stock.append(tile)
            put_tile(state, square, DATA.tiles[tile].kind, tile=tile)
        if face_up and tile not in state.faceup:
            state.faceup.append(tile)
        if not face_up and tile in state.faceup:
            state.faceup.remove(tile)


def lay(state: MugglesState, kind: str, *squares: str, face_up: bool = True) -> list[int]:
    """Distinct tiles of ``kind`` on ``squares`` (face up unless told otherwise)."""
    tiles = tiles_of(kind)[: len(squares)]
    assert len(tiles) == len(squares), f"the game has too few {kind} tiles"
    for square, tile in zip(squares, tiles):
        put_tile(state, square, kind, face_up=face_up, tile=tile)
    return tiles


def round_end(state: MugglesState) -> MugglesState:
    """The last player ends their turn: the muggles take their turns."""
    last = state.players - 1
    state.turn = Turn(seat=last, moved=True)
    state.prompts = [Prompt("act", last)]
    for player in state.seats:
        player.skip = 0
    return state


def turn_of(state: MugglesState, seat: int, square: str | None = None) -> MugglesState:
    if square is not None:
        state.seats[seat].square = square
        state.seats[seat].came_from = ""
    state.turn = Turn(seat=seat)
    state.prompts = [Prompt("move", seat)]
    return state


def everyone_to(state: MugglesState, square: str) -> None:
    for player in state.seats:
        player.square = square
