"""Board renderers: pure functions from a game's public view to a Pillow image.

The renderer depends on the model's views, never the reverse (as python-chess's
``chess.svg`` depends on ``chess``). Nothing here sees a game state, only what
``engine.view(state, None)`` returned, so a secret cannot reach an image.
"""

from __future__ import annotations

import importlib
import io
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Mapping

from PIL import Image

from render.palette import declared_colours, palette_image

Renderer = Callable[[Mapping[str, Any]], Image.Image]


_MODULES = {"mutiny": "render.mutiny", "mccc": "render.mccc"}


@lru_cache(maxsize=None)
def _module(game_name: str) -> ModuleType:
    return importlib.import_module(_MODULES[game_name])


def renderer(game_name: str) -> Renderer:
    return _module(game_name).render_board


@lru_cache(maxsize=None)
def board_palette(game_name: str) -> Image.Image:
    return palette_image(declared_colours(_module(game_name)))


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of a board: 256 colours (a fraction of RGB's size), fast zlib level."""
    rgb = image.convert("RGB")
    if palette is None:
        indexed = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    else:
        indexed = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def render_png(game_name: str, public_view: Mapping[str, Any]) -> bytes:
    """Render and encode one board. Blocking: call it from a worker thread."""
    return encode_png(renderer(game_name)(public_view), board_palette(game_name))
