"""The board in play: pawns on passages, where a tile may go, vacated tiles.

"He may play a Passage Tile so that the end of its passage connects to the end of a passage on
the player's current tile, or one already connected to the current tile."
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.catacombs import geometry as geo
from bot.games.catacombs.context import Ctx
from bot.games.catacombs.data import TileKind
from bot.games.catacombs.passages import WHOLE, Layout, Node, vacated
from bot.games.catacombs.state import State, Tile


@dataclass(frozen=True)
class Placement:
    mode: str
    """put (own passage, slide or Torch tiles), rival (a Rival Dead End on an opponent's passage),
    mate (co-op: one tile on a teammate's passage), dig (the Miner through a wall)."""
    cell: int
    rot: int
    anchor: int
    """The space it connects to (the Miner's own tile for a dig)."""
    side: str
    """The new tile's end that faces ``anchor``."""
    target: int = -1
    links: tuple[int, ...] = ()

    @property
    def action(self) -> str:
        return f"{self.mode}:{geo.label(self.cell)}:{self.rot}"


def pawn_node(lay: Layout, s: State, seat: int) -> Node:
    pawn = s.seats[seat]
    return lay.node(pawn.cell, pawn.side)


def pawn_nodes(lay: Layout, s: State) -> dict[int, Node]:
    return {seat: pawn_node(lay, s, seat) for seat in range(s.players)}


def seats_on(lay: Layout, s: State, nodes: set[Node], exclude: int = -1) -> list[int]:
    return [seat for seat, node in pawn_nodes(lay, s).items() if seat != exclude and node in nodes]


def seats_sharing(ctx: Ctx, seat: int) -> list[int]:
    """Other characters on the same passage (connected passages) as ``seat``."""
    lay = ctx.layout()
    return seats_on(lay, ctx.s, lay.component(pawn_node(lay, ctx.s, seat)), exclude=seat)


def ends_of(lay: Layout, s: State, seat: int) -> list[tuple[int, str]]:
    """The passage ends a seat's first tile may join: "each player must place their first tiles
    on the end of the pathway that they start at" (and beyond it, once a tile is joined there);
    else every open end of its passage. A starting end walled in by a tile that does not join it
    no longer binds (house rule, so that no pawn is shut in for good)."""
    pawn = s.seats[seat]
    if pawn.start:
        target = lay.grid.step(pawn.cell, pawn.start)
        if target >= 0 and target not in lay.blocked:
            return [(pawn.cell, pawn.start)]
        if target >= 0 and lay.joined(pawn.cell, pawn.start) == target:
            beyond = lay.component(lay.entry(target, geo.OPPOSITE[pawn.start]))
            return lay.open_ends({cell for cell, _ in beyond} - {pawn.cell})
    return lay.open_ends(lay.cells(pawn_node(lay, s, seat)))


def with_tile(lay: Layout, cell: int, openings: str, obstacle: str) -> Layout:
    opens = dict(lay.opens)
    opens[cell] = openings
    obstacles = dict(lay.obstacles)
    if obstacle:
        obstacles[cell] = obstacle
    # built field by field, not by ``dataclasses.replace``: a computer's look-ahead lays millions of
    # tiles a game, and ``replace`` costs three times the constructor
    return Layout(lay.grid, lay.exit_cell, opens, obstacles, lay.relic_opens, lay.blocked | {cell})


def fits(kind: TileKind, ends: list[tuple[int, str]], lay: Layout, mode: str, target: int = -1) -> list[Placement]:
    """Every way ``kind`` can be laid joining one of ``ends`` (turns giving the same passage once)."""
    found: list[Placement] = []
    seen: set[tuple[int, str]] = set()
    for anchor, direction in ends:
        cell = lay.grid.step(anchor, direction)
        if cell < 0 or cell in lay.blocked:
            continue
        back = geo.OPPOSITE[direction]
        for rot in range(4):
            openings = geo.rotate(kind.openings, rot)
            if back not in openings or (cell, openings) in seen:
                continue
            seen.add((cell, openings))
            found.append(Placement(mode, cell, rot, anchor, back, target))
    return found


Components = dict[Node, set[Node]]
"""Passages of one board already followed, by each of their nodes: the placements of one tile share
them (``placed_links``)."""


def placed_links(
    lay: Layout, s: State, kind: TileKind, p: Placement, base: set[int], known: Components
) -> tuple[list[int], bool]:
    """The seats (not in ``base``) whose passages the tile would join, and whether that joined
    passage would reach the Exit. The tile's passage joins the passages its ends meet, so they are
    followed on the board as it is (``known``: those already followed, kept for the next placement),
    not on a copy with the tile laid."""
    nodes: set[Node] = set()
    for direction in geo.rotate(kind.openings, p.rot):
        other = lay.grid.step(p.cell, direction)
        back = geo.OPPOSITE[direction]
        if other < 0 or back not in lay.opens.get(other, ""):
            continue
        entry = lay.entry(other, back)
        if entry in nodes:
            continue
        passage = known.get(entry)
        if passage is None:
            passage = lay.component(entry)
            known.update(dict.fromkeys(passage, passage))
        nodes |= passage
    joined = [seat for seat in seats_on(lay, s, nodes) if seat not in base]
    return joined, (lay.exit_cell, WHOLE) in nodes


def far_side_free(lay: Layout, p: Placement, kind: TileKind) -> bool:
    """No end of the tile other than the one it joins by faces a wall or the board's edge."""
    return all(lay.grid.step(p.cell, d) >= 0 for d in geo.rotate(kind.openings, p.rot) if d != p.side)


def slide_ok(lay: Layout, p: Placement, kind: TileKind) -> bool:
    """ "You may not play a Slide Tile ... in such a way that you slide into a wall": its far end
    must lead to an empty space where the slide goes on."""
    far = next(d for d in geo.rotate(kind.openings, p.rot) if d != p.side)
    nxt = lay.grid.step(p.cell, far)
    return nxt >= 0 and nxt not in lay.blocked


def put(ctx: Ctx, tile: int, cell: int, rot: int, *, slid: bool = False) -> None:
    ctx.s.board[cell] = Tile(tile, rot, slid=slid, new=True)


def pawn_cells(s: State) -> list[int]:
    return [pawn.cell for pawn in s.seats if pawn.cell >= 0]


def discard_vacated(ctx: Ctx) -> int:
    """Phase 4 (and after perishing or Yaoguai): remove tiles no pawn is next to; how many."""
    gone = vacated(ctx.s.board.keys(), pawn_cells(ctx.s), ctx.d.board.grid, ctx.d.board.exit_cell)
    for cell in gone:
        ctx.s.discards.append(ctx.s.board.pop(cell).id)
    return len(gone)


def entry_side(lay: Layout, cell: int, previous: int) -> str:
    """The end of the tile at ``cell`` that joins ``previous``."""
    for direction in lay.opens.get(cell, ""):
        if lay.grid.step(cell, direction) == previous:
            return direction
    return lay.opens.get(cell, "C")[0]


def on_exit(ctx: Ctx, seat: int) -> bool:
    return ctx.s.seats[seat].cell == ctx.d.board.exit_cell


def quadrants_with_pawns(ctx: Ctx, seats: list[int] | None = None) -> set[int]:
    chosen = range(ctx.s.players) if seats is None else seats
    return {geo.quadrant(ctx.s.seats[seat].cell) for seat in chosen if ctx.s.seats[seat].cell >= 0}
