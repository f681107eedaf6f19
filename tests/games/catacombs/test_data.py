"""The data files: every count of the rule text, and broken files refused by name."""

from __future__ import annotations

import copy
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from bot.games.catacombs import data as catalogue
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.data import DATA_DIR, DataError, build

FILES = ("tiles.json", "monsters.json", "characters.json", "board.json", "rules.json")


def raw(name: str):
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def test_the_111_tiles_have_the_counts_of_the_text():
    """ "111 Tiles: Path Tiles x 68 (L x 20, I x 15, T x 5, Dead End x 10 (5 standard, 5 Rival),
    X x 2, Gulch x 4, Cave In x 4, Flooded Passage x 4, Slide x 4), Encounter Tiles x 8, Bonus
    Tiles x 4, Item Tiles x 19, Relic Tiles x 6, Monster Tiles x 6" """
    d = build()
    kinds = Counter(k.key for k in d.kinds)
    classes = Counter(k.cls for k in d.kinds)
    assert len(d.kinds) == 111
    assert classes == {"passage": 68, "encounter": 8, "bonus": 4, "item": 19, "relic": 6, "monster": 6}
    assert kinds["L"] == 20 and kinds["I"] == 15 and kinds["T"] == 5 and kinds["X"] == 2
    assert kinds["dead_end"] == 5 and kinds["rival_dead_end"] == 5
    for obstacle in ("gulch", "cave_in", "flooded"):
        assert kinds[f"{obstacle}_I"] == 2 and kinds[f"{obstacle}_L"] == 2
    assert kinds["slide"] == 4
    assert (kinds["beast"], kinds["trap"], kinds["path_marker"]) == (4, 2, 2)
    items = ("whip", "pickaxe", "kayak", "ammunition", "torch", "first_aid")
    assert [kinds[k] for k in items] == [3, 3, 3, 3, 3, 4]


def test_monsters_and_characters_follow_the_text():
    """ "Koka and Vikoka – Movement = 4", "Sirrush – Movement = 2", "Grootslang – Movement = 1",
    "Minhocão – Movement = 3", "Tauriz – Movement = 2", "Yaoguai – Movement = 3"; the Athlete
    "starts with 4 Health Points", the Mercenary "starts with 4 Bullet tokens", the Traveler
    "can carry 5 items"."""
    d = build()
    assert {m.key: m.movement for m in d.monsters} == {
        "koka": 4,
        "sirrush": 2,
        "grootslang": 1,
        "minhocao": 3,
        "tauriz": 2,
        "yaoguai": 3,
    }
    assert {k: (c.health, c.bullets, c.equipment) for k, c in d.characters.items()} == {
        "archeologist": (3, 3, 4),
        "mercenary": (3, 4, 4),
        "adventurer": (3, 3, 4),
        "miner": (3, 3, 4),
        "traveler": (3, 3, 5),
        "athlete": (4, 3, 4),
    }


def test_the_board_has_quadrants_walls_archways_relic_spaces_and_an_arrow_everywhere():
    """ "1 board with four 6x6 space quadrants, each quadrant divided by a wall with archways
    connecting quadrants"; relic spaces "in the three quadrants" for 3, 4 and 6 relics."""
    d = build()
    board = d.board
    assert len(board.arrows) == 144 and set(board.arrows) <= set("NESW")
    assert len(board.archways) == 4
    for a, b in board.archways:
        assert board.grid.step(a, next(x for x in "NESW" if geo.raw_step(a, x) == b)) == b
    exit_q = geo.quadrant(board.exit_cell)
    for count, spaces in board.relic_spaces.items():
        assert len(spaces) == count and exit_q not in {geo.quadrant(c) for c in spaces}
        assert len({geo.quadrant(c) for c in spaces}) == 3
    assert all(len(board.yaoguai[q]) == 2 for q in range(4))
    # Walls: no way from the north-west to the north-east except the archway.
    crossings = [
        c
        for c in range(144)
        if geo.quadrant(c) == 0 and board.grid.step(c, "E") >= 0 and geo.quadrant(board.grid.step(c, "E")) == 1
    ]
    assert len(crossings) == 1


