"""Muggles board: Cache Me If You Can's three boards with the two muggles at the left; at the right
the round, whose turn it is and until when (or the result), the muggles and the supply, the team's
Cache Groups sheet, the players and the key.

800 x 1180 like Cache Me If You Can (no taller than 1:1.5; no text under 22 px, 11 px on a phone).
The squares are drawn by ``render/cmiyc_board.py`` with this module's colours; each muggle is a
magenta arrow pointing the way it faces (a gold dot when it carries a cache). The sheet is drawn by
``render/muggles_panels.py``, the players' panels by ``render/cmiyc_panels.py``. Built only from the
public view and the seat tags.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData
from bot.games.muggles.data import default
from bot.games.muggles.views import MuggleView, PublicView
from render import legend, marks, status
from render.cmiyc_board import (
    BOARD_COLOURS,
    SEAT_COLOURS,
    BoardStyle,
    Layout,
    draw_grid_labels,
    draw_highlight,
    draw_pieces,
    draw_squares,
    signs_shown,
    symbol_legend,
    tile_legend,
    tiles_shown,
    town_legend,
)
from render.cmiyc_panels import PANEL_MODES, PanelStyle, draw_player, player_height
from render.muggles_panels import SheetStyle, banner, draw_sheet
from render.text import draw_text, ellipsize, smallest_size

# --- layout -----------------------------------------------------------------
WIDTH = 800
PALETTE_FROM = ("render.cmiyc_board",)
"""Modules whose colour literals join this renderer's PNG palette (render/__init__.py)."""
TEXT = smallest_size(WIDTH)  # 22 px: 11 px on a phone
SQUARE = 56
PIECE = 30
BOARD_GAP = 6
MARGIN = 10
TOP = 6
LABELS_H = 28
GRID_LEFT = MARGIN + 34
COLUMN_GAP = 14
LINE = 26
SECTION_GAP = 4
PANEL_GAP = 4
TITLE_H = 36
KEY_TITLE = 28
HEIGHT = WIDTH * 3 // 2
"""As tall as a phone shows whole (1:1.5): the column beside the map holds the most here."""
OVERFLOW = 300
"""How much taller a board may grow when a late game of five or six players has more codes to
explain than the column holds (issue 21 point 4 is still open for those)."""
ARROW = 15
"""Half the length of a muggle's arrow."""

# --- colours (literal: the PNG palette is built from this module's source) ------------
BG = (244, 240, 228)
INK = (35, 35, 40)
WHITE = (255, 255, 255)
MUTED = (105, 100, 92)
GRID = (96, 92, 80)
ROAD = (178, 178, 172)
TITLE_BG = (120, 70, 160)
MUGGLE = (200, 40, 150)
MUGGLE_EDGE = (255, 255, 255)
CARRY = (250, 214, 92)
GOOD = (58, 110, 62)
BAD = (185, 40, 40)
PANEL_BG = (252, 250, 243)
PANEL_TURN = (255, 238, 170)
EDGE = (20, 20, 20)
STYLE = BoardStyle(square=SQUARE, gap=BOARD_GAP, label=TEXT, piece=PIECE, colours=BOARD_COLOURS)
PANELS = PanelStyle(text=TEXT, line=LINE, ink=INK, muted=MUTED, bad=BAD, grid=GRID, panel=PANEL_BG, turn=PANEL_TURN)
SHEET = SheetStyle(
    text=TEXT,
    line=LINE,
    ink=INK,
    muted=MUTED,
    good=GOOD,
    bad=BAD,
    grid=GRID,
    panel=PANEL_BG,
    edge=EDGE,
    seat_colours=SEAT_COLOURS,
    no_colour=ROAD,
)
KEY = legend.LegendStyle(size=TEXT, row=LINE, ink=INK, edge=GRID, gap=14)


@cache
def _layout() -> Layout:
    return Layout(default().game, STYLE, GRID_LEFT, TOP + LABELS_H)


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    base = view.base
    image = Image.new("RGB", (WIDTH, HEIGHT + OVERFLOW), BG)
    draw = ImageDraw.Draw(image)
    layout = _layout()
    draw_grid_labels(draw, layout)
    draw_squares(draw, layout, base.tiles, base.bear_awake)
    if base.last_move:
        draw_highlight(draw, layout, base.last_move[-1])
    for muggle in view.muggles:
        _muggle(draw, layout, muggle)
    pieces: dict[str, list[tuple[int, int, int]]] = {}
    for player in base.seats:
        pieces.setdefault(player.square, []).append(_colour(seats, player.seat))
    draw_pieces(draw, layout, pieces)
    left = layout.left + layout.width + COLUMN_GAP
    width = WIDTH - MARGIN - left
    y = _head(draw, view, seats, left, width)
    y = draw_sheet(draw, SHEET, view, seats, (left, y, width)) + SECTION_GAP
    bottom = _players_and_key(draw, default().game, view, seats, (left, y, width))
    return image.crop((0, 0, WIDTH, max(HEIGHT, bottom + MARGIN)))


