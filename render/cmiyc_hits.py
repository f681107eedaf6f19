"""Where Cache Me If You Can's choices point on the board (issue 24's hit regions): every choice
that names a square (a step ``go:C7``, a peek ``peek:A1``, the Snoop's ``ab:snoop:B3``, a card's
target square) is that square of the map. Everything else has no place: a button."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Choice, SeatTag
from bot.games.cmiyc.views import PublicView
from render.cmiyc import _layout
from render.hits import HitRegion, rect


def square_regions(boxes: dict[str, tuple[int, int, int, int]], choices: Sequence[Choice]) -> list[HitRegion]:
    """A region for each choice whose action names a square (its last such part)."""
    regions = []
    for choice in choices:
        named = [part for part in choice.action.split(":")[1:] if part in boxes]
        if named:
            regions.append(rect(choice, boxes[named[-1]]))
    return regions


def hit_regions(view: PublicView, seats: Sequence[SeatTag], choices: Sequence[Choice]) -> list[HitRegion]:
    return square_regions(_layout().boxes, choices)
