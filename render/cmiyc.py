"""Cache Me If You Can board: the three boards on their labelled grid, then one panel per player.

Portrait, 640 px wide: a phone shows it about 400 px wide, so no text is under 18 px here. Squares
are drawn by ``render/cmiyc_board.py`` (reused by Muggles with its own colours). Each player's
panel shows their colour, name, character and score, the equipment facing the board, the GPS/PEN,
lost turns and Poison Ivy, their caches (codes as on the board) and geocoins (points, ★ flipped).
The player whose decision the game awaits has a yellow panel; the square of the last move a gold
frame; the awake bear's nine squares a red one. Built only from the public view and seat tags.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.cmiyc.data import GameData, default
from bot.games.cmiyc.views import PlayerView, PublicView
from render.cmiyc_board import (
    BOARD_COLOURS,
    SEAT_COLOURS,
    BoardStyle,
    Layout,
    draw_grid_labels,
    draw_highlight,
    draw_pieces,
    draw_squares,
    player_troubles,
)
from render.text import board_name, draw_text, ellipsize, smallest_size

# --- layout -----------------------------------------------------------------
WIDTH = 640
PALETTE_FROM = ("render.cmiyc_board",)
"""Modules whose colour literals join this renderer's PNG palette (render/__init__.py)."""
TEXT = smallest_size(WIDTH)  # 18 px: 11 px on a phone
SQUARE = 66
BOARD_GAP = 8
GRID_LEFT = 70
TITLE_H = 44
LABELS_H = 26
PANEL_TOP_GAP = 12
LINE = 23
PANEL_PAD = 6
PANEL_GAP = 6
MARGIN = 12
BOTTOM = 10

# --- colours (at most 40 distinct: the fixed PNG palette keeps 40 exact colours) --------
BG = (244, 240, 228)
INK = (35, 35, 40)
WHITE = (255, 255, 255)
MUTED = (105, 100, 92)
GRID = (96, 92, 80)
ROAD = (178, 178, 172)
TITLE_BG = (38, 70, 50)
TITLE_ACCENT = (255, 214, 120)
PANEL_BG = (252, 250, 243)
PANEL_TURN = (255, 238, 170)
BAD = (185, 40, 40)
STYLE = BoardStyle(square=SQUARE, gap=BOARD_GAP, label=TEXT, colours=BOARD_COLOURS)
NO_COLOUR = ROAD


def _panel_height() -> int:
    return 3 * LINE + 2 * PANEL_PAD


def board_height(players: int) -> int:
    layout_height = 20 * SQUARE + 2 * BOARD_GAP
    panels = players * (_panel_height() + PANEL_GAP)
    return TITLE_H + LABELS_H + layout_height + PANEL_TOP_GAP + panels + BOTTOM


def render_board(view: PublicView, seats: Sequence[SeatTag]) -> Image.Image:
    data = default()
    image = Image.new("RGB", (WIDTH, board_height(view.players)), BG)
    draw = ImageDraw.Draw(image)
    _title(draw, view)
    layout = _layout()
    draw_grid_labels(draw, layout)
    draw_squares(draw, layout, view.tiles, view.bear_awake)
    if view.last_move:
        draw_highlight(draw, layout, view.last_move[-1])
    pieces: dict[str, list[tuple[int, int, int]]] = {}
    for player in view.seats:
        pieces.setdefault(player.square, []).append(_seat_colour(seats, player.seat))
    draw_pieces(draw, layout, pieces)
    y = layout.top + layout.height + PANEL_TOP_GAP
    for player in view.seats:
        _panel(draw, data, view, player, _tag(seats, player.seat), y)
        y += _panel_height() + PANEL_GAP
    return image


@cache
def _layout() -> Layout:
    return Layout(default(), STYLE, GRID_LEFT, TITLE_H + LABELS_H)


def _tag(seats: Sequence[SeatTag], seat: int) -> SeatTag:
    return next((t for t in seats if t.seat == seat), SeatTag(seat, f"Player {seat + 1}"))


