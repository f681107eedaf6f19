"""The Catacombs of Mu board: the 12 x 12 labyrinth on top, the explorers below.

Read on a phone about 400 px wide: the board is 780 px wide, so every text is at least 22 px
(``smallest_size``). Cells are 60 px, too small for words, so shapes and colours carry the
board: sandstone tiles with brown passages, a dark gap for a Gulch, grey rubble for a Cave In,
blue water for a Flooded Passage, chevrons on a Slide, a red rim on a Rival Dead End, gold
Relic tiles, red monster discs with their letter, pawns in the seats' colours. The panel below
spells out what shapes cannot: health, bullets, equipment and Relics of every explorer.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.views import PublicView, TileView
from render.text import board_name, draw_text, ellipsize, smallest_size, text_length

WIDTH = 780
TEXT = smallest_size(WIDTH)  # 22 px: 11 px on a phone
CELL = 60
LEFT = 44
TOP = 40
PANEL_GAP = 12
MARGIN = 18
HEADER_H = 40
SEAT_H = 84
LEGEND_H = 32

BACKGROUND = (38, 34, 30)
FLOOR = (92, 84, 72)
GRID_LINE = (76, 69, 59)
ARROW = (122, 112, 96)
WALL = (18, 16, 14)
ARCHWAY = (92, 84, 72)
EXIT_FILL = (70, 150, 90)
TILE_FILL = (206, 188, 152)
PASSAGE = (112, 84, 52)
CHEVRON = (236, 220, 180)
GAP = (24, 20, 18)
FLOOD = (64, 128, 210)
RUBBLE = (150, 150, 150)
RIVAL_RIM = (200, 48, 40)
NEW_RIM = (250, 210, 60)
RELIC_FILL = (222, 184, 64)
RELIC_PASSAGE = (150, 108, 28)
RELIC_GEM = (190, 36, 100)
RELIC_SPACE = (170, 146, 72)
YAOGUAI = (150, 104, 190)
MONSTER = (150, 28, 28)
MONSTER_TEXT = (255, 255, 255)
PAWN_RIM = (20, 18, 16)
HIGHLIGHT = (120, 220, 255)
LABEL = (214, 204, 186)
INK = (236, 228, 214)
MUTED = (170, 160, 146)
HEART = (220, 60, 70)
BRASS = (214, 170, 60)
EMPTY_TOKEN = (90, 82, 72)
ITEM_BOX = (66, 60, 52)
TURN_MARK = (250, 210, 60)
SEAT_COLOURS = {
    "Red": (210, 52, 52),
    "Blue": (60, 110, 225),
    "Green": (60, 170, 80),
    "Yellow": (240, 210, 50),
    "": (200, 200, 200),
}
ITEM_LETTERS = {"whip": "W", "pickaxe": "P", "kayak": "K", "ammunition": "A", "torch": "T", "first_aid": "+"}
ITEM_COLOURS = {
    "whip": (150, 100, 50),
    "pickaxe": (130, 130, 140),
    "kayak": (64, 128, 210),
    "ammunition": (214, 170, 60),
    "torch": (236, 120, 40),
    "first_aid": (210, 52, 52),
}

BOARD = CELL * geo.SIZE
PATH = CELL * 0.34
"""Width of a passage on a tile."""


def _origin(cell: int) -> tuple[int, int]:
    return LEFT + (cell % geo.SIZE) * CELL, TOP + (cell // geo.SIZE) * CELL


def _centre(cell: int) -> tuple[float, float]:
    x, y = _origin(cell)
    return x + CELL / 2, y + CELL / 2


# --------------------------------------------------------------------------- the empty board


def _draw_floor(d: ImageDraw.ImageDraw, view: PublicView) -> None:
    d.rectangle([LEFT, TOP, LEFT + BOARD, TOP + BOARD], fill=FLOOR)
    for i in range(geo.SIZE + 1):
        d.line([(LEFT + i * CELL, TOP), (LEFT + i * CELL, TOP + BOARD)], fill=GRID_LINE, width=1)
        d.line([(LEFT, TOP + i * CELL), (LEFT + BOARD, TOP + i * CELL)], fill=GRID_LINE, width=1)
    taken = {t.cell for t in view.tiles} | {r.cell for r in view.relics} | {m.cell for m in view.monsters}
    for cell, direction in enumerate(view.board.arrows):
        if cell not in taken and cell != view.board.exit_cell:
            _arrow(d, cell, direction)
    for cell in view.board.relic_spaces:
        if cell not in taken:
            x, y = _origin(cell)
            for k in range(0, CELL - 8, 10):
                d.line([(x + 4 + k, y + 4), (x + 9 + k, y + 4)], fill=RELIC_SPACE, width=3)
                d.line([(x + 4 + k, y + CELL - 4), (x + 9 + k, y + CELL - 4)], fill=RELIC_SPACE, width=3)
    for cell in view.board.yaoguai:
        if cell not in taken:
            x, y = _origin(cell)
            d.arc([x + 5, y + 5, x + 23, y + 23], 30, 330, fill=YAOGUAI, width=3)
            d.ellipse([x + 11, y + 11, x + 17, y + 17], fill=YAOGUAI)


def _arrow(d: ImageDraw.ImageDraw, cell: int, direction: str) -> None:
    cx, cy = _centre(cell)
    dx, dy = geo.STEP[direction]
    tip = (cx + dx * 11, cy + dy * 11)
    back = (cx - dx * 7, cy - dy * 7)
    side = (-dy * 8, dx * 8)
    d.polygon([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], fill=ARROW)


def _draw_walls(d: ImageDraw.ImageDraw, view: PublicView) -> None:
    half = LEFT + BOARD // 2, TOP + BOARD // 2
    d.rectangle([LEFT - 3, TOP - 3, LEFT + BOARD + 3, TOP + BOARD + 3], outline=WALL, width=6)
    d.line([(half[0], TOP), (half[0], TOP + BOARD)], fill=WALL, width=7)
    d.line([(LEFT, half[1]), (LEFT + BOARD, half[1])], fill=WALL, width=7)
    for a, b in view.board.archways:
        # An archway is a gap in the wall between its two spaces.
        (ax, ay), (bx, by) = _centre(a), _centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if ay == by:
            d.rectangle([mx - 5, my - CELL / 2 + 8, mx + 5, my + CELL / 2 - 8], fill=ARCHWAY)
        else:
            d.rectangle([mx - CELL / 2 + 8, my - 5, mx + CELL / 2 - 8, my + 5], fill=ARCHWAY)
    exit_cell = view.board.exit_cell
    x, y = _origin(exit_cell)
    d.rectangle([x + 1, y + 1, x + CELL - 1, y + CELL - 1], fill=EXIT_FILL)
    _passage(d, exit_cell, view.board.exit_open, PASSAGE)
    # the way out through the outer wall
    d.rectangle([x + CELL / 2 - PATH / 2, y + CELL - 4, x + CELL / 2 + PATH / 2, y + CELL + 6], fill=EXIT_FILL)


# --------------------------------------------------------------------------- tiles


def _passage(d: ImageDraw.ImageDraw, cell: int, openings: str, colour: tuple[int, int, int]) -> None:
    cx, cy = _centre(cell)
    half = PATH / 2
    for direction in openings:
        dx, dy = geo.STEP[direction]
        ex, ey = cx + dx * CELL / 2, cy + dy * CELL / 2
        d.rectangle(
            [
                min(cx, ex) - half * (dx == 0),
                min(cy, ey) - half * (dy == 0),
                max(cx, ex) + half * (dx == 0),
                max(cy, ey) + half * (dy == 0),
            ],
            fill=colour,
        )
    if len(openings) == 1:
        d.ellipse([cx - half, cy - half, cx + half, cy + half], fill=colour)
    else:
        d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=colour)


def _draw_tile(d: ImageDraw.ImageDraw, tile: TileView) -> None:
    x, y = _origin(tile.cell)
    d.rectangle([x + 2, y + 2, x + CELL - 2, y + CELL - 2], fill=TILE_FILL)
    _passage(d, tile.cell, tile.openings, PASSAGE)
    cx, cy = _centre(tile.cell)
    if tile.slide:
        first, second = tile.openings[0], tile.openings[1]
        for k in (-10, 6):
            _chevron(d, cx, cy, first, second, k)
    if tile.obstacle == "gulch":
        _across(d, tile, GAP, 9)
    elif tile.obstacle == "flooded":
        _across(d, tile, FLOOD, 14)
    elif tile.obstacle == "cave_in":
        for ox, oy, r in ((-7, -5, 7), (6, -3, 6), (-1, 6, 7), (8, 8, 4)):
            d.ellipse([cx + ox - r, cy + oy - r, cx + ox + r, cy + oy + r], fill=RUBBLE, outline=PAWN_RIM)
    if tile.rival:
        d.rectangle([x + 3, y + 3, x + CELL - 3, y + CELL - 3], outline=RIVAL_RIM, width=4)
    if tile.new:
        d.rectangle([x + 1, y + 1, x + CELL - 1, y + CELL - 1], outline=NEW_RIM, width=2)


def _chevron(d: ImageDraw.ImageDraw, cx: float, cy: float, a: str, b: str, offset: int) -> None:
    """A light chevron along the slide (drawn as a V pointing along the passage)."""
    dx, dy = geo.STEP[b]
    px, py = cx + dx * offset, cy + dy * offset
    side = (-dy * 7, dx * 7)
    tip = (px + dx * 7, py + dy * 7)
    d.line([(px + side[0], py + side[1]), tip, (px - side[0], py - side[1])], fill=CHEVRON, width=3)


def _across(d: ImageDraw.ImageDraw, tile: TileView, colour: tuple[int, int, int], depth: int) -> None:
    """A band across the passage at the middle of the tile (a square patch on a bend), with a
    light streak: a crack in a Gulch, a ripple on a Flooded Passage."""
    cx, cy = _centre(tile.cell)
    half = PATH / 2 + 5
    if tile.openings == "NS":
        box = [cx - half, cy - depth / 2, cx + half, cy + depth / 2]
    elif tile.openings == "EW":
        box = [cx - depth / 2, cy - half, cx + depth / 2, cy + half]
    else:
        box = [cx - half, cy - half, cx + half, cy + half]
    d.rectangle(box, fill=colour)
    streak = CHEVRON if colour == GAP else (200, 230, 255)
    d.line([(box[0] + 3, cy + 2), ((box[0] + box[2]) / 2, cy - 2), (box[2] - 3, cy + 2)], fill=streak, width=2)


def _draw_relic(d: ImageDraw.ImageDraw, cell: int, openings: str, count: int) -> None:
    x, y = _origin(cell)
    d.rectangle([x + 2, y + 2, x + CELL - 2, y + CELL - 2], fill=RELIC_FILL, outline=PAWN_RIM)
    _passage(d, cell, openings, RELIC_PASSAGE)
    cx, cy = _centre(cell)
    d.polygon([(cx, cy - 10), (cx + 8, cy), (cx, cy + 10), (cx - 8, cy)], fill=RELIC_GEM, outline=PAWN_RIM)
    for k in range(1, count):
        d.ellipse([x + 5 + (k - 1) * 9, y + 5, x + 12 + (k - 1) * 9, y + 12], fill=RELIC_GEM)


def _draw_monsters(d: ImageDraw.ImageDraw, view: PublicView) -> None:
    shown: set[int] = set()
    for monster in view.monsters:
        if monster.cell < 0:
            continue
        cx, cy = _centre(monster.cell)
        if monster.cell in shown:
            d.ellipse([cx + 12, cy - 26, cx + 26, cy - 12], fill=MONSTER, outline=MONSTER_TEXT, width=2)
            continue
        shown.add(monster.cell)
        r = CELL * 0.36
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=MONSTER, outline=MONSTER_TEXT, width=2)
        draw_text(d, (cx, cy + 1), monster.letter, TEXT, MONSTER_TEXT, anchor="mm", bold=True)


PAWN_SPOTS = ((-12, -12), (12, 12), (12, -12), (-12, 12))


def _draw_pawns(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag]) -> None:
    by_cell: dict[int, list[int]] = {}
    for pawn in view.seats:
        by_cell.setdefault(pawn.cell, []).append(pawn.seat)
    for cell, sitting in by_cell.items():
        cx, cy = _centre(cell)
        for index, seat in enumerate(sitting):
            pawn = view.seats[seat]
            if len(sitting) == 1 and pawn.side in geo.STEP:
                ox, oy = (v * 14 for v in geo.STEP[pawn.side])
            elif len(sitting) == 1:
                ox = oy = 0
            else:
                ox, oy = PAWN_SPOTS[index % 4]
            colour = SEAT_COLOURS.get(seats[seat].colour if seat < len(seats) else "", SEAT_COLOURS[""])
            r = 11 if len(sitting) > 1 else 13
            d.ellipse([cx + ox - r, cy + oy - r, cx + ox + r, cy + oy + r], fill=colour, outline=PAWN_RIM, width=3)


def _draw_labels(d: ImageDraw.ImageDraw, view: PublicView) -> None:
    for i in range(geo.SIZE):
        draw_text(d, (LEFT + i * CELL + CELL / 2, TOP - 6), geo.COLUMNS[i], TEXT, LABEL, anchor="ms")
        draw_text(d, (LEFT - 8, TOP + i * CELL + CELL / 2), str(i + 1), TEXT, LABEL, anchor="rm")
    ex, _ = _centre(view.board.exit_cell)
    draw_text(d, (ex, TOP + BOARD + 10), "EXIT", TEXT, EXIT_FILL, anchor="mt", bold=True)


def _highlight(d: ImageDraw.ImageDraw, view: PublicView) -> None:
    for cell in (view.step_cell, *view.chain[-1:]):
        if cell >= 0:
            x, y = _origin(cell)
            d.rectangle([x - 1, y - 1, x + CELL + 1, y + CELL + 1], outline=HIGHLIGHT, width=3)


def board_height(view: PublicView) -> int:
    return TOP + BOARD + 44 + PANEL_GAP + panel_height(view)


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    image = Image.new("RGB", (WIDTH, board_height(view)), BACKGROUND)
    d = ImageDraw.Draw(image)
    _draw_floor(d, view)
    for tile in view.tiles:
        _draw_tile(d, tile)
    for stack in view.relics:
        _draw_relic(d, stack.cell, stack.openings, len(stack.names))
    _draw_walls(d, view)
    _highlight(d, view)
    _draw_monsters(d, view)
    _draw_pawns(d, view, seats)
    _draw_labels(d, view)
    draw_panel(d, view, seats, TOP + BOARD + 44 + PANEL_GAP)
    return image


# --------------------------------------------------------------------------- the explorers


def panel_height(view: PublicView) -> int:
    legend_rows = (len(view.monsters) + 1) // 2
    return HEADER_H + SEAT_H * len(view.seats) + LEGEND_H * legend_rows + 16


def _header(view: PublicView) -> str:
    if view.mode == "competitive":
        goal = f"escape with {view.relics_to_win} Relics"
    else:
        goal = f"{view.exit_relics}/{view.relic_count} Relics at the Exit"
    rounds = f"Round {view.round}/{view.round_limit}" if view.round_limit else f"Round {view.round}"
    return f"{rounds} · {goal}"


def _heart(d: ImageDraw.ImageDraw, x: float, cy: float, full: bool) -> None:
    colour = HEART if full else EMPTY_TOKEN
    d.ellipse([x, cy - 8, x + 10, cy + 2], fill=colour)
    d.ellipse([x + 8, cy - 8, x + 18, cy + 2], fill=colour)
    d.polygon([(x + 1, cy - 1), (x + 17, cy - 1), (x + 9, cy + 10)], fill=colour)


def _bullet(d: ImageDraw.ImageDraw, x: float, cy: float, full: bool) -> None:
    d.rounded_rectangle([x, cy - 10, x + 9, cy + 10], radius=4, fill=BRASS if full else EMPTY_TOKEN)


def _gem(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    d.polygon([(x + 9, cy - 11), (x + 18, cy), (x + 9, cy + 11), (x, cy)], fill=RELIC_GEM, outline=RELIC_FILL)


def _item(d: ImageDraw.ImageDraw, x: float, cy: float, key: str) -> None:
    d.rounded_rectangle([x, cy - 16, x + 32, cy + 16], radius=5, fill=ITEM_COLOURS.get(key, ITEM_BOX))
    draw_text(d, (x + 16, cy + 1), ITEM_LETTERS.get(key, "?"), TEXT, MONSTER_TEXT, anchor="mm", bold=True)


def _word_box(d: ImageDraw.ImageDraw, x: float, cy: float, word: str) -> float:
    """A small dark box with a word (CPU for a computer player, DMs off); returns the x after it."""
    width = text_length(TEXT, word) + 12
    d.rounded_rectangle([x, cy - 15, x + width, cy + 15], radius=5, fill=ITEM_BOX)
    draw_text(d, (x + 6, cy), word, TEXT, INK, anchor="lm")
    return x + width + 8


def _seat_line(d: ImageDraw.ImageDraw, view: PublicView, tag: SeatTag, cy: float) -> None:
    pawn = view.seats[tag.seat]
    if tag.seat in view.acting or (not view.acting and tag.seat == view.turn and not view.over):
        d.polygon([(MARGIN, cy - 11), (MARGIN + 14, cy), (MARGIN, cy + 11)], fill=TURN_MARK)
    colour = SEAT_COLOURS.get(tag.colour, SEAT_COLOURS[""])
    d.ellipse([MARGIN + 22, cy - 14, MARGIN + 50, cy + 14], fill=colour, outline=PAWN_RIM, width=3)
    role = pawn.character_name or "choosing…"
    if tag.seat in view.winners:
        role += " · winner"
    role_width = text_length(TEXT, role)
    marks = [w for w, on in (("CPU", tag.computer), ("DMs off", tag.dms_closed)) if on]
    marks_width = sum(text_length(TEXT, w) + 20 for w in marks)
    room = WIDTH - 2 * MARGIN - 60 - role_width - marks_width - 20
    name = board_name(tag.name, tag.colour or f"Player {tag.seat + 1}", TEXT, max(room, 40), bold=True)
    box = draw_text(d, (MARGIN + 60, cy), name, TEXT, INK, anchor="lm", bold=True)
    x: float = box[2] + 10
    for word in marks:
        x = _word_box(d, x, cy, word)
    draw_text(d, (WIDTH - MARGIN, cy), role, TEXT, MUTED, anchor="rm")


def _token_line(d: ImageDraw.ImageDraw, view: PublicView, tag: SeatTag, cy: float) -> None:
    pawn = view.seats[tag.seat]
    x: float = MARGIN + 60
    for i in range(pawn.health_cap):
        _heart(d, x, cy, i < pawn.health)
        x += 22
    x += 10
    for i in range(pawn.bullet_cap):
        _bullet(d, x, cy, i < pawn.bullets)
        x += 14
    x += 12
    for _ in range(pawn.relics):
        _gem(d, x, cy)
        x += 22
    x += 6 if pawn.relics else 0
    for key in pawn.items:
        _item(d, x, cy, key)
        x += 38
    notes = [f"hand {pawn.hand}"]
    if pawn.skip:
        notes.append(f"skips {pawn.skip}")
    text = " · ".join(notes)
    right = WIDTH - MARGIN
    draw_text(d, (right, cy), ellipsize(text, TEXT, max(right - x - 8, 30)), TEXT, MUTED, anchor="rm")


def draw_panel(d: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], top: int) -> None:
    draw_text(d, (MARGIN, top + HEADER_H / 2), _header(view), TEXT, INK, anchor="lm", bold=True)
    if view.mode != "competitive" and view.exit_relics:
        draw_text(d, (WIDTH - MARGIN, top + HEADER_H / 2), f"{view.exit_relics} at Exit", TEXT, EXIT_FILL, anchor="rm")
    y = top + HEADER_H
    for index in range(len(view.seats)):
        tag = seats[index] if index < len(seats) else SeatTag(index, f"Player {index + 1}")
        d.line([(MARGIN, y + 2), (WIDTH - MARGIN, y + 2)], fill=GRID_LINE, width=1)
        _seat_line(d, view, tag, y + 24)
        _token_line(d, view, tag, y + 60)
        y += SEAT_H
    column = (WIDTH - 2 * MARGIN) // 2
    for index, monster in enumerate(view.monsters):
        x = MARGIN + (index % 2) * column
        cy = y + 10 + (index // 2) * LEGEND_H + LEGEND_H / 2
        d.ellipse([x, cy - 13, x + 26, cy + 13], fill=MONSTER)
        draw_text(d, (x + 13, cy + 1), monster.letter, TEXT, MONSTER_TEXT, anchor="mm", bold=True)
        label = ellipsize(f"{monster.name} · moves {monster.movement}", TEXT, column - 40)
        draw_text(d, (x + 34, cy), label, TEXT, LABEL, anchor="lm")
