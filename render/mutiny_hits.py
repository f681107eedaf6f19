"""Where Mutiny's choices point on the board (issue 24's hit regions): the Scout's islands
(``pick:N``, ``look:N``) are the island tiles, a peek under a cup (``peek:S``) and a card played
on a player (``card:NAME:S``) are that player's mat. Everything else has no place: a button."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Choice, SeatTag
from bot.games.mutiny.views import PublicView
from render.hits import HitRegion, rect
from render.mutiny import _tile_box
from render.mutiny_pieces import MAT_GAP, MAT_H, MAT_TOP, PAD, W

ISLANDS = 12
SEATS = 4


def _number(text: str, high: int) -> int | None:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        return None
    value = int(text)
    return value if value < high else None


def mat_box(seat: int) -> tuple[int, int, int, int]:
    y0 = MAT_TOP + seat * (MAT_H + MAT_GAP)
    return (PAD, y0, W - PAD, y0 + MAT_H)


def hit_regions(view: PublicView, seats: Sequence[SeatTag], choices: Sequence[Choice]) -> list[HitRegion]:
    regions = []
    for choice in choices:
        parts = choice.action.split(":")
        if parts[0] in ("pick", "look") and len(parts) == 2:
            space = _number(parts[1], ISLANDS + 1)
            if space:
                regions.append(rect(choice, _tile_box(space - 1)))
        elif (parts[0] == "peek" and len(parts) == 2) or (parts[0] == "card" and len(parts) == 3):
            seat = _number(parts[-1], SEATS)
            if seat is not None:
                regions.append(rect(choice, mat_box(seat)))
    return regions
