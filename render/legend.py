"""Legends: a key (a code on its chip, or a drawn symbol) and the words it stands for, flowed
into rows as wide as the space a board gives them.

Every board draws a legend for each code and sign it shows (issue 21: "a legend for every code
it draws"); each entry's key is recorded with ``render.marks.legend_key`` so the phone checks can
tell a code nobody explains.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render import marks
from render.text import draw_text, ellipsize, text_length

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]
SymbolDrawer = Callable[[ImageDraw.ImageDraw, Box], None]

CHIP_PAD = 5
"""Space left and right of a code on its chip."""
KEY_GAP = 6
"""Between a key and its words."""


@dataclass(frozen=True)
class Entry:
    key: str
    """The code as the board draws it ("CLR"), or the name of the symbol."""
    label: str
    """What it means, in a few words."""
    fill: Colour | None = None
    """A code's chip: the colour the board draws it on."""
    ink: Colour = (0, 0, 0)
    """A code's colour on its chip."""
    symbol: SymbolDrawer | None = None
    """Draws the key in a square box instead of a code chip."""


@dataclass(frozen=True)
class LegendStyle:
    size: int
    """Font size of codes and words."""
    row: int
    """Height of a row."""
    ink: Colour
    """Colour of the words."""
    edge: Colour
    """Outline of a code's chip."""
    gap: int = 16
    """Between two entries on a row."""


def _chip_width(entry: Entry, style: LegendStyle) -> int:
    if entry.symbol is not None:
        return style.row - 4
    return round(text_length(style.size, entry.key, bold=True, condensed=True)) + 2 * CHIP_PAD


def _width(entry: Entry, style: LegendStyle) -> int:
    return _chip_width(entry, style) + KEY_GAP + round(text_length(style.size, entry.label))


def rows(entries: Iterable[Entry], width: int, style: LegendStyle) -> list[list[Entry]]:
    """Entries flowed into rows no wider than ``width``, in the order given."""
    found: list[list[Entry]] = []
    used = width
    for entry in entries:
        needed = _width(entry, style)
        if found and used + style.gap + needed <= width:
            found[-1].append(entry)
            used += style.gap + needed
        else:
            found.append([entry])
            used = needed
    return found


def height(entries: Sequence[Entry], width: int, style: LegendStyle) -> int:
    return len(rows(entries, width, style)) * style.row


def draw_legend(
    draw: ImageDraw.ImageDraw, entries: Sequence[Entry], x: int, y: int, width: int, style: LegendStyle
) -> int:
    """Draw the legend with its top left at (x, y); returns the y below it."""
    for row in rows(entries, width, style):
        left = x
        mid = y + style.row // 2
        for entry in row:
            chip = _chip_width(entry, style)
            box = (left, mid - (style.row - 4) // 2, left + chip, mid + (style.row - 4) // 2)
            _key(draw, entry, box, style)
            room = x + width - (left + chip + KEY_GAP)
            words = ellipsize(entry.label, style.size, room)
            end = draw_text(draw, (left + chip + KEY_GAP, mid), words, style.size, style.ink, anchor="lm")[2]
            left = end + style.gap
        y += style.row
    return y


def _key(draw: ImageDraw.ImageDraw, entry: Entry, box: Box, style: LegendStyle) -> None:
    if entry.symbol is not None:
        entry.symbol(draw, box)
        marks.legend_key(entry.key, box)
        return
    if entry.fill is not None:
        draw.rounded_rectangle(box, radius=4, fill=entry.fill, outline=style.edge)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
    drawn = draw_text(draw, centre, entry.key, style.size, entry.ink, anchor="mm", bold=True, condensed=True)
    marks.legend_key(entry.key, drawn)
