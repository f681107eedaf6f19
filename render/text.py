"""Text on boards: one bundled font, cached glyph masks, names shortened cleanly, and a record
of every text placed so tests can check sizes and overlaps.

* **Font.** DejaVu Sans ships in ``render/fonts`` (free licence beside it), so a
  fresh machine draws Latin with accents, Greek and Cyrillic exactly like the
  development machine. Glyphs it lacks (CJK, emoji) are dropped from names
  rather than drawn as boxes.
* **Speed.** A board draws ~100 short labels, most the same on every board.
  FreeType rasterising each again costs more than the rest of the board, so
  masks are cached and stamped with ``ImageDraw.bitmap``, which blends exactly
  as ``ImageDraw.text`` does. Most texts sit on one colour (a panel, a tile): there
  the blend is made once per process for the text, its colour and that colour
  (``render.stamps.texts``) and pasted, which is a copy.
* **Checks.** Inside ``recording()``, every ``draw_text`` call adds a
  ``PlacedText`` (its pixel box and font size). Phones show a board about
  ``PHONE_WIDTH`` pixels wide; ``too_small`` and ``overlaps`` turn the house
  standard (no text under 11 px there, no text over other text) into checks.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.engine.levels import LEVELS, level_names
from bot.engine.seats import LEVEL_MARK
from render import stamps

Colour = tuple[int, ...]

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CONDENSED = FONT_DIR / "DejaVuSansCondensed.ttf"
CONDENSED_BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
"""The condensed faces fit a board's codes ("SWP", "Swag") into squares a phone shows 27 px wide."""
PHONE_WIDTH = 400
"""How wide Discord shows a board on a phone, in pixels."""
MIN_PHONE_PX = 11
"""No text smaller than this at phone width."""
ELLIPSIS = "…"
LEVEL_WORDS = frozenset(level.value for level in LEVELS)
NAME_BEFORE_LEVEL = 8
"""Characters of a computer's name a board keeps before its level; in less room the level goes."""


def smallest_size(image_width: int) -> int:
    """The smallest font size a board ``image_width`` pixels wide may use."""
    return -(-MIN_PHONE_PX * image_width // PHONE_WIDTH)


@cache
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    if condensed:
        return ImageFont.truetype(str(CONDENSED_BOLD if bold else CONDENSED), size)
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@lru_cache(maxsize=16384)
def text_length(size: int, text: str, bold: bool = False, condensed: bool = False) -> float:
    return font(size, bold, condensed).getlength(text)


def fit_size(text: str, width: float, largest: int, smallest: int = 14, bold: bool = False) -> int:
    """The largest font size, from ``largest`` down to ``smallest``, at which ``text`` fits in ``width``."""
    size = largest
    while size > smallest and text_length(size, text, bold) > width:
        size -= 1
    return size


# --------------------------------------------------------------------------- glyphs and names


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return bytes(font(20).getmask("\U0010fffd"))


@lru_cache(maxsize=4096)
def drawable_char(ch: str) -> bool:
    """Whether the bundled font has a glyph for ``ch`` (a missing one would show as a box)."""
    if ch.isspace():
        return ch == " "
    if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Sk"):
        return False
    return bytes(font(20).getmask(ch)) != _missing_glyph()


def drawable(text: str) -> str:
    """``text`` without what the font cannot draw (emoji, CJK, joiners, marks), spaces squeezed."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text) if drawable_char(ch))
    return " ".join(kept.split())


def ellipsize(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut at a character boundary with "…" so that it fits ``width`` at ``size``."""
    if text_length(size, text, bold) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_length(size, text[:middle].rstrip() + ELLIPSIS, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def board_name(name: str, fallback: str, size: int, width: float, bold: bool = False) -> str:
    """A display name as a board shows it: drawable characters only, shortened with "…" to
    ``width``; ``fallback`` (the seat's colour, say) when nothing drawable is left. A computer's
    level after its name (``Computer 1 · strong``, ``bot.engine.seats.with_levels``) stays whole,
    the name shortened before it, where the name keeps ``NAME_BEFORE_LEVEL`` characters; in less
    room (a label on a tile) the name goes alone."""
    person, mark, level = name.rpartition(LEVEL_MARK)
    if not mark or (level not in LEVEL_WORDS and level not in level_names()):
        person, level = name, ""
    text = drawable(person)
    if sum(ch.isalnum() for ch in text) == 0:
        text = fallback
    if level:
        tail = f"{LEVEL_MARK}{level}"
        shown = ellipsize(text, size, width - text_length(size, tail, bold), bold)
        if len(shown.removesuffix(ELLIPSIS)) >= min(len(text), NAME_BEFORE_LEVEL):
            return shown + tail
    return ellipsize(text, size, width, bold)


# --------------------------------------------------------------------------- placing text


@dataclass(frozen=True)
class PlacedText:
    text: str
    box: tuple[int, int, int, int]
    """Left, top, right, bottom of the drawn glyphs, in image pixels."""
    size: int


_placed: ContextVar[list[PlacedText] | None] = ContextVar("placed_text", default=None)


@contextmanager
def recording() -> Iterator[list[PlacedText]]:
    """Collect every text drawn in this context (renderers run unchanged)."""
    placed: list[PlacedText] = []
    token = _placed.set(placed)
    try:
        yield placed
    finally:
        _placed.reset(token)


def is_recording() -> bool:
    """Whether texts are being recorded (a renderer draws them, rather than pasting them as a whole)."""
    return _placed.get() is not None


@lru_cache(maxsize=16384)
def _mask(
    size: int, text: str, anchor: str, stroke_width: int, bold: bool, condensed: bool = False
) -> tuple[Image.Image, int, int]:
    face = font(size, bold, condensed)
    box = face.getbbox(text, anchor=anchor, stroke_width=stroke_width)
    left, top, right, bottom = (int(v) for v in box)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=face, fill=255, anchor=anchor, stroke_width=stroke_width, stroke_fill=255
    )
    return mask, left, top


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    *,
    anchor: str = "la",
    bold: bool = False,
    stroke_width: int = 0,
    stroke_fill: Colour | None = None,
    condensed: bool = False,
) -> tuple[int, int, int, int]:
    """Like ``draw.text(xy, text, font=font(size), ...)``, but cached; returns the drawn box."""
    if not text:
        return (round(xy[0]), round(xy[1]), round(xy[0]), round(xy[1]))
    x, y = round(xy[0]), round(xy[1])
    drawn = (size, text, anchor, stroke_width, bold, condensed)
    mask, left, top = _mask(*drawn)
    if stroke_width:
        _blend(draw, (x + left, y + top), mask, stroke_fill or fill, drawn)
        if stroke_fill is not None and stroke_fill != fill:
            inner, i_left, i_top = _mask(size, text, anchor, 0, bold, condensed)
            _blend(draw, (x + i_left, y + i_top), inner, fill, (size, text, anchor, 0, bold, condensed))
    else:
        _blend(draw, (x + left, y + top), mask, fill, drawn)
    box = (x + left, y + top, x + left + mask.width, y + top + mask.height)
    placed = _placed.get()
    if placed is not None:
        placed.append(PlacedText(text, box, size))
    return box


