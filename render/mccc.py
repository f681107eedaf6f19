"""Mouse Cheese Cat Cucumber board: the title (setup, whose turn and until when, or the result),
the players, the maze on its labelled grid, the Conveyor Belt, the deck, the notes and a key.
Built only from the public view and the seat tags.

Portrait, 1000 px wide and at most 1500 tall (1:1.5, so a phone shows it whole, about 400 px
wide): no text is under 28 px here. The grid shows the maze and one space around it (within the
5 x 5 limit), with the same cell labels the choices use, in spaces of up to 156 px (smaller when
the key needs the room); cards are drawn by ``render/mccc_tiles.py``, the signs of the last turn,
a preview and the choices waiting (frames, arrows, rings) and the key by ``render/mccc_signs.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.mccc import texts, words
from bot.games.mccc.i18n import _, _n
from bot.games.mccc.views import CardView, Destination, PublicView
from render import legend, marks, status
from render.mccc_signs import (
    BG,
    CHAR_STYLE,
    CUCUMBER,
    DARK,
    DECK,
    EMPTY_FILL,
    EMPTY_LINE,
    END_MARK,
    GRID_LABEL,
    INK,
    MUTED,
    NO_COLOUR,
    PATH_COLOURS,
    PLACED,
    SEAT_COLOURS,
    TITLE_ACCENT,
    TITLE_BAD,
    TITLE_BG,
    TITLE_FG,
    TRACE_COLOURS,
    TURNED,
    WHITE,
    arrow,
    closed_dms_mark,
    computer_mark,
    key_entries,
    ring,
    tile_signs,
    turn_mark,
    winner_mark,
)
from render.mccc_tiles import tile
from render.stamps import rounded_rectangle
from render.text import board_name, draw_text, ellipsize, fit_size, smallest_size, text_length

# --- layout -----------------------------------------------------------------
WIDTH = 1000
PALETTE_FROM = ("render.mccc_signs",)
"""The module whose colour literals join this renderer's PNG palette (render/__init__.py)."""
MARGIN = 24
TEXT = smallest_size(WIDTH)  # 28 px: 11 px on a phone
TITLE_H = 108
PLAYER_ROW = 48
LABEL_MARGIN = 44
BOARD_SIZE = 780
"""The grid's side at most (5 spaces of 156 px): the board stays within 1:1.5 with the key."""
CELL_MAX = 156
BELT_TILE = 140
BELT_PITCH = 190
BELT_H = 40 + BELT_TILE + 56
INFO_LINE = 38
TALLEST = WIDTH * 3 // 2
KEY = legend.LegendStyle(size=TEXT, row=40, ink=DARK, edge=EMPTY_LINE, gap=24)
BOTTOM = 12


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


@dataclass(frozen=True)
class Layout:
    """How the board is divided: the size of a grid space, and the heights of the parts."""

    cell: int
    players: int
    notes: int
    key: int

    def grid_height(self, view: PublicView) -> int:
        return LABEL_MARGIN + self.cell * len(view.frame.rows) + 16

    def height(self, view: PublicView) -> int:
        return TITLE_H + self.players + self.grid_height(view) + BELT_H + self.notes + self.key + BOTTOM


def layout(view: PublicView, seats: Sequence[SeatTag], entries: Sequence[legend.Entry]) -> Layout:
    """The largest spaces (up to 156 px) that keep the board within 1:1.5 with everything below."""
    notes = INFO_LINE * sum(1 for line in _notes(view) if line)
    found = Layout(CELL_MAX, _players_height(seats), notes, _key_height(entries))
    cols, rows = len(view.frame.cols), len(view.frame.rows)
    cell = min(CELL_MAX, BOARD_SIZE / max(cols, 1), BOARD_SIZE / max(rows, 1))
    spare = TALLEST - Layout(0, found.players, notes, found.key).height(view)
    return Layout(int(min(cell, spare / max(rows, 1))), found.players, notes, found.key)


def _key_height(entries: Sequence[legend.Entry]) -> int:
    return legend.key_height(entries, WIDTH - 2 * MARGIN, KEY)


# --------------------------------------------------------------------------- title and players


