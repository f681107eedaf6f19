"""Mouse Cheese Cat Cucumber board: the maze on its labelled grid, the players, the Conveyor
Belt, the deck and a legend. Built only from the public view and the seat tags.

Portrait, 1000 px wide: a phone shows it about 400 px wide, so no text is under 28 px here.
The grid shows the maze and one space around it (within the 5 x 5 limit), with the same cell
labels the choices use; cards are drawn by ``render/mccc_tiles.py``. The last move is an
arrow, the card placed last has a gold frame, the cards its cogs turned a blue one. A
placement waiting for confirmation is drawn in place (dashed gold frame) with its cog turns,
the run it forces (dashed arrow) or the spaces it offers (rings; red ones end the game).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.mccc import texts
from bot.games.mccc.views import CardView, Destination, PublicView
from render.mccc_tiles import TileInk, draw_cog, draw_stack_mark, tile
from render.text import board_name, draw_text, ellipsize, fit_size, smallest_size, text_length

# --- layout -----------------------------------------------------------------
WIDTH = 1000
PNG_LEVEL = 4  # re-uploaded on almost every solo move: smaller beats ~2 ms (render/__init__.py)
MARGIN = 24
TEXT = smallest_size(WIDTH)  # 28 px: 11 px on a phone
TITLE_H = 108
PLAYER_ROW = 48
LABEL_MARGIN = 44
BOARD_SIZE = 900
CELL_MAX = 180
BELT_TILE = 150
BELT_PITCH = 190
BELT_H = 44 + BELT_TILE + 64
INFO_LINE = 40
LEGEND_H = 56
BOTTOM = 12

# --- colours (at most 40 distinct ones: the PNG palette keeps that many exactly, in this order) ---
BG = (246, 241, 230)
TITLE_BG = (52, 58, 72)
TITLE_FG = (250, 250, 250)
TITLE_ACCENT = (255, 214, 120)
TITLE_BAD = (255, 150, 140)
DARK = (40, 40, 48)
MUTED = (100, 100, 110)
GRID_LABEL = (70, 70, 80)
EMPTY_FILL = (234, 228, 214)
EMPTY_LINE = (206, 198, 182)
INK = TileInk(
    wall=(62, 66, 80),
    floor=(238, 214, 160),
    frame=(30, 32, 40),
    hole=(30, 32, 40),
    hole_rim=(250, 250, 250),
    cog_cw=(30, 70, 160),
    cog_ccw=(120, 185, 235),
    cog_line=(15, 25, 60),
    card=(250, 250, 250),
)
PLACED = (230, 170, 20)
TURNED = (60, 120, 220)
SAFE_MARK = (40, 150, 60)
END_MARK = (200, 40, 40)
PATH_COLOURS = {"mouse": (90, 90, 200), "cat": (220, 100, 20)}
CHAR_STYLE = {
    "mouse": ((150, 155, 165), DARK, "Mouse"),
    "cheese": ((250, 205, 60), DARK, "Cheese"),
    "cat": ((235, 130, 50), DARK, "Cat"),
}
TRACE_COLOURS = {"mouse_cheese": CHAR_STYLE["cheese"][0], "cat_mouse": END_MARK}
CUCUMBER = ((90, 160, 70), (255, 255, 255))
DECK = ((90, 70, 110), (120, 95, 150), (235, 225, 245))
SEAT_COLOURS = {
    "Purple": (130, 70, 180),
    "Blue": TURNED,
    "Red": END_MARK,
    "Green": SAFE_MARK,
}
"""The registration's seat colours (other colour names get ``NO_COLOUR``)."""
NO_COLOUR = CHAR_STYLE["mouse"][0]
WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Grid:
    """Where the grid's cells are on the image."""

    cols: str
    rows: tuple[int, ...]
    cell: int
    x: int
    y: int

    def box(self, label: str) -> tuple[int, int, int, int] | None:
        col, row = label[0], int(label[1:])
        if col not in self.cols or row not in self.rows:
            return None
        x = self.x + self.cols.index(col) * self.cell
        y = self.y + self.rows.index(row) * self.cell
        return x, y, x + self.cell, y + self.cell

    def centre(self, label: str) -> tuple[float, float] | None:
        b = self.box(label)
        return None if b is None else ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def _players_height(seats: Sequence[SeatTag]) -> int:
    return 16 + PLAYER_ROW * ((len(seats) + 1) // 2) if seats else 0


def _cell_size(view: PublicView) -> int:
    cols, rows = len(view.frame.cols), len(view.frame.rows)
    return int(min(CELL_MAX, BOARD_SIZE / max(cols, 1), BOARD_SIZE / max(rows, 1)))


def _grid_height(view: PublicView) -> int:
    return LABEL_MARGIN + _cell_size(view) * len(view.frame.rows) + 24


def board_height(view: PublicView, seats: Sequence[SeatTag]) -> int:
    middle = _players_height(seats) + _grid_height(view)
    return TITLE_H + middle + BELT_H + 2 * INFO_LINE + LEGEND_H + BOTTOM


# --------------------------------------------------------------------------- title and players


def _title(view: PublicView, seats: Sequence[SeatTag]) -> tuple[str, str, tuple[int, int, int]]:
    line1 = f"Setup {view.setup} · {view.setup_name}" + (" · easier" if view.easier else "")
    if view.result is not None:
        good = bool(view.result.won) if view.solo else True
        return line1, texts.result_headline(view.result, view.solo), TITLE_ACCENT if good else TITLE_BAD
    if view.preview is not None:
        if view.preview.verdict == "loses":
            return line1, "Preview · this placement loses", TITLE_BAD
        return line1, "Preview · not placed until confirmed", TITLE_ACCENT
    if view.solo:
        active = " or ".join(texts.CHAR_TITLES[c] for c in view.active)
        return line1, f"Turn {view.turn} · Active: {active}", TITLE_ACCENT
    return line1, f"Turn {view.turn} · {_seat_name(seats, view.seat, 30, 560)} to play", TITLE_ACCENT


def _seat_name(seats: Sequence[SeatTag], seat: int, size: int, width: float) -> str:
    tag = next((t for t in seats if t.seat == seat), None)
    if tag is None:
        return f"Player {seat + 1}"
    return board_name(tag.name, tag.colour or f"Player {seat + 1}", size, width)


def _draw_title(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    d.rectangle([0, 0, WIDTH, TITLE_H], fill=TITLE_BG)
    line1, line2, colour = _title(view, seats)
    room = WIDTH - 2 * MARGIN
    draw_text(d, (MARGIN, 14), ellipsize(line1, 32, room, bold=True), 32, TITLE_FG, bold=True)
    draw_text(d, (MARGIN, 60), ellipsize(line2, 30, room), 30, colour)


def _computer_mark(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """A small screen on a stand: a computer plays this seat."""
    d.rounded_rectangle([x, cy - 13, x + 30, cy + 7], radius=3, fill=DARK)
    d.rectangle([x + 4, cy - 9, x + 26, cy + 3], fill=INK.cog_ccw)
    d.rectangle([x + 12, cy + 7, x + 18, cy + 11], fill=DARK)
    d.rectangle([x + 6, cy + 11, x + 24, cy + 14], fill=DARK)


def _closed_dms_mark(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """An envelope crossed out: this player's direct messages are closed."""
    d.rectangle([x, cy - 10, x + 30, cy + 10], fill=WHITE, outline=DARK, width=2)
    d.line([(x, cy - 10), (x + 15, cy + 1), (x + 30, cy - 10)], fill=DARK, width=2)
    d.line([(x - 2, cy + 13), (x + 32, cy - 13)], fill=END_MARK, width=4)


def _seat_note(view: PublicView, seat: int) -> str:
    side = next((s.agenda.key for s in view.sides if s.seat == seat), None)
    note = texts.CHAR_TITLES[side] if side else ""
    if view.result is not None and not view.solo and seat < len(view.result.scores):
        points = int(view.result.scores[seat])
        note += (" · " if note else "") + f"{points} pt" + ("" if points == 1 else "s")
    return note


def _draw_players(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], top: int) -> None:
    column = (WIDTH - 2 * MARGIN) // 2
    for index, tag in enumerate(seats):
        x0 = MARGIN + (index % 2) * column
        cy = top + 8 + (index // 2) * PLAYER_ROW + PLAYER_ROW // 2
        if view.result is None and tag.seat == view.seat and not view.solo:
            d.polygon([(x0, cy - 11), (x0 + 14, cy), (x0, cy + 11)], fill=PLACED)
        colour = SEAT_COLOURS.get(tag.colour, NO_COLOUR)
        d.ellipse([x0 + 20, cy - 13, x0 + 46, cy + 13], fill=colour, outline=DARK, width=2)
        if view.result is not None and tag.seat in view.result.winners:
            d.polygon([(x0 + 33, cy - 6), (x0 + 39, cy + 6), (x0 + 27, cy + 6)], fill=TITLE_ACCENT)
        note = _seat_note(view, tag.seat)
        note_width = text_length(TEXT, note) + 12 if note else 0
        marks = 38 * (tag.computer + tag.dms_closed)
        room = column - 56 - marks - note_width - 12
        name = board_name(tag.name, tag.colour or f"Player {tag.seat + 1}", TEXT, room)
        box = draw_text(d, (x0 + 56, cy), name, TEXT, DARK, anchor="lm")
        x = box[2] + 10
        if tag.computer:
            _computer_mark(d, x, cy)
            x += 38
        if tag.dms_closed:
            _closed_dms_mark(d, x, cy)
        if note:
            draw_text(d, (x0 + column - 12, cy), note, TEXT, MUTED, anchor="rm")


# --------------------------------------------------------------------------- the grid


def _grid(view: PublicView, top: int) -> Grid:
    cols, rows = view.frame.cols, view.frame.rows
    cell = _cell_size(view)
    x = MARGIN + LABEL_MARGIN + (BOARD_SIZE - cell * len(cols)) // 2
    return Grid(cols, rows, cell, x, top + LABEL_MARGIN)


def _draw_labels(d: ImageDraw.ImageDraw, grid: Grid) -> None:
    size = max(TEXT, min(34, grid.cell // 4))
    for i, col in enumerate(grid.cols):
        draw_text(
            d, (grid.x + i * grid.cell + grid.cell / 2, grid.y - LABEL_MARGIN / 2), col, size, GRID_LABEL, anchor="mm"
        )
    for i, row in enumerate(grid.rows):
        draw_text(
            d,
            (grid.x - LABEL_MARGIN / 2, grid.y + i * grid.cell + grid.cell / 2),
            str(row),
            size,
            GRID_LABEL,
            anchor="mm",
        )


def _draw_cells(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, grid: Grid) -> None:
    maze = grid_cards(view)
    taken = {card.cell for card in maze} | {cell for _, cell in view.characters.placed()}
    size = max(TEXT, min(34, grid.cell // 4))
    for col in grid.cols:
        for row in grid.rows:
            label = f"{col}{row}"
            b = grid.box(label)
            if label in taken or b is None:
                continue
            d.rectangle([b[0] + 2, b[1] + 2, b[2] - 2, b[3] - 2], fill=EMPTY_FILL, outline=EMPTY_LINE, width=2)
            draw_text(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), label, size, MUTED, anchor="mm")
    for card in maze:
        b = grid.box(card.cell)
        if b is not None:
            img.paste(tile(card.edges, grid.cell, card.stacked, INK), (b[0], b[1]))
    for key, cell in view.characters.placed():
        b = grid.box(cell)
        if b is not None:
            _draw_character(d, b, key)


def _draw_character(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], key: str) -> None:
    fill, ink, word = CHAR_STYLE[key]
    x0, y0, x1, y1 = box
    pad = (x1 - x0) * 0.07
    d.rounded_rectangle(
        [x0 + pad, y0 + pad, x1 - pad, y1 - pad], radius=(x1 - x0) * 0.2, fill=fill, outline=ink, width=3
    )
    room = (x1 - x0) * 0.8
    size = fit_size(word, room, 38, smallest=TEXT, bold=True)
    draw_text(
        d, ((x0 + x1) / 2, (y0 + y1) / 2), ellipsize(word, size, room, bold=True), size, ink, anchor="mm", bold=True
    )


def _frame(
    d: ImageDraw.ImageDraw, grid: Grid, label: str, colour: tuple[int, int, int], width: int, dashed: bool = False
) -> None:
    b = grid.box(label)
    if b is None:
        return
    x0, y0, x1, y1 = b[0] + 2, b[1] + 2, b[2] - 2, b[3] - 2
    if not dashed:
        d.rectangle([x0, y0, x1, y1], outline=colour, width=width)
        return
    dash = max(12, grid.cell // 7)
    half = width / 2
    for start in range(0, x1 - x0, 2 * dash):
        a, z = x0 + start, min(x0 + start + dash, x1)
        d.line([(a, y0 + half), (z, y0 + half)], fill=colour, width=width)
        d.line([(a, y1 - half), (z, y1 - half)], fill=colour, width=width)
    for start in range(0, y1 - y0, 2 * dash):
        a, z = y0 + start, min(y0 + start + dash, y1)
        d.line([(x0 + half, a), (x0 + half, z)], fill=colour, width=width)
        d.line([(x1 - half, a), (x1 - half, z)], fill=colour, width=width)


def _arrow(
    d: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    colour: tuple[int, int, int],
    width: int,
    stop: float = 0.0,
    lead: float = 0.0,
) -> None:
    """A polyline with an arrowhead; ``stop`` pulls the head back from the last point and
    ``lead`` starts the line away from the first (to the edge of a character's card instead
    of over its name)."""
    if len(points) < 2:
        return
    if lead:
        (sx, sy), (nx, ny) = points[0], points[1]
        b = math.atan2(ny - sy, nx - sx)
        points = [(sx + lead * math.cos(b), sy + lead * math.sin(b)), *points[1:]]
    (x0, y0), (x1, y1) = points[-2], points[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    if stop:
        x1, y1 = x1 - stop * math.cos(a), y1 - stop * math.sin(a)
        points = points[:-1] + [(x1, y1)]
    d.line(points, fill=colour, width=width, joint="curve")
    for x, y in points[:-1]:
        d.ellipse([x - width * 0.7, y - width * 0.7, x + width * 0.7, y + width * 0.7], fill=colour)
    head = width * 3.2
    d.polygon(
        [
            (x1 + head * 0.3 * math.cos(a), y1 + head * 0.3 * math.sin(a)),
            (x1 - head * math.cos(a - 0.45), y1 - head * math.sin(a - 0.45)),
            (x1 - head * math.cos(a + 0.45), y1 - head * math.sin(a + 0.45)),
        ],
        fill=colour,
    )


def _route(grid: Grid, cells: Sequence[str], shift: float = 0.0) -> list[tuple[float, float]]:
    points = []
    for cell in cells:
        centre = grid.centre(cell)
        if centre is not None:
            points.append((centre[0] + shift, centre[1] + shift))
    return points


def _ring(d: ImageDraw.ImageDraw, grid: Grid, destination: str, ends: bool) -> None:
    centre = grid.centre(destination)
    if centre is None:
        return
    r = grid.cell * 0.36
    d.ellipse(
        [centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r],
        outline=END_MARK if ends else SAFE_MARK,
        width=max(5, grid.cell // 22),
    )


def _draw_marks(d: ImageDraw.ImageDraw, view: PublicView, grid: Grid) -> None:
    """Frames, arrows and rings: the last turn, a preview, the choices waiting."""
    width = max(5, grid.cell // 18)
    char_cells = {cell for _, cell in view.characters.placed()}
    if view.preview is not None:
        _draw_preview(d, view, grid, width, char_cells)
    elif view.last is not None:
        for turned in view.last.turned:
            _frame(d, grid, turned.cell, TURNED, 5)
        if view.last.cell:
            _frame(d, grid, view.last.cell, PLACED, 7)
        for run in view.last.runs:
            stop = grid.cell * 0.38 if run.cells and run.cells[-1] in char_cells else 0.0
            _arrow(d, _route(grid, run.cells), PATH_COLOURS.get(run.character, DARK), width, stop)
    if view.result is not None and view.result.traced:
        paths = (("mouse_cheese", view.result.mouse_cheese_path), ("cat_mouse", view.result.cat_mouse_path))
        for shift, (key, cells) in zip((-1, 1), paths):
            if len(cells) > 1:
                points = _route(grid, cells, shift * width * 0.9)  # two traces in one corridor stay apart
                _arrow(d, points, TRACE_COLOURS[key], width, stop=grid.cell * 0.38, lead=grid.cell * 0.38)
    for destination in view.destinations:
        _ring(d, grid, destination.cell, destination.ends is not None)
    for cell in view.cat_options:
        _ring(d, grid, cell, False)


def _draw_preview(d: ImageDraw.ImageDraw, view: PublicView, grid: Grid, width: int, char_cells: set[str]) -> None:
    preview = view.preview
    assert preview is not None
    for turned in preview.turned:
        _frame(d, grid, turned.cell, TURNED, 5)
    _frame(d, grid, preview.cell, END_MARK if preview.verdict == "loses" else PLACED, 8, dashed=True)
    for move in preview.moves:
        if len(move.destinations) == 1:
            only: Destination = move.destinations[0]
            stop = grid.cell * 0.38 if only.cell in char_cells else 0.0
            colour = END_MARK if only.ends else PATH_COLOURS.get(move.character, DARK)
            _arrow(d, _route(grid, only.route), colour, width, stop, lead=grid.cell * 0.38)
        else:
            for destination in move.destinations:
                _ring(d, grid, destination.cell, destination.ends is not None)


# --------------------------------------------------------------------------- belt, deck, notes


def _belt_label(slot: int, name: str) -> str:
    shape = name.split(" #", 1)[0].replace("Mouse's Studio", "Studio")
    return f"{slot} · {shape}"


def _draw_belt(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, top: int) -> None:
    d.line([(MARGIN, top - 8), (WIDTH - MARGIN, top - 8)], fill=EMPTY_LINE, width=3)
    draw_text(d, (MARGIN, top), "Conveyor Belt", TEXT, DARK, bold=True)
    y = top + 44
    for entry in view.belt:
        x = MARGIN + (entry.slot - 1) * BELT_PITCH
        if entry.card is not None:
            img.paste(tile(entry.edges, BELT_TILE, False, INK), (x, y))
            label = _belt_label(entry.slot, entry.name)
        else:
            d.rounded_rectangle([x, y, x + BELT_TILE, y + BELT_TILE], radius=18, fill=CUCUMBER[0])
            draw_text(d, (x + BELT_TILE / 2, y + BELT_TILE / 2), "Cucumber", TEXT, CUCUMBER[1], anchor="mm", bold=True)
            label = f"{entry.slot}"
        if view.picked == entry.slot:
            d.rectangle([x - 6, y - 6, x + BELT_TILE + 6, y + BELT_TILE + 6], outline=PLACED, width=6)
        room = BELT_PITCH - 6  # "4 · T-junction" fits; neighbouring labels stay 6 px apart
        draw_text(d, (x + BELT_TILE / 2, y + BELT_TILE + 26), ellipsize(label, TEXT, room), TEXT, DARK, anchor="mm")
    px = MARGIN + 4 * BELT_PITCH + 10
    for k in range(3, 0, -1):
        d.rounded_rectangle(
            [px + k * 5, y + k * 5, px + 110 + k * 5, y + 150 + k * 5],
            radius=12,
            fill=DECK[0],
            outline=DARK,
            width=2,
        )
    d.rounded_rectangle([px, y, px + 110, y + 150], radius=12, fill=DECK[1], outline=DARK, width=3)
    draw_text(d, (px + 55, y + 62), str(view.deck.count), 44, WHITE, anchor="mm", bold=True)
    draw_text(d, (px + 55, y + 112), "left", TEXT, DECK[2], anchor="mm")
    draw_text(d, (px + 62, top + 14), "Maze Deck", TEXT, DARK, anchor="mm", bold=True)


def _notes(view: PublicView) -> tuple[str, str]:
    """Two lines under the belt: the agendas, then what is in force this turn."""
    titles = [a.title.replace("!", "").replace("The ", "") for a in view.agendas]
    if view.solo and view.result is None:
        titles.append(f"{view.deck.agendas_in_deck} hidden")
    if view.solo:
        first = "Agendas: " + (" · ".join(titles) or "none revealed")
    else:
        first = f"Discarded: {view.discarded}" if view.discarded else "Sides stay secret until used or the end"
    extra = []
    if view.effects:
        extra.append("This turn: " + ", ".join(f"{texts.CHAR_TITLES[k]}'s ability" for k in view.effects))
    if view.abilities_ready and view.result is None:
        extra.append("Ready: " + ", ".join(texts.CHAR_TITLES[k] for k in view.abilities_ready))
    if view.outlook.cucumber and view.result is None:
        extra.append(f"Cucumber this turn: {round(view.outlook.cucumber * 100)}%")
    return first, " · ".join(extra)


def _draw_legend(d: ImageDraw.ImageDraw, top: int) -> None:
    """What the cog arrows and the stack mark mean, drawn with the same shapes as the cards."""
    cy = top + LEGEND_H / 2
    x = float(MARGIN)
    for clockwise, word in ((True, "turns ↻"), (False, "turns ↺")):
        draw_cog(d, x + 20, cy, 15, clockwise, INK)
        box = draw_text(d, (x + 46, cy), word, TEXT, DARK, anchor="lm")
        x = box[2] + 28
    draw_stack_mark(d, x, cy - 16, 32, INK)
    box = draw_text(d, (x + 42, cy), "stack of 2", TEXT, DARK, anchor="lm")
    x = box[2] + 28
    d.pieslice([x, cy - 16, x + 32, cy + 16], start=180, end=360, fill=INK.hole, outline=INK.hole_rim, width=2)
    draw_text(d, (x + 42, cy), "mouse hole", TEXT, DARK, anchor="lm")


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    height = board_height(view, seats)
    img = Image.new("RGB", (WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    _draw_title(d, view, seats)
    top = TITLE_H
    if seats:
        _draw_players(d, view, seats, top)
        top += _players_height(seats)
    grid = _grid(view, top)
    _draw_labels(d, grid)
    _draw_cells(img, d, view, grid)
    _draw_marks(d, view, grid)
    top += _grid_height(view)
    _draw_belt(img, d, view, top)
    top += BELT_H
    room = WIDTH - 2 * MARGIN
    for index, line in enumerate(_notes(view)):
        if line:
            draw_text(
                d, (MARGIN, top + index * INFO_LINE), ellipsize(line, TEXT, room), TEXT, DARK if index == 0 else MUTED
            )
    _draw_legend(d, top + 2 * INFO_LINE)
    return img


def grid_cards(view: PublicView) -> tuple[CardView, ...]:
    """The cards the grid shows: the previewed maze while a placement waits for confirmation."""
    return view.preview.maze if view.preview is not None else view.maze
