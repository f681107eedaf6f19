"""A state redealt from what one seat may know (``engine.determinize``), for the searching player.

A seat knows everything public: the board, the Relic stacks, the monsters, every explorer's
health, bullets, Items and Relics carried, how many tiles each hand holds, the tiles drawn for a
slide, a Torch or a Path Marker, the tiles set aside out of the game. It knows its own hand and the
tiles it was offered to keep. The tiles discarded this turn are kept where they are: they go back
into the bag at the end of the turn, most were drawn or laid in the open, and the count is public.

Everything else is redealt: the other hands (their sizes kept, Passage and Item tiles only, as a
hand holds), the tiles another seat was offered to keep (no Encounter, as drawn), the draw bag
(drawing takes a random tile, so its order is no secret: its contents are), the other explorers'
standing answers (unknown, so the default) and the future draws (a fresh RNG). A tile another
seat is placing stays in its hand: the decision refers to it. Every pool is sorted before it is
shuffled, so the sample depends only on what the seat knows and on the seed.
"""

from __future__ import annotations

from bot.engine import Rng
from bot.games.catacombs.data import GameData
from bot.games.catacombs.state import State

HAND_CLASSES = frozenset({"passage", "item"})
KEEP_CLASSES = frozenset({"passage", "item", "bonus"})


def _pinned(s: State) -> set[int]:
    """Tiles a pending decision refers to by id (a tile being placed from a hand)."""
    pinned = {task.a for task in s.tasks if task.kind == "place"}
    if s.play is not None and s.play.picked >= 0:
        pinned.add(s.play.picked)
    return pinned


def _deal(pool: list[int], size: int, data: GameData, classes: frozenset[str]) -> list[int]:
    """The first ``size`` tiles of ``pool`` of the given classes, taken out of it."""
    dealt: list[int] = []
    for tile in list(pool):
        if len(dealt) == size:
            break
        if data.kinds[tile].cls in classes:
            dealt.append(tile)
            pool.remove(tile)
    return dealt


def determinize(data: GameData, s: State, seat: int, seed: int) -> State:
    """``s`` (a copy, changed in place) with everything ``seat`` cannot know redealt from ``seed``."""
    rng = Rng.from_seed(seed, "catacombs-determinize")
    if not s.over:
        pinned = _pinned(s)
        others = [q for q in range(s.players) if q != seat]
        keeps = [task for task in s.tasks if task.kind == "keep" and task.seat != seat]
        pool = list(s.bag)
        kept: dict[int, list[int]] = {}
        for q in others:
            hand = s.seats[q].hand
            kept[q] = [t for t in hand if t in pinned]
            pool += [t for t in hand if t not in pinned]
        for task in keeps:
            pool += task.tiles
        pool.sort()
        rng.shuffle(pool)
        for task in keeps:
            task.tiles = _deal(pool, len(task.tiles), data, KEEP_CLASSES)
        for q in others:
            pawn = s.seats[q]
            pawn.hand = kept[q] + _deal(pool, len(pawn.hand) - len(kept[q]), data, HAND_CLASSES)
            pawn.standing = {}
        s.bag = sorted(pool)
    s.rng = rng.next_u64()
    return s
