"""Maze geometry: grid labels, card edges and rotations, placements, cogs and paths.

Pure functions over two small dictionaries, shared by the engine and the computer
player (which rebuilds them from a view), so both agree on every rule (the Move
itself is ``moves.py``):

* ``maze``: cell -> ``(cards, rot)``; ``cards`` is the stack bottom-first (one or two
  card ids), ``rot`` the number of quarter turns clockwise from the printed
  orientation of the top card (a stack turns as one piece).
* ``chars``: character key (``mouse``, ``cheese``, ``cat``) -> cell.

Cells are integers ``y * 9 + x`` in a fixed 9 x 9 frame labelled ``A``..``I`` (columns,
west to east) and ``1``..``9`` (rows, north to south). The starting maze sits around
``E5`` and the 5 x 5 limit keeps everything inside the frame.

Edges are 4-bit masks, bit ``d`` for direction ``d``: N = 0, E = 1, S = 2, W = 3.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from bot.games.mccc.i18n import N_
from bot.games.mccc.views import Edge

N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
SIZE = 9
LIMIT = 5
COLUMNS = "ABCDEFGHI"
CELLS = SIZE * SIZE

Maze = dict[int, tuple[tuple[int, ...], int]]
Chars = dict[str, int]
Kind = Literal["place", "stack"]
"""A placement in an empty space or on top of a card."""


def _neighbours() -> tuple[tuple[int, int, int, int], ...]:
    table = []
    for cell in range(CELLS):
        x, y = cell % SIZE, cell // SIZE
        n, e, s, w = ((y + dy) * SIZE + x + dx if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE else -1 for dx, dy in STEP)
        table.append((n, e, s, w))
    return tuple(table)


NB = _neighbours()
XY = tuple((cell % SIZE, cell // SIZE) for cell in range(CELLS))


def label(cell: int) -> str:
    x, y = XY[cell]
    return f"{COLUMNS[x]}{y + 1}"


def parse_label(text: str) -> int:
    """``"C3"`` -> cell; raises ValueError for anything outside the frame."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in COLUMNS or not text[1].isdigit() or text[1] == "0":
        raise ValueError(f"`{text}` is not a grid cell (A1 to I9)")
    return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])


def direction(a: int, b: int) -> int:
    """The direction from cell ``a`` to the orthogonally adjacent cell ``b`` (-1 if not adjacent)."""
    row = NB[a]
    for d in range(4):
        if row[d] == b:
            return d
    return -1


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Turn a 4-bit edge mask clockwise: the north edge becomes the east edge."""
    r = quarter_turns & 3
    return ((mask << r) | (mask >> (4 - r))) & 15


SHAPES = {0: N_("Cross"), 1: N_("T-junction"), 3: N_("Dead end"), 4: N_("Mouse's Studio")}
"""A card's shape by its number of walls (its name in English: the texts translate it where shown)."""


def shape_of(walls: int) -> str:
    """The card's shape from its walls: two walls make a straight (opposite) or a corner."""
    count = bin(walls).count("1")
    if count == 2:
        return N_("Straight") if walls in (5, 10) else N_("Corner")
    return SHAPES[count]


def _faces(op: int, ho: int, cw: int, ccw: int) -> tuple[Edge, ...]:
    return tuple(
        Edge(
            wall=not op >> d & 1,
            hole=bool(ho >> d & 1),
            cog="cw" if cw >> d & 1 else ("ccw" if ccw >> d & 1 else ""),
        )
        for d in range(4)
    )


