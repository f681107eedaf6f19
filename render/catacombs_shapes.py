"""The shapes of the Catacombs of Mu board, drawn alike on the labyrinth and in its key: passages,
tiles and their obstacles, Relic tiles, monsters, pawns, the floor's arrows, Relic spaces and
Yaoguai spirals, and the explorers' tokens (health, bullets, carried Relics, items).

Every shape is sized by the box it is drawn in (a 58 px space of the board, a 24 px key), so the
key shows a sign as the board does. The colours are literal: the PNG palette is built from this
module's source (``PALETTE_FROM`` in ``render/catacombs.py``).
"""

from __future__ import annotations

from PIL import ImageDraw

from bot.games.catacombs import geometry as geo
from bot.games.catacombs.i18n import _p
from render import marks
from render.stamps import rounded_rectangle
from render.text import draw_text

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]

BACKGROUND = (38, 34, 30)
FLOOR = (92, 84, 72)
GRID_LINE = (76, 69, 59)
ARROW = (122, 112, 96)
WALL = (18, 16, 14)
EXIT_FILL = (70, 150, 90)
TILE_FILL = (206, 188, 152)
PASSAGE = (112, 84, 52)
CHEVRON = (236, 220, 180)
GAP = (24, 20, 18)
FLOOD = (64, 128, 210)
RIPPLE = (200, 230, 255)
RUBBLE = (150, 150, 150)
RED = (210, 52, 52)
RIVAL_RIM = RED
NEW_RIM = (250, 210, 60)
RELIC_FILL = (222, 184, 64)
RELIC_PASSAGE = (150, 108, 28)
RELIC_GEM = (190, 36, 100)
RELIC_SPACE = (170, 146, 72)
YAOGUAI = (150, 104, 190)
MONSTER = (150, 28, 28)
WHITE = (255, 255, 255)
PAWN_RIM = WALL
HIGHLIGHT = (120, 220, 255)
HEART = RED
BRASS = (214, 170, 60)
EMPTY_TOKEN = (90, 82, 72)
SEAT_COLOURS = {
    "Red": RED,
    "Blue": (60, 110, 225),
    "Green": (60, 170, 80),
    "Yellow": NEW_RIM,
    "": (200, 200, 200),
}


def item_letter(key: str) -> str:
    """The letter an item's square shows: its name's first letter in the reader's language."""
    letters = {
        "whip": _p("item letter", "W"),
        "pickaxe": _p("item letter", "P"),
        "kayak": _p("item letter", "K"),
        "ammunition": _p("item letter", "A"),
        "torch": _p("item letter", "T"),
        "first_aid": "+",
    }
    return letters.get(key, "?")


ITEM_NAMES = {
    "whip": "Whip",
    "pickaxe": "Pickaxe",
    "kayak": "Kayak",
    "ammunition": "Ammunition",
    "torch": "Torch",
    "first_aid": "First Aid",
}
ITEM_COLOURS = {
    "whip": RELIC_PASSAGE,
    "pickaxe": (110, 110, 124),
    "kayak": (64, 128, 210),
    "ammunition": (176, 132, 30),
    "torch": (222, 106, 30),
    "first_aid": RED,
}
ITEM_BOX = (66, 60, 52)


def _centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _inset(box: Box, by: float) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


# --------------------------------------------------------------------------- the floor


def floor_arrow(d: ImageDraw.ImageDraw, box: Box, direction: str) -> None:
    """A grey arrow: where a monster on this space goes."""
    cx, cy = _centre(box)
    size = box[2] - box[0]
    dx, dy = geo.STEP[direction]
    tip, back, half = size * 0.19, size * 0.12, size * 0.14
    points = [
        (cx + dx * tip, cy + dy * tip),
        (cx - dx * back - dy * half, cy - dy * back + dx * half),
        (cx - dx * back + dy * half, cy - dy * back - dx * half),
    ]
    d.polygon(points, fill=ARROW)


