"""The balanced multiplayer rules' first round (a house rule, docs/games/mccc.md): until every
player has had a turn, nobody may end the game while they have another way to play.

The solo text makes a game-ending space "a legal destination" ("any empty space in the 5 x 5 grid
or one that ends the game immediately"); multiplayer is not in the text, and there the seat holding
the Mouse won one game in six on the very first turn of setup 1, before anyone else had played. So
in the first round each decision keeps only the choices after which the mover can still finish the
turn with the game going on: the belt cards with such a placement, those placements, the order of
two movers and their destinations. When no choice keeps the game going, every choice stays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from bot.games.mccc import maze as mz
from bot.games.mccc import moves, rules
from bot.games.mccc.data import GameData
from bot.games.mccc.state import State

T = TypeVar("T")


def in_force(s: State) -> bool:
    """The first round of a balanced multiplayer game: someone has not had a turn yet."""
    return s.balanced and not s.solo and s.phase != "over" and s.turn <= s.players


def _kept(found: Sequence[T], quiet: Sequence[T]) -> list[T]:
    return list(quiet) if quiet else list(found)


def always_ends(data: GameData, s: State, card: int, kind: mz.Kind, cell: int, rot: int) -> bool:
    """Whether laying ``card`` so ends the game however its movers run (no choice avoids it)."""
    table = data.table
    after, _ = mz.lay(table, s.maze, kind, cell, card, rot)
    holes = rules.mouse_holes(s)
    movers = [c for c in rules.adjacent_movers(s.chars, cell) if moves.can_enter(table, after, s.chars, c, cell, holes)]
    return moves.unavoidable(table, after, s.chars, cell, movers, holes)


def slots(data: GameData, s: State, found: list[int]) -> list[int]:
    """The belt slots the mover may pick: those whose card can be placed without ending the game."""
    if not in_force(s):
        return found
    quiet = []
    for slot in found:
        card = s.belt[slot]
        assert isinstance(card, int)
        if any(not always_ends(data, s, card, *p) for p in rules.placements(data, s, card)):
            quiet.append(slot)
    return _kept(found, quiet)


def placements(data: GameData, s: State, card: int) -> list[tuple[mz.Kind, int, int]]:
    """The placements of ``card`` the mover may make (``rules.placements``, in the first round
    those that keep the game going)."""
    found = rules.placements(data, s, card)
    if not in_force(s):
        return found
    return _kept(found, [p for p in found if not always_ends(data, s, card, *p)])


def _quiet_rest(data: GameData, s: State, order: list[str], chars: Mapping[str, int]) -> bool:
    """Whether the movers in ``order`` can still all run without ending the game."""
    assert s.placed is not None
    holes = rules.mouse_holes(s)
    resolved = moves.resolve(data.table, s.maze, s.placed, order, s.moving, s.starts, dict(chars), holes)
    return any(hit is None for _, hit in resolved)


def orders(data: GameData, s: State) -> list[str]:
    """Who may move first, of the two movers."""
    if not in_force(s):
        return list(s.movers)
    quiet = [c for c in s.movers if _quiet_rest(data, s, [c] + [m for m in s.movers if m != c], s.chars)]
    return _kept(s.movers, quiet)


def destinations(data: GameData, s: State, dests: moves.Destinations) -> moves.Destinations:
    """Where the mover may stop: spaces after which the one still to move can also run quietly."""
    if not in_force(s):
        return dests
    mover, rest = s.movers[0], s.movers[1:]
    quiet = []
    for dest, hit in dests.items():
        if hit is None and _quiet_rest(data, s, rest, {**s.chars, mover: dest}):
            quiet.append(dest)
    return {d: dests[d] for d in quiet} if quiet else dests
