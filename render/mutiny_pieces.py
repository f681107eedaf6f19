"""Mutiny's board pieces: its sizes and colours, text in the bundled font, loot cubes, crew dice,
stars, the DMs-closed envelope and seat chips, drawn alike on the map, the mats, the panel and the
key. Each piece a phone reader must make out is recorded (``render.marks``): pieces at least 28 px
across (14 px on a phone), and signs the key explains.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.games.mutiny.i18n import N_, _
from bot.games.mutiny.state import Die, DieKind, Role, Vote
from render import legend, marks
from render.stamps import rounded_rectangle
from render.text import board_name, draw_text, ellipsize, text_length

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]

# ---------------------------------------------------------------- layout
W = 800
PAD = 10
SMALL = 22
"""The smallest text: 11 px on a phone showing the board 400 px wide."""
HEADER_H = 84
"""Two lines: the game and the round, then whose turn it is and until when (or the result)."""
MAP_TOP = HEADER_H
TILE_W, TILE_H, TILE_GAP = 189, 84, 8
MAP_H = 3 * TILE_H + 2 * TILE_GAP + 2 * PAD
MAT_TOP = MAP_TOP + MAP_H + 8
MAT_H, MAT_GAP = 112, 6
PANEL_TOP = MAT_TOP + 4 * MAT_H + 3 * MAT_GAP + 8
PANEL_H = 214
FOOTER_TOP = PANEL_TOP + PANEL_H + 8
FOOTER_H = 46
KEY_TOP = FOOTER_TOP + FOOTER_H
KEY_ROW = 28
KEY_H = 2 * KEY_ROW + 10
H = KEY_TOP + KEY_H
"""1186: no taller than 1:1.5, so a phone shows the whole board."""
CUBE = 30
DIE = 34
PIECE = 28
"""The narrowest piece (a rum barrel, a card): 14 px on a phone."""
ROW_H = 40
"""One line of the panel: a name chip and dice."""

# ---------------------------------------------------------------- colours
BG = (24, 30, 44)
HEADER_BG = (14, 18, 28)
SEA = (38, 120, 178)
SAND = (226, 200, 140)
SAND_DARK = (170, 140, 90)
SAND_INK = (110, 84, 40)
INK = (20, 20, 28)
WHITE = (250, 250, 250)
MUTED = (190, 196, 210)
HILITE = (255, 214, 40)
MAT_BG = (40, 46, 62)
PANEL_BG = (30, 36, 52)
PLAYER: dict[str, Colour] = {
    "Purple": (130, 62, 172),
    "Red": (206, 44, 44),
    "Blue": (36, 96, 212),
    "Brown": (134, 84, 40),
}
SEAT_COLOURS = ("Purple", "Red", "Blue", "Brown")
LOOT: tuple[Colour, ...] = ((246, 246, 246), (246, 140, 22), (250, 208, 30), (58, 168, 64))
LOOT_NAMES = ("sugar", "orange", "gold", "plantain")
"""The loot cubes' colours in the order of ``LOOT``: Sugar, Orange, Gold, Plantain."""
RUM = (120, 66, 24)
RUM_LINE = (200, 150, 90)
RED_DIE = (206, 40, 40)
GREEN_DIE = (40, 150, 60)
D8 = (24, 24, 24)
CANNON = (70, 70, 80)
CANNON_RIM = (255, 150, 40)
CARD = (120, 60, 170)
MUTINY_RED = (255, 110, 110)
DEFEND_BLUE = (130, 180, 255)
MUTINY_TINT = (92, 30, 30)
DEFEND_TINT = (28, 52, 100)
ROLE_WORD = {
    Role.CAPTAIN: N_("CAPTAIN"),
    Role.FIRST_MATE: N_("FIRST MATE"),
    Role.QUARTER_MASTER: N_("QUARTER MASTER"),
    Role.SCOUT: N_("SCOUT"),
}
"""Board words (here and below) are marked with ``N_`` and translated where they are drawn."""
STAT_WORDS = (N_("rum"), N_("crew"), N_("cards"), N_("Infamy"))
KEY = legend.LegendStyle(size=SMALL, row=KEY_ROW, ink=MUTED, edge=INK, gap=18)
VOTE_WORD = {Vote.MUTINY: (N_("YARR! MUTINY"), MUTINY_RED), Vote.DEFEND: (N_("DEFENDS"), DEFEND_BLUE)}


