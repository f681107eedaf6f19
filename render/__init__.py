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
import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from PIL import Image

from bot.engine import GameSpec, SeatTag
from bot.engine.spec import resolve
from render.palette import declared_colours, palette_image
from render.png import write_png

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


def encode_png(image: Image.Image, palette: Image.Image | None = None, *, up: bool = False) -> bytes:
    """PNG bytes of a board: 256 colours (a fraction of RGB's size), written by ``render.png``
    (``up``: each row as its difference from the one above)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")  # not a copy of what is already RGB
    if palette is None:
        indexed = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    else:
        indexed = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    return write_png(indexed, up=up)


def png_filter_up(spec: GameSpec) -> bool:
    """Whether the renderer's boards are written row against row (``PNG_FILTER_UP`` in its module)."""
    return _filter_up(renderer(spec).__module__)


def _filter_up(module: str) -> bool:
    return bool(getattr(sys.modules[module], "PNG_FILTER_UP", False))


def render_png(spec: GameSpec, public_view: Any, seats: Sequence[SeatTag]) -> bytes:
    """Render and encode one board. Blocking: call it from a worker thread or process."""
    return render_png_at(spec.renderer, public_view, seats)


def render_png_at(renderer_path: str, public_view: Any, seats: Sequence[SeatTag]) -> bytes:
    """``render_png`` by the renderer's import path (``GameSpec.renderer``): what a worker process
    is handed, with the public view and the seat tags, and nothing else of the game."""
    draw: Renderer = resolve(renderer_path)
    module = draw.__module__
    return encode_png(draw(public_view, seats), _palette_for(module), up=_filter_up(module))
