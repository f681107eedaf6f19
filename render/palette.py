"""A fixed 256-colour palette per board, for fast and faithful PNG encoding.

Boards are flat colours with anti-aliased edges. Finding an adaptive palette
for every image (octree quantising) costs ~10 ms a board; mapping onto a fixed
palette costs ~1 ms. The palette holds every colour written in the renderer's
source (so fills stay exact) plus a 6 x 6 x 6 colour cube for the
blended edge pixels between them.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterable
from types import ModuleType

from PIL import Image

Colour = tuple[int, int, int]
CUBE_STEPS = (0, 51, 102, 153, 204, 255)
PALETTE_SIZE = 256


def declared_colours(module: ModuleType) -> list[Colour]:
    """Every RGB literal written in a renderer module's source, in order of appearance.

    Reading the source rather than the module's constants also catches colours written
    inline in a drawing call.
    """
    found: dict[Colour, None] = {}
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3:
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(values) == 3 and all(type(v) is int and 0 <= v <= 255 for v in values):
                found.setdefault(tuple(values), None)  # type: ignore[arg-type]
    return list(found)


def _bin(colour: Colour) -> Colour:
    # Pillow maps pixels to a fixed palette through a cache of 5-bit colour bins, so two
    # palette entries in one bin compete; keep one per bin, the declared colour first.
    return (colour[0] >> 3, colour[1] >> 3, colour[2] >> 3)


def palette_image(colours: Iterable[Colour]) -> Image.Image:
    cube = [(r, g, b) for r in CUBE_STEPS for g in CUBE_STEPS for b in CUBE_STEPS]
    chosen: dict[Colour, Colour] = {}
    for colour in colours:
        if len(chosen) >= PALETTE_SIZE - len(cube):
            break
        chosen.setdefault(_bin(colour), colour)
    for colour in cube:
        if len(chosen) >= PALETTE_SIZE:
            break
        chosen.setdefault(_bin(colour), colour)
    flat = [channel for colour in chosen.values() for channel in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + [0] * (3 * PALETTE_SIZE - len(flat)))
    return image
