"""Muggles as plain text (``python -m bot.local --text-board``): the grid, the muggles, the Cache Groups, the players.

Each square is 3 characters: ``...`` a road, ``,,,`` grass, ``===`` trail, ``###`` a face-down
tile, a revealed tile's code (``TR``, ``CLF``), a building's first letters. Players are their seat
numbers (``1``-``6``); a muggle is an arrow for the way it faces (``^ > v <``), after the players
standing with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData
from bot.games.muggles import texts
from bot.games.muggles.data import default
from bot.games.muggles.views import PublicView
from render.cmiyc_text import grid_lines

ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}
STATUS = {"held": "held", "open": "open", "risk": "AT RISK", "gone": "GONE"}


def _grid(data: GameData, view: PublicView) -> list[str]:
    occupants: dict[str, str] = {}
    for player in view.base.seats:
        occupants[player.square] = occupants.get(player.square, "") + str(player.seat + 1)
    for muggle in view.muggles:
        occupants[muggle.square] = occupants.get(muggle.square, "") + ARROWS[muggle.facing]
    return grid_lines(data, {t.square: t.face for t in view.base.tiles}, occupants)


def text_board(view: PublicView, seats: Sequence[SeatTag]) -> str:
    data = default().game
    base = view.base
    names = {t.seat: t.name for t in seats}
    lines = _grid(data, view)
    lines.append("")
    if base.over:
        lines.append(f"{texts.end_title(view.outcome)} in round {base.round}")
        reason = texts.end_reason(view, [names.get(s.seat, f"Player {s.seat + 1}") for s in base.seats])
        if reason:
            lines.append(reason)
    else:
        stop = f"/{view.stop_round}" if view.stop_round else ""
        lines.append(f"Round {base.round}{stop} · stock {base.stock} · trades left {view.trades_left}")
    for muggle in view.muggles:
        carried = data.kinds[muggle.carrying].name if muggle.carrying else "nothing"
        lines.append(f"{muggle.name} at {muggle.square} facing {muggle.facing}, carries {carried}")
    team, each, coins, coins_each, two = view.goal
    lines.append(
        f"Cache Groups (need {team} as a team, {each} each; flipped coins: {coins_each} each, "
        f"{coins} in all, {two} players with two):"
    )
    for group in view.groups:
        holders = ", ".join(names.get(s, f"Player {s + 1}") for s in group.holders) or "-"
        lines.append(
            f"  {group.short:<8} {STATUS[group.status]:<8} woods {group.woods}, carried {group.carried}, "
            f"trashed {group.trashed}; held by {holders}"
        )
    events = {e.kind: e.name for e in data.events}
    for player in base.seats:
        gear = ", ".join(data.item_name(g.item) for g in player.gear if g.item) or "-"
        caches = " ".join(data.kinds[c.kind].code for c in player.caches) or "-"
        coins_text = " ".join(f"{c.points}{'*' if c.flipped else ''}" for c in player.coins) or "-"
        cards = ", ".join(events[k] for k in view.events[player.seat]) or "-"
        name = names.get(player.seat, f"Player {player.seat + 1}")
        lines.append(f"{player.seat + 1} {name} ({data.character(player.character).name}) at {player.square}")
        lines.append(f"    gear: {gear}; caches: {caches}; coins: {coins_text}; cards: {cards}")
    return "\n".join(lines)
