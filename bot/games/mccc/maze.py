"""Maze geometry: grid labels, card edges and rotations, placements, moves and paths.

Pure functions over two small dictionaries, shared by the engine and the computer
player (which rebuilds them from a view), so both agree on every rule:

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

N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
SIZE = 9
LIMIT = 5
COLUMNS = "ABCDEFGHI"
CELLS = SIZE * SIZE

Maze = dict[int, tuple[tuple[int, ...], int]]
Chars = dict[str, int]


def _neighbours() -> tuple[tuple[int, int, int, int], ...]:
    table = []
    for cell in range(CELLS):
        x, y = cell % SIZE, cell // SIZE
        row = []
        for dx, dy in STEP:
            nx, ny = x + dx, y + dy
            row.append(ny * SIZE + nx if 0 <= nx < SIZE and 0 <= ny < SIZE else -1)
        table.append(tuple(row))
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


def mask_text(mask: int) -> str:
    return "+".join(DIRS[d] for d in range(4) if mask >> d & 1) or "none"


SHAPES = {0: "Cross", 1: "T-junction", 3: "Dead end", 4: "Mouse's Studio"}


def shape_of(walls: int) -> str:
    """The card's shape from its walls: two walls make a straight (opposite) or a corner."""
    count = bin(walls).count("1")
    if count == 2:
        return "Straight" if walls in (5, 10) else "Corner"
    return SHAPES[count]


class CardTable:
    """Oriented edges of every maze card: ``spec[card][rot] = (open, holes, cw, ccw)``."""

    def __init__(self, cards: Iterable[Mapping]) -> None:
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

    def name(self, cid: int) -> str:
        return f"{self.shape[cid]} #{cid}"

    def walls(self, cid: int, rot: int) -> int:
        return 15 & ~self.spec[cid][rot & 3][0]

    def edge_codes(self, cid: int, rot: int) -> list[str]:
        """Edges N, E, S, W as short codes for views: ``O``/``W`` open or wall, ``h`` mouse hole,
        ``+`` clockwise cog, ``-`` counter-clockwise cog (e.g. ``"Wh+"``)."""
        op, ho, cw, ccw = self.spec[cid][rot & 3]
        codes = []
        for d in range(4):
            code = "O" if op >> d & 1 else "W"
            if ho >> d & 1:
                code += "h"
            if cw >> d & 1:
                code += "+"
            elif ccw >> d & 1:
                code += "-"
            codes.append(code)
        return codes

    def describe(self, cid: int, rot: int) -> str:
        """``walls N+E · cog S↻`` for choice labels."""
        op, ho, cw, ccw = self.spec[cid][rot & 3]
        walls = 15 & ~op
        parts = ["no walls" if not walls else ("walls " if bin(walls).count("1") > 1 else "wall ") + mask_text(walls)]
        cogs = [f"{DIRS[d]}↻" for d in range(4) if cw >> d & 1] + [f"{DIRS[d]}↺" for d in range(4) if ccw >> d & 1]
        if cogs:
            parts.append(("cogs " if len(cogs) > 1 else "cog ") + " ".join(cogs))
        if ho and ho != 15:
            parts.append("hole " + mask_text(ho))
        elif ho == 15:
            parts.append("4 holes")
        return " · ".join(parts)


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


def frame(maze: Maze, chars: Chars) -> tuple[int, int, int, int]:
    """The cells that can still hold something: every cell that keeps the box within 5 x 5."""
    x0, y0, x1, y1 = box_of(occupied(maze, chars))
    return (
        max(0, x1 - (LIMIT - 1)),
        max(0, y1 - (LIMIT - 1)),
        min(SIZE - 1, x0 + LIMIT - 1),
        min(SIZE - 1, y0 + LIMIT - 1),
    )


# --- placing and rotating -------------------------------------------------


def stack_rots(table: CardTable, maze: Maze, card: int, cell: int) -> list[int]:
    """Orientations in which ``card`` lies on the card at ``cell`` with matching walls."""
    cards, rot = maze[cell]
    target = table.walls(cards[-1], rot)
    return [r for r in table.distinct[card] if table.walls(card, r) == target]


