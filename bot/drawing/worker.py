"""One board drawn in a worker process of the painter's pool, in the board's language."""

from __future__ import annotations

import hashlib
from typing import Any

from bot.engine import SeatTag
from bot.i18n import using

Board = tuple[str, bytes]
"""A board image: the first 16 hex digits of its PNG's SHA-256 (what posts store), and the PNG."""


def named(png: bytes) -> Board:
    """A PNG with its digest, made where it was drawn (hashing a PNG lets go of the GIL, and the
    event loop would then wait to get it back)."""
    return hashlib.sha256(png).hexdigest()[:16], png


def draw_in_worker(renderer_path: str, view: Any, seats: tuple[SeatTag, ...], language: str) -> Board:
    """What the pool runs for a board (a worker process has none of the caller's context, so the
    language comes along)."""
    from render import render_png_at

    with using(language):
        return named(render_png_at(renderer_path, view, seats))
