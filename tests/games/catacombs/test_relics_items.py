"""Relics (acquiring, moving, stacks, the extra turn), the Exit, equipment and the Torch."""

from __future__ import annotations

from tests.games.catacombs.helpers import Scene, actions, at, cell, engine, run, texts


def duo() -> Scene:
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "miner" if False else "athlete")
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    return sc


def test_example_blue_moves_the_fire_blossom_to_his_passage_and_collects_it():
    """ "If a player is able to play a Passage Tile (or move a Relic Tile) in such a way that he can
    connect his passages to a Relic Tile's passages the player can move his pawn up to the Relic
    Tile. He can then immediately add the Relic Tile face down to his Equipment". Example: "Blue is
    able to move the Fire Blossom Relic to connect to his passage to collect it." """
    sc = duo()
    sc.pawn(0, "D4")
    sc.lay("D4", "L")  # ends N and E; E faces E4
    blossom = sc.relic("E5", "fire_blossom", 0)  # ends N, E, W
    s = sc.at_action(0)
    assert "relic:E5" in actions(s, 0)
    s, _ = run(s, (0, "relic:E5"))
    assert "rmove:E5:N" in actions(s, 0)
    s, events = run(s, (0, "rmove:E5:N"))
    assert s.tasks[-1].kind == "arrive" and "go:E4" in actions(s, 0)
    s, events = run(s, (0, "go:E4"))
    assert blossom in s.seats[0].equipment and cell("E4") not in s.relics
    assert at(s, 0) == "D4" and "takes Fire Blossom" in texts(events)
    assert s.tasks[-1].kind == "extra", "He can then take another turn"
    assert {"x:draw", "x:skip"} <= set(actions(s, 0))
    assert any(a.startswith("x:redraw:") for a in actions(s, 0)) or not s.seats[0].hand


def test_example_red_plays_an_i_to_reach_the_water_tower():
    """ "Red is able to play an I Passage tile to connect his passage with the Water Tower Relic to
    collect it." """
    sc = duo()
    sc.pawn(0, "B10")
    sc.lay("B10", "I")
    tower = sc.relic("B8", "water_tower", 0)
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"), (0, "put:B9:0"), (0, "done"))
    assert "go:B8" in actions(s, 0)
    s, _ = run(s, (0, "go:B8"))
    assert tower in s.seats[0].equipment and at(s, 0) == "B9"


def test_a_stack_is_reached_by_its_top_relic_and_taken_whole_with_one_extra_turn():
    """ "If there are two or more Relics occupying the same space, any or all may be acquired at
    the same time. Only the top Relic Tile indicates the passage that must be used to acquire all
    Relics in the stack. Players only get one extra turn regardless of how many Relics are picked
    up in one turn" """
    sc = duo()
    sc.pawn(0, "B10")
    sc.lay("B10", "I")
    bottom = sc.relic("B9", "water_tower", 1)  # E-W: does not face B10
    top = sc.relic("B9", "jade_serpent", 0)  # N-S: faces B10
    s = sc.at_action(0)
    assert "go:B9" in actions(s, 0), "the top relic's passage joins"
    s, _ = run(s, (0, "go:B9"))
    assert {bottom, top} <= set(s.seats[0].equipment)
    assert s.tasks[-1].kind == "extra"
    s, _ = run(s, (0, "x:skip"))
    assert s.turn == 1 or s.tasks[-1].kind != "extra", "only one extra turn"


def test_relics_stack_reorder_and_never_pass_an_archway():
    """ "Relic Tiles may be moved on top of other Relic Tiles. When there are two or more Relic
    Tiles on a space the player may also choose to change the order ... Relic Tiles cannot move
    through the archways" """
    sc = duo()
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.relic("F4", "sun_disc")
    sc.relic("F5", "moon_mask")
    low = sc.relic("F5", "star_idol")
    s = sc.at_action(0)
    s, _ = run(s, (0, "relic:F4"))
    assert "rmove:F4:E" not in actions(s, 0), "F4|G4 is an archway"
    s, _ = run(s, (0, "rmove:F4:S"))
    assert len(s.relics[cell("F5")]) == 3
    sc2 = duo()
    sc2.pawn(0, "B10")
    sc2.lay("B10", "X")
    under = sc2.relic("F5", "moon_mask")
    sc2.relic("F5", "star_idol")
    s2 = sc2.at_action(0)
    s2, _ = run(s2, (0, "relic:F5"), (0, f"rtop:F5:{under}"))
    assert s2.relics[cell("F5")][-1].id == under
    assert low


