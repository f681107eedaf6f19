"""Board renderers: pure functions from a game's public view to a Pillow image.

The renderer depends on the model's views, never the reverse (as python-chess's
``chess.svg`` depends on ``chess``). A renderer is named in its game's
registration (``GameSpec.renderer``) and has the signature
``render_board(view, seats) -> Image``: ``view`` is what
``engine.public_view(state)`` returned, ``seats`` the presentation inputs (names,
colours, closed DMs) as ``SeatTag``s. Nothing here sees a game state, so a
secret cannot reach an image.
"""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from PIL import Image

from bot.engine import GameSpec, SeatTag
from bot.engine.spec import resolve
from render.palette import declared_colours, palette_image

Renderer = Callable[[Any, Sequence[SeatTag]], Image.Image]
TextBoard = Callable[[Any, Sequence[SeatTag]], str]


def renderer(spec: GameSpec) -> Renderer:
    found: Renderer = resolve(spec.renderer)
    return found


def text_board(spec: GameSpec) -> TextBoard | None:
    if not spec.text_board:
        return None
    found: TextBoard = resolve(spec.text_board)
    return found


def board_colours(module_name: str) -> list[tuple[int, int, int]]:
    """The colours written in a renderer's module, then in the modules it names in
    ``PALETTE_FROM`` (shared drawing code with its own colour table)."""
    module = sys.modules[module_name]
    colours = declared_colours(module)
    for shared in getattr(module, "PALETTE_FROM", ()):
        colours += [c for c in declared_colours(importlib.import_module(shared)) if c not in colours]
    return colours


@cache
def _palette_for(module_name: str) -> Image.Image:
    return palette_image(board_colours(module_name))


def board_palette(spec: GameSpec) -> Image.Image:
    """The fixed palette built from the colours written in the renderer's module."""
    return _palette_for(renderer(spec).__module__)


PNG_LEVEL = 3
"""zlib level of the boards' PNGs. Every level above 3 switches zlib to its slower matching: at
level 6 boards are ~20% smaller but cost ~5 ms more each, which under load (bench/bench.py:
500 games at 50 actions/s on 2 cores, all five games) pushed the p99 latency past its 250 ms
target. A renderer module may set its own ``PNG_LEVEL`` (MCCC's big solo board, re-uploaded on
almost every move, uses 4 to stay under 40 KB per action in bench/discord_cost.py)."""


def encode_png(image: Image.Image, palette: Image.Image | None = None, level: int = PNG_LEVEL) -> bytes:
    """PNG bytes of a board: 256 colours (a fraction of RGB's size)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")  # not a copy of what is already RGB
    if palette is None:
        indexed = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    else:
        indexed = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=level)
    return buffer.getvalue()


def png_level(spec: GameSpec) -> int:
    level: int = getattr(sys.modules[renderer(spec).__module__], "PNG_LEVEL", PNG_LEVEL)
    return level


def render_png(spec: GameSpec, public_view: Any, seats: Sequence[SeatTag]) -> bytes:
    """Render and encode one board. Blocking: call it from a worker thread or process."""
    return render_png_at(spec.renderer, public_view, seats)


def render_png_at(renderer_path: str, public_view: Any, seats: Sequence[SeatTag]) -> bytes:
    """``render_png`` by the renderer's import path (``GameSpec.renderer``): what a worker process
    is handed, with the public view and the seat tags, and nothing else of the game."""
    draw: Renderer = resolve(renderer_path)
    module = draw.__module__
    level: int = getattr(sys.modules[module], "PNG_LEVEL", PNG_LEVEL)
    return encode_png(draw(public_view, seats), _palette_for(module), level)