def relic_space(d: ImageDraw.ImageDraw, box: Box) -> None:
    """Dashed gold lines at the top and the bottom: a Relic's starting space."""
    x0, y0, x1, y1 = _inset(box, 3)
    dash = max(3.0, (x1 - x0) / 11)
    width = max(2, round(dash / 2))
    x = x0
    while x < x1:
        end = min(x + dash, x1)
        d.line([(x, y0), (end, y0)], fill=RELIC_SPACE, width=width)
        d.line([(x, y1), (end, y1)], fill=RELIC_SPACE, width=width)
        x += 2 * dash


def spiral(d: ImageDraw.ImageDraw, box: Box) -> None:
    """A purple spiral: a space Yaoguai sends tiles to."""
    size = box[2] - box[0]
    r = size * 0.2
    cx, cy = box[0] + size * 0.3, box[1] + size * 0.3
    width = max(2, round(size / 20))
    d.arc([cx - r, cy - r, cx + r, cy + r], 30, 330, fill=YAOGUAI, width=width)
    d.ellipse([cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35], fill=YAOGUAI)


def exit_space(d: ImageDraw.ImageDraw, box: Box) -> None:
    d.rectangle(_inset(box, 1), fill=EXIT_FILL)


# --------------------------------------------------------------------------- tiles


def passage(d: ImageDraw.ImageDraw, box: Box, openings: str, colour: Colour) -> None:
    """The passage of a tile from its middle to each open side (a dead end's round end)."""
    cx, cy = _centre(box)
    size = box[2] - box[0]
    half = size * 0.17
    for direction in openings:
        dx, dy = geo.STEP[direction]
        ex, ey = cx + dx * size / 2, cy + dy * size / 2
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


def tile(
    d: ImageDraw.ImageDraw,
    box: Box,
    openings: str,
    obstacle: str = "",
    slide: bool = False,
    rival: bool = False,
    new: bool = False,
) -> None:
    """A passage tile: sandstone with a brown passage, its obstacle, slide chevrons and rims."""
    size = box[2] - box[0]
    d.rectangle(_inset(box, max(1, size / 30)), fill=TILE_FILL)
    passage(d, box, openings, PASSAGE)
    if slide:
        for offset in (-0.17, 0.1):
            _chevron(d, box, openings[1], offset)
    if obstacle == "gulch":
        _across(d, box, openings, GAP, 0.15)
    elif obstacle == "flooded":
        _across(d, box, openings, FLOOD, 0.24)
    elif obstacle == "cave_in":
        cx, cy = _centre(box)
        for ox, oy, r in ((-0.12, -0.08, 0.12), (0.1, -0.05, 0.1), (-0.02, 0.1, 0.12), (0.13, 0.13, 0.07)):
            x, y, radius = cx + ox * size, cy + oy * size, r * size
            d.ellipse([x - radius, y - radius, x + radius, y + radius], fill=RUBBLE, outline=PAWN_RIM)
    if rival:
        d.rectangle(_inset(box, max(2, size / 20)), outline=RIVAL_RIM, width=max(2, round(size / 15)))
    if new:
        d.rectangle(_inset(box, 1), outline=NEW_RIM, width=max(2, round(size / 30)))


def _chevron(d: ImageDraw.ImageDraw, box: Box, towards: str, offset: float) -> None:
    """A light V along a slide, pointing the way it slides."""
    cx, cy = _centre(box)
    size = box[2] - box[0]
    dx, dy = geo.STEP[towards]
    px, py = cx + dx * offset * size, cy + dy * offset * size
    arm = size * 0.12
    tip = (px + dx * arm, py + dy * arm)
    width = max(2, round(size / 20))
    d.line([(px - dy * arm, py + dx * arm), tip, (px + dy * arm, py - dx * arm)], fill=CHEVRON, width=width)


def _across(d: ImageDraw.ImageDraw, box: Box, openings: str, colour: Colour, depth: float) -> None:
    """A band across the passage at the middle of the tile (a square patch on a bend), with a
    light streak: a crack in a Gulch, a ripple on a Flooded Passage."""
    cx, cy = _centre(box)
    size = box[2] - box[0]
    half, deep = size * 0.26, size * depth / 2
    if openings == "NS":
        band = (cx - half, cy - deep, cx + half, cy + deep)
    elif openings == "EW":
        band = (cx - deep, cy - half, cx + deep, cy + half)
    else:
        band = (cx - half, cy - half, cx + half, cy + half)
    d.rectangle(band, fill=colour)
    streak = CHEVRON if colour == GAP else RIPPLE
    points = [(band[0] + 3, cy + 2), (cx, cy - 2), (band[2] - 3, cy + 2)]
    d.line(points, fill=streak, width=max(1, round(size / 30)))


