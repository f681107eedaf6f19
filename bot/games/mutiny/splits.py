"""The splits a Captain weighs when dividing the loot: the fair split, a bribe of ``ceil(pot / 4)``
or one more cube to each of the k strongest other seats (the Captain keeps the rest), and keeping it
all. The computer player picks among them with its model of the vote; a searching computer weighs
the same ones (``MutinyEngine.search_choices``), so the heuristic's own split is among its moves."""

from __future__ import annotations

import math
from collections.abc import Sequence

Counts = tuple[int, ...]
"""How many cubes each seat gets."""
DEALING_ORDER = (2, 1, 3, 0)
"""Gold first (the dearest cube), then Orange, Plantain, Sugar."""


def candidate_counts(me: int, pot: int, by_strength: Sequence[int], fair: Counts | None) -> list[Counts]:
    """``by_strength``: the other seats, strongest crew first."""
    candidates: list[Counts] = [fair] if fair is not None else []
    base = math.ceil(pot / 4)
    for k in range(4):
        for bribe in (base, base + 1):
            if k * bribe > pot:
                continue
            counts = [0, 0, 0, 0]
            for q in by_strength[:k]:
                counts[q] = bribe
            counts[me] = pot - k * bribe
            if tuple(counts) not in candidates:
                candidates.append(tuple(counts))
    return candidates


def deal(loot: Sequence[int], counts: Sequence[int], me: int) -> list[list[int]]:
    """Turn cube counts per seat into shares: the Captain keeps Gold first, the others get the rest evenly."""
    shares = [[0] * 4 for _ in range(4)]
    rest = list(loot)
    for colour in DEALING_ORDER:
        while rest[colour] and sum(shares[me]) < counts[me]:
            shares[me][colour] += 1
            rest[colour] -= 1
    for colour in DEALING_ORDER:
        while rest[colour]:
            open_seats = [q for q in range(4) if q != me and sum(shares[q]) < counts[q]]
            target = min(open_seats, key=lambda q: (shares[q][colour], sum(shares[q]), q))
            shares[target][colour] += 1
            rest[colour] -= 1
    return shares


def strongest_first(me: int, means: Sequence[float]) -> list[int]:
    """The other seats by the mean of their dice, strongest first (ties by seat)."""
    return sorted((q for q in range(4) if q != me), key=lambda q: -means[q])
