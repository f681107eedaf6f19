"""Board renderers: pure functions from a game's public view to a Pillow image.

The renderer depends on the model's views, never the reverse (as python-chess's
``chess.svg`` depends on ``chess``). Nothing here sees a game state, only what
``engine.view(state, None)`` returned, so a secret cannot reach an image.
"""

from __future__ import annotations

import io
from typing import Any, Callable, Mapping

from PIL import Image

Renderer = Callable[[Mapping[str, Any]], Image.Image]


def _renderers() -> dict[str, Callable[[], Renderer]]:
    def mutiny() -> Renderer:
        from render.mutiny import render_board

        return render_board

    def mccc() -> Renderer:
        from render.mccc import render_board

        return render_board

    return {"mutiny": mutiny, "mccc": mccc}


def renderer(game_name: str) -> Renderer:
    return _renderers()[game_name]()


def encode_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    # Boards are flat-colour drawings: a palette image is a fraction of the size of RGB
    # and encodes faster; compress_level 6 is zlib's default balance.
    image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(
        buffer, format="PNG", optimize=False, compress_level=6
    )
    return buffer.getvalue()


def render_png(game_name: str, public_view: Mapping[str, Any]) -> bytes:
    """Render and encode one board. Blocking: call it from a worker thread."""
    return encode_png(renderer(game_name)(public_view))
