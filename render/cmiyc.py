"""Cache Me If You Can board: the three boards on their labelled grid at the left, at the right the
game's state (round, whose turn, the turn clock, at the end the result), the players and the key.

800 x 1200 (no taller than 1:1.5, so a phone shows it whole): a phone shows it about 400 px wide,
so no text is under 22 px here, squares are 56 px (28 px on the phone: a code above a piece) and
pieces 30 px. Squares are drawn by ``render/cmiyc_board.py`` (reused by Muggles with its own
colours). Each player's panel shows their colour, name, character and score, the equipment facing
the board, GPS/PEN, lost turns and Poison Ivy, their caches (codes as on the board) and geocoins
(points, ★ flipped). The player whose decision the game awaits has a yellow panel; the square of
the last move a gold frame; the awake bear's nine squares a red one. The key explains every code
and sign the board shows. Built only from the public view and seat tags.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData, default
from bot.games.cmiyc.i18n import _
from bot.games.cmiyc.texts import END_REASONS
from bot.games.cmiyc.views import PublicView
from render import legend, status
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
from render.stamps import rounded_rectangle
from render.text import draw_text, smallest_size, text_length

# --- layout -----------------------------------------------------------------
WIDTH = 800
PALETTE_FROM = ("render.cmiyc_board",)
"""Modules whose colour literals join this renderer's PNG palette (render/__init__.py)."""
TEXT = smallest_size(WIDTH)  # 22 px: 11 px on a phone
SQUARE = 56
PIECE = 30
BOARD_GAP = 6
MARGIN = 10
TOP = 8
LABELS_H = 28
GRID_LEFT = MARGIN + 34
COLUMN_GAP = 14
LINE = 26
SECTION_GAP = 10
PANEL_GAP = 6
KEY_RULE = 10
"""The line between the players and the key."""
TITLE_H = 36
BANNER_PAD = 8
HEIGHT = WIDTH * 3 // 2
"""As tall as a phone shows whole (1:1.5): the column beside the map holds the most here."""

# --- colours -------------------------------------------------------------------------------
BG = (244, 240, 228)
INK = (35, 35, 40)
WHITE = (255, 255, 255)
MUTED = (105, 100, 92)
GRID = (96, 92, 80)
ROAD = (178, 178, 172)
TITLE_BG = (38, 70, 50)
PANEL_BG = (252, 250, 243)
PANEL_TURN = (255, 238, 170)
BAD = (185, 40, 40)
WIN = (58, 110, 62)
LOSS = BAD
STYLE = BoardStyle(square=SQUARE, gap=BOARD_GAP, label=TEXT, piece=PIECE, colours=BOARD_COLOURS)
NO_COLOUR = ROAD
KEY = legend.LegendStyle(size=TEXT, row=LINE + 1, ink=INK, edge=GRID, gap=14)


@cache
def _layout() -> Layout:
    return Layout(default(), STYLE, GRID_LEFT, TOP + LABELS_H)


def column() -> tuple[int, int]:
    """Left edge and width of the column beside the map."""
    layout = _layout()
    left = layout.left + layout.width + COLUMN_GAP
    return left, WIDTH - MARGIN - left


PANELS = PanelStyle(text=TEXT, line=LINE, ink=INK, muted=MUTED, bad=BAD, grid=GRID, panel=PANEL_BG, turn=PANEL_TURN)


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    data = default()
    image = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = ImageDraw.Draw(image)
    layout = _layout()
    draw_grid_labels(draw, layout)
    draw_squares(draw, layout, view.tiles, view.bear_awake)
    if view.last_move:
        draw_highlight(draw, layout, view.last_move[-1])
    pieces: dict[str, list[tuple[int, int, int]]] = {}
    for player in view.seats:
        pieces.setdefault(player.square, []).append(_seat_colour(seats, player.seat))
    draw_pieces(draw, layout, pieces)
    left, width = column()
    y = _head(draw, view, seats, left, width)
    _players_and_key(draw, data, view, seats, (left, y, width))
    return image