class CardTable:
    """Oriented edges of every maze card: ``spec[card][rot] = (open, holes, cw, ccw)``."""

    def __init__(self, cards: Iterable[Mapping[str, Any]]) -> None:
        size = 0
        printed: dict[int, tuple[int, int, int, int]] = {}
        for card in cards:
            walls = sum(1 << DIRS.index(d) for d in card["walls"])
            holes = sum(1 << DIRS.index(d) for d in card.get("holes", ()))
            cw = sum(1 << DIRS.index(d) for d, v in card.get("cogs", {}).items() if v == "cw")
            ccw = sum(1 << DIRS.index(d) for d, v in card.get("cogs", {}).items() if v == "ccw")
            printed[card["id"]] = (15 & ~walls, holes, cw, ccw)
            size = max(size, card["id"])
        self.ids = tuple(sorted(printed))
        self.spec: list[tuple[tuple[int, int, int, int], ...]] = [()] * (size + 1)
        self.distinct: list[tuple[int, ...]] = [()] * (size + 1)
        self.shape: list[str] = [""] * (size + 1)
        self.studio = 0
        for cid, (op, ho, cw, ccw) in printed.items():
            rows = tuple(
                (rotate_mask(op, r), rotate_mask(ho, r), rotate_mask(cw, r), rotate_mask(ccw, r)) for r in range(4)
            )
            self.spec[cid] = rows
            seen: dict[tuple[int, int, int, int], int] = {}
            for r, row in enumerate(rows):
                seen.setdefault(row, r)
            self.distinct[cid] = tuple(sorted(seen.values()))
            self.shape[cid] = shape_of(15 & ~op)
            if op == 0 and ho == 15:
                self.studio = cid
        self.faces = {(cid, r): _faces(*self.spec[cid][r]) for cid in self.ids for r in range(4)}
        """``(card, rot)`` -> its edges north, east, south, west, as views show them."""

    def walls(self, cid: int, rot: int) -> int:
        return 15 & ~self.spec[cid][rot & 3][0]

    def has_holes(self, cid: int) -> bool:
        return bool(self.spec[cid][0][1])


# --- bounding box ---------------------------------------------------------


def box_of(cells: Iterable[int]) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of the cells (inclusive); an empty input gives an inverted box."""
    x0 = y0 = SIZE
    x1 = y1 = -1
    for cell in cells:
        x, y = XY[cell]
        if x < x0:
            x0 = x
        if x > x1:
            x1 = x
        if y < y0:
            y0 = y
        if y > y1:
            y1 = y
    return x0, y0, x1, y1


def fits(box: tuple[int, int, int, int], cell: int) -> bool:
    """True when adding ``cell`` keeps the bounding box within 5 x 5."""
    x, y = XY[cell]
    x0, y0, x1, y1 = box
    if x1 < 0:
        return True
    return max(x1, x) - min(x0, x) < LIMIT and max(y1, y) - min(y0, y) < LIMIT


def occupied(maze: Maze, chars: Chars, without: int | None = None) -> list[int]:
    cells = list(maze)
    cells.extend(c for c in chars.values() if c != without)
    return cells


def view_frame(cells: Iterable[int]) -> tuple[int, int, int, int]:
    """The part of the grid a picture shows: one space around ``cells``, within the 5 x 5 limit.
    Every placement, destination and arrival lies in it."""
    x0, y0, x1, y1 = box_of(cells)
    return (
        max(0, x0 - 1, x1 - (LIMIT - 1)),
        max(0, y0 - 1, y1 - (LIMIT - 1)),
        min(SIZE - 1, x1 + 1, x0 + LIMIT - 1),
        min(SIZE - 1, y1 + 1, y0 + LIMIT - 1),
    )


# --- placing and rotating -------------------------------------------------


def stack_rots(table: CardTable, maze: Maze, card: int, cell: int) -> list[int]:
    """Orientations in which ``card`` lies on the card at ``cell`` with matching walls."""
    cards, rot = maze[cell]
    target = table.walls(cards[-1], rot)
    return [r for r in table.distinct[card] if table.walls(card, r) == target]


def placements(
    table: CardTable, maze: Maze, chars: Chars, card: int, anchors: Iterable[int]
) -> list[tuple[Kind, int, int]]:
    """Normal placements next to any of the ``anchors`` (cells): ``("place" | "stack", cell, rot)``."""
    box = box_of(occupied(maze, chars))
    taken = set(chars.values())
    result: list[tuple[Kind, int, int]] = []
    seen: set[int] = set()
    for anchor in anchors:
        for cell in NB[anchor]:
            if cell < 0 or cell in seen or cell in taken:
                continue
            seen.add(cell)
            if cell in maze:
                if len(maze[cell][0]) == 1:
                    result.extend(("stack", cell, r) for r in stack_rots(table, maze, card, cell))
            elif fits(box, cell):
                result.extend(("place", cell, r) for r in table.distinct[card])
    result.sort(key=lambda p: (XY[p[1]], p[0], p[2]))
    return result


def free_placements(table: CardTable, maze: Maze, card: int) -> list[tuple[Kind, int, int]]:
    """The Cucumber's special placement: on top of any unstacked maze card, facing any direction."""
    return [("stack", cell, r) for cell in sorted(maze) if len(maze[cell][0]) == 1 for r in table.distinct[card]]


