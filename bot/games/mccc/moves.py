"""The Move: where the Mouse and the Cat run through the card just placed, and every way a
Move of one or both of them can end. Shared by the engine, the preview and the computer
player, so all three agree on every rule.

"If you place a card that causes both the Cat and Mouse to Move at the same time and they
pass over each other, the game ends immediately." Both movers are resolved one after the
other (the player picks the order), but they move *at the same time*: the space the first
one left still counts as its place for the second (a "ghost"). Running onto it, as the Cat
does in F5 → E5 → D5 after the Mouse left D5 for E4, is passing over each other. Both going
through the card just placed is not: both must start through it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from bot.games.mccc.maze import LIMIT, NB, XY, CardTable, Chars, Maze, box_of, direction, occupied

FATAL = {"mouse": ("cheese", "cat"), "cat": ("mouse",)}
"""Whose card ends the game when the mover runs onto it."""
THROUGH = {"mouse": (), "cat": ("cheese",)}
"""Whose card the mover may run across (the Cat across the Cheese, never stopping on it)."""

Destinations = dict[int, str | None]
"""Destination cell -> ``None`` (an empty space) or the character whose card it runs onto."""


def can_enter(table: CardTable, maze: Maze, chars: Chars, mover: str, placed: int, mouse_holes: bool = False) -> bool:
    """Whether ``mover`` (next to the card at ``placed``) can step onto it: the card's edge
    facing the mover is open (or, with the Mouse's ability, a wall with a mouse hole)."""
    d = direction(placed, chars[mover])
    if d < 0:
        return False
    cards, rot = maze[placed]
    op, ho = table.spec[cards[-1]][rot][:2]
    holes = mouse_holes and mover == "mouse"
    return bool(op >> d & 1 or (holes and ho >> d & 1))


def ghosts_for(
    mover: str, moving: Sequence[str], starts: Mapping[str, int], chars: Mapping[str, int]
) -> dict[int, str]:
    """Spaces the other mover of this card has left: still its place for ``mover``."""
    return {starts[other]: other for other in moving if other != mover and chars.get(other) != starts.get(other)}


def destinations(
    table: CardTable,
    maze: Maze,
    chars: Chars,
    mover: str,
    placed: int,
    mouse_holes: bool = False,
    ghosts: Mapping[int, str] | None = None,
) -> tuple[Destinations, dict[int, int]]:
    """Where ``mover`` may end a Move that starts through the card at ``placed``.

    Returns ``(dests, parent)``: ``dests`` maps a destination cell to ``None`` (an empty
    space other than the one the mover starts from) or to the character whose card (or
    ghost, see the module) the mover runs onto, ending the game. ``parent`` links each
    visited cell to the one it was entered from; see ``route``. With ``mouse_holes`` (the
    Mouse's ability) a wall with a mouse hole on either side of the edge is no obstacle
    for the Mouse.
    """
    if not can_enter(table, maze, chars, mover, placed, mouse_holes):
        return {}, {}
    holes = mouse_holes and mover == "mouse"
    start = chars[mover]
    spec = table.spec
    x0, y0, x1, y1 = box_of(occupied(maze, chars, without=start))
    char_at = {cell: name for name, cell in chars.items() if name != mover}
    ghost_at = dict(ghosts or {})
    fatal = FATAL[mover]
    through = THROUGH[mover]
    parent = {placed: start}
    queue = [placed]
    dests: Destinations = {}
    for u in queue:
        if u in maze:
            ucards, urot = maze[u]
            uo, uh = spec[ucards[-1]][urot][:2]
            if not holes:
                uh = 0
        else:  # the card of a character the mover runs across: open on every side
            uo, uh = 15, 0
        side = uo | uh
        for d in range(4):
            v = NB[u][d]
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
            elif v in char_at or v in ghost_at:
                who = char_at.get(v) or ghost_at[v]
                if who in fatal:
                    dests[v] = who
                    parent[v] = u
                elif who in through:
                    parent[v] = u
                    queue.append(v)
            elif v != start:
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


def outcomes(
    table: CardTable, maze: Maze, chars: Chars, placed: int, movers: Sequence[str], mouse_holes: bool
) -> Iterator[tuple[Chars, str | None]]:
    """Every way the Move through ``placed`` can go, in either order when both must move:
    ``(characters afterwards, None)``, or ``(characters when it ended, character run onto)``
    when a run ends the game."""
    orders = [list(movers)] if len(movers) < 2 else [list(movers), list(movers)[::-1]]
    for order in orders:
        yield from resolve(table, maze, placed, order, movers, chars, dict(chars), mouse_holes)


def resolve(
    table: CardTable,
    maze: Maze,
    placed: int,
    order: list[str],
    moving: Sequence[str],
    starts: Chars,
    chars: Chars,
    mouse_holes: bool,
) -> Iterator[tuple[Chars, str | None]]:
    """The ways the rest of a Move can go: ``order`` still to move, ``moving`` all who move
    through ``placed`` this turn (from ``starts``), the characters now at ``chars``."""
    if not order:
        yield chars, None
        return
    mover = order[0]
    ghosts = ghosts_for(mover, moving, starts, chars)
    dests, _ = destinations(table, maze, chars, mover, placed, mouse_holes, ghosts)
    if not dests:
        yield from resolve(table, maze, placed, order[1:], moving, starts, chars, mouse_holes)
        return
    for dest, hit in dests.items():
        if hit is not None:
            yield chars, hit
            continue
        after = dict(chars)
        after[mover] = dest
        yield from resolve(table, maze, placed, order[1:], moving, starts, after, mouse_holes)


def unavoidable(
    table: CardTable, maze: Maze, chars: Chars, placed: int, movers: Sequence[str], mouse_holes: bool
) -> bool:
    """Whether every way the Move through ``placed`` can go ends the game (multiplayer: no order or
    choice of spaces avoids it). A Move with nobody moving ends nothing."""
    return bool(movers) and all(hit is not None for _, hit in outcomes(table, maze, chars, placed, movers, mouse_holes))


def survivable(
    table: CardTable,
    maze: Maze,
    chars: Chars,
    placed: int,
    movers: Sequence[str],
    mouse_holes: bool,
    active: Sequence[str],
) -> bool:
    """Whether some order and choice of destinations avoids every loss of the Move (solo): no
    game-ending run, and the Active Character does not end where it started."""
    for after, hit in outcomes(table, maze, chars, placed, movers, mouse_holes):
        if hit is None and not (active and all(after[c] == chars[c] for c in active)):
            return True
    return False
