"""Issue 21.3: the discard is one menu of several tiles at once, applied whole, and tiles that look
alike are one entry saying so (not "Play L passage" five times with nothing to tell them apart)."""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from tests.games.catacombs.helpers import Scene, engine, run


def scene() -> Scene:
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "traveler")
    sc.pawn(0, "C12", start="W")
    sc.pawn(1, "C12", start="E")
    return sc


def at_discard(*keys: str):
    """ "After playing tiles and resolving Encounters the active player should discard down to 5 tiles
    in his hand" """
    sc = scene()
    hand = sc.hand(0, *keys)
    s, _ = run(sc.at_action(0), (0, "pass"))
    assert s.tasks[-1].kind == "discard"
    return s, hand


def test_the_discard_down_to_five_is_one_menu_of_exactly_the_spare_tiles():
    s, hand = at_discard("L", "L", "L", "I", "T", "X", "whip", "dead_end")
    [menu] = engine().multi_choices(s, 0)
    assert (menu.min_values, menu.max_values) == (3, 3), "eight tiles in hand, five kept: three to discard"
    assert menu.placeholder == "Discard 3 tiles (you keep 5)…"
    assert [o.action for o in menu.options] == [str(t) for t in hand]
    labels = [o.label for o in menu.options]
    assert labels[:3] == ["L passage · 1 of 3 alike", "L passage · 2 of 3 alike", "L passage · 3 of 3 alike"]
    assert len(set(labels)) == len(labels), "no two options look the same"
    assert not [c for c in engine().offered(s, 0) if c.action.startswith("discard")], (
        "one tile at a time is not offered to people: the menu does it in one go"
    )
    assert engine().multi_choices(s, 1) == [], "only the active player discards"


def test_the_chosen_tiles_go_together_and_the_turn_moves_on():
    s, hand = at_discard("L", "L", "L", "I", "T", "X", "whip", "dead_end")
    [menu] = engine().multi_choices(s, 0)
    action = menu.action([str(hand[7]), str(hand[0]), str(hand[6])])
    assert action == f"discards:{hand[0]}+{hand[6]}+{hand[7]}", "the values in the order offered"
    after, events = run(s, (0, action))
    assert any(e.text == "{p0} discards down to 5 tiles." for e in events), "in one step"
    assert set(hand[1:6]) <= set(after.seats[0].hand), "the five not chosen are kept (with any tiles drawn since)"
    assert after.turn != 0 or any(e.seats == (0,) and "You draw" in e.text for e in events), "the turn moved on"


@pytest.mark.parametrize(
    "pick",
    [
        lambda hand: f"discards:{hand[0]}+{hand[1]}",  # too few: the hand would stay over its limit
        lambda hand: f"discards:{hand[0]}+{hand[1]}+{hand[2]}+{hand[3]}",  # too many
        lambda hand: f"discards:{hand[0]}+{hand[0]}+{hand[1]}",  # the same tile twice
        lambda hand: f"discards:{hand[0]}+{hand[1]}+999",  # a tile that is not in the hand
        lambda hand: f"discards:{hand[2]}+{hand[1]}+{hand[0]}",  # not as offered (forged order)
    ],
)
def test_a_wrong_set_is_refused_whole_and_changes_nothing(pick):
    s, hand = at_discard("L", "L", "L", "I", "T", "X", "whip", "dead_end")
    before = engine().dump(s)
    with pytest.raises(RuleError):
        engine().apply(s, 0, pick(hand))
    assert engine().dump(s) == before and len(s.seats[0].hand) == 8


def test_tiles_that_look_alike_are_offered_once_saying_how_many():
    sc = scene()
    sc.lay("B12", "I", 1)
    hand = sc.hand(0, "L", "L", "L", "L", "L")
    s = sc.at_action(0)
    listed = [c for c in engine().legal_actions(s, 0) if c.listed and c.action.startswith("pick:")]
    assert [c.label for c in listed] == ["Play L passage (×5, all alike)"]
    picks = [c.action for c in engine().legal_actions(s, 0) if c.action.startswith("pick:")]
    assert picks == [f"pick:{hand[0]}"], "copies alike are the same move: the first one is played"
    labels = [c.label for c in engine().legal_actions(s, 0) if c.listed]
    assert len(labels) == len(set(labels)), f"no two listed choices look the same: {labels}"


