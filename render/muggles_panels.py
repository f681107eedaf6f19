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
from bot.games.muggles import texts
from bot.games.muggles.i18n import _, _n
from bot.games.muggles.views import GroupView, PublicView
from render import marks
from render.stamps import rounded_rectangle
from render.status import Banner, tag_of, wrap
from render.text import draw_text, text_length

Colour = tuple[int, int, int]
TICK = "✓"
DISC = 18
COLUMN_GAP = 16


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
    parts = [
        _("{count} groups").format(count=team) if team else "",
        _("{count} each").format(count=each) if each else "",
    ]
    parts += [
        _n("{count} flipped coin each", "{count} flipped coins each", coins_each).format(count=coins_each)
        if coins_each
        else "",
        _("2 coins × {count}").format(count=two) if two else "",
    ]
    parts += [_("{count} coins in all").format(count=coins) if coins else ""]
    return _("Need {goal}").format(goal=", ".join(p for p in parts if p))


def banner(view: PublicView, seats: Sequence[SeatTag]) -> Banner:
    """The result as the engine states it: the team's win, the muggles' and why, or the house
    safety stop."""
    if view.outcome == "won":
        first = view.outcome_text.split("\n")[0] if view.outcome_text else ""
        reason = first.removeprefix("🏆 ").replace("**", "")
        return Banner(_("The team wins"), reason.rstrip(".") + ".", won=True)
    names = [tag_of(seats, seat).name for seat in range(view.base.players)]
    headline = _("Stopped") if view.outcome == "rounds" else _("The muggles win")
    return Banner(headline, texts.end_reason(view, names), won=False)


def sheet_height(style: SheetStyle, view: PublicView, width: int, columns: int = 1) -> int:
    caption = len(wrap(goal_words(view), style.text, width - 12, bold=True, limit=2))
    return (caption + -(-len(view.groups) // columns)) * style.line + 8


def draw_sheet(
    draw: ImageDraw.ImageDraw,
    style: SheetStyle,
    view: PublicView,
    seats: Sequence[SeatTag],
    place: tuple[int, int, int],
    columns: int = 1,
) -> int:
    """The Cache Groups sheet with its top left at ``place`` (x, y, width), its groups in
    ``columns`` side by side; returns the y below it."""
    left, y, width = place
    bottom = y + sheet_height(style, view, width, columns)
    rounded_rectangle(draw, (left, y, left + width, bottom), radius=8, fill=style.panel, outline=style.grid)
    mid = y + 4 + style.line // 2
    for line in wrap(goal_words(view), style.text, width - 12, bold=True, limit=2):
        draw_text(draw, (left + 6, mid), line, style.text, style.ink, anchor="lm", bold=True)
        mid += style.line
    per_column = -(-len(view.groups) // columns)
    column_width = (width - 12 - (columns - 1) * COLUMN_GAP) // columns
    name_width = max(text_length(style.text, texts.group_name(g.short), bold=True) for g in view.groups) + 8
    state_width = max(text_length(style.text, _team_cell(g)[0]) for g in view.groups) + 8
    for index, group in enumerate(view.groups):
        column, row = divmod(index, per_column)
        x = left + 6 + column * (column_width + COLUMN_GAP)
        cells = (round(x + name_width), round(x + name_width + state_width), x + column_width)
        _group_row(draw, style, group, seats, (x, mid + row * style.line), cells)
    return bottom


def _group_row(
    draw: ImageDraw.ImageDraw,
    style: SheetStyle,
    group: GroupView,
    seats: Sequence[SeatTag],
    place: tuple[int, int],
    cells: tuple[int, int, int],
) -> None:
    """A group's name, the team's state, what the muggles carry and a disc for each holder
    (``cells``: where the state and the carried count begin, where the row ends)."""
    x, mid = place
    state_x, after, right = cells
    draw_text(draw, (x, mid), texts.group_name(group.short), style.text, style.ink, anchor="lm", bold=True)
    words, role = _team_cell(group)
    colour = {"good": style.good, "bad": style.bad}.get(role, style.ink)
    draw_text(draw, (state_x, mid), words, style.text, colour, anchor="lm", bold=words == TICK)
    if group.carried:
        carried = draw_text(draw, (after, mid), f"M{group.carried}", style.text, style.bad, anchor="lm")
        marks.code("M", carried)
        after = carried[2] + 6
    shown = _holders_that_fit(style, len(group.holders), right - after)
    disc_x = after
    for seat in group.holders[:shown]:
        colour = style.seat_colours.get(tag_of(seats, seat).colour, style.no_colour)
        draw.ellipse(
            (disc_x, mid - DISC // 2, disc_x + DISC, mid + DISC // 2), fill=colour, outline=style.edge, width=2
        )
        disc_x += DISC + 3
    more = f"+{len(group.holders) - shown}"
    if shown < len(group.holders) and disc_x + text_length(style.text, more) <= right:
        draw_text(draw, (disc_x, mid), more, style.text, style.muted, anchor="lm")


def _holders_that_fit(style: SheetStyle, holders: int, room: int) -> int:
    """How many holders' discs fit in ``room`` beside a "+N" for the rest. A row too full for even
    the "+N" shows none (its ✓ still says the group is held): a German sheet's wider words leave
    less room, and a cut "…" there ran into the next column's name."""
    if holders * (DISC + 3) <= room:
        return holders
    for shown in range(holders - 1, -1, -1):
        if shown * (DISC + 3) + text_length(style.text, f"+{holders - shown}") <= room:
            return shown
    return 0


def _team_cell(group: GroupView) -> tuple[str, str]:
    match group.status:
        case "held":
            return TICK, "good"
        case "risk":
            return _("risk"), "bad"
        case "gone":
            return _("gone"), "bad"
    return _("{count} left").format(count=group.woods), "ink"
