"""Building Catacombs positions by hand for rule scenarios.

``Scene`` starts from a real new game (so every one of the 111 tiles is somewhere), empties the
board and the hands back into the bag, then lays out exactly what a scenario needs, taking each
tile from wherever it is. ``at_action(seat)`` puts the game at that seat's Phase 2 decision.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.engine import Event
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.engine import CatacombsEngine, build_engine
from bot.games.catacombs.state import Monster, Relic, State, Task, Tile, TurnFlags


@cache
def engine() -> CatacombsEngine:
    return build_engine()


def cell(label: str) -> int:
    found = geo.parse_label(label)
    assert found is not None, label
    return found


class Scene:
    def __init__(self, players: int = 2, mode: str = "competitive", seed: int = 0, **options: Any) -> None:
        e = engine()
        opts = {"monsters": "0", "characters": "random", **options}
        if players > 1:
            opts["mode"] = mode
        self.e = e
        self.s: State = e.new_game(players, e.options_for(opts, players), seed)
        s = self.s
        for pawn in s.seats:
            s.bag += pawn.hand
            pawn.hand = []
        s.bag += [t.id for t in s.board.values()]
        s.board = {}
        s.aside += [r.id for stack in s.relics.values() for r in stack] + [m.id for m in s.monsters]
        s.relics, s.monsters = {}, []
        s.tasks = []
        s.last = []

    # --- taking tiles ---------------------------------------------------

    def take(self, key: str) -> int:
        """A tile of kind ``key`` from the bag or the box (never one already in play)."""
        s = self.s
        for pile in (s.bag, s.aside):
            for tile in pile:
                if self.e.data.kinds[tile].key == key:
                    pile.remove(tile)
                    return tile
        raise AssertionError(f"no {key} left to take")

    def lay(self, label: str, key: str, rot: int = 0) -> int:
        tile = self.take(key)
        self.s.board[cell(label)] = Tile(tile, rot)
        return tile

    def relic(self, label: str, key: str, rot: int = 0) -> int:
        tile = self.take(key)
        self.s.relics.setdefault(cell(label), []).append(Relic(tile, rot))
        return tile

    def monster(self, label: str, key: str) -> int:
        tile = self.take(key)
        self.s.monsters.append(Monster(tile, cell(label)))
        return tile

    def pawn(self, seat: int, label: str, side: str = "C", start: str = "") -> None:
        pawn = self.s.seats[seat]
        pawn.cell, pawn.side, pawn.start = cell(label), side, start

    def character(self, seat: int, key: str, health: int | None = None, bullets: int | None = None) -> None:
        character = self.e.data.characters[key]
        pawn = self.s.seats[seat]
        pawn.character = key
        pawn.health = character.health if health is None else health
        pawn.bullets = character.bullets if bullets is None else bullets

    def hand(self, seat: int, *keys: str) -> list[int]:
        tiles = [self.take(k) for k in keys]
        self.s.seats[seat].hand += tiles
        return tiles

    def equip(self, seat: int, *keys: str) -> list[int]:
        tiles = [self.take(k) for k in keys]
        self.s.seats[seat].equipment += tiles
        return tiles

    def bag_only(self, *keys: str) -> None:
        """Leave exactly these tiles in the bag (the rest go in the box), in draw-proof order:
        with one tile left a draw is certain."""
        wanted = [self.take(k) for k in keys]
        self.s.aside += self.s.bag
        self.s.bag = wanted

    # --- where the turn stands -----------------------------------------

    def at_action(self, seat: int = 0) -> State:
        s = self.s
        s.turn = seat
        s.flags = TurnFlags(in_action=True)
        s.tasks = [Task(kind, seat) for kind in ("next_turn", "return_bag", "monsters", "vacate", "discard_phase")]
        s.tasks += [Task("end_action", seat), Task("action", seat)]
        self.e.check_invariants(s)
        return s

    def at_phase(self, seat: int, kind: str, **flags: Any) -> State:
        """The turn of ``seat`` just before the automatic task ``kind`` (e.g. "monsters")."""
        s = self.s
        s.turn = seat
        s.flags = TurnFlags(**flags)
        order = ("next_turn", "return_bag", "monsters", "vacate", "discard_phase")
        s.tasks = [Task(k, seat) for k in order[: order.index(kind) + 1]]
        return s


def run(state: State, *steps: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply ``(seat, action)`` steps, checking the invariants after each."""
    e = engine()
    events: list[Event] = []
    for seat, action in steps:
        transition = e.apply(state, seat, action)
        state = transition.state
        events += transition.events
        e.check_invariants(state)
    return state, events


def settle(state: State) -> tuple[State, list[Event]]:
    """Run the automatic tasks on top of a hand-built stack."""
    from bot.engine import Rng
    from bot.games.catacombs import flow
    from bot.games.catacombs.context import Ctx

    e = engine()
    new = e.clone(state)
    ctx = Ctx(new, e.data, Rng(new.rng))
    flow.advance(ctx)
    new.rng = ctx.rng.state
    e.check_invariants(new)
    return new, ctx.events


def actions(state: State, seat: int) -> list[str]:
    return [c.action for c in engine().legal_actions(state, seat)]


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def at(state: State, seat: int) -> str:
    pawn = state.seats[seat]
    return geo.label(pawn.cell)


def corridor(
    blue_items: tuple[str, ...] = (), red_items: tuple[str, ...] = ("pickaxe", "torch"), players: int = 2
) -> Scene:
    """Blue (seat 0) at B10 with its passage running east to C10; Red (seat 1) at F10 with its
    passage running west to E10; D10 is the gap between them."""
    sc = Scene(players)
    sc.character(0, "miner")
    sc.character(1, "traveler")
    sc.pawn(0, "B10")
    sc.pawn(1, "F10")
    for label in ("B10", "C10", "E10", "F10"):
        sc.lay(label, "I", 1)
    sc.equip(0, *blue_items)
    sc.equip(1, *red_items)
    return sc