def test_escaping_with_two_relics_wins():
    """ "The first player to get a character to escape with 2 or more Relics wins the game!" """
    sc = duo()
    sc.pawn(0, "D12")
    sc.lay("D12", "I", 1)
    sc.equip(0, "sun_disc", "moon_mask")
    s = sc.at_action(0)
    assert "go:exit" in actions(s, 0)
    s, events = run(s, (0, "go:exit"))
    assert engine().is_terminal(s) and s.winners == [0]
    result = engine().results(s)
    assert result.winners == (0,) and "escaped" in result.text
    assert "escapes" in texts(events)


def test_the_longer_game_needs_three():
    """ "characters must escape with 3 Relics to win" """
    sc = Scene(2, longer=True)
    sc.character(0, "miner")
    sc.character(1, "athlete")
    sc.pawn(0, "D12")
    sc.lay("D12", "I", 1)
    sc.pawn(1, "K10")
    sc.lay("K10", "X")
    sc.equip(0, "sun_disc", "moon_mask")
    s = sc.at_action(0)
    assert "go:exit" not in actions(s, 0)


def test_equipment_holds_four_items_relics_included():
    """ "You may only carry four Items at any one time, including Relics (the Traveler may carry 5
    items). If you want to put an Item into your Equipment and you already have the maximum number
    of items you must discard one." """
    sc = duo()
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.equip(0, "sun_disc", "whip", "pickaxe", "kayak")
    torch = sc.hand(0, "torch")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"equip:{torch}"))
    options = actions(s, 0)
    assert "done" not in options, "five is one too many"
    assert not any(a.startswith("drop:") and engine().data.kinds[int(a[5:])].cls == "relic" for a in options)
    assert not any(a.startswith("use:") for a in options), "no item is used while adding items"
    drop = next(a for a in options if a.startswith("drop:"))
    s, _ = run(s, (0, drop), (0, "done"))
    assert len(s.seats[0].equipment) == 4


def test_the_traveler_carries_five():
    sc = duo()
    sc.character(0, "traveler")
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.equip(0, "whip", "pickaxe", "kayak", "sun_disc")
    torch = sc.hand(0, "torch")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"equip:{torch}"))
    assert "done" in actions(s, 0)


def test_items_are_used_from_equipment_never_from_the_hand():
    """ "Items may not be used directly from a player's hand, they must be added to a character's
    Equipment before they can be used." "The First Aid kit can be discarded at any time to add 1
    Health Point token ..., not to exceed the limit". The Mercenary "when using a First Aid kit he
    may add a Bullet instead"."""
    sc = duo()
    sc.character(0, "mercenary", health=2, bullets=3)
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    in_hand = sc.hand(0, "first_aid")[0]
    kit = sc.equip(0, "first_aid")[0]
    s = sc.at_action(0)
    options = actions(s, 0)
    assert f"use:{in_hand}" not in options
    assert f"use:{kit}" in options and f"bullet:{kit}" in options
    healed, _ = run(s, (0, f"use:{kit}"))
    assert healed.seats[0].health == 3 and healed.tasks[-1].kind == "action", "no Action needed"
    loaded, _ = run(s, (0, f"bullet:{kit}"))
    assert loaded.seats[0].bullets == 4 and loaded.seats[0].health == 2
    full = healed
    assert not any(a.startswith("use:") for a in actions(full, 0)), "not beyond the limit"


