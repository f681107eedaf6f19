"""Legends: a key (a code on its chip, or a drawn symbol) and the words it stands for, flowed
into rows as wide as the space a board gives them.

Every board draws a legend for each code and sign it shows (issue 21: "a legend for every code
it draws"); each entry's key is recorded with ``render.marks.legend_key`` so the phone checks can
tell a code nobody explains.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render import marks
from render.stamps import rounded_rectangle
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
    return _chip_width(entry, style) + KEY_GAP + math.ceil(text_length(style.size, entry.label))


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


def whole(entries: Iterable[Entry], width: int, style: LegendStyle) -> bool:
    """Every entry fits a row of ``width`` whole (else only the sentence flow shows all words)."""
    return all(_width(entry, style) <= width for entry in entries)


def height(entries: Sequence[Entry], width: int, style: LegendStyle) -> int:
    return len(rows(entries, width, style)) * style.row


def draw_legend(
    draw: ImageDraw.ImageDraw, entries: Sequence[Entry], x: int, y: int, width: int, style: LegendStyle
) -> int:
    """Draw the legend with its top left at (x, y), each entry whole on its row; returns the y
    below it."""
    for row in rows(entries, width, style):
        left = x
        mid = y + style.row // 2
        for entry in row:
            chip = _chip_width(entry, style)
            box = (left, mid - (style.row - 4) // 2, left + chip, mid + (style.row - 4) // 2)
            _key(draw, entry, box, style)
            words = ellipsize(entry.label, style.size, x + width - (left + chip + KEY_GAP))
            drawn = draw_text(draw, (left + chip + KEY_GAP, mid), words, style.size, style.ink, anchor="lm")
            if words != entry.label:
                marks.cut(entry.label, drawn)
            left = drawn[2] + style.gap
        y += style.row
    return y


def _key(draw: ImageDraw.ImageDraw, entry: Entry, box: Box, style: LegendStyle) -> None:
    if entry.symbol is not None:
        entry.symbol(draw, box)
        marks.legend_key(entry.key, box)
        return
    if entry.fill is not None:
        rounded_rectangle(draw, box, radius=4, fill=entry.fill, outline=style.edge)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
    drawn = draw_text(draw, centre, entry.key, style.size, entry.ink, anchor="mm", bold=True, condensed=True)
    for key in entry.key.split():
        marks.legend_key(key, drawn)


def _tokens(entries: Sequence[Entry]) -> list[tuple[str, Entry | None]]:
    """Words to flow: each entry's key (with its entry) and first word as one token, then its
    other words one by one (a key never ends a line away from its words)."""
    found: list[tuple[str, Entry | None]] = []
    for entry in entries:
        first, *rest = entry.label.split() or [""]
        found.append((first, entry))
        found += [(word, None) for word in rest]
    return found


def _token_width(token: tuple[str, Entry | None], style: LegendStyle) -> int:
    text, entry = token
    if entry is None:
        return math.ceil(text_length(style.size, text))
    return _chip_width(entry, style) + KEY_GAP + math.ceil(text_length(style.size, text))


def inline_rows(
    entries: Sequence[Entry], width: int, style: LegendStyle
) -> list[list[tuple[int, tuple[str, Entry | None]]]]:
    """Keys and words flowed like a sentence (an entry may wrap between its words): the densest legend."""
    space = round(text_length(style.size, " "))
    found: list[list[tuple[int, tuple[str, Entry | None]]]] = [[]]
    x = 0
    for token in _tokens(entries):
        before = (style.gap if token[1] is not None else space) if found[-1] else 0
        needed = _token_width(token, style)
        if found[-1] and x + before + needed > width:
            found.append([])
            x, before = 0, 0
        found[-1].append((x + before, token))
        x += before + needed
    return [row for row in found if row]


def inline_height(entries: Sequence[Entry], width: int, style: LegendStyle) -> int:
    return len(inline_rows(entries, width, style)) * style.row


def draw_inline(
    draw: ImageDraw.ImageDraw, entries: Sequence[Entry], x: int, y: int, width: int, style: LegendStyle
) -> int:
    """The legend flowed like a sentence from (x, y); returns the y below it."""
    for row in inline_rows(entries, width, style):
        mid = y + style.row // 2
        for offset, (text, entry) in row:
            left = x + offset
            if entry is not None:
                chip = _chip_width(entry, style)
                _key(draw, entry, (left, mid - (style.row - 4) // 2, left + chip, mid + (style.row - 4) // 2), style)
                left += chip + KEY_GAP
            words = ellipsize(text, style.size, x + width - left)
            drawn = draw_text(draw, (left, mid), words, style.size, style.ink, anchor="lm")
            if words != text:
                marks.cut(text, drawn)
        y += style.row
    return y


def key_height(entries: Sequence[Entry], width: int, style: LegendStyle, inline: bool = False) -> int:
    """The height of the key drawn by ``draw_key``."""
    if inline or not whole(entries, width, style):
        return inline_height(entries, width, style)
    return height(entries, width, style)


def draw_key(
    draw: ImageDraw.ImageDraw,
    entries: Sequence[Entry],
    place: tuple[int, int, int],
    style: LegendStyle,
    inline: bool = False,
) -> int:
    """The key from ``place`` (x, y, width): each entry whole on its row, or flowed like a sentence
    when asked (``inline``) or when an entry is wider than a row. Returns the y below it; no word
    is ever cut (``draw_legend``'s columns are for keys that may shorten)."""
    x, y, width = place
    if inline or not whole(entries, width, style):
        return draw_inline(draw, entries, x, y, width, style)
    return draw_legend(draw, entries, x, y, width, style)
