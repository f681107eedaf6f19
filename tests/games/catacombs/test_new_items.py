"""Adding items as the Action: using them at once, and the Archeologist's Item and Passage Tile."""

from __future__ import annotations

from tests.games.catacombs.helpers import Scene, actions, at, engine, run


def duo(character: str = "miner") -> Scene:
    sc = Scene(2)
    sc.character(0, character)
    sc.character(1, "traveler")
    sc.pawn(0, "B10")
    sc.lay("B10", "I")  # north-south
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    return sc


def test_an_item_can_be_used_immediately_after_being_added():
    """ "Items in your hand are not active Equipment and cannot be used, however an Item can be used
    immediately after being added to a character's Equipment or used as it is discarded." """
    sc = duo()
    sc.s.seats[0].health = 1
    kit, whip = sc.hand(0, "first_aid", "whip")
    s = sc.at_action(0)
    assert f"use:{kit}" not in actions(s, 0), "not from the hand"
    s, _ = run(s, (0, f"equip:{kit}"), (0, f"equip:{whip}"))
    assert f"use:{kit}" not in actions(s, 0), 'not while adding ("except while adding new items")'
    s, _ = run(s, (0, "done"))
    assert s.tasks[-1].kind == "use_items" and engine().current_seats(s) == [0]
    assert set(actions(s, 0)) >= {f"use:{kit}", "finish"}
    s, _ = run(s, (0, f"use:{kit}"))
    assert s.seats[0].health == 2 and kit not in s.seats[0].equipment
    assert s.tasks[-1].kind != "use_items", "nothing left to use: the turn goes on by itself"


def test_adding_an_item_that_cannot_help_now_asks_nothing_more():
    sc = duo()
    whip = sc.hand(0, "whip")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"equip:{whip}"), (0, "done"))
    assert engine().current_seats(s) == [1], "the turn passed: no item to use"


def test_the_archeologist_adds_an_item_and_plays_a_passage_tile_in_one_action():
    """Archeologist: "Encounters must be resolved immediately, but 2 Passage Tiles or 1 Item Tile
    and 1 Passage Tile can be played if an Encounter was not drawn." """
    sc = duo("archeologist")
    whip, gulch = sc.hand(0, "whip", "gulch_I")
    s = sc.at_action(0)
    assert f"arch:{whip}" in actions(s, 0) and f"equip:{whip}" in actions(s, 0)
    s, _ = run(s, (0, f"arch:{whip}"))
    assert [a for a in actions(s, 0) if a.startswith("equip:")] == [], "one Item Tile"
    s, _ = run(s, (0, "done"))
    assert s.tasks[-1].kind == "arch_play", "his turn does not pass after the item"
    assert actions(s, 0)[-1] == "x:done"
    s, _ = run(s, (0, f"pick:{gulch}"), (0, "put:B9:0"))
    assert s.tasks[-1].kind == "cross" and f"cross:item:{whip}" in actions(s, 0), "the new Whip is usable"
    s, _ = run(s, (0, f"cross:item:{whip}"))
    assert at(s, 0) == "B9" and gulch not in s.seats[0].hand
    assert [a for a in actions(s, 0) if a.startswith("pick:")] == [], "1 Passage Tile"


def test_the_archeologists_two_passage_tiles_are_every_players_play():
    """ "2 Passage Tiles ... can be played": any player "may play as many Passage Tiles as you would
    like", so two (or more) in a row are open to him as to everyone."""
    sc = duo("archeologist")
    first, second = sc.hand(0, "I", "I")
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{first}"), (0, "put:B9:0"), (0, f"pick:{second}"), (0, "put:B8:0"), (0, "done"))
    assert at(s, 0) == "B8"


def test_no_item_and_passage_after_an_encounter_nor_for_other_characters():
    """ "... if an Encounter was not drawn"; and it is the Archeologist's alone."""
    sc = duo("archeologist")
    whip = sc.hand(0, "whip", "I")[0]
    s = sc.at_action(0)
    s.flags.encounter = True  # a Path Marker was resolved before this action
    assert f"arch:{whip}" not in actions(s, 0)
    sc = duo("miner")
    whip = sc.hand(0, "whip", "I")[0]
    assert f"arch:{whip}" not in actions(sc.at_action(0), 0)