def test_the_torch_example():
    """ "The red player uses a Torch to illuminate the passages around her character. The three
    passages drawn are placed at the three ends of the passages her character is currently in.
    She chooses to place the two obstacles toward the end and the straight passage in the
    direction she wishes to move. She can then move her character into that passage. After her
    turn the two obstacles and the T Passage will be vacated and discarded." """
    sc = duo()
    sc.pawn(0, "D5")
    sc.lay("D5", "I", 1)  # W-E
    sc.lay("E5", "T", 3)  # W, N, S
    torch = sc.equip(0, "torch")[0]
    sc.bag_only("gulch_I", "cave_in_I", "I", "beast")
    s = sc.at_action(0)
    assert f"torch:{torch}" in actions(s, 0)
    s, events = run(s, (0, f"torch:{torch}"))
    assert "Beast" not in texts(events) or True
    assert len(s.play.drawn) == 3 and all(engine().data.kinds[t].is_passage for t in s.play.drawn)
    assert any(engine().data.kinds[t].key == "beast" for t in s.bag), "non-Passage tiles go back to the bag"
    by_key = {engine().data.kinds[t].key: t for t in s.play.drawn}
    s, _ = run(s, (0, f"pick:{by_key['gulch_I']}"), (0, "put:E4:0"))
    s, _ = run(s, (0, f"pick:{by_key['cave_in_I']}"), (0, "put:E6:0"))
    s, _ = run(s, (0, f"pick:{by_key['I']}"), (0, "put:C5:1"))
    assert s.tasks[-1].kind == "torch_move" and "tgo:C5" in actions(s, 0)
    s, _ = run(s, (0, "tgo:C5"))
    assert at(s, 0) == "C5" and s.tasks[-1].kind == "action", "the Torch needs no Action"
    s, _ = run(s, (0, "pass"))
    for label in ("E4", "E6", "E5"):
        assert cell(label) not in s.board, f"{label} is vacated"
    assert cell("D5") in s.board and cell("C5") in s.board


def test_no_torch_on_a_turn_with_an_encounter():
    """ "a Torch can be discarded on a player's turn in which they did not have an Encounter" """
    sc = duo()
    sc.pawn(0, "D5")
    sc.lay("D5", "X")
    torch = sc.equip(0, "torch")[0]
    s = sc.at_action(0)
    s.flags.encounter = True
    assert f"torch:{torch}" not in actions(s, 0)


def test_perishing_on_a_shared_tile_leaves_the_relics_to_the_other_character():
    """ "If a character shares a Tile with another character when he perishes the Passage Tile is
    not removed and the other character picks up the perished character's Relics on his next turn.
    Equipment is discarded, not picked up." """
    sc = duo()
    sc.pawn(0, "B10")
    sc.lay("B10", "X")
    sc.pawn(1, "B10")
    relic = sc.equip(0, "sun_disc")[0]
    whip = sc.equip(0, "whip")[0]
    sc.s.seats[0].health = sc.s.seats[0].bullets = 0
    sc.bag_only("beast", "L", "I", "I", "T")
    s = sc.at_action(0)
    s.tasks[-1].kind = "beast"
    s, events = run(s, (0, "beast:health"))
    assert "perishes" in texts(events) and cell("B10") in s.board
    assert s.seats[1].pickup == [relic] and whip in s.discards + s.bag
    s, _ = run(s, (0, "char:miner"))
    assert relic in s.seats[1].equipment, "picked up at the start of the other's turn"


def extra_turn_scene(*bag: str):
    sc = duo()
    sc.pawn(0, "B10")
    sc.lay("B10", "I")
    sc.relic("B9", "jade_serpent", 0)
    dead = sc.hand(0, "dead_end")[0]
    sc.bag_only(*bag)
    s = sc.at_action(0)
    s, _ = run(s, (0, "go:B9"))
    assert s.tasks[-1].kind == "extra"
    return s, dead


def test_the_extra_turn_draw_a_tile_and_play_a_tile():
    """ "He can then take another turn, choosing to draw a tile and play a tile, discard a tile and
    draw 2 tiles, or move a Relic tile." """
    s, _ = extra_turn_scene("I")
    s, _ = run(s, (0, "x:draw"))
    assert s.tasks[-1].kind == "x_play"
    tile = next(t for t in s.seats[0].hand if engine().data.kinds[t].key == "I")
    s, _ = run(s, (0, f"pick:{tile}"))
    spot = next(a for a in actions(s, 0) if a.startswith("put:"))
    s, _ = run(s, (0, spot))
    assert at(s, 0) == spot.split(":")[1], "one tile, then the move"
    assert s.turn == 1 or s.tasks[-1].kind in ("discard", "arrive")


def test_the_extra_turn_discard_one_draw_two():
    s, dead = extra_turn_scene("L", "T")
    s, events = run(s, (0, f"x:redraw:{dead}"))
    assert dead not in s.seats[0].hand
    assert any(e.seats == (0,) and "You draw" in e.text for e in events)
