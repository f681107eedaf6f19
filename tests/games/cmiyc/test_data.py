"""The data files: the counts the rule texts and the published edition state, and refusal of broken
files with a message naming the file, the entry and the rule."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from bot.games.cmiyc import data as game_data
from bot.games.cmiyc.loading import DATA_DIR, DataError

DATA = game_data.default()
GUIDE = Path(__file__).resolve().parents[3] / "docs" / "games" / "cmiyc.md"


def test_published_counts_104_tiles_12_coins_28_equipment_18_events_8_characters():
    # HOUSE-RULES: "104 caching-area tiles, 12 geocoins, 28 equipment cards, 18 event cards,
    # 6 playing pieces, 8 character cards".
    assert len(DATA.tiles) == 104
    assert len(DATA.coins) == 12
    assert len(DATA.equipment) == 28
    assert len(DATA.events) == 18
    assert len(DATA.characters) == 8


def test_cache_counts_per_type_are_muggles_counts():
    # 000, "Cache Groups": Traditional (8), Multi (4 sets), Super-multi (1 set), Nano (4), Mystery (2),
    # Puzzle (2), Water (2), Night (3), Padlock (2), Combo lock (2), Challenge (1), Virtual (1),
    # Cache needs maintenance (2).
    counts = Counter(t.kind for t in DATA.tiles)
    assert {k: counts[k] for k in ("traditional", "nano", "mystery", "puzzle", "water", "night")} == {
        "traditional": 8,
        "nano": 4,
        "mystery": 2,
        "puzzle": 2,
        "water": 2,
        "night": 3,
    }
    assert (counts["padlock"], counts["combo_lock"], counts["challenge"], counts["virtual"], counts["maintenance"]) == (
        2,
        2,
        1,
        1,
        2,
    )
    multi, super_multi = DATA.kinds["multi"], DATA.kinds["super_multi"]
    assert counts["multi"] // multi.set_size == 4 and counts["multi"] % multi.set_size == 0
    assert counts["super_multi"] // super_multi.set_size == 1 and counts["super_multi"] % super_multi.set_size == 0
    assert sum(counts[k.id] for k in DATA.cache_kinds()) == 40


def test_problem_tiles_fall_into_the_four_groups_and_the_other_tiles_exist():
    # 000: "Geocaching tiles – No GPS signal, GPS battery dies, Lost pen, Really good hide", "Weather tiles –
    # Hot sun, Cold weather", "Terrain Hazard tiles – Pond, Cliff, Cave, Swamp", "Nuisance tiles – Snake,
    # Poison Ivy, Nasty Pricker Bushes, Beehive".
    groups: dict[str, set[str]] = {}
    for kind in DATA.kinds.values():
        if kind.category == "problem":
            groups.setdefault(kind.group, set()).add(kind.name)
    assert groups == {
        "geocaching": {"No GPS signal", "GPS battery dies", "Lost pen", "Really good hide"},
        "weather": {"Hot sun", "Cold weather"},
        "terrain": {"Pond", "Cliff", "Cave", "Swamp"},
        "nuisance": {"Snake", "Poison Ivy", "Nasty Pricker Bushes", "Beehive"},
    }
    categories = Counter(DATA.kinds[t.kind].category for t in DATA.tiles)
    # FAQ: "Warum gibt es zwei leere Karten?" — there are two blank tiles.
    assert categories["blank"] == 2
    assert categories["event"] and categories["map"] and categories["trail"] and categories["scenery"]
    assert {"trees", "clearing", "rocky"} <= set(DATA.kinds)


def test_equipment_cards_show_two_items_and_every_needed_item_exists():
    # "Auf jeder Ausrüstungskarte sind zwei Ausrüstungsgegenstände abgebildet."
    for card in DATA.equipment:
        assert len(card.sides) == 2 and card.sides[0] != card.sides[1]
    on_cards = {item for card in DATA.equipment for item in card.sides}
    for kind in DATA.kinds.values():
        assert not kind.needs or kind.needs in on_cards
        assert not kind.protection or kind.protection in on_cards
    assert "insurance" in on_cards


def test_event_cards_have_the_three_timings_and_the_named_cards():
    # "sofort verwenden, während deines Zuges verwenden oder jederzeit verwenden."
    assert {c.timing for c in DATA.events} == {"immediately", "turn", "any"}
    names = {c.name for c in DATA.events}
    assert {"Golden Ammo Can", "Disable Cache", "Snack"} <= names


def test_characters_include_the_ones_the_texts_name():
    ids = {c.id for c in DATA.characters}
    assert {"snoop", "shopper", "borrower", "coin_collector"} <= ids
    assert len({c.ability for c in DATA.characters}) == 8


def test_board_has_the_town_buildings_three_trail_heads_and_two_woods():
    board = DATA.board
    kinds = Counter(sq.kind for sq in board.squares.values())
    assert kinds["cafe"] == kinds["swag"] == kinds["mega"] == kinds["checkout"] == 1
    assert kinds["trail_head"] == 3 and len(board.trail_heads) == 3
    assert kinds["parking"] >= 1 and kinds["aisle"] >= 3 and kinds["hospital"] >= 2
    assert len(board.woods) == 2
    for part in board.woods:
        # "so aufgestellt, dass der Weg, der in den Wald führt, an eines der drei Ausgangspunkte ... angrenzt"
        assert part.trail_head in board.trail_heads
        assert part.trail[0] in board.links[part.trail_head]
    assert len({p.trail_head for p in board.woods}) == 2


def test_fewer_squares_than_tiles_so_a_stock_remains():
    # HOUSE-RULES: "sized so that fewer than 104 tiles fill them (Muggles needs a stock of spare tiles)".
    assert 60 <= len(DATA.board.tile_squares) < 104


def test_the_store_arrows_run_one_way_to_the_checkout():
    board = DATA.board
    for aisle in board.aisles:
        assert all(nxt in board.aisles or nxt == board.checkout for nxt in board.links[aisle])
    for square in board.parking:
        assert any(nxt in board.aisles for nxt in board.links[square])


# ---------------------------------------------------------------------- broken files


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    for file in DATA_DIR.iterdir():
        shutil.copy(file, tmp_path / file.name)
    return tmp_path


def edit(directory: Path, name: str, change) -> None:
    path = directory / name
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")


def refused(directory: Path) -> str:
    with pytest.raises(DataError) as caught:
        game_data.load(directory)
    return str(caught.value)


def test_the_copy_loads(data_copy):
    assert len(game_data.load(data_copy).tiles) == 104


def test_wrong_tile_total_is_refused(data_copy):
    def change(raw):
        next(k for k in raw["kinds"] if k["id"] == "trees")["count"] += 1

    edit(data_copy, "tiles.json", change)
    message = refused(data_copy)
    assert message.startswith("tiles.json: kinds:") and "105 tiles, not 104" in message


def test_a_cache_count_other_than_muggles_is_refused(data_copy):
    def change(raw):
        next(k for k in raw["kinds"] if k["id"] == "nano")["count"] = 5
        next(k for k in raw["kinds"] if k["id"] == "trees")["count"] -= 1

    edit(data_copy, "tiles.json", change)
    assert refused(data_copy) == "tiles.json: kind 'nano': Muggles' cache counts are binding: 4 caches"


def test_an_unknown_equipment_item_is_refused(data_copy):
    edit(data_copy, "equipment.json", lambda raw: raw["cards"][3].__setitem__(1, "jetpack"))
    assert refused(data_copy) == "equipment.json: card #4: unknown item 'jetpack'"


def test_a_card_short_of_the_count_is_refused(data_copy):
    edit(data_copy, "events.json", lambda raw: raw["cards"][1].__setitem__("count", 1))
    assert refused(data_copy) == "events.json: cards: the game has 18 event cards, not 17"


def test_a_store_arrow_running_backwards_is_refused(data_copy):
    edit(data_copy, "board.json", lambda raw: raw["store"]["arrows"].append(["D12", "C12"]))
    assert "the arrows must run one way" in refused(data_copy)


def test_a_trail_not_starting_at_its_trail_head_is_refused(data_copy):
    edit(data_copy, "board.json", lambda raw: raw["boards"][0].__setitem__("trail_head", "H10"))
    assert refused(data_copy) == "board.json: board 'north' trail: must start next to its trail head H10"


def test_an_unknown_coin_goal_is_refused(data_copy):
    edit(data_copy, "geocoins.json", lambda raw: raw["coins"][0]["goal"].__setitem__("kind", "vibes"))
    message = refused(data_copy)
    assert message.startswith("geocoins.json: coin 'doctors_orders': unknown goal kind 'vibes'")


def test_too_many_squares_for_the_tiles_are_refused(data_copy):
    def change(raw):
        raw["boards"][0]["last_row"] = 6
        raw["boards"][0]["first_row"] = 1
        raw["boards"][2]["last_row"] = 40

    edit(data_copy, "board.json", change)
    assert "fewer than the 104 tiles must (a stock remains)" in refused(data_copy)


def test_a_missing_file_is_named(data_copy):
    (data_copy / "characters.json").unlink()
    assert refused(data_copy).startswith("characters.json: the file is missing")


def test_the_guide_states_the_boards_tile_squares_and_stock_as_the_data_has_them():
    """ "Mischt die Cache-Bereichsplättchen und legt sie verdeckt auf jedes Feld, auf dem sich kein „Trail on
    the Woods“-Plättchen befindet." — every figure the guide gives for the squares that take a tile and
    the tiles left in the stock is the data's (the guide once said 78 and 26 in one place, 69 and 35 in another)."""
    guide = GUIDE.read_text(encoding="utf-8")
    squares = len(DATA.board.tile_squares)
    stock = len(DATA.tiles) - squares
    per_board = Counter(DATA.board.squares[sq].board for sq in DATA.board.tile_squares)
    said_squares = [int(n) for n in re.findall(r"(\d+) squares take a tile", guide)]
    said_stock = [int(n) for n in re.findall(r"(\d+) tiles stay in the stock", guide)]
    assert said_squares and set(said_squares) == {squares}
    assert said_stock and set(said_stock) == {stock}
    said_parts = [int(n) for n in re.findall(r"(\d+) in the (?:North|South) Woods", guide)]
    assert sorted(set(said_parts)) == sorted(set(per_board.values()))