def _players_and_key(
    draw: ImageDraw.ImageDraw, data: GameData, view: PublicView, seats: Sequence[SeatTag], place: tuple[int, int, int]
) -> None:
    """The players' panels, then the key, as roomy as the column allows (``fit``): every key whole."""
    left, y, width = place
    entries = town_legend(_layout()) + _key_entries(view, _layout())

    def key(inline: bool) -> int:
        return KEY_RULE + legend.key_height(entries, width, KEY, inline)

    mode, inline = fit(lambda m: _panels_height(data, view, width, m), key, HEIGHT - MARGIN - y)
    for player in view.seats:
        tag = status.tag_of(seats, player.seat)
        highlighted = (player.seat in view.awaiting and not view.over) or (view.over and player.seat in view.winners)
        colour = _seat_colour(seats, player.seat)
        y = draw_player(draw, PANELS, data, player, tag, colour, (left, y, width), highlighted, mode) + PANEL_GAP
    draw.line((left, y + KEY_RULE // 2, left + width, y + KEY_RULE // 2), fill=GRID, width=2)
    legend.draw_key(draw, entries, (left, y + KEY_RULE, width), KEY, inline)


def _panels_height(data: GameData, view: PublicView, width: int, mode: str) -> int:
    return sum(player_height(PANELS, data, p, width, mode) + PANEL_GAP for p in view.seats)


def _seat_colour(seats: Sequence[SeatTag], seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS.get(status.tag_of(seats, seat).colour, NO_COLOUR)


def _head(draw: ImageDraw.ImageDraw, view: PublicView, seats: Sequence[SeatTag], left: int, width: int) -> int:
    """The title, the round, whose turn it is and until when, or the result; returns the y below."""
    rounded_rectangle(draw, (left, TOP, left + width, TOP + TITLE_H), radius=6, fill=TITLE_BG)
    draw_text(draw, (left + 8, TOP + TITLE_H // 2), "Cache Me If You Can!", TEXT, WHITE, anchor="lm", bold=True)
    y = TOP + TITLE_H + 4
    if view.over:
        banner = _banner(view, seats, width)
        height = status.banner_height(banner, TEXT, width, LINE, BANNER_PAD, limit=4)
        box = (left, y, left + width, y + height)
        y = status.draw_banner(draw, banner, box, TEXT, LINE, (WIN, LOSS, WHITE), pad=BANNER_PAD, limit=4)
        return y + SECTION_GAP
    if view.round == 0:
        words = _("Set-up · first to {target}").format(target=view.target)
    else:
        words = _("{round} · to {target}").format(
            round=status.round_words(view.round, view.round_limit), target=view.target
        )
    draw_text(draw, (left, y + LINE // 2), words, TEXT, INK, anchor="lm", bold=True)
    y += LINE
    waiting = [view.turn] if view.turn >= 0 and view.awaiting == (view.turn,) else list(view.awaiting)
    if waiting:
        label = _("Turn: ") if len(waiting) == 1 and waiting[0] == view.turn else _("Waiting for: ")
        box = draw_text(draw, (left, y + LINE // 2), label, TEXT, MUTED, anchor="lm")
        names = status.names(seats, waiting, TEXT, left + width - box[2])
        draw_text(draw, (box[2] + 4, y + LINE // 2), names, TEXT, INK, anchor="lm")
        y += LINE
    deadline = status.deadline_of(seats, view.awaiting)
    if deadline is not None:
        status.draw_clock(draw, (left + 11, y + LINE // 2), 10, INK)
        draw_text(draw, (left + 28, y + LINE // 2), status.deadline_words(deadline), TEXT, INK, anchor="lm")
        y += LINE
    return y + SECTION_GAP


def _banner(view: PublicView, seats: Sequence[SeatTag], width: int) -> status.Banner:
    label = _("Winner: ") if len(view.winners) == 1 else _("Winners: ")
    room = width - 2 * BANNER_PAD - text_length(TEXT, label, bold=True)
    who = status.names(seats, view.winners, TEXT, room, bold=True)
    headline = label + who if view.winners else _("Game over")
    reason = _(END_REASONS.get(view.end_reason or "target", ""))
    limit = view.round_limit
    if view.end_reason == "rounds" and 0 < limit < view.round:
        how = _("After {limit} rounds: {reason}.").format(limit=limit, reason=reason)
    else:
        how = _("Round {round}: {reason}.").format(round=view.round, reason=reason)
    return status.Banner(headline, how, won=bool(view.winners))


def _key_entries(view: PublicView, layout: Layout) -> list[legend.Entry]:
    shown = tiles_shown(view.tiles, view.seats)
    signs = signs_shown(view.tiles, view.bear_awake, bool(view.last_move), layout)
    return tile_legend(layout, shown) + symbol_legend(layout, signs)
