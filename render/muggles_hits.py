"""Where Muggles' choices point on the board (issue 24's hit regions): as in Cache Me If You Can,
every choice that names a square of the map is that square. Everything else is a button."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Choice, SeatTag
from bot.games.muggles.views import PublicView
from render.cmiyc_hits import square_regions
from render.hits import HitRegion
from render.muggles import _layout


def hit_regions(view: PublicView, seats: Sequence[SeatTag], choices: Sequence[Choice]) -> list[HitRegion]:
    return square_regions(_layout().boxes, choices)
