"""A grid of tiles drawn once per drawing process as a sheet, then only the tiles that differ.

Cache Me If You Can's and Muggles' map is 160 squares: the Town's are the same on every board, and
most of the Woods' lie face down all game. Drawing them costs 500 of Pillow's calls a board. Here a
grid is given as ``Tile``s (a box, a look naming everything its painter draws from, the painter)
with the look each tile usually has; the usual grid is drawn once into a sheet kept per process
(``render.stamps.sheets``, keyed by the ``Grid``: every box and usual look, never a game), pasted in a few
calls, and each tile whose look differs is pasted over it from a stamp of that look
(``render.stamps.shapes``).

Exact: the sheet is the usual grid painted tile by tile, in order, as before (a code a pixel wider
than its square runs into the neighbour just as it did). A tile is pasted over it only if its
stamp is exactly what its painter draws over anything (it covers its whole box and nothing outside,
checked over two backgrounds when the stamp is made), its usual look drew nothing outside its box
either, no other tile draws into its box, neighbours share only their edges, and every tile's edge
is one colour, the same for all (a grid's lines), so which of two neighbours is drawn last does not
matter. Otherwise the grid is painted tile by tile. While texts or marks are recorded
(``render.text.recording``, ``render.marks.marking``), or in ``render.stamps.drawn_plainly``, every
tile is painted, so the phone checks record what they did.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, NamedTuple

from PIL import Image, ImageChops, ImageDraw

from render import marks
from render.stamps import shapes, sheets, stamping
from render.text import is_recording

Box = tuple[int, int, int, int]
"""Left, top, right, bottom, inclusive (as Pillow's rectangles)."""
Painter = Callable[[ImageDraw.ImageDraw, Box], None]
_BACKGROUNDS = ((0, 0, 0), (255, 255, 255))


class Tile(NamedTuple):  # a NamedTuple: a grid makes 160 of them a board
    box: Box
    look: Hashable
    """Everything ``paint`` draws from besides the box's size: two tiles alike in both look alike."""
    paint: Painter
    """Draws the tile into the box it is given, with whole pixels, nothing further than ``SPILL``
    pixels from it (what it draws outside its box is looked for that far; a line running further
    is seen where it leaves a sheet's bands)."""


class Grid:
    """A grid as it usually is: its tiles in drawing order, each with its usual look. Grids with the
    same boxes and looks are one (the key of their sheet); made once, kept by the caller."""

    def __init__(self, usual: Iterable[Tile]) -> None:
        self.usual = tuple(usual)
        self.looks = tuple(tile.look for tile in self.usual)
        self._key = tuple((tile.box, tile.look) for tile in self.usual)
        self._hash = hash(self._key)  # once: a board looks its sheet up by it

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Grid) and self._key == other._key)


@dataclass(frozen=True)
class Stamp:
    pixels: Any
    """The tile's pixels (Pillow's core image), its box's size plus one each way; None if its painter
    leaves some of them as they were."""
    edge: tuple[int, ...] | None
    """The one colour of its outermost pixels, None if they have more."""
    spill: Box | None
    """What its painter draws outside its box (relative to the box's corner), None if nothing."""

    @property
    def clean(self) -> bool:
        """Whether the stamp is exactly what its painter draws, over anything."""
        return self.pixels is not None and self.spill is None


@dataclass(frozen=True)
class Sheet:
    bands: tuple[tuple[Box, Any], ...]
    """Rectangles wholly covered by tiles, with their pixels: what is pasted."""
    stampable: tuple[bool, ...]
    """Per tile, whether it may be stamped over the sheet: a band holds it, as usual it draws nothing
    outside its box, and no other tile draws into it."""
    edge: tuple[int, ...]
    """Every tile's edge colour."""


