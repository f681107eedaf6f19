"""The Phases of a Turn: draws, encounters, special tiles, the action, discarding, vacated tiles,
discards back to the bag."""

from __future__ import annotations

from bot.games.catacombs.state import Task, TurnFlags
from tests.games.catacombs.helpers import Scene, actions, at, cell, engine, run, settle, texts


def start_turn(scene: Scene, seat: int = 0):
    scene.s.tasks = [Task("turn_start", a=seat)]
    return settle(scene.s)


def one_turn(scene: Scene, seat: int = 0):
    """Seat's whole turn, stopping where the next player's would begin (their action waits)."""
    from bot.games.catacombs.turn import PHASES

    s = scene.s
    s.turn, s.flags = seat, TurnFlags()
    s.tasks = [Task("action", (seat + 1) % s.players)] + [Task(kind, seat) for kind in PHASES[1:]]
    return settle(s)


def ended(state) -> bool:
    return [t.kind for t in state.tasks] == ["action"] and state.tasks[0].seat != state.turn


def keys(state, tiles):
    return sorted(engine().data.kinds[t].key for t in tiles)


def scene(players: int = 2, **options) -> Scene:
    sc = Scene(players, **options)
    sc.character(0, "miner")
    sc.character(1, "traveler")
    if players > 2:
        sc.character(2, "athlete")
    sc.pawn(0, "C12", start="W")
    sc.pawn(1, "C12", start="E")
    return sc


def test_a_turn_starts_by_drawing_two_tiles():
    """ "To start each player's turn he must draw 2 tile from the Draw Bag." """
    sc = scene()
    sc.bag_only("L", "whip")
    s, _ = start_turn(sc)
    assert keys(s, s.seats[0].hand) == ["L", "whip"]
    assert s.tasks[-1].kind == "action" and s.bag == []


def test_the_archeologist_may_draw_one_more():
    """ "When drawing tiles the Archeologist may choose to draw 1 additional tile." """
    sc = scene()
    sc.character(0, "archeologist")
    sc.bag_only("L", "I", "T")
    s, _ = start_turn(sc)
    assert actions(s, 0) == ["draw:2", "draw:3"]
    s3, _ = run(s, (0, "draw:3"))
    assert keys(s3, s3.seats[0].hand) == ["I", "L", "T"]
    s2, _ = run(s, (0, "draw:2"))
    assert len(s2.seats[0].hand) == 2 and len(s2.bag) == 1


def test_an_encounter_must_be_resolved_and_ends_the_action():
    """ "If either tile is an Encounter Tile the player must resolve it immediately." "Phase 2
    ends immediately after resolving an Encounter". "Beast Encounters will cause you to lose 1
    Health Point, unless you have ammunition for your gun, then spend 1 Bullet" """
    sc = scene()
    sc.bag_only("beast", "L")
    s, events = one_turn(sc)
    assert "Beast" in texts(events) and "{p0} shoots the Beast" in texts(events)
    assert s.seats[0].bullets == 2 and s.seats[0].health == 3
    assert ended(s), "no action after the encounter: the next player's turn"
    assert keys(s, s.seats[0].hand) == ["L"], "the other drawn tile may be kept"


def test_a_beast_takes_a_bullet_while_one_is_left_never_health():
    """ "Beast Encounters will cause you to lose 1 Health Point, unless you have ammunition for
    your gun, then spend 1 Bullet to defeat the Beast." With a Bullet there is nothing to choose;
    without one, an Ammunition in the Equipment may be used first, and then the gun is used."""
    sc = scene()
    sc.s.seats[0].bullets = 0
    ammunition = sc.equip(0, "ammunition")[0]
    sc.bag_only("beast", "L")
    s, _ = one_turn(sc)
    assert s.tasks[-1].kind == "beast"
    assert "beast:shoot" not in actions(s, 0) and "beast:health" in actions(s, 0)
    assert f"use:{ammunition}" in actions(s, 0)
    loaded, events = run(s, (0, f"use:{ammunition}"))
    assert "{p0} shoots the Beast" in texts(events), "with a Bullet again, the gun is used at once"
    assert (loaded.seats[0].health, loaded.seats[0].bullets) == (3, 0)
    hurt, _ = run(s, (0, "beast:health"))
    assert (hurt.seats[0].health, hurt.seats[0].bullets) == (2, 0)


def test_the_athlete_loses_two_to_a_beast_without_the_gun():
    """ "Beast Encounters result in losing 2 Health Points if the gun is not used against the
    Beast." Read with "unless you have ammunition for your gun, then spend 1 Bullet": the gun is
    not used when no Bullet is left."""
    sc = scene()
    sc.character(0, "athlete", bullets=0)
    sc.bag_only("beast", "L")
    s, events = one_turn(sc)
    assert s.seats[0].health == 2 and "(−2 ❤)" in texts(events)
    sc = scene()
    sc.character(0, "athlete")
    sc.bag_only("beast", "L")
    s, _ = one_turn(sc)
    assert (s.seats[0].health, s.seats[0].bullets) == (4, 2)