def relic(d: ImageDraw.ImageDraw, box: Box, openings: str, count: int = 1, text: int = 0) -> None:
    """A Relic tile: gold with its passage and a gem; ``×2`` on a stack of two (``text``: its size)."""
    d.rectangle(_inset(box, 1), fill=RELIC_FILL, outline=PAWN_RIM)
    passage(d, box, openings, RELIC_PASSAGE)
    cx, cy = _centre(box)
    size = box[2] - box[0]
    w, h = size * 0.14, size * 0.18
    d.polygon([(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)], fill=RELIC_GEM, outline=PAWN_RIM)
    if count > 1 and text:
        draw_text(d, (box[0] + 3, box[1] + 1), f"×{count}", text, PAWN_RIM, anchor="la", bold=True)


def highlight(d: ImageDraw.ImageDraw, box: Box) -> None:
    """A light blue frame: the tile just played, or the space a decision is about."""
    d.rectangle(_inset(box, -1), outline=HIGHLIGHT, width=3)


# --------------------------------------------------------------------------- pieces


def monster(
    d: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, letter: str, text: int, on_board: bool = True
) -> None:
    """A red disc with the monster's letter: on the board a piece, and a code the key explains."""
    cx, cy = centre
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    d.ellipse(box, fill=MONSTER, outline=WHITE, width=2)
    drawn = draw_text(d, (cx, cy + 1), letter, text, WHITE, anchor="mm", bold=True)
    if on_board:
        marks.piece(box, "monster")
        marks.code(letter, drawn)


def pawn(d: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    cx, cy = centre
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    d.ellipse(box, fill=colour, outline=PAWN_RIM, width=3)
    marks.piece(box, "pawn")


# --------------------------------------------------------------------------- tokens


def heart(d: ImageDraw.ImageDraw, x: float, cy: float, size: float, full: bool) -> None:
    """A health point (grey when lost)."""
    colour = HEART if full else EMPTY_TOKEN
    r = size / 4
    d.ellipse([x, cy - 2 * r, x + 2 * r, cy], fill=colour)
    d.ellipse([x + 2 * r, cy - 2 * r, x + 4 * r, cy], fill=colour)
    d.polygon([(x + 0.2 * r, cy - 0.6 * r), (x + 3.8 * r, cy - 0.6 * r), (x + 2 * r, cy + 2 * r)], fill=colour)


def bullet(d: ImageDraw.ImageDraw, x: float, cy: float, size: float, full: bool) -> None:
    """A bullet (grey when spent): a brass cartridge standing up, its round tip on top."""
    colour = BRASS if full else EMPTY_TOKEN
    w = size * 0.45
    d.ellipse([x, cy - size / 2, x + w, cy - size / 2 + w], fill=colour)
    d.rectangle([x, cy - size / 2 + w / 2, x + w, cy + size / 2], fill=colour)


def gem(d: ImageDraw.ImageDraw, x: float, cy: float, size: float) -> None:
    """A Relic carried (face down: others see how many, not which)."""
    w, h = size * 0.4, size / 2
    d.polygon([(x + w, cy - h), (x + 2 * w, cy), (x + w, cy + h), (x, cy)], fill=RELIC_GEM, outline=RELIC_FILL)


def item(d: ImageDraw.ImageDraw, box: Box, key: str, text: int) -> None:
    """An item in an explorer's equipment: its letter on its colour (a code the key explains)."""
    rounded_rectangle(d, box, radius=5, fill=ITEM_COLOURS.get(key, ITEM_BOX))
    letter = item_letter(key)
    drawn = draw_text(d, _centre(box), letter, text, WHITE, anchor="mm", bold=True)
    marks.code(letter, drawn)
