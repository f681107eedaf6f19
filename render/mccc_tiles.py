"""Maze cards as pictures, for the Mouse Cheese Cat Cucumber board (``render/mccc.py``).

Shapes only, no text. Colours come from the board module (whose source the PNG palette is
read from) as a ``TileInk``.

* A card: dark walls, light corridors from the centre to every open edge, a thin frame.
* A **cog** sits in the middle of its edge, close to it, so it reads as that edge's cog. It
  is a toothed ring drawn as a curved arrow: the arrowhead shows the way it turns (↻ or ↺)
  by shape, the colour (dark blue clockwise, light blue counter-clockwise, as in the rule
  text) says it again. The ring is open in the middle, so the corridor (or the wall) under
  it stays visible.
* A **mouse hole** is a black arch standing on its wall; beside a cog on the same edge it
  moves a little along the edge instead of hiding under it.
* A **stack** is marked by two small overlapping cards in the top-left corner, clear of
  every cog.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.mccc.views import Edge

Colour = tuple[int, int, int]

CORE = 0.32
"""Width of the corridors, as a share of the card."""
COG_CENTRE = 0.21
"""Distance of a cog's centre from its edge."""
COG_RADIUS = 0.15
COG_WIDTH = 0.045
HOLE_RADIUS = 0.11
HOLE_ASIDE = 0.17
"""Where a hole sits along an edge that also has a cog."""
STACK_MARK = 0.2


@dataclass(frozen=True)
class TileInk:
    wall: Colour
    floor: Colour
    frame: Colour
    hole: Colour
    hole_rim: Colour
    cog_cw: Colour
    cog_ccw: Colour
    cog_line: Colour
    card: Colour


def edge_point(size: float, edge: int, inset: float, along: float = 0.5) -> tuple[float, float]:
    """A point ``inset`` from edge ``edge`` (N, E, S, W), ``along`` the edge clockwise."""
    return (
        (size * along, inset),
        (size - inset, size * along),
        (size * (1 - along), size - inset),
        (inset, size * (1 - along)),
    )[edge]


def draw_cog(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, clockwise: bool, ink: TileInk) -> None:
    """A toothed ring arrow turning clockwise (↻) or counter-clockwise (↺)."""
    colour = ink.cog_cw if clockwise else ink.cog_ccw
    width = max(3.0, r * COG_WIDTH / COG_RADIUS)
    # The ring is open just past the top in the direction it turns; the head sits at the top
    # and points along the turn: right for clockwise (↻), left for counter-clockwise (↺).
    gap = 58
    start, end = (-90 + gap, 270) if clockwise else (-90, 270 - gap)
    tooth = width * 0.45
    for k in range(8):
        a = math.radians(start + 16 + k * (end - start - 40) / 7)
        tx, ty = cx + math.cos(a) * (r + width * 0.75), cy + math.sin(a) * (r + width * 0.75)
        d.ellipse([tx - tooth, ty - tooth, tx + tooth, ty + tooth], fill=ink.cog_line)
    # Pillow strokes an arc inwards from its box: a box of radius r + width / 2 centres it on r.
    outer = r + width / 2 + 1.5
    d.arc(
        [cx - outer, cy - outer, cx + outer, cy + outer],
        start=start,
        end=end,
        fill=ink.cog_line,
        width=round(width) + 3,
    )
    ring = r + width / 2
    d.arc([cx - ring, cy - ring, cx + ring, cy + ring], start=start, end=end, fill=colour, width=round(width))
    # The head sits at the end of the arc the ring turns towards, pointing along the ring.
    a = math.radians(end if clockwise else start)
    sign = 1 if clockwise else -1
    tangent = (-math.sin(a) * sign, math.cos(a) * sign)
    radial = (math.cos(a), math.sin(a))
    half = width * 1.05
    length = width * 2.6
    head = [
        (cx + radial[0] * (r + half), cy + radial[1] * (r + half)),
        (cx + radial[0] * (r - half), cy + radial[1] * (r - half)),
        (cx + radial[0] * r + tangent[0] * length, cy + radial[1] * r + tangent[1] * length),
    ]
    d.polygon(head, fill=colour, outline=ink.cog_line, width=2)


def draw_hole(d: ImageDraw.ImageDraw, size: float, edge: int, along: float, ink: TileInk) -> None:
    """A black arch standing on the wall ``edge``."""
    r = size * HOLE_RADIUS
    x, y = edge_point(size, edge, 1, along)
    start = (0, 90, 180, 270)[edge]  # the half of the disc inside the card
    d.pieslice([x - r, y - r, x + r, y + r], start=start, end=start + 180, fill=ink.hole, outline=ink.hole_rim, width=2)


def draw_stack_mark(d: ImageDraw.ImageDraw, x: float, y: float, size: float, ink: TileInk) -> None:
    """Two small overlapping cards: "a card on top of another"."""
    card = size * 0.72
    off = size - card
    d.rectangle([x + off, y, x + size, y + card], fill=ink.card, outline=ink.frame, width=2)
    d.rectangle([x, y + off, x + card, y + size], fill=ink.card, outline=ink.frame, width=2)


@lru_cache(maxsize=512)
def tile(edges: Sequence[Edge], size: int, stacked: bool, ink: TileInk) -> Image.Image:
    """One maze card as seen from above, lying as its edges say (north, east, south, west)."""
    img = Image.new("RGB", (size, size), ink.wall)
    d = ImageDraw.Draw(img)
    c0, c1 = size * (0.5 - CORE / 2), size * (0.5 + CORE / 2)
    opens = [not edge.wall for edge in edges]
    if any(opens):
        d.rectangle([c0, c0, c1, c1], fill=ink.floor)
    arms = ((c0, 0, c1, c0), (c1, c0, size, c1), (c0, c1, c1, size), (0, c0, c0, c1))
    for arm, is_open in zip(arms, opens):
        if is_open:
            d.rectangle(arm, fill=ink.floor)
    d.rectangle([0, 0, size - 1, size - 1], outline=ink.frame, width=2)
    for k, edge in enumerate(edges):
        if edge.hole:
            draw_hole(d, size, k, HOLE_ASIDE if edge.cog else 0.5, ink)
    for k, edge in enumerate(edges):
        if edge.cog:
            cx, cy = edge_point(size, k, size * COG_CENTRE)
            draw_cog(d, cx, cy, size * COG_RADIUS, edge.cog == "cw", ink)
    if stacked:
        draw_stack_mark(d, 5, 5, size * STACK_MARK, ink)
    return img