def _seat_colour(seats: Sequence[SeatTag], seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS.get(_tag(seats, seat).colour, NO_COLOUR)


def _title(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    draw.rectangle((0, 0, WIDTH, TITLE_H), fill=TITLE_BG)
    draw_text(draw, (MARGIN, TITLE_H // 2), "Cache Me If You Can!", TEXT + 2, WHITE, anchor="lm", bold=True)
    if view.over:
        right = f"Game over · round {view.round}"
    elif view.round == 0:
        right = f"Set-up · first to {view.target}"
    else:
        limit = f"/{view.round_limit}" if view.round_limit else ""
        right = f"Round {view.round}{limit} · to {view.target}"
    draw_text(draw, (WIDTH - MARGIN, TITLE_H // 2), right, TEXT, TITLE_ACCENT, anchor="rm", bold=True)


def _panel(
    draw: ImageDraw.ImageDraw, data: GameData, view: PublicView, player: PlayerView, tag: SeatTag, y: int
) -> None:
    left, right = MARGIN, WIDTH - MARGIN
    waiting = player.seat in view.awaiting and not view.over
    won = view.over and player.seat in view.winners
    draw.rounded_rectangle(
        (left, y, right, y + _panel_height()),
        radius=8,
        fill=PANEL_TURN if waiting or won else PANEL_BG,
        outline=GRID,
    )
    colour = SEAT_COLOURS.get(tag.colour, NO_COLOUR)
    mid = y + PANEL_PAD + LINE // 2
    draw.ellipse((left + 8, mid - 9, left + 26, mid + 9), fill=colour, outline=STYLE.colours["piece_edge"], width=2)
    score = f"{player.score} pts" + (" · won" if won else "")
    score_box = draw_text(draw, (right - 8, mid), score, TEXT, INK, anchor="rm", bold=True)
    x = left + 34
    name = board_name(tag.name, tag.colour or f"Player {tag.seat + 1}", TEXT, 200, bold=True)
    box = draw_text(draw, (x, mid), name, TEXT, INK, anchor="lm", bold=True)
    x = box[2] + 8
    marks = " ".join(m for m, on in (("CPU", tag.computer), ("no DMs", tag.dms_closed)) if on)
    if marks:
        box = draw_text(draw, (x, mid), marks, TEXT, MUTED, anchor="lm")
        x = box[2] + 8
    character = ellipsize(data.character(player.character).name, TEXT, score_box[0] - 10 - x)
    if character != "…":
        draw_text(draw, (x, mid), character, TEXT, MUTED, anchor="lm")
    width = right - left - 20
    _status_line(draw, data, player, left + 10, mid + LINE, width)
    _holdings_line(draw, data, player, left + 10, mid + 2 * LINE, width)


def _status_line(draw: ImageDraw.ImageDraw, data: GameData, player: PlayerView, x: int, y: int, width: int) -> None:
    """Equipment on the left; on the right the troubles (red) and the saved event cards (grey)."""
    troubles = player_troubles(player)
    right = x + width
    if player.saved_events:
        cards = f"{player.saved_events} card" + ("s" if player.saved_events > 1 else "")
        right = draw_text(draw, (right, y), cards, TEXT, MUTED, anchor="rm")[0] - 10
    if troubles:
        right = draw_text(draw, (right, y), " · ".join(troubles), TEXT, BAD, anchor="rm")[0] - 10
    gear = ", ".join(data.item_name(g.item) if g.item else "choosing…" for g in player.gear) or "no equipment"
    draw_text(draw, (x, y), ellipsize(gear, TEXT, right - x), TEXT, INK, anchor="lm")


def _holdings_line(draw: ImageDraw.ImageDraw, data: GameData, player: PlayerView, x: int, y: int, width: int) -> None:
    codes = " ".join(data.kinds[c.kind].code + ("×2" if c.doubled else "") for c in player.caches)
    coins = " ".join(f"{c.points}★" if c.flipped else f"{c.points}" for c in player.coins)
    text = ("Caches " + codes if codes else "No caches") + (" · Coins " + coins if coins else "")
    draw_text(draw, (x, y), ellipsize(text, TEXT, width), TEXT, MUTED, anchor="lm")
