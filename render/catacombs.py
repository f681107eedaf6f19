"""The Catacombs of Mu board: the status bar on top (round, goal, who acts and until when; at the
end the result), the 12 x 12 labyrinth, a card per explorer and the key.

800 px wide and never taller than 1200 (1:1.5, so a phone shows it whole, about 400 px wide):
every text is at least 22 px (11 px on a phone), spaces are 56-60 px and pawns at least 28 px
(14 px on a phone), the largest spaces that leave room for the cards and the whole key. Shapes
and colours carry the labyrinth (``render/catacombs_shapes.py``): sandstone tiles with brown
passages, a dark gap for a Gulch, grey rubble for a Cave In, blue water for a Flooded Passage,
chevrons on a Slide, a red rim on a Rival Dead End, gold Relic tiles, red monster discs with their
letter, pawns in the seats' colours; the key explains each one the board shows
(``render/catacombs_panel.py``). Built only from the public view and the seat tags.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.views import BoardView, PublicView
from render import catacombs_panel as panel
from render import catacombs_shapes as shape
from render import legend, marks
from render.text import draw_text, smallest_size

WIDTH = 800
PALETTE_FROM = ("render.catacombs_shapes", "render.catacombs_panel")
"""Modules whose colour literals join this renderer's PNG palette (render/__init__.py)."""
PNG_FILTER_UP = True
"""The labyrinth repeats row after row: its rows as differences from the ones above are 12 %
smaller (render/png.py)."""
TEXT = smallest_size(WIDTH)  # 22 px: 11 px on a phone
TALLEST = WIDTH * 3 // 2
MARGIN = 10
TOP = 8
GAP = 10
LABEL_W = 32
LABEL_H = 26
CELLS = tuple(range(60, 55, -2))
"""Space sizes, largest first; 56 still holds four 28 px pawns (14 px on a phone)."""

BACKGROUND = (38, 34, 30)
LABEL = (214, 204, 186)
KEY = legend.LegendStyle(size=TEXT, row=panel.LINE, ink=LABEL, edge=shape.ARROW, gap=18)


