"""Where a player can move this turn ("BEWEGUNG").

* "Auf den Wegen und Straßen bewegen sich die Spieler bis zu 3 Felder pro Spielzug. Ansonsten
  bewegen sie sich nur 1 Feld." — up to 3 squares on roads and trails, otherwise 1.
* "Spieler dürfen ihre Spielfiguren nicht diagonal bewegen." — no diagonals.
* "Beim ersten Schritt aus einem Gebäude oder einem Waldplättchen auf einem Weg darf sich der
  Spieler bis zu drei Felder weit bewegen." — the first step out of a building or off a tile may
  start a 3-square move.
* "Sobald ein Spieler die Spur verlässt, stoppt er sofort." and "Sobald ein Spieler mit einem Feld
  interagiert, ist keine Bewegung mehr möglich." — so every square passed on the way is a road or a
  trail, and the move ends on the first square that is not.

``reachable`` is a plain function of the data, the state and the seat, with the few rule numbers
as parameters, so a variant can call it with its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cmiyc.context import ability, contagious, holds_event, insured
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import State

QUIET_CATEGORIES = frozenset({"scenery", "blank", "trail"})
"""Revealed tiles that do nothing when landed on (the Snoop may peek from them)."""


@dataclass(frozen=True)
class Mover:
    """What about the moving player changes how far and where they may go."""

    steps: int
    """Squares a turn on roads and trails (3; the Trail Runner 4)."""
    insured: bool
    snack: bool
    runner: bool
    """The Trail Runner: grass may be passed."""
    contagious: bool


def mover(data: GameData, state: State, seat: int, fast_steps: int = 3) -> Mover:
    player = state.seats[seat]
    return Mover(
        steps=fast_steps + (1 if ability(data, player) == "trail_runner" else 0),
        insured=insured(data, player),
        snack=holds_event(data, player, "snack") is not None,
        runner=ability(data, player) == "trail_runner",
        contagious=contagious(player),
    )


# ---------------------------------------------------------------------- squares


def tile_at(state: State, square: str) -> int | None:
    return state.board.get(square)


def is_trail(data: GameData, state: State, square: str) -> bool:
    """Roads, trails, the parking lot, empty woods squares, and trail tiles revealed before this round.

    "Ein Wegplättchen fungiert in der Runde, nachdem es aufgedeckt wurde, als Wegfeld."
    """
    if data.board.is_fast(square):
        return True
    if not data.board.is_woods(square):
        return False
    tile = state.board.get(square)
    if tile is None:
        return True
    since = state.trail_since.get(tile)
    return since is not None and since < state.round


def is_quiet(data: GameData, state: State, square: str) -> bool:
    """Grass, and woods squares whose face-up tile does nothing."""
    kind = data.board.squares[square].kind
    if kind == "grass":
        return True
    if not data.board.is_woods(square):
        return False
    tile = state.board.get(square)
    return tile is None or (tile in state.faceup and data.kind(tile).category in QUIET_CATEGORIES)


def bear_zone(data: GameData, state: State) -> frozenset[str]:
    """The 8 woods squares around the awake bear's Cave (nobody may end a turn there)."""
    if not state.bear_awake:
        return frozenset()
    cave = next(
        (sq for sq, tile in state.board.items() if tile in state.faceup and data.kind(tile).effect == "bear"), None
    )
    return frozenset(data.board.woods_around(cave)) if cave else frozenset()


def next_squares(data: GameData, square: str, who: Mover) -> tuple[str, ...]:
    board = data.board
    if who.insured and square == board.emergency_room:
        return board.links[square] + board.insured_exits
    return board.links[square]


def _passable(data: GameData, state: State, square: str, who: Mover) -> bool:
    """Whether a move may go on from ``square``: a road or trail ("Auf den Wegen und Straßen ... bis
    zu 3 Felder ... Ansonsten ... nur 1 Feld"), or grass for the Trail Runner, whose ability is the one
    thing licensed to break that rule ("Jeder Charakter ... setzt eine Spielregel außer Kraft"). No item
    or card lets a move go on inside the store ("ein Feld pro Spielzug") or the Hospital ("ein Feld
    nach dem anderen")."""
    if is_trail(data, state, square):
        return True
    return who.runner and data.board.squares[square].kind == "grass"


def may_end(data: GameData, state: State, seat: int, square: str, who: Mover, zone: frozenset[str]) -> bool:
    if square in zone and not who.snack:
        return False
    if square == data.board.mega:
        # "Ein Spieler darf nicht auf dem Feld stehen, um zu verhindern, dass ein Spieler mit Poison
        # Ivy das Spiel gewinnt." Poison Ivy never keeps anyone off the Mega Event space.
        return True
    for other, player in enumerate(state.seats):
        if other != seat and player.square == square and (who.contagious or contagious(player)):
            return False
    return True


def reachable(data: GameData, state: State, seat: int, fast_steps: int = 3) -> dict[str, tuple[str, ...]]:
    """Every square ``seat`` may end a move on this turn, with the shortest path there (start excluded)."""
    who = mover(data, state, seat, fast_steps)
    start = state.seats[seat].square
    zone = bear_zone(data, state)
    found: dict[str, tuple[str, ...]] = {}
    frontier: list[tuple[str, ...]] = [(start,)]
    for step in range(1, who.steps + 1):
        grown: list[tuple[str, ...]] = []
        for path in frontier:
            here = path[-1]
            if step > 1 and not _passable(data, state, here, who):
                continue
            for nxt in next_squares(data, here, who):
                if nxt in path:
                    continue
                longer = path + (nxt,)
                grown.append(longer)
                if nxt not in found and nxt != start and may_end(data, state, seat, nxt, who, zone):
                    found[nxt] = longer[1:]
        frontier = grown
    return found
