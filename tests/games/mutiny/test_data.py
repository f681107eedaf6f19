"""Mutiny's data files: the rule text's counts are asserted, and broken files are refused by name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.games.mutiny.data import DATA_DIR, DataError, load_data


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    for name in ("rules.json", "islands.json", "cards.json"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def edit(folder: Path, name: str, change) -> None:
    data = json.loads((folder / name).read_text(encoding="utf-8"))
    change(data)
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def test_counts_stated_by_the_rule_text():
    """'8 Red Crew Dice', '10 Green Crew Dice', '33 Rum Pieces', '12 Island Cards', '26 Mystery Cards'
    (13 Cannon, 3 Buried Treasure, 3 Drunken Madness, 2 Quick Reload, 2 Stow-away, 1 Exceptionally
    Fine Peg-Leg, 1 Press-gang, 1 The Perfect Storm), '100 Loot Cubes' (25 of each kind)."""
    d = load_data()
    assert d.red_dice * 4 == 8
    assert d.green_dice == 10
    assert d.rum_total == 33
    assert len(d.islands) == 12
    assert len(d.deck) == 26
    counts = {cid: d.deck.count(cid) for cid in d.cards}
    assert counts == {
        "cannon": 13,
        "treasure": 3,
        "madness": 3,
        "reload": 2,
        "stowaway": 2,
        "pegleg": 1,
        "pressgang": 1,
        "storm": 1,
    }
    assert d.cubes == (25, 25, 25, 25)
    assert sum(d.cubes) == 100


def test_prices_are_the_rule_texts():
    """'1 Rum = 1 Sugar + 1 Orange', '1 Crew = 1 Orange + 2 Gold + 1 Plantain',
    '1 Mystery Card = 1 Sugar + 1 Gold + 1 Plantain', 'exchange 3 pieces of loot for 1 piece of loot'."""
    d = load_data()
    assert d.prices == {"rum": (1, 1, 0, 0), "crew": (0, 1, 2, 1), "card": (1, 0, 1, 1)}
    assert (d.exchange_give, d.exchange_get) == (3, 1)


def test_house_islands_fit_the_house_rule():
    """House rule: 12 islands with 5 to 10 cubes each, 2-4 colours; the cubes not on islands form the bank."""
    d = load_data()
    sizes = sorted(sum(i.loot) for i in d.islands)
    assert sizes == [5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10]
    for island in d.islands:
        assert 2 <= sum(1 for n in island.loot if n) <= 4
    for colour in range(4):
        assert sum(i.loot[colour] for i in d.islands) <= 25


@pytest.mark.parametrize(
    "name,change,message",
    [
        (
            "islands.json",
            lambda d: d["islands"][0].update(loot={}),
            "islands.json: island 'Tortuga' has 0 cubes; islands hold 5 to 10",
        ),
        (
            "islands.json",
            lambda d: d["islands"][0]["loot"].update(Sugar=20),
            "islands.json: island 'Tortuga' has 22 cubes; islands hold 5 to 10",
        ),
        (
            "islands.json",
            lambda d: d["islands"].pop(),
            "islands.json: has 11 islands; the rule text has 12 Island Cards",
        ),
        (
            "islands.json",
            lambda d: d["islands"][1].update(name="Tortuga"),
            "islands.json: island 'Tortuga' appears twice",
        ),
        (
            "islands.json",
            lambda d: d["islands"][0].update(loot={"Sugar": 5}),
            "islands.json: island 'Tortuga' has 1 kinds of loot; islands have 2 to 4",
        ),
        (
            "islands.json",
            lambda d: d["islands"][0].update(loot={"Rubies": 3, "Sugar": 3}),
            "islands.json: island 'Tortuga' loot names an unknown loot 'Rubies'",
        ),
        (
            "islands.json",
            lambda d: [i["loot"].update(Gold=i["loot"].get("Gold", 0) + 1) for i in d["islands"][:5]],
            "islands.json: the islands hold 26 Gold; there are only 25 cubes",
        ),
        (
            "cards.json",
            lambda d: d["cards"][0].update(count=12),
            "cards.json: card 'cannon' has count 12; the rule text has 13 Cannon cards",
        ),
        (
            "cards.json",
            lambda d: d["cards"][0].update(id="kraken"),
            "cards.json: card 'kraken' has no effect the bot knows",
        ),
        ("cards.json", lambda d: d["cards"].pop(), "cards.json: card 'storm' is missing"),
        ("cards.json", lambda d: d["cards"][0].update(when="buy"), "cards.json: card 'cannon' has timing 'buy'"),
        (
            "rules.json",
            lambda d: d.update(rum_total=34),
            "rules.json: 'rum_total' is 34; the rule text has 33 Rum Pieces",
        ),
        (
            "rules.json",
            lambda d: d.update(green_dice=12),
            "rules.json: 'green_dice' is 12; the rule text has 10 Green Crew Dice",
        ),
        (
            "rules.json",
            lambda d: d["prices"].update(rum={"Sugar": 2}),
            "rules.json: price of 'rum' is {'Sugar': 2}; the rule text says '1 Rum = 1 Sugar + 1 Orange'",
        ),
        (
            "rules.json",
            lambda d: d["loot"][2].update(cubes=30),
            "rules.json: loot 'Gold' has 30 cubes; the rule text has 100 Loot Cubes, 25 of each kind",
        ),
    ],
)
def test_broken_files_are_refused_naming_file_entry_and_rule(data_copy, name, change, message):
    edit(data_copy, name, change)
    with pytest.raises(DataError) as info:
        load_data(data_copy)
    assert message in str(info.value)


def test_unreadable_file_names_itself(data_copy):
    (data_copy / "cards.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(DataError, match=r"^cards.json: is not valid JSON"):
        load_data(data_copy)