def placements(
    table: CardTable, maze: Maze, chars: Chars, card: int, anchors: Iterable[int]
) -> list[tuple[str, int, int]]:
    """Normal placements next to any of the ``anchors`` (cells): ``("place" | "stack", cell, rot)``."""
    box = box_of(occupied(maze, chars))
    taken = set(chars.values())
    result: list[tuple[str, int, int]] = []
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


def free_placements(table: CardTable, maze: Maze, card: int) -> list[tuple[str, int, int]]:
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


def turn(maze: Maze, cell: int, delta: int) -> None:
    cards, rot = maze[cell]
    maze[cell] = (cards, (rot + delta) & 3)


# --- moving ---------------------------------------------------------------


def can_enter(table: CardTable, maze: Maze, chars: Chars, mover: str, placed: int, holes: bool = False) -> bool:
    """Whether ``mover`` (next to the card at ``placed``) can step onto it: the card's edge
    facing the mover is open (or, with the Mouse's ability, a wall with a mouse hole)."""
    d = direction(placed, chars[mover])
    if d < 0:
        return False
    cards, rot = maze[placed]
    op, ho = table.spec[cards[-1]][rot][:2]
    return bool(op >> d & 1 or (holes and ho >> d & 1))


FATAL = {"mouse": ("cheese", "cat"), "cat": ("mouse",)}
THROUGH = {"mouse": (), "cat": ("cheese",)}


def destinations(
    table: CardTable, maze: Maze, chars: Chars, mover: str, placed: int, holes: bool = False
) -> tuple[dict[int, str | None], dict[int, int]]:
    """Where ``mover`` may end a Move that starts through the card at ``placed``.

    Returns ``(dests, parent)``: ``dests`` maps a destination cell to ``None`` (an empty
    space other than the one the mover starts from) or to the character whose card the
    mover runs onto, ending the game (the Mouse onto the Cheese or the Cat, the Cat onto
    the Mouse). ``parent`` links each visited cell to the one it was entered from; see
    ``route``. With ``holes`` (the Mouse's ability) a wall with a mouse hole on either
    side of the edge is no obstacle.
    """
    start = chars[mover]
    d_in = direction(placed, start)
    spec = table.spec
    cards, rot = maze[placed]
    op, ho = spec[cards[-1]][rot][:2]
    if not (op >> d_in & 1 or (holes and ho >> d_in & 1)):
        return {}, {}
    box = box_of(occupied(maze, chars, without=start))
    x0, y0, x1, y1 = box
    char_at = {cell: name for name, cell in chars.items() if name != mover}
    fatal = FATAL[mover]
    through = THROUGH[mover]
    parent = {placed: start}
    queue = [placed]
    dests: dict[int, str | None] = {}
    for u in queue:
        if u in maze:
            ucards, urot = maze[u]
            uo, uh = spec[ucards[-1]][urot][:2]
            if not holes:
                uh = 0
        else:
            uo, uh = 15, 0
        side = uo | uh
        row = NB[u]
        for d in range(4):
            v = row[d]
            if v < 0 or v in parent:
                continue
            if v in maze:
                vcards, vrot = maze[v]
                vo, vh = spec[vcards[-1]][vrot][:2]
                od = (d + 2) & 3
                if (uo >> d & 1 and vo >> od & 1) or (holes and (uh >> d & 1 or vh >> od & 1)):
                    parent[v] = u
                    queue.append(v)
            elif not side >> d & 1:
                continue
            elif v in char_at:
                who = char_at[v]
                if who in fatal:
                    if v not in dests:
                        dests[v] = who
                        parent[v] = u
                elif who in through:
                    parent[v] = u
                    queue.append(v)
            elif v != start and v not in dests:
                # An empty space ends the Move (the space the mover left is not a destination:
                # running back out the way it came is not moving through the card).
                vx, vy = XY[v]
                if x1 < 0 or (max(x1, vx) - min(x0, vx) < LIMIT and max(y1, vy) - min(y0, vy) < LIMIT):
                    dests[v] = None
                    parent[v] = u
    return dests, parent


def route(parent: Mapping[int, int], start: int, dest: int) -> list[int]:
    """Cells from ``start`` to ``dest`` following ``parent`` links."""
    path = [dest]
    cell = parent[dest]
    while cell != start:
        path.append(cell)
        cell = parent[cell]
    path.append(start)
    path.reverse()
    return path


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
