"""Text for boards, rasterised once per (size, text) and reused.

A board draws ~100 short labels, most of them the same on every board ("rum",
"crew", island names, digits). FreeType rasterising each one again costs more
than everything else on the board together, so glyph masks are cached and
stamped with ``ImageDraw.bitmap``, which blends exactly as ``ImageDraw.text`` does.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, ...]


@lru_cache(maxsize=None)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (no font files to ship), at ``size`` pixels."""
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=16384)
def text_length(size: int, text: str) -> float:
    return font(size).getlength(text)


def fit_size(text: str, width: float, largest: int, smallest: int = 14) -> int:
    """The largest font size, from ``largest`` down to ``smallest``, at which ``text`` fits in ``width``."""
    size = largest
    while size > smallest and text_length(size, text) > width:
        size -= 1
    return size


@lru_cache(maxsize=16384)
def _mask(size: int, text: str, anchor: str, stroke_width: int) -> tuple[Image.Image, int, int]:
    face = font(size)
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=stroke_width)
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
    stroke_width: int = 0,
    stroke_fill: Colour | None = None,
) -> None:
    """Like ``draw.text(xy, text, font=font(size), fill=fill, anchor=anchor, ...)``, but cached."""
    if not text:
        return
    x, y = round(xy[0]), round(xy[1])
    if stroke_width:
        mask, left, top = _mask(size, text, anchor, stroke_width)
        draw.bitmap((x + left, y + top), mask, fill=stroke_fill or fill)
        if stroke_fill is None or stroke_fill == fill:
            return
    mask, left, top = _mask(size, text, anchor, 0)
    draw.bitmap((x + left, y + top), mask, fill=fill)