def _title(view: PublicView, seats: Sequence[SeatTag]) -> tuple[str, str, tuple[int, int, int]]:
    line1 = _("Turn {turn} · Setup {number} · {name}").format(
        turn=view.turn, number=view.setup, name=texts.setup_line(view)
    ) + (" · " + _("easier") if view.easier else "")
    if view.result is not None:
        if view.solo:
            good = bool(view.result.won)
            return line1, texts.result_headline(view.result, view.solo), TITLE_ACCENT if good else TITLE_BAD
        return line1, _winners(view, seats), TITLE_ACCENT
    if view.preview is not None:
        if view.preview.verdict == "loses":
            return line1, _("Preview · this placement loses"), TITLE_BAD
        return line1, _("Preview · not placed until confirmed"), TITLE_ACCENT
    if view.solo:
        active = words.either(view.active, words.title)
        return line1, _("Active: {characters}").format(characters=active), TITLE_ACCENT
    return line1, _("{player} to play").format(player=_seat_name(seats, view.seat, 30, 560)), TITLE_ACCENT


def _winners(view: PublicView, seats: Sequence[SeatTag]) -> str:
    """ "Winner: Ann · The Cucumber did it!": who won, and the agenda (or the reason) that decided."""
    result = view.result
    assert result is not None
    why = texts.result_reason(result, False)
    label = _n("Winner: {names}", "Winners: {names}", len(result.winners))
    room = WIDTH - 2 * MARGIN - text_length(30, label.format(names="") + " · " + why) - 20
    return label.format(names=status.names(seats, result.winners, 30, max(room, 200))) + " · " + why


def _seat_name(seats: Sequence[SeatTag], seat: int, size: int, width: float) -> str:
    tag = next((t for t in seats if t.seat == seat), None)
    if tag is None:
        return _player(seat)
    return board_name(tag.name, tag.colour or _player(seat), size, width)


def _player(seat: int) -> str:
    return _("Player {number}").format(number=seat + 1)


