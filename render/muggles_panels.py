"""The column beside the Muggles map: the muggles and the supply, the team's Cache Groups sheet,
and the result once the game is over.

The sheet has a row per group: its name, the team's state (✓ held, or how many of the group's tiles are still in the woods and stock;
"risk" when all that is left is carried by muggles, "gone" when all is trashed), how many the
muggles carry ("M2"), and a disc in the colour of each player who holds it. The colours come from
``render/muggles.py`` (``SheetStyle``), whose source the PNG palette is built from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.games.muggles.views import GroupView, PublicView
from render import marks
from render.status import Banner, tag_of, wrap
from render.text import draw_text, ellipsize

Colour = tuple[int, int, int]
TICK = "✓"
DISC = 18
NAME_W = 118
"""Width of a row's group name and cache codes."""
STATE_W = 70


@dataclass(frozen=True)
class SheetStyle:
    text: int
    line: int
    ink: Colour
    muted: Colour
    good: Colour
    bad: Colour
    grid: Colour
    panel: Colour
    edge: Colour
    seat_colours: Mapping[str, Colour]
    no_colour: Colour


def goal_words(view: PublicView) -> str:
    team, each, coins, coins_each, two = view.goal
    parts = [f"{team} groups" if team else "", f"{each} each" if each else ""]
    parts += [f"{coins_each} flipped coin each" if coins_each else "", f"2 coins × {two}" if two else ""]
    parts += [f"{coins} coins in all" if coins else ""]
    return "Groups: need " + ", ".join(p for p in parts if p)


def banner(view: PublicView) -> Banner:
    """The result as the engine states it: the team's win, or the muggles' and why."""
    base = view.base
    won = view.outcome == "won"
    first = view.outcome_text.split("\n")[0] if view.outcome_text else ""
    reason = first.removeprefix("💀 ").removeprefix("🏆 ").removeprefix("The muggles win: ").replace("**", "")
    headline = f"The team wins · round {base.round}" if won else f"The muggles win · round {base.round}"
    detail = reason.rstrip(".") + "." if won else "Lost: " + reason.rstrip(".") + "."
    return Banner(headline, detail, won=won)


def sheet_height(style: SheetStyle, view: PublicView, width: int) -> int:
    caption = len(wrap(goal_words(view), style.text, width - 12, bold=True))
    return (caption + len(view.groups)) * style.line + 12


def draw_sheet(
    draw: ImageDraw.ImageDraw,
    style: SheetStyle,
    view: PublicView,
    seats: Sequence[SeatTag],
    place: tuple[int, int, int],
) -> int:
    """The Cache Groups sheet with its top left at ``place`` (x, y, width); returns the y below it."""
    left, y, width = place
    bottom = y + sheet_height(style, view, width)
    draw.rounded_rectangle((left, y, left + width, bottom), radius=8, fill=style.panel, outline=style.grid)
    mid = y + 6 + style.line // 2
    for line in wrap(goal_words(view), style.text, width - 12, bold=True):
        draw_text(draw, (left + 6, mid), line, style.text, style.ink, anchor="lm", bold=True)
        mid += style.line
    for group in view.groups:
        _group_row(draw, style, group, seats, (left + 6, mid, left + width - 6))
        mid += style.line
    return bottom


def _group_row(
    draw: ImageDraw.ImageDraw,
    style: SheetStyle,
    group: GroupView,
    seats: Sequence[SeatTag],
    place: tuple[int, int, int],
) -> None:
    x, mid, right = place
    draw_text(
        draw,
        (x, mid),
        ellipsize(group.short, style.text, NAME_W, bold=True),
        style.text,
        style.ink,
        anchor="lm",
        bold=True,
    )
    words, role = _team_cell(group)
    colour = {"good": style.good, "bad": style.bad}.get(role, style.ink)
    after = draw_text(draw, (x + NAME_W, mid), words, style.text, colour, anchor="lm", bold=words == TICK)[2] + 8
    if group.carried:
        carried = draw_text(draw, (after, mid), f"M{group.carried}", style.text, style.bad, anchor="lm")
        marks.code("M", carried)
        after = carried[2] + 8
    disc_x = max(after, x + NAME_W + STATE_W)
    for seat in group.holders:
        if disc_x + DISC > right:
            break
        colour = style.seat_colours.get(tag_of(seats, seat).colour, style.no_colour)
        draw.ellipse(
            (disc_x, mid - DISC // 2, disc_x + DISC, mid + DISC // 2), fill=colour, outline=style.edge, width=2
        )
        disc_x += DISC + 3


def _team_cell(group: GroupView) -> tuple[str, str]:
    match group.status:
        case "held":
            return TICK, "good"
        case "risk":
            return "risk", "bad"
        case "gone":
            return "gone", "bad"
    return f"{group.woods} left", "ink"