def test_two_encounters_the_player_chooses_one_the_other_is_discarded():
    """ "If both tiles are Encounter tiles the player may choose which to resolve. The other is
    discarded." """
    sc = scene()
    sc.equip(0, "torch")
    sc.bag_only("beast", "trap")
    s, _ = one_turn(sc)
    assert s.tasks[-1].kind == "enc"
    trap = next(a for a in actions(s, 0) if engine().data.kinds[int(a[4:])].key == "trap")
    s, _ = run(s, (0, trap))
    assert s.tasks[-1].kind == "trap"
    assert keys(s, s.discards) == ["beast", "trap"]


def test_a_trap_costs_health_and_a_turn_unless_a_torch_shows_it():
    """ "traps that will cause you to lose 1 Health Point and also lose 1 turn, unless you use a
    Torch to avoid the Trap" """
    sc = scene()
    torch = sc.equip(0, "torch")[0]
    sc.bag_only("trap", "L")
    s, _ = one_turn(sc)
    assert f"trap:torch:{torch}" in actions(s, 0)
    fell, events = run(s, (0, "trap:fall"))
    assert fell.seats[0].health == 2 and "{p0} falls into a Trap" in texts(events)
    assert fell.seats[0].skip == 1 and ended(fell)
    avoided, _ = run(s, (0, f"trap:torch:{torch}"))
    assert avoided.seats[0].health == 3 and avoided.seats[0].skip == 0
    assert torch not in avoided.seats[0].equipment


def test_a_lost_turn_is_skipped():
    sc = scene()
    sc.s.seats[0].skip = 1
    sc.bag_only("L", "I", "T", "X")
    s, events = start_turn(sc)
    assert "loses this turn" in texts(events)
    assert s.turn == 1 and s.seats[0].skip == 0 and s.seats[0].hand == []


def test_path_marker_plays_the_drawn_tile_then_draws_again():
    """ "When you encounter a Path Marker you may draw and play 1 non-Obstacle Passage Tile (the
    tile played must be the tile drawn) and then return to Phase 1 – Draw Tiles." """
    sc = scene()
    sc.bag_only("path_marker", "gulch_I", "I", "L", "T")
    s, _events = start_turn(sc)
    while s.tasks[-1].kind != "place":  # only if the marker was drawn second
        s, _ = run(s, (0, actions(s, 0)[0]))
    tile = s.tasks[-1].a
    assert engine().data.kinds[tile].key in ("I", "L", "T")
    assert "put:B12:1" in actions(s, 0) or any(a.startswith("put:B12") for a in actions(s, 0))
    s, _ = run(s, (0, next(a for a in actions(s, 0) if a.startswith("put:B12"))))
    assert at(s, 0) == "B12"
    assert s.tasks[-1].kind in ("action", "beast", "enc", "trap"), "back to Phase 1: two more drawn"


def test_special_tiles_draw_two_more():
    """ "Draw 2 Tiles - If one of them is an Encounter you must resolve the Encounter. You can keep
    any other tiles drawn though." """
    seen = 0
    for seed in range(12):
        sc = scene()
        sc.bag_only("draw_two", "L", "I", "X")
        sc.s.rng = seed
        s, events = start_turn(sc)
        if "Draw 2 Additional Tiles" in texts(events):
            seen += 1
            assert len(s.seats[0].hand) == 3 and s.bag == [] and s.tasks[-1].kind == "action"
        else:
            assert len(s.seats[0].hand) == 2
    assert seen


def test_draw_one_item_discards_the_rest():
    """ "Draw 1 Item Tile – Draw tiles until you get an Item. Keep the Item and discard any other tiles." """
    sc = scene()
    sc.bag_only("draw_item", "L")
    sc.s.bag.insert(0, sc.take("whip"))
    for seed in range(10):
        sc.s.rng = seed
        s, _ = start_turn(sc)
        hand = keys(s, s.seats[0].hand)
        assert "whip" in hand


def test_draw_three_keep_one():
    """ "Draw 3 Tiles, Keep 1, Discard 2 – If you draw three Encounters you must choose one to
    resolve. If you draw fewer than 3 Encounters you can choose to keep the non-Encounter tile." """
    sc = scene()
    sc.bag_only("draw_three", "L", "I", "beast", "X")
    s, _ = start_turn(sc)
    if s.tasks[-1].kind == "keep":
        offered = actions(s, 0)
        assert 2 <= len(offered) <= 3
        assert engine().seat_view(s, 0).offer, "the choice is private to the drawer"
        assert not engine().seat_view(s, 1).offer
        s, _ = run(s, (0, offered[0]))
    assert s.tasks[-1].kind in ("action", "beast")
    sc2 = scene()
    sc2.bag_only("draw_three", "beast", "beast", "trap")
    s2, _ = start_turn(sc2)
    assert s2.tasks[-1].kind == "enc", "three Encounters: choose one to resolve"


