"""Muggles board: Cache Me If You Can's three boards with the two muggles, the team's Cache
Groups sheet under them; at the right the round, whose turn it is and until when (or the result),
what the muggles carry and the supply, the players and the key.

800 x 1200 (1:1.5, so a phone shows it whole; no text under 22 px, 11 px on a phone). The map's
squares are 56 x 48 px (a code above a 28 px piece), drawn by ``render/cmiyc_board.py`` with this
module's colours; each muggle is a magenta arrow pointing the way it faces (a gold dot when it
carries a cache). The sheet is drawn by ``render/muggles_panels.py`` in two columns, the players'
panels by ``render/cmiyc_panels.py``: the column gives the panels and the key the most room they
fit (``render/cmiyc_panels.py``'s ``FITS``), so a late game of six players with thirty codes on the board still shows every key
whole. Built only from the public view and the seat tags.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.i18n import data_text as base_data_text
from bot.games.muggles.data import default
from bot.games.muggles.i18n import _
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
from render.cmiyc_panels import PanelStyle, draw_player, fit, player_height
from render.muggles_panels import SheetStyle, banner, draw_sheet
from render.stamps import rounded_rectangle
from render.text import draw_text, ellipsize, smallest_size

# --- layout -----------------------------------------------------------------
WIDTH = 800
PALETTE_FROM = ("render.cmiyc_board",)
"""Modules whose colour literals join this renderer's PNG palette (render/__init__.py)."""
TEXT = smallest_size(WIDTH)  # 22 px: 11 px on a phone
SQUARE = 56
ROW = 48
"""Squares are shorter than wide (a code above a piece still fits), so that the Cache Groups sheet
fits under the map and the column beside it holds six players and the key."""
PIECE = 28
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
HEIGHT = WIDTH * 3 // 2
"""As tall as a phone shows whole (1:1.5): the column beside the map holds the most here."""
KEY_RULE = 10
"""The line between the players and the key."""
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
STYLE = BoardStyle(square=SQUARE, gap=BOARD_GAP, label=TEXT, piece=PIECE, colours=BOARD_COLOURS, row=ROW)
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
    image = Image.new("RGB", (WIDTH, HEIGHT), BG)
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
    sheet = (MARGIN, layout.top + layout.height + SECTION_GAP, layout.left + layout.width - MARGIN)
    draw_sheet(draw, SHEET, view, seats, sheet, columns=2)
    left = layout.left + layout.width + COLUMN_GAP
    width = WIDTH - MARGIN - left
    y = _head(draw, view, seats, left, width)
    _players_and_key(draw, default().game, view, seats, (left, y, width))
    return image