def draw_tiles(draw: ImageDraw.ImageDraw, placed: Sequence[Tile], grid: Grid) -> None:
    """Every tile of ``placed`` (the boxes of ``grid`` in its order) as if painted in turn: the sheet
    of the grid as it usually is, then the tiles not as usual."""
    if not stamping() or is_recording() or marks.active() or draw.mode != "RGB" or len(placed) != len(grid.looks):
        _paint(draw, placed)
        return
    sheet: Sheet | None = sheets.get(("sheet", grid), lambda: _made_sheet(grid.usual))
    if sheet is None:
        _paint(draw, placed)
        return
    over = []
    for tile, look, stampable in zip(placed, grid.looks, sheet.stampable, strict=True):
        if tile.look != look:
            stamp = _stamp(tile)
            if not (stampable and stamp.clean and stamp.edge == sheet.edge):
                _paint(draw, placed)
                return
            over.append((tile.box, stamp.pixels))
    for box, pixels in (*sheet.bands, *over):
        draw.im.paste(pixels, (box[0], box[1], box[2] + 1, box[3] + 1))


def _paint(draw: ImageDraw.ImageDraw, placed: Sequence[Tile]) -> None:
    for tile in placed:
        tile.paint(draw, tile.box)


def _stamp(tile: Tile) -> Stamp:
    x0, y0, x1, y1 = tile.box
    size = (x1 - x0, y1 - y0)
    found: Stamp = shapes.get(("tile", size, tile.look), lambda: _made_stamp(size, tile.paint))
    return found


SPILL = 16
"""Pixels around a tile in which what its painter draws outside its box is found."""


def _made_stamp(size: tuple[int, int], paint: Painter) -> tuple[Stamp, int]:
    """The tile painted alone over black and over white: its pixels where both agree, and where it
    drew outside its box."""
    width, height = size
    inside = (SPILL, SPILL, SPILL + width + 1, SPILL + height + 1)
    drawn = []
    for background in _BACKGROUNDS:
        canvas = Image.new("RGB", (width + 1 + 2 * SPILL, height + 1 + 2 * SPILL), background)
        paint(ImageDraw.Draw(canvas), (SPILL, SPILL, SPILL + width, SPILL + height))
        drawn.append(canvas)
    spill = _spill(drawn, inside)
    on_black, on_white = (canvas.crop(inside) for canvas in drawn)
    covered = ImageChops.difference(on_black, on_white).getbbox() is None
    area = (width + 1) * (height + 1)
    return Stamp(on_black.im if covered else None, _edge(on_black), spill), area if covered else 0


def _spill(drawn: Sequence[Image.Image], inside: Box) -> Box | None:
    """The box of what was drawn outside ``inside`` on canvases of ``_BACKGROUNDS``, relative to
    its corner."""
    found: list[Box] = []
    for canvas, background in zip(drawn, _BACKGROUNDS, strict=True):
        outside = ImageChops.difference(canvas, Image.new("RGB", canvas.size, background))
        outside.paste((0, 0, 0), inside)
        bounds = outside.getbbox()
        if bounds is not None:
            found.append(bounds)
    if not found:
        return None
    left, top = min(b[0] for b in found), min(b[1] for b in found)
    right, bottom = max(b[2] for b in found), max(b[3] for b in found)
    return (left - inside[0], top - inside[1], right - inside[0], bottom - inside[1])


def _edge(image: Image.Image) -> tuple[int, ...] | None:
    width, height = image.size
    colours: set[tuple[int, ...]] = set()
    for strip in ((0, 0, width, 1), (0, height - 1, width, height), (0, 0, 1, height), (width - 1, 0, width, height)):
        found = image.crop(strip).getcolors(1)
        if found is None:
            return None
        colour = found[0][1]
        assert isinstance(colour, tuple)
        colours.add(colour)
    return colours.pop() if len(colours) == 1 else None


