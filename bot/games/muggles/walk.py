"""The muggles' moves: the die table, blocked moves, calling for help, and what a muggle does where it lands.

Rule text 000, "Muggles": "The roll of one die determines the move. Roll of 1 - move one step
ahead ... Roll of 4 - rotate clockwise 90° and move one step ahead ... Roll of 6 - rotate
clockwise 90° and move three steps ahead". A move is blocked if it would "Cross an edge", "Step
over or land on a revealed Terrain Hazard tile", "Land on a revealed Nuisance tile (but okay to
step over)" or "Land on the unsafe region around a Cave tile"; then "Rotate", "Reduce Steps", and
at last "Call for Help". "Trails – Muggles move the same whether on trails or woods".
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cmiyc.board import Board
from bot.games.muggles import texts
from bot.games.muggles.context import Team
from bot.games.muggles.state import Muggle

DIRECTIONS = ("N", "E", "S", "W")
"""Clockwise, starting north (up on the board)."""
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
DIE = {1: (False, 1), 2: (False, 2), 3: (False, 3), 4: (True, 1), 5: (True, 2), 6: (True, 3)}
"""Roll -> (rotate clockwise 90° first, steps ahead): the text's table."""


def clockwise(direction: str) -> str:
    return DIRECTIONS[(DIRECTIONS.index(direction) + 1) % 4]


@dataclass(frozen=True)
class Plan:
    direction: str
    path: tuple[str, ...]
    """The squares stepped onto, the last one landed on (the start excluded)."""


# ---------------------------------------------------------------------- where a muggle may go


def _path(ctx: Team, muggle: Muggle, direction: str, steps: int) -> tuple[str, ...] | None:
    """The squares of a straight move, or None when it would cross the edge of the muggle's board."""
    board = ctx.data.board
    here = board.squares[muggle.square]
    dc, dr = STEP[direction]
    found = []
    for step in range(1, steps + 1):
        square = board.at(here.column + dc * step, here.row + dr * step)
        if square is None or board.squares[square].board != muggle.board:
            return None
        found.append(square)
    return tuple(found)


def hazard(ctx: Team, square: str) -> bool:
    """A revealed Terrain Hazard, or the re-hidden Cave: "Muggles never intentionally walk on or
    over a revealed Terrain Hazard (nor on or over a re-hidden Cave tile)"."""
    tile = ctx.state.board.get(square)
    if tile is None:
        return False
    kind = ctx.data.kind(tile)
    if tile in ctx.state.faceup:
        return kind.group == "terrain"
    return kind.effect == "bear" and tile in ctx.state.known


def nuisance(ctx: Team, square: str) -> bool:
    tile = ctx.state.board.get(square)
    return tile is not None and tile in ctx.state.faceup and ctx.data.kind(tile).group == "nuisance"


def unsafe(ctx: Team) -> frozenset[str]:
    """The unsafe region around the awake bear's Cave (its 8 neighbours)."""
    state = ctx.state
    if not state.bear_awake:
        return frozenset()
    cave = next(
        (sq for sq, t in state.board.items() if t in state.faceup and ctx.data.kind(t).effect == "bear"),
        None,
    )
    return frozenset(ctx.data.board.woods_around(cave)) if cave else frozenset()


def blocked(ctx: Team, path: tuple[str, ...] | None) -> bool:
    if path is None:
        return True
    if any(hazard(ctx, square) for square in path):
        return True
    return nuisance(ctx, path[-1]) or path[-1] in unsafe(ctx)


def plan(ctx: Team, muggle: Muggle, roll: int) -> Plan | None:
    """The move a roll gives, resolved as the text orders; None when the muggle must call for help.

    "Rotate – If move is blocked, try rotating the piece clockwise 90° at a time until the move can
    be taken. Reduce Steps – If none of the four directions work, reduce number of steps by one and
    repeat above instructions." """
    turn, steps = DIE[roll]
    first = clockwise(muggle.facing) if turn else muggle.facing
    for length in range(steps, 0, -1):
        direction = first
        for _ in range(4):
            path = _path(ctx, muggle, direction, length)
            if path is not None and not blocked(ctx, path):
                return Plan(direction, path)
            direction = clockwise(direction)
    return None


def entry(ctx: Team, muggle: Muggle) -> tuple[str, str]:
    """Where a muggle calling for help goes: "relocated to the trail space that enters the wooded
    board. He faces away from town." """
    board = ctx.data.board
    part = board.part(muggle.board)
    town = next(p for p in board.parts if p.kind == "town")
    return part.trail[0], ("N" if part.last_row < town.first_row else "S")


def call_for_help(ctx: Team, index: int) -> str:
    muggle = ctx.state.muggles[index]
    muggle.square, muggle.facing = entry(ctx, muggle)
    muggle.nuisance = False
    return texts.help_text(muggle.square, muggle.facing)


def start_square(board: Board, board_id: str) -> tuple[str, str]:
    """ "Muggles start on the edge of their board furthest away from the Town, in the same row or column
    as the Moonrise Café, facing the Town." """
    part = board.part(board_id)
    cafe = board.squares[board.cafe]
    square = board.label(cafe.column, part.far_row)
    town = next(p for p in board.parts if p.kind == "town")
    return square, ("S" if part.last_row < town.first_row else "N")


def describe(old: str, roll: int, found: Plan) -> str:
    """ "turns east and steps 2 to F3", "is blocked, turns west and steps 1 to C2"."""
    turn, steps = DIE[roll]
    intended = clockwise(old) if turn else old
    was_blocked = found.direction != intended or len(found.path) != steps
    return texts.muggle_move(old, found.direction, len(found.path), found.path[-1], was_blocked)