def _colour(seats: Sequence[SeatTag], seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS.get(status.tag_of(seats, seat).colour, ROAD)


def _head(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], left: int, width: int) -> int:
    """The title with the round, then whose turn and until when (or the result), what the muggles
    carry and the supply; returns the y below."""
    base = view.base
    rounded_rectangle(draw, (left, TOP, left + width, TOP + TITLE_H), radius=6, fill=TITLE_BG)
    title = draw_text(draw, (left + 8, TOP + TITLE_H // 2), "Muggles!", TEXT, WHITE, anchor="lm", bold=True)
    limit = 0 if base.over else view.stop_round
    round_words = _("Set-up") if base.round == 0 else status.round_words(base.round, limit)
    room = left + width - 8 - (title[2] + 12)
    draw_text(
        draw, (left + width - 8, TOP + TITLE_H // 2), ellipsize(round_words, TEXT, room), TEXT, WHITE, anchor="rm"
    )
    y = TOP + TITLE_H + 4
    if base.over:
        result = banner(view, seats)
        height = status.banner_height(result, TEXT, width, LINE, 8, limit=4)
        box = (left, y, left + width, y + height)
        return status.draw_banner(draw, result, box, TEXT, LINE, (GOOD, BAD, WHITE), limit=4) + SECTION_GAP
    if view.muggle_phase:
        draw_text(draw, (left, y + LINE // 2), _("The muggles move"), TEXT, MUGGLE, anchor="lm", bold=True)
        y += LINE
    elif base.awaiting:
        label = _("Turn: ") if base.awaiting == (base.turn,) else _("Waiting for: ")
        box = draw_text(draw, (left, y + LINE // 2), label, TEXT, MUTED, anchor="lm")
        who = status.names(seats, base.awaiting, TEXT, left + width - box[2] - 4)
        draw_text(draw, (box[2] + 4, y + LINE // 2), who, TEXT, INK, anchor="lm")
        y += LINE
    deadline = status.deadline_of(seats, base.awaiting)
    if deadline is not None:
        status.draw_deadline(draw, (left, y + LINE // 2), deadline, TEXT, INK)
        y += LINE
    return _supply(draw, view, left, y, width) + SECTION_GAP


def _supply(draw: ImageDraw.ImageDraw, view: PublicView, left: int, y: int, width: int) -> int:
    """What the muggles carry, then the stock, the coins and the trades; returns the y below."""
    base = view.base
    carried = [default().game.kinds[m.carrying].code for m in view.muggles if m.carrying]
    trades = _("trades {count}").format(count=view.trades_left) if base.players > 1 else _coin_trade(view)
    carry = _("Muggles carry {codes}").format(codes=", ".join(carried) or _("nothing"))
    lines = [(line, MUGGLE) for line in status.wrap(carry, TEXT, width)]
    supply = [_("Stock {count}").format(count=base.stock), _("coins {count}").format(count=base.coin_stack), trades]
    lines += [(line, INK if base.stock else BAD) for line in status.wrap_parts(supply, TEXT, width)]
    for line, colour in lines:
        box = draw_text(draw, (left, y + LINE // 2), line, TEXT, colour, anchor="lm")
        for code in set(carried) & set(line.replace(",", " ").split()):
            marks.code(code, box)
        y += LINE
    return y


def _coin_trade(view: PublicView) -> str:
    return _("coin trade used") if view.coin_trade_used else _("coin trade open")


def _players_and_key(
    draw: ImageDraw.ImageDraw, data: GameData, view: PublicView, seats: Sequence[SeatTag], place: tuple[int, int, int]
) -> int:
    """The players' panels, then the key, as roomy as the column allows; returns the y below."""
    left, y, width = place
    base = view.base
    entries = town_legend(_layout()) + _key_entries(view)
    extras = {p.seat: _events(data, view, p.seat) for p in base.seats}

    def panels(mode: str) -> int:
        return sum(player_height(PANELS, data, p, width, mode, extras[p.seat]) + PANEL_GAP for p in base.seats)

    def key(inline: bool) -> int:
        return legend.key_height(entries, width, KEY, inline)

    mode, inline = fit(panels, key, HEIGHT - MARGIN - y - KEY_RULE)
    for player in base.seats:
        tag = status.tag_of(seats, player.seat)
        score = _("{count} flipped").format(count=view.flipped[player.seat])
        highlighted = player.seat in base.awaiting and not base.over
        y = draw_player(
            draw,
            PANELS,
            data,
            player,
            tag,
            _colour(seats, player.seat),
            (left, y, width),
            highlighted,
            mode,
            score,
            extras[player.seat],
        )
        y += PANEL_GAP
    draw.line((left, y + KEY_RULE // 2, left + width, y + KEY_RULE // 2), fill=GRID, width=2)
    y += KEY_RULE
    return legend.draw_key(draw, entries, (left, y, width), KEY, inline)


def _key_entries(view: PublicView) -> list[legend.Entry]:
    base, layout = view.base, _layout()
    carried = [m.carrying for m in view.muggles if m.carrying]
    signs = signs_shown(base.tiles, base.bear_awake, bool(base.last_move), layout)
    entries = tile_legend(layout, tiles_shown(base.tiles, base.seats, carried)) + symbol_legend(layout, signs)
    entries.append(legend.Entry("muggle", _("muggle"), symbol=_muggle_key))
    if any(g.carried for g in view.groups):
        entries.append(legend.Entry("M", _("muggles carry"), ink=BAD))
    return entries


def _events(data: GameData, view: PublicView, seat: int) -> tuple[str, ...]:
    names = {e.kind: base_data_text(e.name) for e in data.events}
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