def put(maze: Maze, kind: str, cell: int, card: int, rot: int) -> None:
    if kind == "stack":
        maze[cell] = (maze[cell][0] + (card,), rot)
    else:
        maze[cell] = ((card,), rot)


def cog_turns(table: CardTable, maze: Maze, cell: int) -> list[tuple[int, int]]:
    """``(neighbour, +1 | -1)`` for every cog of the card at ``cell`` that has a maze card beside it."""
    cards, rot = maze[cell]
    _, _, cw, ccw = table.spec[cards[-1]][rot]
    turns = []
    if cw | ccw:
        row = NB[cell]
        for d in range(4):
            v = row[d]
            if v >= 0 and v in maze:
                if cw >> d & 1:
                    turns.append((v, 1))
                elif ccw >> d & 1:
                    turns.append((v, -1))
    return turns


def lay(table: CardTable, maze: Maze, kind: str, cell: int, card: int, rot: int) -> tuple[Maze, list[tuple[int, int]]]:
    """Place and Rotate on a copy of ``maze``: the maze afterwards and the cog turns made."""
    after = dict(maze)
    put(after, kind, cell, card, rot)
    turns = cog_turns(table, after, cell)
    for neighbour, delta in turns:
        turn(after, neighbour, delta)
    return after, turns


def turn(maze: Maze, cell: int, delta: int) -> None:
    cards, rot = maze[cell]
    maze[cell] = (cards, (rot + delta) & 3)


# --- the Endgame: tracing Paths -----------------------------------------------


def trace(table: CardTable, maze: Maze, chars: Chars, a: str, b: str) -> list[int] | None:
    """A Path (cells) from character ``a`` to character ``b``, or None.

    A Path runs over maze cards whose shared edges are both open; the Mouse, the
    Cheese and the Cat are open on every side and do not interrupt it.
    """
    if a not in chars or b not in chars:
        return None
    start, goal = chars[a], chars[b]
    spec = table.spec
    char_cells = set(chars.values())
    parent = {start: start}
    queue = [start]
    for u in queue:
        if u == goal:
            path = [u]
            while u != start:
                u = parent[u]
                path.append(u)
            path.reverse()
            return path
        if u in maze:
            ucards, urot = maze[u]
            uo = spec[ucards[-1]][urot][0]
        else:
            uo = 15
        row = NB[u]
        for d in range(4):
            v = row[d]
            if v < 0 or v in parent or not uo >> d & 1:
                continue
            if v in maze:
                vcards, vrot = maze[v]
                if spec[vcards[-1]][vrot][0] >> ((d + 2) & 3) & 1:
                    parent[v] = u
                    queue.append(v)
            elif v in char_cells:
                parent[v] = u
                queue.append(v)
    return None


def distance(a: int, b: int) -> int:
    ax, ay = XY[a]
    bx, by = XY[b]
    return abs(ax - bx) + abs(ay - by)


def closest_empty(maze: Maze, chars: Chars, target: int) -> list[int]:
    """Empty cells (within the 5 x 5 limit) closest to ``target`` counted orthogonally."""
    taken = set(maze) | set(chars.values())
    box = box_of(taken)
    best: list[int] = []
    best_d = 99
    for cell in range(CELLS):
        if cell in taken or not fits(box, cell):
            continue
        dist = distance(cell, target)
        if dist < best_d:
            best, best_d = [cell], dist
        elif dist == best_d:
            best.append(cell)
    return best
