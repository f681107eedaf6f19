"""Muggles board: Cache Me If You Can's three boards with the two muggles, then the team's Cache
Groups sheet and one panel per player.

Portrait, 640 px wide (a phone shows it about 400 px wide, so no text is under 18 px here). The
squares are drawn by ``render/cmiyc_board.py`` with this module's colours; each muggle is a
magenta arrow pointing the way it faces (a gold dot when it carries a cache). Beside each Wooded
board: its muggle and what it carries; beside the Town: the stock, the decks and the team's trades.
Below: the Cache Groups sheet (``render/muggles_panels.py``) and the players. Built only from the
public view and the seat tags.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.muggles import texts
from bot.games.muggles.data import default
from bot.games.muggles.views import MuggleView, PublicView
from render.cmiyc_board import (
    BOARD_COLOURS,
    SEAT_COLOURS,
    BoardStyle,
    Layout,
    draw_grid_labels,
    draw_highlight,
    draw_pieces,
    draw_squares,
)
from render.muggles_panels import PanelStyle, draw_groups, draw_players, groups_height, players_height
from render.text import draw_text, smallest_size

# --- layout -----------------------------------------------------------------
WIDTH = 640
PALETTE_FROM = ("render.cmiyc_board",)
"""Modules whose colour literals join this renderer's PNG palette (render/__init__.py)."""
TEXT = smallest_size(WIDTH)  # 18 px: 11 px on a phone
SQUARE = 54
BOARD_GAP = 8
GRID_LEFT = 44
TITLE_H = 44
LABELS_H = 26
SIDE_GAP = 14
LINE = 22
SECTION_GAP = 12
MARGIN = 12
BOTTOM = 10
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
TITLE_ACCENT = (255, 214, 120)
MUGGLE = (200, 40, 150)
MUGGLE_EDGE = (255, 255, 255)
CARRY = (250, 214, 92)
GOOD = (58, 110, 62)
BAD = (185, 40, 40)
PANEL_BG = (252, 250, 243)
PANEL_TURN = (255, 238, 170)
STYLE = BoardStyle(square=SQUARE, gap=BOARD_GAP, label=TEXT, colours=BOARD_COLOURS)
PANELS = PanelStyle(
    width=WIDTH,
    margin=MARGIN,
    text=TEXT,
    line=LINE,
    ink=INK,
    muted=MUTED,
    good=GOOD,
    bad=BAD,
    grid=GRID,
    panel=PANEL_BG,
    turn=PANEL_TURN,
    edge=(20, 20, 20),
    seat_colours=SEAT_COLOURS,
    no_colour=ROAD,
)


def board_height(view: PublicView, seats: Sequence[SeatTag]) -> int:
    players = view.base.players
    layout = _layout()
    return (
        layout.top
        + layout.height
        + SECTION_GAP
        + groups_height(PANELS, view, seats)
        + SECTION_GAP
        + players_height(PANELS, players)
        + BOTTOM
    )


@cache
def _layout() -> Layout:
    return Layout(default().game, STYLE, GRID_LEFT, TITLE_H + LABELS_H)


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    base = view.base
    image = Image.new("RGB", (WIDTH, board_height(view, seats)), BG)
    draw = ImageDraw.Draw(image)
    _title(draw, view)
    layout = _layout()
    draw_grid_labels(draw, layout)
    draw_squares(draw, layout, base.tiles, base.bear_awake)
    if base.last_move:
        draw_highlight(draw, layout, base.last_move[-1])
    for muggle in view.muggles:
        _muggle(draw, layout, muggle)
    pieces: dict[str, list[tuple[int, int, int]]] = {}
    for player in base.seats:
        tag = next((t for t in seats if t.seat == player.seat), None)
        pieces.setdefault(player.square, []).append(SEAT_COLOURS.get(tag.colour if tag else "", ROAD))
    draw_pieces(draw, layout, pieces)
    _side_notes(draw, layout, view)
    y = layout.top + layout.height + SECTION_GAP
    y = draw_groups(draw, PANELS, view, seats, y) + SECTION_GAP
    draw_players(draw, PANELS, view, seats, y)
    return image


def _title(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    base = view.base
    draw.rectangle((0, 0, WIDTH, TITLE_H), fill=TITLE_BG)
    draw_text(draw, (MARGIN, TITLE_H // 2), "Muggles!", TEXT + 2, WHITE, anchor="lm", bold=True)
    if base.over:
        right = f"{texts.end_title(view.outcome)} · round {base.round}"
    elif base.round == 0:
        right = "Set-up"
    else:
        stop = f"/{view.stop_round}" if view.stop_round else ""
        right = f"Round {base.round}{stop}" + (" · muggles move" if view.muggle_phase else "")
    draw_text(draw, (WIDTH - MARGIN, TITLE_H // 2), right, TEXT, TITLE_ACCENT, anchor="rm", bold=True)


ARROW_TIPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _muggle(draw: ImageDraw.ImageDraw, layout: Layout, muggle: MuggleView) -> None:
    """An arrow in the lower part of the square, pointing the way the muggle faces."""
    x0, y0, x1, y1 = layout.box(muggle.square)
    cx, cy = (x0 + x1) / 2, y0 + (y1 - y0) * 0.62
    dx, dy = ARROW_TIPS[muggle.facing]
    tip = (cx + dx * ARROW, cy + dy * ARROW)
    back = (cx - dx * ARROW, cy - dy * ARROW)
    side = (-dy * ARROW * 0.9, dx * ARROW * 0.9)
    points = [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]
    draw.polygon(points, fill=MUGGLE, outline=MUGGLE_EDGE, width=2)
    if muggle.carrying:
        r = 5
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CARRY, outline=INK)


def _side_notes(draw: ImageDraw.ImageDraw, layout: Layout, view: PublicView) -> None:
    """Beside each Wooded board its muggle; beside the Town the stock, the decks, the trades."""
    data = default().game
    x = layout.left + layout.width + SIDE_GAP
    for muggle in view.muggles:
        part = data.board.part(muggle.board)
        top = layout.box(data.board.label(0, part.first_row))[1] + 4
        carried = data.kinds[muggle.carrying].code if muggle.carrying else "nothing"
        lines = [
            (muggle.name.replace(" Woods", ""), MUGGLE, True),
            (f"at {muggle.square}", INK, False),
            (f"carries {carried}", INK if muggle.carrying else MUTED, False),
        ]
        if muggle.nuisance:
            lines.append(("on a Nuisance", MUTED, False))
        _lines(draw, x, top, lines)
    town = next(p for p in data.board.parts if p.kind == "town")
    top = layout.box(data.board.label(0, town.first_row))[1] + 4
    base = view.base
    lines = [
        (f"Stock {base.stock}" if base.stock else "Stock used up", BAD if not base.stock else INK, True),
        (f"Gear deck {base.equipment_deck}", INK, False),
        (f"Event deck {base.event_deck}", INK, False),
        (f"Geocoins {base.coin_stack}", INK, False),
    ]
    if base.players > 1:
        lines.append((f"Trades left {view.trades_left}", INK if view.trades_left else BAD, False))
    else:
        lines.append(("Coin trade used" if view.coin_trade_used else "Coin trade open", INK, False))
    _lines(draw, x, top, lines)


def _lines(draw: ImageDraw.ImageDraw, x: int, top: int, lines: list[tuple[str, tuple[int, int, int], bool]]) -> None:
    for index, (words, colour, bold) in enumerate(lines):
        draw_text(draw, (x, top + index * LINE), words, TEXT, colour, anchor="lt", bold=bold)
