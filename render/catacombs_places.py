"""A player's own picture of the places they may choose (issue 21.3: "any choice of a place is shown
on a picture before it is confirmed").

The board as everyone sees it (``render/catacombs.py``), with each place the menu offers framed in
yellow and tagged with its grid label, the label every entry of the menu names (``L passage → B12 ·
┘ N+W``), so a phone reader matches an entry to its place at a glance. The key explains the tag.
Built from ``PlacesView``: the public board and the labels of the seat's own offered moves, so it
shows nothing the player may not see (and it is shown only to them, on their private panel).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine import SeatTag
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.i18n import N_, _
from bot.games.catacombs.views import PlacesView
from render import legend, marks
from render.catacombs import TEXT, Grid, draw_board
from render.text import draw_text, text_length

PALETTE_FROM = ("render.catacombs", "render.catacombs_shapes", "render.catacombs_panel")
PNG_FILTER_UP = True
"""Cut from the labyrinth, which repeats row after row: 11 % smaller as rows against the ones above."""
TAG = (255, 214, 64)
TAG_INK = (30, 26, 22)
TAG_PAD = 3
KEY_WORDS = N_("a place you may choose (its menu entries name it)")


def render_places(view: PlacesView, seats: Sequence[SeatTag]) -> Image.Image:
    cells = [cell for label in view.places if (cell := geo.parse_label(label)) is not None]

    def overlay(d: ImageDraw.ImageDraw, grid: Grid) -> None:
        for cell in cells:
            _tag(d, grid.box(cell), geo.label(cell))

    key = legend.Entry("place", _(KEY_WORDS), symbol=lambda d, box: _frame(d, box))
    return draw_board(view.board, seats, (key,), overlay)


def _frame(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    d.rectangle(box, outline=TAG, width=4)


def _tag(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], label: str) -> None:
    """A yellow frame round the space and its label on a yellow chip in the middle."""
    _frame(d, box)
    marks.symbol("place", box)
    x = (box[0] + box[2]) / 2
    y = (box[1] + box[3]) / 2
    half = text_length(TEXT, label, bold=True) / 2 + TAG_PAD
    d.rectangle((x - half, y - TEXT / 2 - TAG_PAD, x + half, y + TEXT / 2 + TAG_PAD), fill=TAG)
    draw_text(d, (x, y), label, TEXT, TAG_INK, anchor="mm", bold=True)