def _made_sheet(usual: Sequence[Tile]) -> tuple[Sheet | None, int]:
    """The usual grid painted in turn, cut into bands; None if it cannot be stamped exactly (a tile
    that leaves part of its box as it was, edges of more than one colour, tiles that overlap, or
    drawing outside the bands)."""
    stamps = [_stamp(tile) for tile in usual]
    edges = {stamp.edge for stamp in stamps}
    if not usual or any(s.pixels is None for s in stamps) or len(edges) != 1 or not _edges_shared_only(usual):
        return None, 0
    boxes = [tile.box for tile in usual]
    bands = _bands(boxes)
    right = max(box[2] for box in boxes) + SPILL + 1
    bottom = max(box[3] for box in boxes) + SPILL + 1
    drawn = []
    for background in _BACKGROUNDS:
        canvas = Image.new("RGB", (right, bottom), background)
        _paint(ImageDraw.Draw(canvas), usual)
        outside = canvas.copy()
        for band in bands:
            outside.paste(background, (band[0], band[1], band[2] + 1, band[3] + 1))
        if outside.getcolors(1) is None:  # drawn outside the bands
            return None, 0
        drawn.append(canvas)
    pasted = []
    for band in bands:
        within = (band[0], band[1], band[2] + 1, band[3] + 1)
        pixels = [canvas.crop(within) for canvas in drawn]
        if ImageChops.difference(*pixels).getbbox() is not None:
            return None, 0
        pasted.append((band, pixels[0].im))
    spilled = [_moved(stamp.spill, tile.box) for tile, stamp in zip(usual, stamps, strict=True) if stamp.spill]
    stampable = tuple(
        stamp.spill is None
        and any(_within(tile.box, band) for band in bands)
        and not any(_overlap(tile.box, s) for s in spilled)
        for tile, stamp in zip(usual, stamps, strict=True)
    )
    edge = next(iter(edges))
    assert edge is not None
    area = sum((b[2] - b[0] + 1) * (b[3] - b[1] + 1) for b in bands)
    return Sheet(tuple(pasted), stampable, edge), area


def _moved(spill: Box, box: Box) -> Box:
    """``spill`` (relative to ``box``'s corner, right and bottom exclusive) on the image, inclusive."""
    return (box[0] + spill[0], box[1] + spill[1], box[0] + spill[2] - 1, box[1] + spill[3] - 1)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _within(box: Box, band: Box) -> bool:
    return band[0] <= box[0] and band[1] <= box[1] and box[2] <= band[2] and box[3] <= band[3]


def _edges_shared_only(placed: Sequence[Tile]) -> bool:
    """Whether no two tiles overlap but on their edges."""
    right = max(tile.box[2] for tile in placed) + 1
    bottom = max(tile.box[3] for tile in placed) + 1
    taken = Image.new("1", (right, bottom), 0)
    for tile in placed:
        x0, y0, x1, y1 = tile.box
        inner = (x0 + 1, y0 + 1, x1, y1)
        if inner[2] > inner[0] and inner[3] > inner[1]:
            if taken.crop(inner).getbbox() is not None:
                return False
            taken.paste(1, inner)
    return True


def _bands(boxes: Sequence[Box]) -> list[Box]:
    """Rectangles the boxes cover whole: rows of boxes side by side without a gap, then runs of such
    rows of the same width, each row starting on the last one's bottom edge."""
    rows: dict[tuple[int, int], list[Box]] = {}
    for box in boxes:
        rows.setdefault((box[1], box[3]), []).append(box)
    full = []
    for (top, bottom), row in sorted(rows.items()):
        row.sort()
        if all(a[2] == b[0] for a, b in pairwise(row)):
            full.append((row[0][0], top, row[-1][2], bottom))
    bands: list[Box] = []
    for left, top, right, bottom in full:
        if bands and bands[-1][0] == left and bands[-1][2] == right and bands[-1][3] == top:
            bands[-1] = (left, bands[-1][1], right, bottom)
        else:
            bands.append((left, top, right, bottom))
    return bands