def _blend(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], mask: Image.Image, fill: Colour, drawn: tuple[object, ...]
) -> None:
    """``draw.bitmap(xy, mask, fill=fill)``. Over one colour (a panel, a tile, the background: most
    texts), the same blend made once per process for the text, its colours and that colour is pasted:
    pasting is a copy, blending a mask costs 10-20 microseconds a text, and a board has a hundred."""
    x, y = xy
    width, height = mask.size
    columns, rows = draw.im.size
    if stamps.stamping() and draw.mode == "RGB" and x >= 0 and y >= 0 and x + width <= columns and y + height <= rows:
        box = (x, y, x + width, y + height)
        under = draw.im.crop(box).getcolors(1)
        if under:
            colour = under[0][1]
            patch = stamps.texts.get((drawn, fill, colour), lambda: _patch(mask, fill, colour))
            draw.im.paste(patch, box)
            return
    draw.bitmap(xy, mask, fill=fill)


def _patch(mask: Image.Image, fill: Colour, under: tuple[int, ...]) -> tuple[object, int]:
    patch = Image.new("RGB", mask.size, under)
    ImageDraw.Draw(patch).bitmap((0, 0), mask, fill=fill)
    return patch.im, mask.width * mask.height


# --------------------------------------------------------------------------- checks


def too_small(placed: Sequence[PlacedText], image_width: int) -> list[PlacedText]:
    """Texts under ``MIN_PHONE_PX`` when the image is shown ``PHONE_WIDTH`` wide."""
    least = smallest_size(image_width)
    return [p for p in placed if p.size < least]


def overlaps(placed: Sequence[PlacedText], slack: int = 1) -> list[tuple[PlacedText, PlacedText]]:
    """Pairs of texts whose drawn boxes overlap by more than ``slack`` pixels each way."""
    found = []
    ordered = sorted(placed, key=lambda p: p.box[0])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.box[0] >= a.box[2] - slack:
                break
            if (
                min(a.box[2], b.box[2]) - max(a.box[0], b.box[0]) > slack
                and min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]) > slack
            ):
                found.append((a, b))
    return found


def outside(placed: Sequence[PlacedText], size: tuple[int, int]) -> list[PlacedText]:
    """Texts that run off the image."""
    width, height = size
    return [p for p in placed if p.box[0] < 0 or p.box[1] < 0 or p.box[2] > width or p.box[3] > height]
