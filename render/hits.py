"""Hit regions: where on a board image the places are that a seat's legal choices refer to.

The web table (issue 24) lays them over the board so a tap on an island or a field chooses it. A
renderer ``render/<game>.py`` exports them from ``render/<game>_hits.py``: ``hit_regions(view,
seats, choices)``, computed with the renderer's own layout from the same public view (so a region
sits exactly where the place is drawn). A choice with no place on the board has no region: the page
offers it as a button. A game without such a module has no regions at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Choice, GameSpec, SeatTag
from bot.engine.spec import resolve


@dataclass(frozen=True)
class HitRegion:
    """``points``: image pixels, a rectangle ``(x0, y0, x1, y1)`` or a polygon's corners in turn."""

    action: str
    label: str
    shape: str
    points: tuple[float, ...]


def rect(choice: Choice, box: Sequence[float]) -> HitRegion:
    x0, y0, x1, y1 = box
    return HitRegion(choice.action, choice.label, "rect", (float(x0), float(y0), float(x1), float(y1)))


def polygon(choice: Choice, corners: Sequence[tuple[float, float]]) -> HitRegion:
    return HitRegion(choice.action, choice.label, "poly", tuple(float(v) for corner in corners for v in corner))


Finder = Callable[[Any, Sequence[SeatTag], Sequence[Choice]], list[HitRegion]]


def finder(spec: GameSpec) -> Finder | None:
    module_name = resolve(spec.renderer).__module__ + "_hits"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise
    found: Finder = module.hit_regions
    return found


def hit_regions(spec: GameSpec, view: Any, seats: Sequence[SeatTag], choices: Sequence[Choice]) -> list[HitRegion]:
    find = finder(spec)
    return find(view, seats, choices) if find is not None and choices else []
