"""Place and Rotate: the card chosen, previewed, then laid; its cogs turn the neighbours and
whoever is next to it must move through it."""

from __future__ import annotations

from bot.engine import Event
from bot.games.mccc import maze as mz
from bot.games.mccc import moves, moving, rules, texts
from bot.games.mccc.data import GameData
from bot.games.mccc.state import Placement, State, Turned, TurnRecord


def confirm(data: GameData, s: State, events: list[Event]) -> None:
    """Lay the previewed card, turn the neighbours its cogs point at, start the Move."""
    chosen, slot = s.chosen, s.picked
    assert chosen is not None and slot is not None
    card = s.belt.pop(slot)
    assert isinstance(card, int)
    s.chosen = None
    s.picked = None
    special = "cucumber" in s.effects
    s.maze, cog_turns = mz.lay(data.table, s.maze, chosen.kind, chosen.cell, card, chosen.rot)
    s.placed = chosen.cell
    turned = [Turned(cell, 1 if delta > 0 else 3) for cell, delta in cog_turns]
    s.last = TurnRecord(
        turn=s.turn,
        seat=s.seat,
        card=card,
        cell=chosen.cell,
        stacked=chosen.kind == "stack",
        special=special,
        turned=turned,
    )
    events.append(Event(_placed_text(data, s, chosen, card, special, turned)))
    adjacent = rules.adjacent_movers(s.chars, chosen.cell)
    if s.solo:
        s.active_set = rules.active_set(s, adjacent)
    s.starts = {c: s.chars[c] for c in sorted(set(adjacent) | set(s.active_set))}
    # Only a character that can step onto the card moves through it; when both can, they move
    # at the same time and the player says whose destination is chosen first.
    holes = rules.mouse_holes(s)
    s.movers = [c for c in adjacent if moves.can_enter(data.table, s.maze, s.chars, c, chosen.cell, holes)]
    s.moving = list(s.movers)
    for c in adjacent:
        if c not in s.movers and (c in s.active_set or not s.solo):
            events.append(Event(texts.cannot_move(c, mz.label(chosen.cell))))
    if len(s.movers) == 2:
        s.phase = "order"
        return
    moving.continue_moves(data, s, events)


def _placed_text(data: GameData, s: State, chosen: Placement, card: int, special: bool, turned: list[Turned]) -> str:
    return texts.placed(
        s.seat,
        texts.card_name(data.table, card),
        mz.label(chosen.cell),
        texts.describe(data.table.faces[card, chosen.rot]),
        stacked=chosen.kind == "stack",
        special=special,
        turned=[(mz.label(t.cell), t.quarter_turns) for t in turned],
    )