def _draw_title(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    """The setup, then whose turn it is (and until when) or the preview's verdict or the result."""
    d.rectangle([0, 0, WIDTH, TITLE_H], fill=TITLE_BG)
    line1, line2, colour = _title(view, seats)
    room = WIDTH - 2 * MARGIN
    draw_text(d, (MARGIN, 14), ellipsize(line1, 32, room, bold=True), 32, TITLE_FG, bold=True)
    deadline = None if view.result is not None else status.deadline_of(seats, _waiting(view, seats))
    if deadline is not None:
        left = WIDTH - MARGIN - round(status.deadline_width(deadline, TEXT))
        status.draw_deadline(d, (left, 78), deadline, TEXT, TITLE_FG)
        room = left - 20 - MARGIN
    draw_text(d, (MARGIN, 60), ellipsize(line2, 30, room), 30, colour)


def _waiting(view: PublicView, seats: Sequence[SeatTag]) -> list[int]:
    """The seat the game waits on: the player to play (alone: the only seat)."""
    return [view.seat] if not view.solo else [t.seat for t in seats[:1]]


def _seat_note(view: PublicView, seat: int) -> str:
    side = next((s.agenda.key for s in view.sides if s.seat == seat), None)
    note = words.title(side) if side else ""
    if view.result is not None and not view.solo and seat < len(view.result.scores):
        points = int(view.result.scores[seat])
        note += (" · " if note else "") + _n("{n} pt", "{n} pts", points).format(n=points)
    return note


def _draw_players(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], top: int) -> None:
    column = (WIDTH - 2 * MARGIN) // 2
    for index, tag in enumerate(seats):
        x0 = MARGIN + (index % 2) * column
        cy = top + 8 + (index // 2) * PLAYER_ROW + PLAYER_ROW // 2
        if view.result is None and tag.seat == view.seat and not view.solo:
            turn_mark(d, x0, cy)
        colour = SEAT_COLOURS.get(tag.colour, NO_COLOUR)
        d.ellipse([x0 + 20, cy - 13, x0 + 46, cy + 13], fill=colour, outline=DARK, width=2)
        if view.result is not None and tag.seat in view.result.winners and not view.solo:
            winner_mark(d, x0 + 33, cy)
        note = _seat_note(view, tag.seat)
        note_width = text_length(TEXT, note) + 12 if note else 0
        icons = 38 * (tag.computer + tag.dms_closed)
        room = column - 56 - icons - note_width - 12
        name = board_name(tag.name, tag.colour or _player(tag.seat), TEXT, room)
        box = draw_text(d, (x0 + 56, cy), name, TEXT, DARK, anchor="lm")
        x = box[2] + 10
        if tag.computer:
            computer_mark(d, x, cy)
            x += 38
        if tag.dms_closed:
            closed_dms_mark(d, x, cy)
        if note:
            draw_text(d, (x0 + column - 12, cy), note, TEXT, MUTED, anchor="rm")


# --------------------------------------------------------------------------- the grid


def grid_of(view: PublicView, seats: Sequence[SeatTag]) -> Grid:
    """Where the grid's spaces are on the board drawn for ``view`` and ``seats``."""
    return _grid(view, layout(view, seats, key_entries(view, seats)), TITLE_H + _players_height(seats))


def _grid(view: PublicView, plan: Layout, top: int) -> Grid:
    cols, rows = view.frame.cols, view.frame.rows
    cell = plan.cell
    x = (WIDTH - LABEL_MARGIN - cell * len(cols)) // 2 + LABEL_MARGIN
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
    taken = {card.cell for card in maze} | {cell for _key, cell in view.characters.placed()}
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
            tile_signs(b, card.edges, card.stacked)
    for key, cell in view.characters.placed():
        b = grid.box(cell)
        if b is not None:
            _draw_character(d, b, key)
            marks.piece(b, key)


def _draw_character(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], key: str) -> None:
    fill, ink, name = CHAR_STYLE[key]
    word = _(name)
    x0, y0, x1, y1 = box
    pad = (x1 - x0) * 0.07
    rounded_rectangle(
        d, [x0 + pad, y0 + pad, x1 - pad, y1 - pad], radius=(x1 - x0) * 0.2, fill=fill, outline=ink, width=3
    )
    room = (x1 - x0) * 0.8
    size = fit_size(word, room, 38, smallest=TEXT, bold=True)
    draw_text(
        d, ((x0 + x1) / 2, (y0 + y1) / 2), ellipsize(word, size, room, bold=True), size, ink, anchor="mm", bold=True
    )


def _frame(
    d: ImageDraw.ImageDraw,
    grid: Grid,
    label: str,
    colour: tuple[int, int, int],
    width: int,
    sign: str,
    dashed: bool = False,
) -> None:
    b = grid.box(label)
    if b is None:
        return
    marks.symbol(sign, b)
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


def _route(grid: Grid, cells: Sequence[str], shift: float = 0.0) -> list[tuple[float, float]]:
    points = []
    for cell in cells:
        centre = grid.centre(cell)
        if centre is not None:
            points.append((centre[0] + shift, centre[1] + shift))
    return points