# ---------------------------------------------------------------- primitives


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int = SMALL,
    fill: Colour = WHITE,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> tuple[int, int, int, int]:
    return draw_text(draw, xy, words, size, fill, anchor=anchor, bold=bold)


def fitted(words: str, width: float, size: int) -> tuple[str, int, bool]:
    """Bold at ``size`` (down to 22 px), else regular 22 px, else shortened with "…"."""
    for candidate in range(size, SMALL - 1, -1):
        if text_length(candidate, words, True) <= width:
            return words, candidate, True
    return ellipsize(words, SMALL, width), SMALL, False


def seat_colour(seat: int, seats: Sequence[SeatTag]) -> Colour:
    name = seats[seat].colour if seat < len(seats) and seats[seat].colour else SEAT_COLOURS[seat]
    return PLAYER.get(name, PLAYER[SEAT_COLOURS[seat]])


def seat_name(seats: Sequence[SeatTag], seat: int, width: float, size: int = SMALL, bold: bool = True) -> str:
    tag = seats[seat] if seat < len(seats) else SeatTag(seat, "")
    return board_name(tag.name, tag.colour or SEAT_COLOURS[seat], size, width, bold)


def cube_width(count: int) -> int:
    return max(CUBE, round(text_length(SMALL, str(count), True)) + 10)


def cube(draw: ImageDraw.ImageDraw, x: float, y: float, colour: int, count: int) -> float:
    """A loot cube with its count; returns the x after it."""
    width = cube_width(count)
    box = (x, y, x + width, y + CUBE)
    rounded_rectangle(draw, box, radius=5, fill=LOOT[colour], outline=INK, width=2)
    text(draw, (x + width / 2, y + CUBE / 2), str(count), SMALL, INK, anchor="mm", bold=True)
    marks.piece(box, "loot")
    marks.symbol(LOOT_NAMES[colour], box)
    return x + width + 4


def loot(draw: ImageDraw.ImageDraw, x: float, y: float, counts: Sequence[int], *, all_kinds: bool = False) -> float:
    """Cubes with counts, left to right; returns the x after the last one."""
    for colour, count in enumerate(counts):
        if count or all_kinds:
            x = cube(draw, x, y, colour, count)
    return x


def loot_width(counts: Sequence[int]) -> int:
    return sum(cube_width(n) + 4 for n in counts if n)


DIE_SIGNS = {DieKind.RED: "red_die", DieKind.GREEN: "green_die", DieKind.D8: "d8", DieKind.CANNON: "cannon"}


def die(draw: ImageDraw.ImageDraw, x: float, y: float, face: Die, lost: bool = False) -> float:
    """A die showing its value (or, on a mat, how many dice of that colour); returns the x after it."""
    width = max(DIE, round(text_length(SMALL, str(face.value), True)) + 10)
    shape(draw, (x, y, x + width, y + DIE), face.kind)
    text(draw, (x + width / 2, y + DIE / 2), str(face.value), SMALL, WHITE, anchor="mm", bold=True)
    marks.piece((x, y, x + width, y + DIE), "die")
    marks.symbol(DIE_SIGNS[face.kind], (x, y, x + width, y + DIE))
    if lost:
        draw.line((x - 2, y - 2, x + width + 2, y + DIE + 2), fill=HILITE, width=4)
        draw.line((x - 2, y + DIE + 2, x + width + 2, y - 2), fill=HILITE, width=4)
        marks.symbol("lost", (x, y, x + width, y + DIE))
    return x + width + 4