@dataclass(frozen=True)
class Grid:
    """Where the labyrinth's spaces are on the image."""

    cell: int
    left: int
    top: int

    def box(self, cell: int) -> tuple[int, int, int, int]:
        x = self.left + (cell % geo.SIZE) * self.cell
        y = self.top + (cell // geo.SIZE) * self.cell
        return x, y, x + self.cell, y + self.cell

    def centre(self, cell: int) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(cell)
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def size(self) -> int:
        return self.cell * geo.SIZE


@dataclass(frozen=True)
class Plan:
    cell: int
    inline: bool
    """The key flowed like a sentence (when entries whole on their rows do not fit)."""
    head: int
    height: int

    @property
    def grid(self) -> Grid:
        board = geo.SIZE * self.cell
        return Grid(self.cell, (WIDTH - LABEL_W - board) // 2 + LABEL_W, TOP + self.head + GAP + LABEL_H)


def plan(view: PublicView, seats: Sequence[SeatTag], entries: Sequence[legend.Entry]) -> Plan:
    """The largest spaces that leave room for the cards and the whole key within 1:1.5."""
    width = WIDTH - 2 * MARGIN
    head = panel.head_height(view, seats, width, TEXT)
    rest = TOP + head + GAP + LABEL_H + GAP + panel.cards_height(len(view.seats)) + GAP + MARGIN
    found = Plan(CELLS[-1], True, head, 0)
    for inline in (False, True):
        key = legend.key_height(entries, width, KEY, inline)
        for cell in CELLS:
            found = Plan(cell, inline, head, rest + geo.SIZE * cell + key)
            if found.height <= TALLEST:
                return found
    return found


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    return draw_board(view, seats)


def board_grid(view: PublicView, seats: Sequence[SeatTag]) -> Grid:
    """Where the labyrinth's spaces are on the board ``render_board`` draws (its hit regions)."""
    return plan(view, seats, panel.key_entries(view, TEXT)).grid


Overlay = Callable[[ImageDraw.ImageDraw, Grid], None]


def draw_board(
    view: PublicView, seats: Sequence[SeatTag], extra: Sequence[legend.Entry] = (), overlay: Overlay | None = None
) -> Image.Image:
    """The board, with ``overlay`` drawn over the labyrinth and its ``extra`` key entries (a
    player's own picture of the places they may choose: ``render/catacombs_places.py``)."""
    entries = [*panel.key_entries(view, TEXT), *extra]
    chosen = plan(view, seats, entries)
    image = Image.new("RGB", (WIDTH, chosen.height), BACKGROUND)
    d = ImageDraw.Draw(image)
    panel.draw_head(d, view, seats, (MARGIN, TOP, WIDTH - MARGIN, TOP + chosen.head), TEXT)
    grid = chosen.grid
    _draw_floor(image, d, view, grid)
    for tile in view.tiles:
        box = grid.box(tile.cell)
        shape.tile(d, box, tile.openings, tile.obstacle, tile.slide, tile.rival, tile.new)
        for name, on in ((tile.obstacle, bool(tile.obstacle)), ("slide", tile.slide), ("rival", tile.rival)):
            if on:
                marks.symbol(name, box)
        if tile.new:
            marks.symbol("new", box)
    for stack in view.relics:
        box = grid.box(stack.cell)
        shape.relic(d, box, stack.openings, len(stack.names), TEXT)
        marks.symbol("relic", box)
    _draw_walls(d, view, grid)
    for cell in (view.step_cell, *view.chain[-1:]):
        if cell >= 0:
            shape.highlight(d, grid.box(cell))
            marks.symbol("highlight", grid.box(cell))
    _draw_monsters(d, view, grid)
    _draw_pawns(d, view, seats, grid)
    if overlay is not None:
        overlay(d, grid)
    _draw_labels(d, grid)
    y = grid.top + grid.size + GAP
    y = panel.draw_cards(d, view, seats, (MARGIN, y, WIDTH - 2 * MARGIN), TEXT) + GAP
    legend.draw_key(d, entries, (MARGIN, y, WIDTH - 2 * MARGIN), KEY, chosen.inline)
    return image


# --------------------------------------------------------------------------- the labyrinth


def _draw_floor(image: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, grid: Grid) -> None:
    """The empty labyrinth (drawn once per space size, then pasted), cleared again under a monster
    that stands on bare floor; the signs shown are recorded for the phone checks."""
    image.paste(_floor(grid.cell, view.board), (grid.left, grid.top))
    covered = {t.cell for t in view.tiles} | {r.cell for r in view.relics}
    for monster in view.monsters:
        if monster.cell >= 0 and monster.cell not in covered:
            x0, y0, x1, y1 = grid.box(monster.cell)
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=shape.FLOOR)
    if marks.active():
        taken = covered | {m.cell for m in view.monsters}
        for name, cells in _floor_signs(view.board):
            for cell in cells:
                if cell not in taken:
                    marks.symbol(name, grid.box(cell))


def _floor_signs(board: BoardView) -> tuple[tuple[str, Sequence[int]], ...]:
    arrows = [cell for cell in range(len(board.arrows)) if cell != board.exit_cell]
    return (("arrow", arrows), ("relic_space", board.relic_spaces), ("spiral", board.yaoguai))


@lru_cache(maxsize=8)
def _floor(cell: int, board: BoardView) -> Image.Image:
    """The floor of the labyrinth: grid lines, every monster arrow, the Relic spaces and the
    Yaoguai spirals (tiles, Relics and monsters are drawn over it)."""
    size = cell * geo.SIZE
    image = Image.new("RGB", (size + 1, size + 1), shape.FLOOR)
    d = ImageDraw.Draw(image)
    for i in range(geo.SIZE + 1):
        d.line([(i * cell, 0), (i * cell, size)], fill=shape.GRID_LINE, width=1)
        d.line([(0, i * cell), (size, i * cell)], fill=shape.GRID_LINE, width=1)
    grid = Grid(cell, 0, 0)
    for space, direction in enumerate(board.arrows):
        if space != board.exit_cell:
            shape.floor_arrow(d, grid.box(space), direction)
    for space in board.relic_spaces:
        shape.relic_space(d, grid.box(space))
    for space in board.yaoguai:
        shape.spiral(d, grid.box(space))
    return image


def _draw_walls(d: ImageDraw.ImageDraw, view: PublicView, grid: Grid) -> None:
    left, top, size, cell = grid.left, grid.top, grid.size, grid.cell
    mid_x, mid_y = left + size // 2, top + size // 2
    d.rectangle([left - 3, top - 3, left + size + 3, top + size + 3], outline=shape.WALL, width=6)
    d.line([(mid_x, top), (mid_x, top + size)], fill=shape.WALL, width=7)
    d.line([(left, mid_y), (left + size, mid_y)], fill=shape.WALL, width=7)
    for a, b in view.board.archways:
        # An archway is a gap in the wall between its two spaces.
        (ax, ay), (bx, by) = grid.centre(a), grid.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if ay == by:
            d.rectangle([mx - 5, my - cell / 2 + 8, mx + 5, my + cell / 2 - 8], fill=shape.FLOOR)
        else:
            d.rectangle([mx - cell / 2 + 8, my - 5, mx + cell / 2 - 8, my + 5], fill=shape.FLOOR)
    exit_box = grid.box(view.board.exit_cell)
    shape.exit_space(d, exit_box)
    shape.passage(d, exit_box, view.board.exit_open, shape.PASSAGE)
    marks.symbol("exit", exit_box)
    # the way out through the outer wall
    x, y = exit_box[0] + cell / 2, exit_box[3]
    d.rectangle([x - cell * 0.17, y - 4, x + cell * 0.17, y + 6], fill=shape.EXIT_FILL)


def _draw_monsters(d: ImageDraw.ImageDraw, view: PublicView, grid: Grid) -> None:
    """A disc per monster; a second one on the same space sits smaller at its top right."""
    shown: set[int] = set()
    small = max(14, grid.cell // 4)
    for monster in view.monsters:
        if monster.cell < 0:
            continue
        cx, cy = grid.centre(monster.cell)
        if monster.cell in shown:
            shape.monster(d, (cx + grid.cell / 2 - small, cy - grid.cell / 2 + small), small, monster.letter, TEXT)
            continue
        shown.add(monster.cell)
        shape.monster(d, (cx, cy), grid.cell * 0.36, monster.letter, TEXT)


def _draw_pawns(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], grid: Grid) -> None:
    """Pawns in the seats' colours; alone on an obstacle a pawn sits at the end it stands at,
    several share the space in its four corners."""
    by_cell: dict[int, list[int]] = {}
    for pawn in view.seats:
        by_cell.setdefault(pawn.cell, []).append(pawn.seat)
    radius = max(14, grid.cell // 4)
    for cell, sitting in by_cell.items():
        if cell < 0:
            continue
        cx, cy = grid.centre(cell)
        for index, seat in enumerate(sitting):
            side = view.seats[seat].side
            if len(sitting) == 1:
                ox, oy = (v * grid.cell * 0.24 for v in geo.STEP[side]) if side in geo.STEP else (0.0, 0.0)
            else:
                ox, oy = (v * grid.cell / 4 for v in ((-1, -1), (1, 1), (1, -1), (-1, 1))[index % 4])
            colour = shape.SEAT_COLOURS.get(seats[seat].colour if seat < len(seats) else "", shape.SEAT_COLOURS[""])
            shape.pawn(d, (cx + ox, cy + oy), radius, colour)


def _draw_labels(d: ImageDraw.ImageDraw, grid: Grid) -> None:
    for i in range(geo.SIZE):
        x = grid.left + i * grid.cell + grid.cell / 2
        draw_text(d, (x, grid.top - 6), geo.COLUMNS[i], TEXT, LABEL, anchor="ms")
        draw_text(d, (grid.left - 8, grid.top + i * grid.cell + grid.cell / 2), str(i + 1), TEXT, LABEL, anchor="rm")
