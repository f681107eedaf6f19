"""Board geometry: spaces, directions, labels, walls and archways of the 12 x 12 Catacombs.

A space is an int ``y * 12 + x`` (``x`` west to east, ``y`` north to south). People read
spaces as ``A1`` (north-west corner) to ``L12`` (south-east corner), columns A-L and rows
1-12. Tiles turn in quarter turns clockwise; an opening is one of ``N``, ``E``, ``S``, ``W``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

SIZE = 12
HALF = 6
DIRS = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
COLUMNS = "ABCDEFGHIJKL"
QUADRANT_NAMES = ("North-west", "North-east", "South-west", "South-east")


def label(cell: int) -> str:
    return f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}"


def parse_label(text: str) -> int | None:
    """The space of ``C12``; None if ``text`` is not a space of the board."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isascii() or not text[1:].isdigit():
        return None
    row = int(text[1:])
    if not 1 <= row <= SIZE:
        return None
    return (row - 1) * SIZE + COLUMNS.index(text[0])


def quadrant(cell: int) -> int:
    """0 north-west, 1 north-east, 2 south-west, 3 south-east."""
    return (cell // SIZE // HALF) * 2 + (cell % SIZE) // HALF


@cache
def rotate(openings: str, turns: int) -> str:
    """The openings of a tile turned ``turns`` quarter turns clockwise, in N, E, S, W order."""
    turned = {DIRS[(DIRS.index(d) + turns) % 4] for d in openings}
    return "".join(d for d in DIRS if d in turned)


def raw_step(cell: int, direction: str) -> int:
    """The neighbouring space in ``direction``, or -1 off the board (walls ignored)."""
    dx, dy = STEP[direction]
    x, y = cell % SIZE + dx, cell // SIZE + dy
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return y * SIZE + x
    return -1


def quadrant_step(cell: int, direction: str) -> int:
    """Monsters never leave their quadrant: the neighbour in ``direction`` inside it, else -1."""
    other = raw_step(cell, direction)
    if other < 0 or quadrant(other) != quadrant(cell):
        return -1
    return other


def centre_four(q: int) -> tuple[int, ...]:
    """The four centre spaces of quadrant ``q``."""
    x0, y0 = (q % 2) * HALF, (q // 2) * HALF
    return tuple((y0 + y) * SIZE + x0 + x for y in (2, 3) for x in (2, 3))


def centre_ring(q: int) -> tuple[int, ...]:
    """The 12 spaces that surround the centre four of quadrant ``q``."""
    x0, y0 = (q % 2) * HALF, (q // 2) * HALF
    inner = set(centre_four(q))
    return tuple(
        (y0 + y) * SIZE + x0 + x for y in range(1, 5) for x in range(1, 5) if (y0 + y) * SIZE + x0 + x not in inner
    )


@dataclass(frozen=True)
class Grid:
    """Which neighbouring spaces are open to each other: not across the board's edge, and not
    across a quadrant wall except through its archway."""

    archways: frozenset[frozenset[int]]

    def step(self, cell: int, direction: str) -> int:
        """The neighbour in ``direction`` if nothing walls it off, else -1."""
        return self._steps.get((cell, direction), -1)

    @cached_property
    def _steps(self) -> dict[tuple[int, str], int]:
        steps = {}
        for cell in range(SIZE * SIZE):
            for direction in DIRS:
                other = raw_step(cell, direction)
                if other >= 0 and (quadrant(other) == quadrant(cell) or frozenset((cell, other)) in self.archways):
                    steps[cell, direction] = other
        return steps

    def doorway_cells(self) -> frozenset[int]:
        return frozenset(cell for pair in self.archways for cell in pair)

    def neighbours(self, cell: int) -> Iterable[tuple[str, int]]:
        return self._neighbours[cell]

    @cached_property
    def _neighbours(self) -> tuple[tuple[tuple[str, int], ...], ...]:
        return tuple(
            tuple((d, self._steps[cell, d]) for d in DIRS if (cell, d) in self._steps) for cell in range(SIZE * SIZE)
        )
