"""Where Catacombs of Mu's choices point on the board (issue 24's hit regions): every move that names
a space of the labyrinth (a tile and where it goes, ``play:12:put:B12:1``; a step, ``go:D4``; a
monster's way, ``mret:J3``) is that space. Several moves of one space (a tile turned four ways, or two
tiles) share it, and the page lists them when it is tapped. Moves without a space (Done, an Item, a
discard) have no region: buttons."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Choice, SeatTag
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.viewing import place_labels
from bot.games.catacombs.views import PublicView
from render.catacombs import board_grid
from render.hits import HitRegion, rect


def hit_regions(view: PublicView, seats: Sequence[SeatTag], choices: Sequence[Choice]) -> list[HitRegion]:
    grid = board_grid(view, seats)
    regions = []
    for choice in choices:
        labels = place_labels([choice.action])
        cell = geo.parse_label(labels[0]) if labels else None
        if cell is not None:
            regions.append(rect(choice, grid.box(cell)))
    return regions
