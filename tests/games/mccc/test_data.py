"""The game data files: the counts the rule text states, and refusal of broken files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.games.mccc import data as gd
from bot.games.mccc import maze as mz

DATA = gd.default()


def test_thirty_six_cards_28_maze_4_characters_4_agendas():
    # "Components: 36 Cards" / HOUSE-RULES: 36 cards = 28 maze cards + 4 character cards + 4 secret agenda cards.
    assert len(DATA.cards) == 28
    assert sorted(DATA.characters) == ["cat", "cheese", "cucumber", "mouse"]
    assert sorted(DATA.agendas) == ["cat", "cheese", "cucumber", "mouse"]
    assert len(DATA.cards) + len(DATA.characters) + len(DATA.agendas) == 36


def test_exactly_one_mouse_studio_with_four_mouse_holes():
    # Easier mode: "remove the Mouse's Studio (the Maze Card with four Mouse Holes)".
    studios = [c for c in DATA.cards if len(c.get("holes", [])) == 4]
    assert len(studios) == 1 and studios[0]["id"] == DATA.studio
    assert set(studios[0]["walls"]) == set("NESW")


def test_mix_of_shapes_cogs_and_holes():
    t = DATA.table
    shapes = {t.shape[c] for c in t.ids}
    assert {"Cross", "T-junction", "Straight", "Corner", "Dead end", "Mouse's Studio"} <= shapes
    cw = sum(1 for c in DATA.cards for v in c.get("cogs", {}).values() if v == "cw")
    ccw = sum(1 for c in DATA.cards for v in c.get("cogs", {}).values() if v == "ccw")
    assert cw and ccw, "cogs of both directions"
    with_cogs = sum(1 for c in DATA.cards if c.get("cogs"))
    assert 10 <= with_cogs <= 18, "about half the cards carry cogs"
    holed = sum(1 for c in DATA.cards if c.get("holes") and not c.get("studio"))
    assert 3 <= holed <= 8, "a handful of cards carry mouse holes"
    for c in DATA.cards:
        assert set(c.get("holes", [])) <= set(c["walls"]), "mouse holes sit in walls"


def test_puzzle_mode_four_by_seven_with_matching_edges():
    # "All 28 Maze Cards can be assembled like a puzzle." "Clue: The Maze is 4 x 7 Maze Cards."
    assert len(DATA.puzzle) == 4 and all(len(row) == 7 for row in DATA.puzzle)
    assert sorted(c for row in DATA.puzzle for c in row) == list(range(1, 29))


def test_setups_keep_within_the_limit_and_leave_the_studio_in_the_deck():
    for _sid, setup in DATA.setups.items():
        cells = [setup.cheese, setup.mouse] + [cell for _, cell, _ in setup.cards]
        x0, y0, x1, y1 = mz.box_of(cells)
        assert x1 - x0 < 5 and y1 - y0 < 5
        assert DATA.studio not in {card for card, _, _ in setup.cards}
        assert sum(s.maze for s in setup.stacks) + 4 + len(setup.cards) == 28
    one = DATA.setups[1]
    assert [s.maze for s in one.stacks] == [6, 5, 5, 5]
    assert [s.shuffle_in for s in one.stacks] == [None, "cat", None, "cucumber"]
    assert one.stacks[3].keep_on_top == 2
    assert len(one.cards) == 3
    assert {s.difficulty for s in DATA.setups.values()} == {"Hard", "Medium"}
    assert DATA.setups[2].difficulty == "Medium" and DATA.setups[3].difficulty == "Hard"
    assert DATA.setups[4].difficulty == "Medium"


# --- refusing broken files ----------------------------------------------------


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(gd.DATA_DIR, target)
    return target


def edit(directory: Path, name: str, change) -> None:
    path = directory / name
    raw = json.loads(path.read_text())
    change(raw)
    path.write_text(json.dumps(raw))


def refused(directory: Path) -> str:
    with pytest.raises(gd.DataError) as info:
        gd.load(directory)
    return str(info.value)


def card(raw, cid):
    return next(c for c in raw["cards"] if c["id"] == cid)


def test_hole_on_open_edge_is_refused(data_dir):
    def change(raw):
        c = card(raw, 17)
        open_edge = next(d for d in "NESW" if d not in c["walls"])
        c["holes"] = [open_edge]

    edit(data_dir, "maze_cards.json", change)
    message = refused(data_dir)
    assert message.startswith("maze_cards.json: card 17 has a mouse hole on an open edge")


def test_wrong_card_count_is_refused(data_dir):
    edit(data_dir, "maze_cards.json", lambda raw: raw["cards"].pop())
    assert "exactly 28" in refused(data_dir) or "maze_cards.json" in refused(data_dir)


def test_duplicate_id_is_refused(data_dir):
    edit(data_dir, "maze_cards.json", lambda raw: card(raw, 5).update(id=6))
    assert refused(data_dir) == "maze_cards.json: card 6 appears twice (ids must be unique)"


def test_second_studio_is_refused(data_dir):
    def change(raw):
        c = card(raw, 1)
        c["walls"] = list("NESW")
        c["holes"] = list("NESW")

    edit(data_dir, "maze_cards.json", change)
    assert "card 1 has four mouse holes but is not marked as the Mouse's Studio" in refused(data_dir)


def test_missing_studio_is_refused(data_dir):
    edit(data_dir, "maze_cards.json", lambda raw: card(raw, DATA.studio).pop("studio"))
    message = refused(data_dir)
    assert message.startswith("maze_cards.json: card 11 has four mouse holes")


def test_bad_cog_direction_is_refused(data_dir):
    edit(data_dir, "maze_cards.json", lambda raw: card(raw, 2).update(cogs={"N": "left"}))
    assert refused(data_dir) == "maze_cards.json: card 2 has a cog turning `left`; a cog turns `cw` or `ccw`"


def test_puzzle_edges_must_match(data_dir):
    def change(raw):
        c = card(raw, 15)
        c["walls"] = ["N"] if "N" not in c["walls"] else []

    edit(data_dir, "maze_cards.json", change)
    assert "puzzle: card" in refused(data_dir)


def test_cogs_of_one_direction_only_are_refused(data_dir):
    def change(raw):
        for c in raw["cards"]:
            if "cogs" in c:
                c["cogs"] = {k: "cw" for k in c["cogs"]}

    edit(data_dir, "maze_cards.json", change)
    assert "both directions" in refused(data_dir)


def test_missing_character_is_refused(data_dir):
    edit(data_dir, "characters.json", lambda raw: raw["characters"].pop())
    assert refused(data_dir).startswith("characters.json: has 3 character cards; the game has exactly 4")


def test_duplicate_agenda_condition_is_refused(data_dir):
    def change(raw):
        raw["agendas"][1]["win"] = dict(raw["agendas"][0]["win"])

    edit(data_dir, "agendas.json", change)
    assert refused(data_dir) == "agendas.json: agenda `cat` has the same win condition as another agenda"


def test_setup_with_wrong_card_total_is_refused(data_dir):
    edit(data_dir, "setups.json", lambda raw: raw["setups"][0]["stacks"][0].update(maze=7))
    assert refused(data_dir).startswith("setups.json: setup 1 uses 29 maze cards")


def test_setup_larger_than_five_by_five_is_refused(data_dir):
    edit(data_dir, "setups.json", lambda raw: raw["setups"][0]["layout"].update(mouse="I5"))
    assert "larger than 5 x 5" in refused(data_dir)


def test_setup_with_cat_after_cucumber_is_refused(data_dir):
    def change(raw):
        stacks = raw["setups"][0]["stacks"]
        stacks[1]["shuffle_in"] = "cucumber"
        stacks[3]["shuffle_in"] = "cat"
        stacks[3].pop("keep_on_top")

    edit(data_dir, "setups.json", change)
    assert "the Cat must come before the Cucumber" in refused(data_dir)


def test_setup_laying_the_studio_is_refused(data_dir):
    edit(data_dir, "setups.json", lambda raw: raw["setups"][0]["layout"]["cards"][0].update(card=DATA.studio))
    assert "Mouse's Studio cannot start in the maze" in refused(data_dir)


def test_unknown_cell_is_refused(data_dir):
    edit(data_dir, "setups.json", lambda raw: raw["setups"][0]["layout"].update(cheese="Z9"))
    assert refused(data_dir) == "setups.json: setup 1 cheese: `Z9` is not a grid cell A1..I9"


def test_missing_and_malformed_files_are_named(data_dir):
    (data_dir / "agendas.json").write_text("{not json")
    assert refused(data_dir).startswith("agendas.json: not valid JSON")
    (data_dir / "agendas.json").unlink()
    assert refused(data_dir).startswith("agendas.json: the file is missing")


def test_setups_must_match_the_setup_option(data_dir):
    # The setup option's choices live in the registration (bot/games/mccc/__init__.py); the data file
    # must hold exactly those setups, named alike.
    edit(data_dir, "setups.json", lambda raw: raw["setups"][1].update(name="Mouse's Mirage"))
    assert refused(data_dir) == (
        'setups.json: setup 2 is "2 · Mouse\'s Mirage (medium)" but the `setup` option in '
        'bot/games/mccc/__init__.py calls it "2 · Mouse\'s Mirror (medium)"'
    )


def test_a_setup_the_option_does_not_offer_is_refused(data_dir):
    def change(raw):
        extra = json.loads(json.dumps(raw["setups"][0]))
        extra["id"] = 5
        raw["setups"].append(extra)

    edit(data_dir, "setups.json", change)
    assert refused(data_dir) == (
        "setups.json: setup 5 is not among the `setup` option's choices in bot/games/mccc/__init__.py"
    )


def test_a_setup_the_option_offers_must_exist(data_dir):
    edit(data_dir, "setups.json", lambda raw: raw["setups"].pop())
    assert refused(data_dir) == (
        "setups.json: has no setup 4, but the game's `setup` option offers it (4 · Cucumber's Cradle (medium))"
    )