def _broken(tmp_path: Path, name: str, change) -> str:
    for file in FILES:
        shutil.copy(DATA_DIR / file, tmp_path / file)
    content = raw(name)
    change(content)
    (tmp_path / name).write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        build(tmp_path)
    return str(caught.value)


def _tile(content, key):
    return next(t for t in content["tiles"] if t["key"] == key)


@pytest.mark.parametrize(
    "name,change,expected",
    [
        ("tiles.json", lambda c: _tile(c, "L").update(count=19), ["tiles.json", '"L"', "L Tiles x 20"]),
        ("tiles.json", lambda c: _tile(c, "kayak").update(crosses="gulch"), ["tiles.json", "kayak", "flooded"]),
        ("tiles.json", lambda c: _tile(c, "slide").update(openings="NX"), ["tiles.json", '"slide"', "openings"]),
        ("tiles.json", lambda c: c["tiles"].pop(), ["tiles.json", "relic", "Relic Tiles x 6"]),
        ("tiles.json", lambda c: _tile(c, "beast").update(**{"class": "item"}), ["tiles.json", '"beast"', "effect"]),
        ("monsters.json", lambda c: c["monsters"][1].update(movement=3), ["monsters.json", "sirrush", "Movement = 2"]),
        ("monsters.json", lambda c: c["monsters"][0].update(attack="steal_items"), ["monsters.json", "koka", "attack"]),
        ("characters.json", lambda c: c["characters"][5].update(health=3), ["characters.json", "athlete", "health"]),
        (
            "characters.json",
            lambda c: c["characters"][4].update(equipment=4),
            ["characters.json", "traveler", "equipment"],
        ),
        (
            "board.json",
            lambda c: c["arrows"].__setitem__(0, "NEEEESESESES"),
            ["board.json", "A1", "out of its quadrant"],
        ),
        ("board.json", lambda c: c["arrows"].__setitem__(0, "EEEEWSESESES"), ["board.json", "North-west", "36"]),
        ("board.json", lambda c: c["archways"].pop(), ["board.json", "archway"]),
        ("board.json", lambda c: c["relic_spaces"]["4"].pop(), ["board.json", "4 relics"]),
        ("board.json", lambda c: c["relic_spaces"]["3"].__setitem__(0, "B11"), ["board.json", "three quadrants"]),
        ("board.json", lambda c: c["yaoguai_targets"]["South-east"].__setitem__(0, "B2"), ["board.json", "South-east"]),
        ("board.json", lambda c: c["start_tiles"]["3"][0].update(rotation=2), ["board.json", "3 players", "B12"]),
        ("board.json", lambda c: c["exit"].update(open="ES"), ["board.json", "Exit"]),
        ("rules.json", lambda c: c.update(hand_size=6), ["rules.json", "hand_size", "Discard Down to 5"]),
    ],
)
def test_a_broken_file_is_refused_naming_file_entry_and_rule(tmp_path, name, change, expected):
    message = _broken(tmp_path, name, change)
    for part in expected:
        assert part in message, message


def test_a_missing_or_unreadable_file_is_named(tmp_path):
    for file in FILES:
        shutil.copy(DATA_DIR / file, tmp_path / file)
    (tmp_path / "monsters.json").unlink()
    with pytest.raises(DataError, match=r"monsters\.json: the file is missing"):
        build(tmp_path)
    shutil.copy(DATA_DIR / "monsters.json", tmp_path / "monsters.json")
    (tmp_path / "board.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(DataError, match=r"board\.json: not valid JSON"):
        build(tmp_path)


def test_the_loaded_data_is_the_shipped_files():
    assert catalogue.load() is catalogue.load()
    assert copy.deepcopy(raw("rules.json"))["hand_size"] == 5
