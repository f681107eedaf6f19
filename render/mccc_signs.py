"""The signs of the Mouse Cheese Cat Cucumber board and its key: the board's colours, the marks
of the last turn (a gold frame on the card placed, blue frames on the cards its cogs turned, the
runs as arrows), the choices waiting (rings, green where the game goes on, red where it ends), a
preview's dashed frame, the final traces, the players' computer and closed-DMs icons, and the key
that explains each one the board shows, drawn as on the board.

The colours are literal: the PNG palette is built from this module's source (``PALETTE_FROM`` in
``render/mccc.py``); at most 40 distinct ones, which the palette keeps exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.games.mccc.i18n import N_, _
from bot.games.mccc.views import PublicView
from render import legend, marks
from render.mccc_tiles import TileInk, draw_cog, draw_stack_mark
from render.stamps import rounded_rectangle

Box = tuple[int, int, int, int]

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
    "mouse": ((150, 155, 165), DARK, N_("Mouse")),
    "cheese": ((250, 205, 60), DARK, N_("Cheese")),
    "cat": ((235, 130, 50), DARK, N_("Cat")),
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

# --------------------------------------------------------------------------- signs on the board


def computer_icon(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """A small screen on a stand: a computer plays this seat."""
    rounded_rectangle(d, [x, cy - 13, x + 30, cy + 7], radius=3, fill=DARK)
    d.rectangle([x + 4, cy - 9, x + 26, cy + 3], fill=INK.cog_ccw)
    d.rectangle([x + 12, cy + 7, x + 18, cy + 11], fill=DARK)
    d.rectangle([x + 6, cy + 11, x + 24, cy + 14], fill=DARK)


def computer_mark(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    computer_icon(d, x, cy)
    marks.symbol("computer", (x, cy - 13, x + 30, cy + 14))


def envelope_icon(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """An envelope crossed out: this player's direct messages are closed."""
    d.rectangle([x, cy - 10, x + 30, cy + 10], fill=WHITE, outline=DARK, width=2)
    d.line([(x, cy - 10), (x + 15, cy + 1), (x + 30, cy - 10)], fill=DARK, width=2)
    d.line([(x - 2, cy + 13), (x + 32, cy - 13)], fill=END_MARK, width=4)


