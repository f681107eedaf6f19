"""The panels under the Muggles board: the team's Cache Groups sheet and one panel per player.

The sheet is a table: the seven groups across; a row for the team (✓ held, or how many of the
group's tiles are still in the woods and stock; "risk" when all that is left is carried by muggles,
"gone" when all is trashed), a row for what the muggles carry, and a row per player (✓ for each
group they hold). The colours come from ``render/muggles.py`` (``PanelStyle``), whose source the
PNG palette is built from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.views import PlayerView
from bot.games.muggles import texts
from bot.games.muggles.data import default
from bot.games.muggles.views import PublicView
from render.cmiyc_board import player_troubles
from render.text import board_name, draw_text, ellipsize, text_length

Colour = tuple[int, int, int]
LABEL_W = 100
PAD = 6
PANEL_GAP = 6
DISC = 9
TICK = "✓"
OUTCOME_LINES = 3


@dataclass(frozen=True)
class PanelStyle:
    width: int
    margin: int
    text: int
    line: int
    ink: Colour
    muted: Colour
    good: Colour
    bad: Colour
    grid: Colour
    panel: Colour
    turn: Colour
    edge: Colour
    seat_colours: Mapping[str, Colour]
    no_colour: Colour


def groups_height(style: PanelStyle, view: PublicView, seats: Sequence[SeatTag]) -> int:
    return (view.base.players + 4 + len(outcome_lines(style, view, seats))) * style.line + 2 * PAD


def outcome_lines(style: PanelStyle, view: PublicView, seats: Sequence[SeatTag]) -> list[str]:
    """When the team has not won: why, wrapped to the sheet's width (the sheet shows the groups)."""
    tags = [_tag(seats, seat) for seat in range(view.base.players)]
    names = [board_name(t.name, t.colour or f"Player {t.seat + 1}", style.text, LABEL_W) for t in tags]
    reason = texts.end_reason(view, names)
    if not reason:
        return []
    width = style.width - 2 * style.margin - 16
    lines: list[str] = []
    for word in reason.split():
        if lines and text_length(style.text, f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return [ellipsize(line, style.text, width) for line in lines[:OUTCOME_LINES]]


def players_height(style: PanelStyle, players: int) -> int:
    return players * (_panel_height(style) + PANEL_GAP)


def _panel_height(style: PanelStyle) -> int:
    return 3 * style.line + 2 * PAD


def _tag(seats: Sequence[SeatTag], seat: int) -> SeatTag:
    return next((t for t in seats if t.seat == seat), SeatTag(seat, f"Player {seat + 1}"))


def _disc(draw: ImageDraw.ImageDraw, style: PanelStyle, x: int, y: int, tag: SeatTag) -> None:
    colour = style.seat_colours.get(tag.colour, style.no_colour)
    draw.ellipse((x, y - DISC, x + 2 * DISC, y + DISC), fill=colour, outline=style.edge, width=2)


def _goal_words(view: PublicView) -> str:
    team, each, coins, coins_each, two = view.goal
    parts = [f"{team} groups" if team else "", f"{each} each" if each else ""]
    parts += [f"{coins_each} flipped coin each" if coins_each else "", f"2 coins × {two}" if two else ""]
    parts += [f"{coins} coins in all" if coins else ""]
    return "Cache Groups · need " + ", ".join(p for p in parts if p)


def draw_groups(
    draw: ImageDraw.ImageDraw, style: PanelStyle, view: PublicView, seats: Sequence[SeatTag], y: int
) -> int:
    """The team's sheet; returns the y below it."""
    left, right = style.margin, style.width - style.margin
    bottom = y + groups_height(style, view, seats)
    draw.rounded_rectangle((left, y, right, bottom), radius=8, fill=style.panel, outline=style.grid)
    cell = (right - left - LABEL_W) / len(view.groups)
    top = y + PAD + style.line // 2
    caption = ellipsize(_goal_words(view), style.text, right - left - 16, bold=True)
    draw_text(draw, (left + 8, top), caption, style.text, style.ink, anchor="lm", bold=True)

    def centre(index: int) -> int:
        return int(left + LABEL_W + cell * index + cell / 2)

    rows = [top + style.line * (i + 1) for i in range(view.base.players + 3)]
    for index, group in enumerate(view.groups):
        draw_text(draw, (centre(index), rows[0]), group.short, style.text, style.muted, anchor="mm", bold=True)
        words, colour = _team_cell(group.status, group.woods, style)
        draw_text(draw, (centre(index), rows[1]), words, style.text, colour, anchor="mm", bold=True)
        if group.carried:
            draw_text(draw, (centre(index), rows[2]), str(group.carried), style.text, style.bad, anchor="mm")
        for seat in group.holders:
            draw_text(draw, (centre(index), rows[3 + seat]), TICK, style.text, style.good, anchor="mm", bold=True)
    draw_text(draw, (left + 8, rows[1]), "Team", style.text, style.ink, anchor="lm", bold=True)
    draw_text(draw, (left + 8, rows[2]), "Muggles", style.text, style.bad, anchor="lm")
    for seat in range(view.base.players):
        tag = _tag(seats, seat)
        _disc(draw, style, left + 8, rows[3 + seat], tag)
        name = board_name(tag.name, tag.colour or f"Player {seat + 1}", style.text, LABEL_W - 2 * DISC - 14)
        draw_text(draw, (left + 2 * DISC + 14, rows[3 + seat]), name, style.text, style.ink, anchor="lm")
    below = rows[-1] + style.line
    for index, line in enumerate(outcome_lines(style, view, seats)):
        draw_text(draw, (left + 8, below + index * style.line), line, style.text, style.bad, anchor="lm")
    return bottom


def _team_cell(status: str, woods: int, style: PanelStyle) -> tuple[str, Colour]:
    match status:
        case "held":
            return TICK, style.good
        case "risk":
            return "risk", style.bad
        case "gone":
            return "gone", style.bad
    return f"{woods} left", style.ink


def draw_players(
    draw: ImageDraw.ImageDraw, style: PanelStyle, view: PublicView, seats: Sequence[SeatTag], y: int
) -> None:
    data = default().game
    for player in view.base.seats:
        _panel(draw, style, data, view, player, _tag(seats, player.seat), y)
        y += _panel_height(style) + PANEL_GAP


def _panel(
    draw: ImageDraw.ImageDraw,
    style: PanelStyle,
    data: GameData,
    view: PublicView,
    player: PlayerView,
    tag: SeatTag,
    y: int,
) -> None:
    base = view.base
    left, right = style.margin, style.width - style.margin
    waiting = player.seat in base.awaiting and not base.over
    draw.rounded_rectangle(
        (left, y, right, y + _panel_height(style)),
        radius=8,
        fill=style.turn if waiting else style.panel,
        outline=style.grid,
    )
    mid = y + PAD + style.line // 2
    _disc(draw, style, left + 8, mid, tag)
    flipped = view.flipped[player.seat]
    coins = draw_text(draw, (right - 8, mid), f"{flipped} flipped", style.text, style.ink, anchor="rm", bold=True)
    x = left + 2 * DISC + 16
    name = board_name(tag.name, tag.colour or f"Player {tag.seat + 1}", style.text, 200, bold=True)
    box = draw_text(draw, (x, mid), name, style.text, style.ink, anchor="lm", bold=True)
    x = box[2] + 8
    marks = " ".join(m for m, on in (("CPU", tag.computer), ("no DMs", tag.dms_closed)) if on)
    if marks:
        x = draw_text(draw, (x, mid), marks, style.text, style.muted, anchor="lm")[2] + 8
    character = ellipsize(data.character(player.character).name, style.text, coins[0] - 10 - x)
    if character != "…":
        draw_text(draw, (x, mid), character, style.text, style.muted, anchor="lm")
    width = right - left - 20
    _gear_line(draw, style, data, player, left + 10, mid + style.line, width)
    _holdings_line(draw, style, data, view, player, left + 10, mid + 2 * style.line, width)


def _gear_line(
    draw: ImageDraw.ImageDraw, style: PanelStyle, data: GameData, player: PlayerView, x: int, y: int, width: int
) -> None:
    troubles = player_troubles(player)
    right = x + width
    if troubles:
        right = draw_text(draw, (right, y), " · ".join(troubles), style.text, style.bad, anchor="rm")[0] - 10
    gear = ", ".join(data.item_name(g.item) if g.item else "choosing…" for g in player.gear) or "no equipment"
    draw_text(draw, (x, y), ellipsize(gear, style.text, right - x), style.text, style.ink, anchor="lm")


def _holdings_line(
    draw: ImageDraw.ImageDraw,
    style: PanelStyle,
    data: GameData,
    view: PublicView,
    player: PlayerView,
    x: int,
    y: int,
    width: int,
) -> None:
    codes = " ".join(data.kinds[c.kind].code for c in player.caches)
    coins = " ".join(f"{c.points}★" if c.flipped else f"{c.points}" for c in player.coins)
    names = {e.kind: e.name for e in data.events}
    cards = ", ".join(names[k] for k in view.events[player.seat])
    parts = ["Caches " + codes if codes else "No caches"]
    if coins:
        parts.append("Coins " + coins)
    if cards:
        parts.append(cards)
    draw_text(draw, (x, y), ellipsize(" · ".join(parts), style.text, width), style.text, style.muted, anchor="lm")