def shape(draw: ImageDraw.ImageDraw, box: Box, kind: DieKind) -> None:
    """A die's body: red or green crew, the black eight-sided d8, a grey cannon die rimmed orange."""
    fill = {DieKind.RED: RED_DIE, DieKind.GREEN: GREEN_DIE, DieKind.D8: D8, DieKind.CANNON: CANNON}[kind]
    x, y, right, bottom = box
    if kind is DieKind.D8:
        w, h = right - x, bottom - y
        c = min(w, h) / 3.4
        corners = ((c, 0), (w - c, 0), (w, c), (w, h - c), (w - c, h), (c, h), (0, h - c), (0, c))
        draw.polygon([(x + dx, y + dy) for dx, dy in corners], fill=fill, outline=WHITE)
    else:
        rim = CANNON_RIM if kind is DieKind.CANNON else WHITE
        rounded_rectangle(draw, box, radius=6, fill=fill, outline=rim, width=2)


def star_shape(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=HILITE, outline=INK)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Infamy: on a mat its count, on an island its owner, in the final panel the winner."""
    star_shape(draw, cx, cy, r)
    marks.piece((cx - r, cy - r, cx + r, cy + r), "star")
    marks.symbol("star", (cx - r, cy - r, cx + r, cy + r))


def barrel_shape(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, right, bottom = box
    middle = (y + bottom) / 2
    gap = (bottom - y) / 6
    rounded_rectangle(draw, box, radius=(right - x) / 4, fill=RUM, outline=RUM_LINE, width=2)
    draw.line((x, middle - gap, right, middle - gap), fill=RUM_LINE, width=2)
    draw.line((x, middle + gap, right, middle + gap), fill=RUM_LINE, width=2)


def barrel(draw: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """Rum: a barrel (a piece, 28 px across)."""
    _piece(draw, (x, cy - 17, x + PIECE, cy + 17), barrel_shape, "rum")


def _piece(draw: ImageDraw.ImageDraw, box: Box, paint: Callable[[ImageDraw.ImageDraw, Box], None], name: str) -> None:
    """A piece the key explains under ``name``, recorded for the phone checks."""
    paint(draw, box)
    marks.piece(box, name)
    marks.symbol(name, box)


def card_shape(draw: ImageDraw.ImageDraw, box: Box) -> None:
    rounded_rectangle(draw, box, radius=4, fill=CARD, outline=WHITE, width=2)


def card(draw: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """Mystery cards in hand: a purple card (a piece, 28 px across)."""
    _piece(draw, (x, cy - 18, x + PIECE, cy + 18), card_shape, "card")


def envelope_shape(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, right, bottom = box
    top, low = y + (bottom - y) * 0.15, bottom - (bottom - y) * 0.15
    draw.rectangle((x, top, right, low), fill=WHITE, outline=INK, width=2)
    draw.line((x, top, (x + right) / 2, (top + low) / 2, right, top), fill=INK, width=2)
    draw.line((x - 2, bottom, right + 2, y), fill=MUTINY_TINT, width=4)


def envelope(draw: ImageDraw.ImageDraw, x: float, y: float) -> float:
    """Closed DMs: a crossed-out envelope (the font has no 📪)."""
    box = (x, y - 4, x + 30, y + 24)
    envelope_shape(draw, box)
    marks.symbol("no_dms", box)
    return x + 34


def word_tag(draw: ImageDraw.ImageDraw, x: float, cy: float, word: str) -> float:
    """A small dark box with a word (CPU for a computer player); returns the x after it."""
    width = text_length(SMALL, word, True) + 12
    rounded_rectangle(draw, (x, cy - 15, x + width, cy + 15), radius=6, fill=INK)
    text(draw, (x + 6, cy), word, SMALL, MUTED, anchor="lm", bold=True)
    return x + width


def computer_word() -> str:
    """The tag of a computer player's seat."""
    return _("CPU")


def markers_width(tag: SeatTag | None) -> float:
    width = 0.0
    if tag and tag.computer:
        width += text_length(SMALL, computer_word(), True) + 20
    if tag and tag.dms_closed:
        width += 40
    return width