def _draw_marks(d: ImageDraw.ImageDraw, view: PublicView, grid: Grid) -> None:
    """Frames, arrows and rings: the last turn, a preview, the choices waiting."""
    width = max(5, grid.cell // 18)
    char_cells = {cell for _key, cell in view.characters.placed()}
    if view.preview is not None:
        _draw_preview(d, view, grid, width, char_cells)
    elif view.last is not None:
        for turned in view.last.turned:
            _frame(d, grid, turned.cell, TURNED, 5, "turned")
        if view.last.cell:
            _frame(d, grid, view.last.cell, PLACED, 7, "placed")
        for run in view.last.runs:
            stop = grid.cell * 0.38 if run.cells and run.cells[-1] in char_cells else 0.0
            _run(d, _route(grid, run.cells), PATH_COLOURS.get(run.character, DARK), width, f"run_{run.character}", stop)
    if view.result is not None and view.result.traced:
        paths = (("mouse_cheese", view.result.mouse_cheese_path), ("cat_mouse", view.result.cat_mouse_path))
        for shift, (key, cells) in zip((-1, 1), paths):
            if len(cells) > 1:
                points = _route(grid, cells, shift * width * 0.9)  # two traces in one corridor stay apart
                lead = grid.cell * 0.38
                _run(d, points, TRACE_COLOURS[key], width, f"trace_{key}", stop=lead, lead=lead)
    for destination in view.destinations:
        _ring(d, grid, destination.cell, destination.ends is not None)
    for cell in view.cat_options:
        _ring(d, grid, cell, False)


def _ring(d: ImageDraw.ImageDraw, grid: Grid, cell: str, ends: bool) -> None:
    centre = grid.centre(cell)
    if centre is not None:
        ring(d, centre, grid.cell, ends)


def _run(
    d: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    colour: tuple[int, int, int],
    width: int,
    sign: str,
    stop: float = 0.0,
    lead: float = 0.0,
) -> None:
    """An arrow along a run or a trace, recorded as the sign the key explains."""
    if len(points) > 1:
        arrow(d, points, colour, width, stop, lead)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        marks.symbol(sign, (min(xs), min(ys), max(xs), max(ys)))


def _draw_preview(d: ImageDraw.ImageDraw, view: PublicView, grid: Grid, width: int, char_cells: set[str]) -> None:
    preview = view.preview
    assert preview is not None
    for turned in preview.turned:
        _frame(d, grid, turned.cell, TURNED, 5, "turned")
    _frame(d, grid, preview.cell, END_MARK if preview.verdict == "loses" else PLACED, 8, "preview", dashed=True)
    for move in preview.moves:
        if len(move.destinations) == 1:
            only: Destination = move.destinations[0]
            stop = grid.cell * 0.38 if only.cell in char_cells else 0.0
            colour = END_MARK if only.ends else PATH_COLOURS.get(move.character, DARK)
            sign = "run_end" if only.ends else f"run_{move.character}"
            _run(d, _route(grid, only.route), colour, width, sign, stop, lead=grid.cell * 0.38)
        else:
            for destination in move.destinations:
                _ring(d, grid, destination.cell, destination.ends is not None)


# --------------------------------------------------------------------------- belt, deck, notes


def _belt_label(slot: int, name: str) -> str:
    shape = name.split(" #", 1)[0].replace(_("Mouse's Studio"), _("Studio"))
    return f"{slot} · {shape}"


def _belt_tile(top: int, slot: int) -> tuple[int, int, int, int]:
    """Where the card in belt slot ``slot`` (1-4) is, under a belt whose heading is at ``top``."""
    x, y = MARGIN + (slot - 1) * BELT_PITCH, top + 44
    return x, y, x + BELT_TILE, y + BELT_TILE


def belt_box(view: PublicView, seats: Sequence[SeatTag], slot: int) -> tuple[int, int, int, int]:
    """Where belt slot ``slot`` is on the board drawn for ``view`` and ``seats``."""
    plan = layout(view, seats, key_entries(view, seats))
    return _belt_tile(TITLE_H + plan.players + plan.grid_height(view), slot)


def _draw_belt(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, top: int) -> None:
    d.line([(MARGIN, top - 8), (WIDTH - MARGIN, top - 8)], fill=EMPTY_LINE, width=3)
    draw_text(d, (MARGIN, top), _("Conveyor Belt"), TEXT, DARK, bold=True)
    y = top + 44
    for entry in view.belt:
        x = _belt_tile(top, entry.slot)[0]
        if entry.card is not None:
            img.paste(tile(entry.edges, BELT_TILE, False, INK), (x, y))
            tile_signs((x, y, x + BELT_TILE, y + BELT_TILE), entry.edges, False)
            label = _belt_label(entry.slot, entry.name)
        else:
            rounded_rectangle(d, [x, y, x + BELT_TILE, y + BELT_TILE], radius=18, fill=CUCUMBER[0])
            centre = (x + BELT_TILE / 2, y + BELT_TILE / 2)
            draw_text(d, centre, words.title("cucumber"), TEXT, CUCUMBER[1], anchor="mm", bold=True, condensed=True)
            label = f"{entry.slot}"
        if view.picked == entry.slot:
            d.rectangle([x - 6, y - 6, x + BELT_TILE + 6, y + BELT_TILE + 6], outline=PLACED, width=6)
            marks.symbol("picked", (x, y, x + BELT_TILE, y + BELT_TILE))
        room = BELT_PITCH - 6  # "4 · T-junction" fits; neighbouring labels stay 6 px apart
        # A longer name (German "Sackgasse") is drawn condensed rather than cut.
        condensed = text_length(TEXT, label) > room and text_length(TEXT, label, condensed=True) <= room
        shown = label if condensed else ellipsize(label, TEXT, room)
        centre = (x + BELT_TILE / 2, y + BELT_TILE + 26)
        draw_text(d, centre, shown, TEXT, DARK, anchor="mm", condensed=condensed)
    px = MARGIN + 4 * BELT_PITCH + 10
    for k in range(3, 0, -1):
        rounded_rectangle(
            d,
            [px + k * 5, y + k * 5, px + 110 + k * 5, y + 150 + k * 5],
            radius=12,
            fill=DECK[0],
            outline=DARK,
            width=2,
        )
    rounded_rectangle(d, [px, y, px + 110, y + 150], radius=12, fill=DECK[1], outline=DARK, width=3)
    draw_text(d, (px + 55, y + 62), str(view.deck.count), 44, WHITE, anchor="mm", bold=True)
    draw_text(d, (px + 55, y + 112), _("left"), TEXT, DECK[2], anchor="mm")
    draw_text(d, (px + 62, top + 14), _("Maze Deck"), TEXT, DARK, anchor="mm", bold=True)


def agenda_short(key: str) -> str:
    """A revealed agenda in the notes: its title without article and exclamation mark."""
    return {
        "mouse": _("Mouse did it"),
        "cheese": _("Cheese did it"),
        "cat": _("Cat did it"),
        "cucumber": _("Cucumber did it"),
    }[key]


def _notes(view: PublicView) -> tuple[str, str]:
    """Two lines under the belt: the agendas, then what is in force this turn."""
    titles = [agenda_short(a.key) for a in view.agendas]
    if view.solo and view.result is None:
        titles.append(_("{n} hidden").format(n=view.deck.agendas_in_deck))
    if view.solo:
        first = _("Agendas: {agendas}").format(agendas=" · ".join(titles) or _("none revealed"))
    elif view.discarded:
        first = _("Discarded: {card}").format(card=view.discarded)
    else:
        first = _("Sides stay secret until used or the end")
    extra = []
    if view.effects:
        extra.append(_("This turn: {abilities}").format(abilities=", ".join(words.ability_of(k) for k in view.effects)))
    if view.abilities_ready and view.result is None:
        ready = ", ".join(words.title(k) for k in view.abilities_ready)
        extra.append(_("Ready: {characters}").format(characters=ready))
    if view.outlook.cucumber and view.result is None:
        percent = round(view.outlook.cucumber * 100)
        extra.append(_("Cucumber this turn: {percent}%").format(percent=percent))
    return first, " · ".join(extra)


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    entries = key_entries(view, seats)
    plan = layout(view, seats, entries)
    img = Image.new("RGB", (WIDTH, plan.height(view)), BG)
    d = ImageDraw.Draw(img)
    _draw_title(d, view, seats)
    top = TITLE_H
    if seats:
        _draw_players(d, view, seats, top)
        top += plan.players
    grid = _grid(view, plan, top)
    _draw_labels(d, grid)
    _draw_cells(img, d, view, grid)
    _draw_marks(d, view, grid)
    top += plan.grid_height(view)
    _draw_belt(img, d, view, top)
    top += BELT_H
    room = WIDTH - 2 * MARGIN
    for index, line in enumerate(line for line in _notes(view) if line):
        colour = DARK if index == 0 else MUTED
        draw_text(d, (MARGIN, top), ellipsize(line, TEXT, room), TEXT, colour)
        top += INFO_LINE
    legend.draw_key(d, entries, (MARGIN, top + 4, room), KEY)
    return img


def grid_cards(view: PublicView) -> tuple[CardView, ...]:
    """The cards the grid shows: the previewed maze while a placement waits for confirmation."""
    return view.preview.maze if view.preview is not None else view.maze