def test_discard_and_draw_five_ends_the_turn():
    """ "Instead of drawing a single tile a player may choose to discard one tile and then draw 5
    new tiles. When a player chooses this Action it ends his turn" — then "Discard Down to 5 Tiles"."""
    sc = scene()
    hand = sc.hand(0, "L", "I", "T", "X", "dead_end")
    s = sc.at_action(0)
    s, events = run(s, (0, f"redraw:{hand[4]}"))
    assert hand[4] in s.discards
    assert s.tasks[-1].kind == "discard" and len(s.seats[0].hand) == 9
    while s.tasks[-1].kind == "discard":
        s, _ = run(s, (0, actions(s, 0)[0]))
    assert len(s.seats[0].hand) == 5 and s.turn == 1
    assert any(e.seats == (0,) and "You draw" in e.text for e in events), "the new tiles are told privately"


def test_discard_every_tile_of_a_kind_at_once():
    sc = scene()
    sc.hand(0, "L", "L", "L", "I", "I", "T", "X")
    s = sc.at_action(0)
    s, _ = run(s, (0, "pass"))
    assert s.tasks[-1].kind == "discard"
    everything = [a for a in actions(s, 0) if a.startswith("discardall:")]
    assert everything, "two spare tiles of one kind go in one click"
    s, _ = run(s, (0, everything[0]))
    assert len(s.seats[0].hand) == 5 and s.turn == 1


def test_the_traveler_with_five_items_keeps_three_tiles():
    """ "discard down to 5 tiles in his hand (3 tiles for the Traveler if he has 5 items in his Equipment)" """
    sc = scene()
    sc.character(0, "traveler")
    sc.equip(0, "whip", "pickaxe", "kayak", "torch", "first_aid")
    sc.hand(0, "L", "I", "T", "X", "L")
    s = sc.at_action(0)
    s, _ = run(s, (0, "pass"))
    while s.tasks[-1].kind == "discard":
        s, _ = run(s, (0, actions(s, 0)[0]))
    assert len(s.seats[0].hand) == 3


def test_a_traveler_who_uses_an_item_while_discarding_keeps_five_tiles():
    """ "discard down to 5 tiles in his hand (3 tiles for the Traveler if he has 5 items in his
    Equipment)"; items "can be used at any time during a player's turn". Spending his Ammunition while
    he discards leaves him four items: his hand of five is within his limit, and his turn goes on
    (a computer player that did this once found a discard menu of no tiles, and the game stopped)."""
    sc = scene()
    sc.character(0, "traveler")
    [_whip, _pickaxe, _kayak, _torch, ammunition] = sc.equip(0, "whip", "pickaxe", "kayak", "torch", "ammunition")
    sc.hand(0, "L", "I", "T", "X", "L")
    s = sc.at_action(0)
    s.seats[0].bullets = 0  # his gun is empty: the Ammunition has a use
    s, _ = run(s, (0, "pass"))
    assert s.tasks[-1].kind == "discard" and f"use:{ammunition}" in actions(s, 0)
    s, _ = run(s, (0, f"use:{ammunition}"))
    assert len(s.seats[0].equipment) == 4 and len(s.seats[0].hand) == 5, "nothing more to discard"
    assert not any(t.kind == "discard" for t in s.tasks) and s.turn == 1, "the turn went on"
    assert all(m.min_values > 0 for m in engine().multi_choices(s, 0)), "no menu of zero tiles"


def test_vacated_tiles_are_discarded_and_returned_to_the_bag():
    """ "Look for anywhere on the board where a Passage Tile is not adjacent to a tile with a
    player pawn on it. Remove these tiles and discard them." "all the tiles discarded throughout
    the course of his turn should be returned to the draw bag" """
    sc = scene()
    sc.pawn(0, "E10")
    sc.lay("E10", "X")
    near = sc.lay("E9", "I")
    far = sc.lay("E7", "I")
    diagonal = sc.lay("F9", "L")
    s = sc.at_action(0)
    bag = len(s.bag)
    s, _ = run(s, (0, "pass"))
    assert cell("E9") in s.board and cell("E7") not in s.board and cell("F9") not in s.board
    assert s.flags.vacated == 0 or s.turn == 1
    assert far in s.bag and diagonal in s.bag and near not in s.bag
    assert len(s.bag) >= bag + 2 - 2  # two back in, two drawn by the next player


def test_tiles_at_a_doorway_vanish_unless_occupied():
    """ "Tiles adjacent to a doorway are always vacated if the player is not occupying them
    directly." Archway F4|G4: a tile at G4 beside a pawn at G5 is vacated. House rule: the Exit
    is a doorway too (the tiles joining it)."""
    sc = scene()
    sc.pawn(0, "G5")
    sc.lay("G5", "X")
    sc.lay("G4", "I")
    sc.lay("H5", "I")
    sc.pawn(1, "C12")
    sc.lay("B12", "I", 1)
    s = sc.at_action(0)
    s, _ = run(s, (0, "pass"))
    assert cell("G4") not in s.board and cell("H5") in s.board
    assert cell("B12") not in s.board, "the pawn on the Exit does not keep its neighbour"


def test_pass_does_nothing():
    """ "A player may opt to pass on his turn. In this case the player does not move or play any items tiles." """
    sc = scene()
    sc.hand(0, "L", "whip")
    s = sc.at_action(0)
    s, events = run(s, (0, "pass"))
    assert "passes" in texts(events) and s.turn == 1 and len(s.seats[0].hand) == 2
