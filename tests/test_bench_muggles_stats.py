"""The Muggles bench's count of groups trashed whole: the figure that shows why the solitaire game,
which needs "at least one cache type from six of the seven groups", can win with a group gone and a
team, which needs "all seven groups", cannot (docs/games/muggles.md)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from muggles_stats import groups_gone  # noqa: E402

from tests.games.muggles.helpers import E, fresh, give_cache, tiles_of  # noqa: E402


def trash(state, kind):
    for tile in tiles_of(kind):
        give_cache(state, 0, kind, tile=tile)
        state.seats[0].caches.remove(tile)
        state.discard.append(tile)


def test_a_group_counts_as_gone_once_every_tile_of_it_is_out_of_play():
    state = fresh(1)
    assert groups_gone(E, state) == 0
    trash(state, "nano")
    assert groups_gone(E, state) == 1
    trash(state, "mystery")
    assert groups_gone(E, state) == 1, "the Puzzle Group keeps its Puzzle caches"
    trash(state, "puzzle")
    assert groups_gone(E, state) == 2


def test_a_group_held_or_with_a_tile_left_is_not_gone():
    state = fresh(2)
    trash(state, "nano")
    kept = state.discard[-1]
    give_cache(state, 1, "nano", tile=kept)
    assert groups_gone(E, state) == 0, "held by the team"
    state.seats[1].caches.remove(kept)
    state.muggles[0].carrying = kept
    assert groups_gone(E, state) == 0, "a muggle carries it: a swap can still bring it"
