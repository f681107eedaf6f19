"""Shapes drawn once per drawing process and pasted after: what a board drawing costs in Python.

Pillow's drawing calls are cheap in C but not in Python: a rounded rectangle is up to eleven calls
(pieslices, arcs, rectangles), each resolving its colours again, and a board has dozens (loot cubes,
dice, cards, islands, panels, key boxes), the same on every board of every game. Each is drawn once
into a stamp and then pasted, one to three C calls. ``render.tiles`` does the same for a grid of
squares, and ``render.text`` for a text over one colour, on the stamps kept here.

* **Keys are what is drawn, never which game.** A rounded rectangle's key is its box (moved to the
  stamp), radius, outline width and colours. No key belongs to one game, so 500 games drawn in turn
  share the same stamps (README "Under load": layers kept per game were pushed out before their
  game came round again).
* **Exact.** A pasted stamp is pixel for pixel Pillow's drawing: it is drawn by the same call at a
  place moved by an even number of pixels (Pillow rounds halves to even, so the same pixels are
  hit), for boxes and radii of whole pixels or fractions of 1/256 (so every corner Pillow works out
  is exact there too); other shapes are drawn by Pillow every time.
* **Bounded.** ``KEPT_PIXELS`` pixels of shapes and tiles, ``KEPT_SHEET_PIXELS`` of sheets and
  ``KEPT_TEXT_PIXELS`` of texts per process, least recently used dropped first: 39 MB at most.
* **Switched off** by ``drawn_plainly`` (the tests compare both ways).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from PIL import Image, ImageChops, ImageDraw

Colour = tuple[int, int, int]

KEPT_PIXELS = 3_000_000
"""Pixels of shapes and tiles kept per process (5 bytes each at most with their masks: 15 MB). The
five games' boards, 100 games drawn in turn, keep under 2 million."""
KEPT_SHEET_PIXELS = 3_000_000
"""Pixels of sheets (``render.tiles``) kept per process (4 bytes each: 12 MB): six maps of Cache Me
If You Can's size, two per language for it and Muggles."""
KEPT_TEXT_PIXELS = 3_000_000
"""Pixels of texts blended over one colour (``render.text``) kept per process (4 bytes each: 12 MB).
With 100 games of all five kinds drawn in turn, 1.2 % of the texts needed a blend made anew."""
LARGEST = 100_000
"""Shapes with a larger box are drawn (a panel across the board is one call of Pillow's anyway)."""
MARGIN = 4
"""Pixels around a stamp's box."""
_BACKGROUNDS: tuple[Colour, Colour] = ((0, 0, 0), (255, 255, 255))


class Kept:
    """Stamps by key, at most ``limit`` pixels and ``most`` stamps, the least recently used dropped first."""

    def __init__(self, limit: int, most: int = 4096) -> None:
        self.limit = limit
        self.most = most
        self.pixels = 0
        self._stamps: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()  # the thread drawer (RENDER_PROCESSES=0) draws from several threads

    def get(self, key: Hashable, make: Callable[[], tuple[Any, int]]) -> Any:
        with self._lock:
            found = self._stamps.get(key)
            if found is not None:
                self._stamps.move_to_end(key)
                return found[0]
        stamp, pixels = make()
        with self._lock:
            if key not in self._stamps:
                self._stamps[key] = (stamp, pixels)
                self.pixels += pixels
            while (self.pixels > self.limit or len(self._stamps) > self.most) and len(self._stamps) > 1:
                _, (_, dropped) = self._stamps.popitem(last=False)
                self.pixels -= dropped
        return stamp

    def __len__(self) -> int:
        return len(self._stamps)

    def clear(self) -> None:
        with self._lock:
            self._stamps.clear()
            self.pixels = 0


shapes = Kept(KEPT_PIXELS)
sheets = Kept(KEPT_SHEET_PIXELS)
texts = Kept(KEPT_TEXT_PIXELS, most=16384)
_plain: ContextVar[bool] = ContextVar("drawn_plainly", default=False)


@contextmanager
def drawn_plainly() -> Iterator[None]:
    """Draw every shape in this context with Pillow's own calls (what the stamps are compared with)."""
    token = _plain.set(True)
    try:
        yield
    finally:
        _plain.reset(token)


def stamping() -> bool:
    return not _plain.get()


# --------------------------------------------------------------------------- rounded rectangles

Part = tuple[int, int, Any, Any]
"""Rows of a stamp: where they start in it (left, top), their pixels and their mask (None where
every pixel is set)."""