def _colour(seats: Sequence[SeatTag], seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS.get(status.tag_of(seats, seat).colour, ROAD)


def _head(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], left: int, width: int) -> int:
    """Title, round, whose turn and until when (or the result), the muggles, the supply."""
    base = view.base
    draw.rounded_rectangle((left, TOP, left + width, TOP + TITLE_H), radius=6, fill=TITLE_BG)
    draw_text(draw, (left + 8, TOP + TITLE_H // 2), "Muggles!", TEXT, WHITE, anchor="lm", bold=True)
    y = TOP + TITLE_H + 4
    if base.over:
        result = banner(view)
        height = status.banner_height(result, TEXT, width, LINE, 8, limit=4)
        box = (left, y, left + width, y + height)
        return status.draw_banner(draw, result, box, TEXT, LINE, (GOOD, BAD, WHITE), limit=4) + SECTION_GAP
    lines = [("Set-up" if base.round == 0 else f"Round {base.round}/{base.round_limit}", INK, True)]
    if view.muggle_phase:
        lines.append(("The muggles move", MUGGLE, False))
    elif base.awaiting:
        label = "Turn: " if base.awaiting == (base.turn,) else "Waiting for: "
        who = status.names(seats, base.awaiting, TEXT, width - 140)
        lines.append((label + who, INK, False))
    deadline = status.deadline_of(seats, base.awaiting)
    if deadline is not None:
        lines.append(("  " + status.deadline_words(deadline), INK, False))
        status.draw_clock(draw, (left + 10, y + (len(lines) - 1) * LINE + LINE // 2), 10, INK)
    for muggle in view.muggles:
        carried = default().game.kinds[muggle.carrying].code if muggle.carrying else "nothing"
        name = muggle.name.replace(" Woods muggle", "")
        lines.append((f"{name} muggle at {muggle.square}: {carried}", MUGGLE, False))
    trades = f"trades {view.trades_left}" if base.players > 1 else _coin_trade(view)
    supply = f"Stock {base.stock} · coins {base.coin_stack} · {trades}"
    lines.append((supply, INK if base.stock else BAD, False))
    for words, colour, bold in lines:
        shown = ellipsize(words, TEXT, width - (20 if words.startswith("  ") else 0), bold)
        box = draw_text(draw, (left, y + LINE // 2), shown, TEXT, colour, anchor="lm", bold=bold)
        if colour == MUGGLE and ":" in words and not words.endswith("nothing"):
            marks.code(words.rsplit(" ", 1)[1], box)
        y += LINE
    return y + SECTION_GAP


def _coin_trade(view: PublicView) -> str:
    return "coin trade used" if view.coin_trade_used else "coin trade open"


def _players_and_key(
    draw: ImageDraw.ImageDraw, data: GameData, view: PublicView, seats: Sequence[SeatTag], place: tuple[int, int, int]
) -> int:
    left, y, width = place
    base = view.base
    layout = _layout()
    town = town_legend(layout)
    carried = [m.carrying for m in view.muggles if m.carrying]
    signs = signs_shown(base.tiles, base.bear_awake, bool(base.last_move), layout)
    entries = tile_legend(layout, tiles_shown(base.tiles, base.seats, carried)) + symbol_legend(layout, signs)
    entries.append(legend.Entry("muggle", "muggle", symbol=_muggle_key))
    if any(g.carried for g in view.groups):
        entries.append(legend.Entry("M", "muggles carry", ink=BAD))
    bottom = HEIGHT - MARGIN
    key_height = KEY_TITLE + legend.height(town, width, KEY) + legend.height(entries, width, KEY)
    extras = {p.seat: _events(data, view, p.seat) for p in base.seats}

    def panels(mode: str) -> int:
        return sum(player_height(PANELS, data, p, width, mode, extras[p.seat]) + PANEL_GAP for p in base.seats)

    mode = next((m for m in PANEL_MODES if y + panels(m) + key_height <= bottom), PANEL_MODES[-1])
    for player in base.seats:
        tag = status.tag_of(seats, player.seat)
        place_at = (left, y, width)
        score = f"{view.flipped[player.seat]} flipped"
        highlighted = player.seat in base.awaiting and not base.over
        colour = _colour(seats, player.seat)
        y = draw_player(
            draw, PANELS, data, player, tag, colour, place_at, highlighted, mode, score, extras[player.seat]
        )
        y += PANEL_GAP
    draw_text(draw, (left, y + KEY_TITLE // 2), "Key", TEXT, INK, anchor="lm", bold=True)
    y = legend.draw_legend(draw, town, left, y + KEY_TITLE, width, KEY)
    return legend.draw_legend(draw, entries, left, y, width, KEY, room=bottom - y)


def _events(data: GameData, view: PublicView, seat: int) -> tuple[str, ...]:
    names = {e.kind: e.name for e in data.events}
    return tuple(names[k] for k in view.events[seat])


ARROW_TIPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _arrow(draw: ImageDraw.ImageDraw, centre: tuple[float, float], facing: str, size: float) -> None:
    cx, cy = centre
    dx, dy = ARROW_TIPS[facing]
    tip = (cx + dx * size, cy + dy * size)
    back = (cx - dx * size, cy - dy * size)
    side = (-dy * size * 0.9, dx * size * 0.9)
    points = [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]
    draw.polygon(points, fill=MUGGLE, outline=MUGGLE_EDGE, width=2)


def _muggle(draw: ImageDraw.ImageDraw, layout: Layout, muggle: MuggleView) -> None:
    """An arrow in the lower part of the square, pointing the way the muggle faces."""
    x0, y0, x1, y1 = layout.box(muggle.square)
    cx, cy = (x0 + x1) / 2, y0 + (y1 - y0) * 0.62
    _arrow(draw, (cx, cy), muggle.facing, ARROW)
    marks.piece((cx - ARROW, cy - ARROW, cx + ARROW, cy + ARROW), "muggle")
    marks.symbol("muggle", (x0, y0, x1, y1))
    if muggle.carrying:
        r = 5
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CARRY, outline=INK)


def _muggle_key(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    _arrow(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "E", (box[3] - box[1]) / 2 - 1)
