"""PNG files of 256-colour boards, written here rather than by Pillow's encoder.

A board is about a million palette indices. Pillow compresses them with zlib, which at its fast
levels spends 5-12 ms a board (the most of any step after drawing). ISA-L's deflate (the ``isal``
package) at its level 2 compresses the same pixels in about 0.6 ms to within a few per cent of
the same size (``bench/png_encoders.py``), so the boards are written with it: a PNG is a
signature and four chunks, and the pixels are rows that each start with their filter byte: none
(0), which suits flat palette images best, or up (2: each byte less the one above it), which a
renderer whose boards repeat row after row asks for with ``PNG_FILTER_UP = True`` (Catacombs' tiled
labyrinth: 12 % smaller). Where ``isal`` cannot be installed, the standard
library's zlib writes the same file format, slower.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageChops

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ISAL_LEVEL = 2
"""ISA-L's levels are 0-3; 3 is several times slower than 2 and no smaller on boards."""
ZLIB_LEVEL = 3
"""The fallback's level: above 3 zlib switches to its slower matching."""

Compress = Callable[[bytes], bytes]


@cache
def default_compress() -> Compress:
    try:
        from isal import isal_zlib
    except ImportError:  # a platform without isal's wheels
        return zlib_compress
    return lambda data: isal_zlib.compress(data, ISAL_LEVEL)


def zlib_compress(data: bytes) -> bytes:
    return zlib.compress(data, ZLIB_LEVEL)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


FILTER_NONE = 0
FILTER_UP = 2


def filtered_rows(indexed: Image.Image, up: bool = False) -> bytes:
    """The pixels as PNG rows, each led by its filter byte: the image pasted one column to the right
    of a column of that byte, so Pillow's C code lays the rows out (and subtracts the row above)."""
    width, height = indexed.size
    if not up:
        wide = Image.new("P", (width + 1, height), FILTER_NONE)
        wide.paste(indexed, (1, 0))
        return wide.tobytes()
    pixels = Image.frombytes("L", (width, height), indexed.tobytes())
    above = Image.new("L", (width, height), 0)
    above.paste(pixels.crop((0, 0, width, height - 1)), (0, 1))
    wide = Image.new("L", (width + 1, height), FILTER_UP)
    wide.paste(ImageChops.subtract_modulo(pixels, above), (1, 0))
    return wide.tobytes()


def write_png(indexed: Image.Image, compress: Compress | None = None, *, up: bool = False) -> bytes:
    """The PNG of an 8-bit palette image (mode ``P``), its palette as the PLTE chunk; ``up`` writes
    every row as its difference from the row above."""
    if indexed.mode != "P":
        raise ValueError(f"a palette image is written here, not mode {indexed.mode}")
    width, height = indexed.size
    palette = bytes(indexed.getpalette() or [])[: 256 * 3]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    pixels = (compress or default_compress())(filtered_rows(indexed, up))
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette or b"\x00\x00\x00"),
            _chunk(b"IDAT", pixels),
            _chunk(b"IEND", b""),
        )
    )