def rounded_rectangle(
    draw: ImageDraw.ImageDraw,
    box: Sequence[float],
    radius: float,
    fill: Colour | None = None,
    outline: Colour | None = None,
    width: int = 1,
) -> None:
    """``draw.rounded_rectangle(box, radius, fill, outline, width)``, pasted from a stamp."""
    x0, y0, x1, y1 = box
    if (
        not stamping()
        or x0 < 0
        or y0 < 0
        or (x1 - x0 + 1) * (y1 - y0 + 1) > LARGEST
        or draw.mode != "RGB"
        or not all(_exact(v) for v in (x0, y0, x1, y1, radius))
    ):
        draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline, width=width)
        return
    dx, dy = _shift(x0, width), _shift(y0, width)
    shifted = (x0 - dx, y0 - dy, x1 - dx, y1 - dy)
    key = ("rounded", shifted, radius, fill, outline, width)
    parts: list[Part] = shapes.get(key, lambda: _rounded_stamp(shifted, radius, fill, outline, width))
    for left, top, pixels, mask in parts:
        columns, rows = pixels.size
        at = (dx + left, dy + top, dx + left + columns, dy + top + rows)
        if mask is None:
            draw.im.paste(pixels, at)
        else:
            draw.im.paste(pixels, at, mask)


def _exact(value: float) -> bool:
    """Whether sums and differences of ``value`` are exact in floating point, wherever the shape is:
    a multiple of 1/256 below a million (whole and half pixels, a font's 1/64 advances). Pillow
    derives corners from a box and its radius; with other values they round differently at another
    place, and a stamp would be a pixel off."""
    return type(value) is int or (abs(value) < 1_000_000 and (value * 256) % 1 == 0)


def _shift(at: float, width: int) -> int:
    """An even number of pixels that moves ``at`` to ``_pad(width)`` or up to 2 past it: Pillow
    rounds a box's edges half to even and truncates what it hands to C, so whole even shifts of a
    place at or right of the image's edge draw the same pixels."""
    return 2 * (math.floor(at) // 2) - _pad(width)


def _pad(width: int) -> int:
    """Room left of a stamp's box: an outline wider than its box reaches past the other side."""
    return MARGIN + width + width % 2


def _rounded_stamp(
    box: tuple[float, float, float, float], radius: float, fill: Colour | None, outline: Colour | None, width: int
) -> tuple[list[Part], int]:
    """The stamp in up to three parts: the rows above and below pasted through their mask, the rows
    between, where every pixel is set, copied (five times faster than through a mask)."""
    size = (math.ceil(box[2]) + _pad(width), math.ceil(box[3]) + _pad(width))
    drawn = []
    for background in _BACKGROUNDS:
        canvas = Image.new("RGB", size, background)
        ImageDraw.Draw(canvas).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        drawn.append(canvas)
    mask = _touched(*drawn)
    if mask is None:  # Pillow's shapes set whole pixels: not met, but a stamp would not be exact
        raise ValueError(f"rounded rectangle {box} blended into its background")
    bounds = mask.getbbox()
    if bounds is None:
        return [], 0
    left, top, right, bottom = bounds
    full = [y for y in range(top, bottom) if mask.crop((left, y, right, y + 1)).getextrema() == (255, 255)]
    first, last = (full[0], full[-1] + 1) if full else (bottom, bottom)
    if last - first != len(full):  # set rows with a gap between: not met by these shapes
        first, last = bottom, bottom
    parts = []
    for upper, lower, masked in ((top, first, True), (first, last, False), (last, bottom, True)):
        if lower > upper:
            rows = (left, upper, right, lower)
            parts.append((left, upper, drawn[0].crop(rows).im, mask.crop(rows).im if masked else None))
    return parts, (right - left) * (bottom - top)


def _touched(on_black: Image.Image, on_white: Image.Image) -> Image.Image | None:
    """Where a drawing over black and the same over white agree: the pixels it set (as a 0/255 mask).
    None if it blended into what was under it anywhere (a stamp could not be pasted exactly)."""
    difference = ImageChops.difference(on_black, on_white).convert("L")  # 0 where set, 255 where not
    if any(difference.histogram()[1:255]):
        return None
    return difference.point(_INVERTED)


_INVERTED = [255 - v for v in range(256)]


def forget() -> None:
    """Drop every stamp (tests that count them start from none)."""
    shapes.clear()
    sheets.clear()
    texts.clear()
