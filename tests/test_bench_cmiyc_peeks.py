"""The peeks bench tells where each cache a player peeked at ended up (docs/games/cmiyc.md, "What the
strong player knows"): every peeked cache is counted once, under the one place it lies."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from cmiyc_peeks import FATES, PLACES, fate, place, tally  # noqa: E402

from bot.games.registry import game as registered  # noqa: E402
from tests.games.cmiyc.helpers import fresh, give_cache, put_tile, strip_gear  # noqa: E402


def test_each_place_a_peeked_cache_can_end_up_is_told_apart():
    state = fresh()
    strip_gear(state, 0)
    assert fate(state, 0, give_cache(state, 0, "traditional")) == "taken by it"
    assert fate(state, 0, give_cache(state, 1, "traditional")) == "taken by another"
    assert fate(state, 0, put_tile(state, "E5", "nano")) == "face down, it lacks the equipment"
    assert fate(state, 0, put_tile(state, "E6", "traditional")) == "face down"
    assert fate(state, 0, put_tile(state, "G6", "traditional", face_up=True)) == "face up"


def test_the_places_add_up_to_the_caches_it_peeked_at():
    row = tally("peek_aisle=3,store=0.85", games=2, first=0, players=4)
    per_game = row["per_game"]
    assert per_game["peeked caches"] > 0
    assert round(sum(per_game[key] for key in FATES), 2) == per_game["peeked caches"]
    assert per_game["peeked tiles"] >= per_game["peeked caches"]


def test_a_turn_is_counted_under_the_woods_the_store_the_hospital_or_the_rest_of_the_town():
    data = registered("cmiyc").engine.data
    assert place(data, "E5") == "turns in the North Woods"
    assert place(data, "C16") == "turns in the South Woods"
    assert place(data, "B13") == "turns in the store"
    assert place(data, "F12") == "turns in the Hospital"
    assert place(data, "D9") == "turns elsewhere in the Town"
    assert set(PLACES) == {place(data, square) for square in data.board.squares}


def test_every_turn_it_played_is_counted_once():
    row = tally("", games=1, first=1, players=2)
    turns = sum(row["per_game"][key] for key in PLACES)
    assert 5 < turns <= row["per_game"]["rounds"]
