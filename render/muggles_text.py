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
from bot.games.cmiyc.i18n import data_text as base_data_text
from bot.games.cmiyc.texts import character_name, item_name
from bot.games.muggles import texts
from bot.games.muggles.data import default
from bot.games.muggles.i18n import N_, _
from bot.games.muggles.views import PublicView
from render.cmiyc_text import grid_lines

ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}
STATUS = {"held": N_("held"), "open": N_("open"), "risk": N_("AT RISK"), "gone": N_("GONE")}


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
        lines.append(_("{title} in round {round}").format(title=texts.end_title(view.outcome), round=base.round))
        reason = texts.end_reason(view, [names.get(s.seat, _player(s.seat)) for s in base.seats])
        if reason:
            lines.append(reason)
    else:
        stop = f"/{view.stop_round}" if view.stop_round else ""
        lines.append(
            _("Round {round} · stock {stock} · trades left {trades}").format(
                round=f"{base.round}{stop}", stock=base.stock, trades=view.trades_left
            )
        )
    for muggle in view.muggles:
        carried = base_data_text(data.kinds[muggle.carrying].name) if muggle.carrying else _("nothing")
        lines.append(
            _("{muggle} at {square} facing {facing}, carries {carried}").format(
                muggle=texts.muggle_called(data, muggle.board),
                square=muggle.square,
                facing=muggle.facing,
                carried=carried,
            )
        )
    team, each, coins, coins_each, two = view.goal
    lines.append(
        _(
            "Cache Groups (need {team} as a team, {each} each; flipped coins: {coins_each} each, "
            "{coins} in all, {two} players with two):"
        ).format(team=team, each=each, coins_each=coins_each, coins=coins, two=two)
    )
    for group in view.groups:
        holders = ", ".join(names.get(s, _player(s)) for s in group.holders) or "-"
        lines.append(
            _("  {group} {status} woods {woods}, carried {carried}, trashed {trashed}; held by {holders}").format(
                group=f"{texts.group_name(group.short):<8}",
                status=f"{_(STATUS[group.status]):<8}",
                woods=group.woods,
                carried=group.carried,
                trashed=group.trashed,
                holders=holders,
            )
        )
    events = {e.kind: base_data_text(e.name) for e in data.events}
    for player in base.seats:
        gear = ", ".join(item_name(data, g.item) for g in player.gear if g.item) or "-"
        caches = " ".join(data.kinds[c.kind].code for c in player.caches) or "-"
        coins_text = " ".join(f"{c.points}{'*' if c.flipped else ''}" for c in player.coins) or "-"
        cards = ", ".join(events[k] for k in view.events[player.seat]) or "-"
        name = names.get(player.seat, _player(player.seat))
        character = character_name(data, player.character)
        lines.append(
            _("{number} {name} ({character}) at {square}").format(
                number=player.seat + 1, name=name, character=character, square=player.square
            )
        )
        lines.append(
            _("    gear: {gear}; caches: {caches}; coins: {coins}; cards: {cards}").format(
                gear=gear, caches=caches, coins=coins_text, cards=cards
            )
        )
    return "\n".join(lines)


def _player(seat: int) -> str:
    return _("Player {number}").format(number=seat + 1)