def closed_dms_mark(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    envelope_icon(d, x, cy)
    marks.symbol("no_dms", (x, cy - 13, x + 30, cy + 13))


def turn_mark(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """A gold triangle before the name of the player to play."""
    d.polygon([(x, cy - 11), (x + 14, cy), (x, cy + 11)], fill=PLACED)
    marks.symbol("turn", (x, cy - 11, x + 14, cy + 11))


def winner_mark(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """A gold triangle on a winner's colour disc."""
    d.polygon([(cx, cy - 6), (cx + 6, cy + 6), (cx - 6, cy + 6)], fill=TITLE_ACCENT)
    marks.symbol("winner", (cx - 6, cy - 6, cx + 6, cy + 6))


def arrow(
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


def ring(d: ImageDraw.ImageDraw, centre: tuple[float, float], cell: int, ends: bool) -> None:
    """A destination to choose: green where the game goes on, red where it ends."""
    r = cell * 0.36
    box = (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)
    d.ellipse(box, outline=END_MARK if ends else SAFE_MARK, width=max(5, cell // 22))
    marks.symbol("ring_end" if ends else "ring", box)


def tile_signs(box: Box, edges: Sequence[object], stacked: bool) -> None:
    """Record the cogs, holes and stack mark a card shows (the card picture itself is cached)."""
    for edge in edges:
        cog = getattr(edge, "cog", "")
        if cog:
            marks.symbol("cog_cw" if cog == "cw" else "cog_ccw", box)
        if getattr(edge, "hole", False):
            marks.symbol("hole", box)
    if stacked:
        marks.symbol("stack", box)


# --------------------------------------------------------------------------- the key


def key_entries(view: PublicView, seats: Sequence[SeatTag]) -> list[legend.Entry]:
    """An entry for each sign the board shows, in the order a reader meets them."""
    shown = signs_shown(view, seats)
    return [legend.Entry(name, _(words), symbol=KEY_DRAWERS[name]) for name, words in SIGNS if name in shown]


SIGNS = (
    ("turn", N_("to play")),
    ("winner", N_("winner")),
    ("computer", N_("computer")),
    ("no_dms", N_("DMs off")),
    ("cog_cw", N_("turns ↻")),
    ("cog_ccw", N_("turns ↺")),
    ("stack", N_("stack of 2")),
    ("hole", N_("mouse hole")),
    ("placed", N_("placed last")),
    ("turned", N_("turned by a cog")),
    ("preview", N_("not placed yet")),
    ("run_mouse", N_("Mouse ran")),
    ("run_cat", N_("Cat ran")),
    ("run_end", N_("this run ends the game")),
    ("picked", N_("card chosen")),
    ("ring", N_("can go")),
    ("ring_end", N_("ends the game")),
    ("trace_mouse_cheese", N_("Mouse reaches Cheese")),
    ("trace_cat_mouse", N_("Cat reaches Mouse")),
)
"""Every sign the key may explain (a name of ``render.marks.symbol``) and its words (translated where drawn)."""


def signs_shown(view: PublicView, seats: Sequence[SeatTag]) -> set[str]:
    cards = [*view.maze, *(view.preview.maze if view.preview else ())]
    cards_edges = [edge for card in cards for edge in card.edges] + [e for b in view.belt for e in b.edges]
    shown = {name for name, cog in (("cog_cw", "cw"), ("cog_ccw", "ccw")) if any(e.cog == cog for e in cards_edges)}
    shown |= {"hole"} if any(e.hole for e in cards_edges) else set()
    shown |= {"stack"} if any(card.stacked for card in cards) else set()
    shown |= {"computer"} if any(t.computer for t in seats) else set()
    shown |= {"no_dms"} if any(t.dms_closed for t in seats) else set()
    if not view.solo and seats:
        shown.add("winner" if view.result is not None else "turn")
    if view.preview is not None:
        shown |= {"preview"} | ({"turned"} if view.preview.turned else set())
        moves = view.preview.moves
        single = [m for m in moves if len(m.destinations) == 1]
        shown |= {"run_end" if m.destinations[0].ends else f"run_{m.character}" for m in single}
        shown |= {"ring_end" if d.ends else "ring" for m in moves if len(m.destinations) > 1 for d in m.destinations}
    elif view.last is not None:
        shown |= {"placed"} if view.last.cell else set()
        shown |= {"turned"} if view.last.turned else set()
        shown |= {f"run_{run.character}" for run in view.last.runs if len(run.cells) > 1}
    if view.result is not None and view.result.traced:
        paths = (("trace_mouse_cheese", view.result.mouse_cheese_path), ("trace_cat_mouse", view.result.cat_mouse_path))
        shown |= {name for name, cells in paths if len(cells) > 1}
    shown |= {"ring_end" if d.ends is not None else "ring" for d in view.destinations}
    shown |= {"ring"} if view.cat_options else set()
    shown |= {"picked"} if view.picked and any(b.slot == view.picked for b in view.belt) else set()
    return shown


def _frame_key(colour: tuple[int, int, int], width: int, dashed: bool = False) -> legend.SymbolDrawer:
    def drawn(d: ImageDraw.ImageDraw, box: Box) -> None:
        d.rectangle(box, fill=INK.wall)
        if dashed:
            for x in range(box[0], box[2], 8):
                d.line([(x, box[1] + 1), (min(x + 4, box[2]), box[1] + 1)], fill=colour, width=width)
                d.line([(x, box[3] - 1), (min(x + 4, box[2]), box[3] - 1)], fill=colour, width=width)
            return
        d.rectangle(box, outline=colour, width=width)

    return drawn


def _line_key(colour: tuple[int, int, int]) -> legend.SymbolDrawer:
    def drawn(d: ImageDraw.ImageDraw, box: Box) -> None:
        mid = (box[1] + box[3]) / 2
        arrow(d, [(box[0], mid), (box[2], mid)], colour, 4)

    return drawn


def _ring_key(colour: tuple[int, int, int]) -> legend.SymbolDrawer:
    return lambda d, b: d.ellipse(b, outline=colour, width=4)


def _mid(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


KEY_DRAWERS: dict[str, legend.SymbolDrawer] = {
    "turn": lambda d, b: d.polygon([(b[0] + 6, b[1] + 4), (b[2] - 6, _mid(b)[1]), (b[0] + 6, b[3] - 4)], fill=PLACED),
    "winner": lambda d, b: d.polygon(
        [(_mid(b)[0], b[1] + 4), (b[2] - 4, b[3] - 4), (b[0] + 4, b[3] - 4)], fill=TITLE_ACCENT, outline=DARK
    ),
    "computer": lambda d, b: computer_icon(d, b[0], _mid(b)[1]),
    "no_dms": lambda d, b: envelope_icon(d, b[0], _mid(b)[1]),
    "cog_cw": lambda d, b: draw_cog(d, *_mid(b), (b[3] - b[1]) / 2 - 4, True, INK),
    "cog_ccw": lambda d, b: draw_cog(d, *_mid(b), (b[3] - b[1]) / 2 - 4, False, INK),
    "stack": lambda d, b: draw_stack_mark(d, b[0] + 2, b[1] + 2, b[3] - b[1] - 4, INK),
    "hole": lambda d, b: d.pieslice(
        [b[0], _mid(b)[1] - (b[3] - b[1]) / 2, b[2], _mid(b)[1] + (b[3] - b[1]) / 2],
        180,
        360,
        fill=INK.hole,
        outline=INK.hole_rim,
        width=2,
    ),
    "placed": _frame_key(PLACED, 4),
    "turned": _frame_key(TURNED, 4),
    "preview": _frame_key(PLACED, 3, dashed=True),
    "run_mouse": _line_key(PATH_COLOURS["mouse"]),
    "run_cat": _line_key(PATH_COLOURS["cat"]),
    "run_end": _line_key(END_MARK),
    "picked": _frame_key(PLACED, 4),
    "ring": _ring_key(SAFE_MARK),
    "ring_end": _ring_key(END_MARK),
    "trace_mouse_cheese": _line_key(TRACE_COLOURS["mouse_cheese"]),
    "trace_cat_mouse": _line_key(TRACE_COLOURS["cat_mouse"]),
}