def test_items_go_into_the_equipment_all_at_once_from_one_menu():
    """ "you may place, face-up in the Equipment section of your Character Board, as many tiles as you
    like, not to exceed your character's Equipment limit ... Items are added to a character's Equipment
    all at the same time" """
    sc = scene()
    hand = sc.hand(0, "first_aid", "first_aid", "whip", "L")
    s = sc.at_action(0)
    [menu] = engine().multi_choices(s, 0)
    assert [o.label for o in menu.options] == ["First Aid · 1 of 2 alike", "First Aid · 2 of 2 alike", "Whip"]
    assert (menu.min_values, menu.max_values) == (1, 3)
    assert not [c for c in engine().offered(s, 0) if c.action.startswith("equip:")], "one menu, not three buttons"
    assert [a for a in (c.action for c in engine().legal_actions(s, 0)) if a.startswith("equip:")], (
        "one at a time stays legal for computer players"
    )
    after, _ = run(s, (0, menu.action([str(hand[0]), str(hand[2])])))
    assert sorted(after.seats[0].equipment) == sorted([hand[0], hand[2]])
    assert after.tasks[-1].kind != "equip" and after.turn == 1, "within the limit: nothing more to decide"


def test_a_tile_and_its_place_are_one_tap():
    sc = scene()
    sc.lay("B12", "I", 1)
    [tile] = sc.hand(0, "L")
    s = sc.at_action(0)
    plays = [c for c in engine().offered(s, 0) if c.action.startswith("play:")]
    assert plays and all(c.label.startswith("L passage → ") for c in plays)
    assert not [c for c in engine().offered(s, 0) if c.action.startswith("pick:")]
    first = plays[0].action
    placement = first.split(":", 2)[2]
    both, _ = run(s, (0, f"pick:{tile}"), (0, placement), (0, "done"))
    at_once, _ = run(s, (0, first))
    assert engine().dump(at_once) == engine().dump(both), (
        "the same steps, taken whole: with no tile left to follow it, the move to its end as well"
    )
    with pytest.raises(RuleError):
        engine().apply(s, 0, f"play:{tile}:put:A1:0")  # a place the tile cannot go: nothing happens


def test_a_tile_that_another_may_follow_leaves_the_choice_to_play_on():
    """ "You may play Passage Tiles ... Tiles must be placed so that each tile connects to the previous
    tile played. You must then move your pawn through the passages to the end of the passage on the last
    Tile just placed": the move happens by itself only when no tile in hand could follow."""
    sc = scene()
    sc.lay("B12", "I", 1)
    sc.hand(0, "L", "I", "I")
    s = sc.at_action(0)
    first = next(c.action for c in engine().offered(s, 0) if c.action.startswith("play:"))
    after, _ = run(s, (0, first))
    assert after.tasks[-1].kind == "chain", "another tile may follow: playing on or finishing is the player's"
    assert "done" in {c.action for c in engine().legal_actions(after, 0)}


def with_two_monsters() -> Scene:
    """Two monsters in the quadrant of the players' pawns (C12): either may be moved."""
    sc = scene()
    sc.monster("B8", "tauriz")
    sc.monster("E9", "koka")
    return sc


def test_the_step_that_ends_the_action_is_offered_with_each_monster_it_leads_to():
    """ "If playing with Monsters the player must now move one Monster tile. The Monster moved must be in
    a Quadrant that contains a character pawn." Passing leads straight to that choice, so people get
    both in one tap, one entry per monster, previewed as on its own; the steps stay legal one at a time."""
    s = with_two_monsters().at_action(0)
    offered = {c.action: c for c in engine().offered(s, 0)}
    assert "pass" not in offered and {"then:0:pass", "then:1:pass"} <= set(offered)
    passed, _ = run(s, (0, "pass"))
    alone = {c.action: c for c in engine().legal_actions(passed, 0)}
    assert set(alone) == {"monster:0", "monster:1"}
    for n in (0, 1):
        both = offered[f"then:{n}:pass"]
        assert both.label == f"Pass, then {alone[f'monster:{n}'].label[0].lower()}{alone[f'monster:{n}'].label[1:]}"
        assert both.description == alone[f"monster:{n}"].description, "the same preview of where it lands"
        at_once, _ = run(s, (0, both.action))
        one_by_one, _ = run(passed, (0, f"monster:{n}"))
        assert engine().dump(at_once) == engine().dump(one_by_one)
    assert "pass" in {c.action for c in engine().legal_actions(s, 0)}


def test_a_discard_down_before_the_monster_is_one_menu_per_monster():
    """ "After playing tiles and resolving Encounters the active player should discard down to 5 tiles",
    then "the player must now move one Monster tile": one menu per monster, each naming it."""
    sc = with_two_monsters()
    hand = sc.hand(0, "L", "I", "T", "X", "whip", "dead_end")
    s, _ = run(sc.at_action(0), (0, "pass"))
    menus = engine().multi_choices(s, 0)
    assert [m.verb for m in menus] == ["discards-then0", "discards-then1"]
    assert all(m.placeholder.startswith("Discard 1 tile (you keep 5), then move ") for m in menus)
    chosen = menus[1].action([str(hand[2])])
    at_once, _ = run(s, (0, chosen))
    one_by_one, _ = run(s, (0, f"discards:{hand[2]}"), (0, "monster:1"))
    assert engine().dump(at_once) == engine().dump(one_by_one)
