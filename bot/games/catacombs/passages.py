"""Passages as a graph: which tiles connect, where a pawn can go and what it costs.

A ``Layout`` is the board as the passages see it (built from the state by the engine, or from
the public view by the computer player). A node is ``(space, part)``: ``part`` is ``WHOLE`` on
ordinary tiles and the Exit, and the index (0-3, N E S W) of the end a pawn stands at on an
obstacle tile, whose two ends are joined only by crossing the obstacle.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.games.catacombs import geometry as geo

WHOLE = 4
Node = tuple[int, int]


@dataclass
class Layout:
    grid: geo.Grid
    exit_cell: int
    opens: dict[int, str]
    """Space -> openings of the passage tile there (and of the Exit)."""
    obstacles: dict[int, str] = field(default_factory=dict)
    relic_opens: dict[int, str] = field(default_factory=dict)
    """Space -> openings of the top relic of the stack there."""
    blocked: set[int] = field(default_factory=set)
    """Spaces where no tile may be placed: tiles, relics, the Exit, monsters."""

    def node(self, cell: int, side: str = "C") -> Node:
        if cell in self.obstacles:
            return (cell, geo.DIRS.index(side) if side in geo.DIRS else geo.DIRS.index(self.opens[cell][0]))
        return (cell, WHOLE)

    def side_of(self, node: Node) -> str:
        return geo.DIRS[node[1]] if node[1] < WHOLE else "C"

    def joined(self, cell: int, direction: str) -> int:
        """The space the passage end ``direction`` of ``cell`` connects to, or -1."""
        if direction not in self.opens.get(cell, ""):
            return -1
        other = self.grid.step(cell, direction)
        if other < 0 or geo.OPPOSITE[direction] not in self.opens.get(other, ""):
            return -1
        return other

    def entry(self, cell: int, side: str) -> Node:
        """The node a pawn reaches entering ``cell`` through its end ``side``."""
        return (cell, geo.DIRS.index(side)) if cell in self.obstacles else (cell, WHOLE)

    def edges(self, node: Node) -> Iterable[tuple[Node, str]]:
        """Neighbouring nodes, with the obstacle crossed on the way ("" for none)."""
        cell, part = node
        if part < WHOLE:
            side = geo.DIRS[part]
            other_side = next(d for d in self.opens[cell] if d != side)
            yield (cell, geo.DIRS.index(other_side)), self.obstacles[cell]
            ends: str = side
        else:
            ends = self.opens.get(cell, "")
        for direction in ends:
            other = self.joined(cell, direction)
            if other >= 0:
                yield self.entry(other, geo.OPPOSITE[direction]), ""

    def component(self, start: Node) -> set[Node]:
        seen = {start}
        todo = [start]
        while todo:
            for nxt, _ in self.edges(todo.pop()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def cells(self, start: Node) -> set[int]:
        return {cell for cell, _ in self.component(start)}

    def open_ends(self, cells: Iterable[int]) -> list[tuple[int, str]]:
        """Passage ends of ``cells`` that face an empty space a tile may go on."""
        ends = []
        for cell in sorted(cells):
            for direction in self.opens.get(cell, ""):
                other = self.grid.step(cell, direction)
                if other >= 0 and other not in self.blocked:
                    ends.append((cell, direction))
        return ends

    def route(self, start: Node, goal: Node, free: Mapping[int, bool] | None = None) -> list[Node] | None:
        """The way from ``start`` to ``goal`` crossing the fewest obstacles, then the fewest steps.
        Obstacles on spaces in ``free`` cost nothing (a slide goes through them)."""
        free = free or {}
        best: dict[Node, tuple[int, int]] = {start: (0, 0)}
        back: dict[Node, Node] = {}
        heap: list[tuple[int, int, Node]] = [(0, 0, start)]
        while heap:
            cost, steps, node = heapq.heappop(heap)
            if node == goal:
                path = [node]
                while path[-1] in back:
                    path.append(back[path[-1]])
                return path[::-1]
            if best.get(node, (cost, steps)) < (cost, steps):
                continue
            for nxt, obstacle in self.edges(node):
                extra = 1 if obstacle and not free.get(node[0]) else 0
                key = (cost + extra, steps + 1)
                if key < best.get(nxt, (1 << 30, 0)):
                    best[nxt] = key
                    back[nxt] = node
                    heapq.heappush(heap, (key[0], key[1], nxt))
        return None

    def obstacles_on(self, route: list[Node], free: Mapping[int, bool] | None = None) -> list[int]:
        """Spaces of the obstacles a route crosses (not counting free ones)."""
        free = free or {}
        return [
            a[0] for a, b in itertools.pairwise(route) if a[0] == b[0] and a[0] in self.obstacles and not free.get(a[0])
        ]

    def relic_reach(self, cells: set[int]) -> dict[int, Node]:
        """Relic stacks whose top relic's passage meets a passage of ``cells``: stack space ->
        the node next to it where a pawn stands to take it."""
        found: dict[int, Node] = {}
        for relic_cell, openings in sorted(self.relic_opens.items()):
            for direction in openings:
                other = self.grid.step(relic_cell, direction)
                back_side = geo.OPPOSITE[direction]
                if other in cells and back_side in self.opens.get(other, ""):
                    found[relic_cell] = self.entry(other, back_side)
                    break
        return found


def vacated(tiles: Iterable[int], pawn_cells: Iterable[int], grid: geo.Grid, exit_cell: int) -> list[int]:
    """Passage tiles not next to a tile with a pawn ("Tiles adjacent to a doorway are always
    vacated if the player is not occupying them directly"). House rule: the Exit is the doorway
    to the surface, so the tiles joining it are doorway tiles too."""
    occupied = set(pawn_cells)
    doorways = grid.doorway_cells() | {other for _, other in grid.neighbours(exit_cell)}
    near: set[int] = set(occupied)
    for cell in occupied:
        near.update(other for _, other in grid.neighbours(cell))
    return sorted(cell for cell in tiles if cell not in occupied and (cell in doorways or cell not in near))


def far_end(layout: Layout, cell: int, entry_side: str) -> Node:
    """Where a pawn stops on a tile it entered through ``entry_side``: the other end of a
    two-ended tile (which matters on obstacles), the intersection of a T or X, the dead end."""
    if cell in layout.obstacles:
        other = next(d for d in layout.opens[cell] if d != entry_side)
        return (cell, geo.DIRS.index(other))
    return (cell, WHOLE)
