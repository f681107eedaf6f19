"""Playing Passage Tiles and moving: starting ends, chains, intersections, obstacles, the Miner,
the Adventurer, Rival Dead Ends and slides."""

from __future__ import annotations

import pytest

from tests.games.catacombs.helpers import Scene, actions, at, cell, engine, run, texts


def two(chars=("miner", "traveler")) -> Scene:
    sc = Scene(2)
    sc.character(0, chars[0])
    sc.character(1, chars[1])
    sc.pawn(0, "C12", start="W")
    sc.pawn(1, "C12", start="E")
    return sc


def places(state, seat, prefix="put:"):
    return sorted(a for a in actions(state, seat) if a.startswith(prefix))


def test_the_first_tile_goes_on_the_end_the_player_starts_at():
    """ "At the start of the game each player must place their first tiles on the end of the
    pathway that they start at. They may not backtrack and follow another character's path." """
    sc = two()
    tile = sc.hand(0, "L")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"))
    spots = places(s, 0)
    assert spots and all(a.startswith("put:B12:") for a in spots)


def test_each_tile_joins_the_previous_one_and_the_pawn_moves_to_the_end():
    """ "Tiles must be placed so that each tile connects to the previous tile played. You must then
    move your pawn through the passages to the end of the passage on the last Tile just placed" """
    sc = two()
    first, second = sc.hand(0, "I", "L")
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{first}"), (0, "put:B12:1"), (0, f"pick:{second}"))
    assert {a.split(":")[1] for a in places(s, 0)} == {"A12"}, "only at the end of the last tile"
    s, events = run(s, (0, "put:A12:0"), (0, "done"))
    assert at(s, 0) == "A12" and s.seats[0].start == ""
    assert "plays L passage at A12" in texts(events)


def test_the_pawn_stops_at_the_intersection_of_a_t():
    """ "... or an intersection if the Tile is an X or T Tile" """
    sc = two()
    tile = sc.hand(0, "T")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"), (0, places(s := run(s, (0, f"pick:{tile}"))[0], 0)[0]))
    s, _ = run(s, (0, "done"))
    assert at(s, 0) == "B12" and s.seats[0].side == "C"


def obstacle_scene(item: str | None = None, character: str = "miner", health: int | None = None):
    sc = two((character, "traveler"))
    sc.pawn(0, "E10")
    sc.lay("E10", "X")
    if item:
        sc.equip(0, item)
    if health is not None:
        sc.s.seats[0].health = health
    gulch = sc.hand(0, "gulch_I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{gulch}"), (0, "put:E9:0"), (0, "done"))
    return s


def test_an_obstacle_costs_a_health_point_or_the_matching_item():
    """ "Gulch Tiles may be crossed by expending 1 Health Point or by using the Whip." """
    s = obstacle_scene("whip")
    assert s.tasks[-1].kind == "cross"
    options = actions(s, 0)
    assert any(a.startswith("cross:item:") for a in options)
    assert {"cross:health", "cross:stop"} <= set(options)
    whip, _ = run(s, (0, next(a for a in options if a.startswith("cross:item:"))))
    assert at(whip, 0) == "E9" and whip.seats[0].side == "N" and whip.seats[0].equipment == []
    paid, _ = run(s, (0, "cross:health"))
    assert at(paid, 0) == "E9" and paid.seats[0].health == 2


def test_a_player_may_stop_at_an_obstacle():
    """ "or to an Obstacle if you choose to not move through the Obstacle" """
    s = obstacle_scene()
    assert not any(a.startswith("cross:item") for a in actions(s, 0)), "no Whip, no Whip option"
    stopped, events = run(s, (0, "cross:stop"))
    assert at(stopped, 0) == "E9" and stopped.seats[0].side == "S", "at the near end of the Gulch"
    assert stopped.seats[0].health == 3 and "stops at the Gulch" in texts(events)


def test_the_adventurer_crosses_at_the_cost_of_a_turn():
    """ "She may cross Passage Tiles with obstacles (Flood, Cave In, Gulch) without expending a
    Health Point or using an Item, but at the cost of a turn." """
    s = obstacle_scene(character="adventurer")
    s, _ = run(s, (0, "cross:turn"))
    assert at(s, 0) == "E9" and s.seats[0].side == "N"
    assert s.seats[0].health == 3 and s.seats[0].skip == 1


def test_perishing_on_an_obstacle_leaves_the_relics_on_that_tile():
    """ "If the player perishes while trying to cross an Obstacle he perishes on the Obstacle Tile"
    and "The Passage Tile that the character had occupied is replaced with any Relic Tiles the
    character had ... with the player choosing the orientation and order of the Relics"."""
    sc = two()
    sc.pawn(0, "E10")
    sc.lay("E10", "X")
    sc.s.seats[0].health = 0
    relics = sc.equip(0, "fire_blossom", "sun_disc") + sc.equip(0, "whip"[:0] or "torch")
    gulch = sc.hand(0, "gulch_I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{gulch}"), (0, "put:E9:0"), (0, "done"))
    assert "cross:health" in actions(s, 0)
    s, events = run(s, (0, "cross:health"))
    assert "perishes" in texts(events)
    assert cell("E9") not in s.board, "the obstacle tile is replaced"
    assert [r.id for r in s.relics[cell("E9")]] == relics[:2]
    assert s.tasks[-1].kind == "ptop" and s.tasks[-1].seat == 0
    top = next(a for a in actions(s, 0) if a.startswith(f"top:{relics[1]}:"))
    s, _ = run(s, (0, top))
    assert s.relics[cell("E9")][-1].id == relics[1]
    assert s.tasks[-1].kind == "pchar", "then a new character"
    s, _ = run(s, (0, "char:miner"))
    assert at(s, 0) == "C12" and (s.seats[0].health, s.seats[0].bullets) == (3, 3)
    assert s.seats[0].equipment == [] and s.seats[0].hand == []


def test_the_miner_digs_through_the_wall_of_his_tile():
    """ "The Miner may expend a Health Point to travel through a wall. He may place a Passage Tile
    adjacent to the tile he currently occupies so that its passage connects with a wall of his
    tile. ... His original starting tile is then discarded" """
    sc = two()
    sc.pawn(0, "E10")
    old = sc.lay("E10", "I")
    tile = sc.hand(0, "L")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"))
    digs = places(s, 0, "dig:")
    assert digs and {a.split(":")[1] for a in digs} == {"D10", "F10"}
    s, events = run(s, (0, digs[0]))
    assert at(s, 0) in ("D10", "F10") and s.seats[0].health == 2
    assert cell("E10") not in s.board and old in s.discards
    assert "digs" in texts(events)


def test_the_miner_may_not_dig_into_a_passage_with_another_character():
    """ "The Miner may not use this ability to move into an adjacent passage already occupied by
    another character." """
    sc = two()
    sc.pawn(0, "E10")
    sc.lay("E10", "I")
    sc.pawn(1, "F9")
    sc.lay("F9", "I")  # its south end meets a tile at F10 that opens north
    tile = sc.hand(0, "T")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"))
    for action in places(s, 0, "dig:F10"):
        rot = int(action.split(":")[2])
        from bot.games.catacombs import geometry as geo

        assert "N" not in geo.rotate("NEW", rot), "a dig joining the other character's passage"


def test_a_rival_dead_end_moves_the_opponent_into_it_but_not_through_obstacles():
    """ "Rival Dead End Tiles can be played on an opponent's passage instead of the active
    player's passage. ... move the opponent's pawn into the Rival Dead End, but not through any
    Obstacles." """
    sc = two()
    sc.pawn(0, "E10")
    sc.lay("E10", "X")
    sc.pawn(1, "J10")
    sc.lay("J10", "I", 1)
    sc.lay("I10", "cave_in_I", 1)
    rivals = sc.hand(0, "rival_dead_end", "rival_dead_end")
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{rivals[0]}"))
    assert {a.split(":")[1] for a in places(s, 0, "rival:")} == {"H10", "K10"}
    into, _ = run(s, (0, next(a for a in actions(s, 0) if a.startswith("rival:K10"))))
    assert at(into, 1) == "K10"
    assert into.tasks[-1].kind == "chain", "the active player may still play on his own passage"
    blocked, _ = run(s, (0, next(a for a in actions(s, 0) if a.startswith("rival:H10"))))
    assert (at(blocked, 1), blocked.seats[1].side) == ("I10", "E"), "stopped at the near end of the Cave In"


# --------------------------------------------------------------------------- slides


def slide_scene(players: int = 2, bag=("I", "L", "T", "I")):
    sc = Scene(players) if players > 1 else Scene(1)
    for seat in range(players):
        sc.character(seat, ("miner", "traveler", "athlete")[seat])
    sc.pawn(0, "C10")
    sc.lay("C10", "X")
    for seat in range(1, players):
        sc.pawn(seat, "K4")
        sc.lay("K4", "X")
    slide = sc.hand(0, "slide")[0]
    sc.bag_only(*bag)
    return sc, slide


def test_a_slide_may_not_slide_into_a_wall():
    """ "You may not play a Slide Tile or the next tile in such a way that you slide into a wall" """
    sc, slide = slide_scene()
    sc.pawn(0, "C8")
    sc.s.board[cell("C8")] = sc.s.board.pop(cell("C10"))
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{slide}"))
    assert "put:C7:0" not in actions(s, 0), "C7's north end meets the quadrant wall"
    assert "put:C9:0" in actions(s, 0)


def test_a_slide_draws_three_the_player_on_the_left_chooses_the_next():
    """ "When you play a Slide Tile you may draw three Passage Tiles ... You may add one of the
    Passage Tiles to the end of the Slide Tile. Then pass the two remaining Passage Tiles to the
    player to your left. The other player may draw one more Passage Tile and then choose one of
    the three Passage Tiles to add to the end of the tile you placed. The remaining tiles are then
    discarded. Immediately move your pawn to the end of the last tile placed." """
    sc, slide = slide_scene()
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{slide}"), (0, "put:C9:0"), (0, "slide"))
    assert s.tasks[-1].kind == "slide_pick" and s.tasks[-1].seat == 0
    assert len(engine().public_view(s).drawn) == 3, "the slide's tiles are drawn face up"
    pick = next(a for a in actions(s, 0) if engine().data.kinds[int(a[5:])].key == "I")
    s, _ = run(s, (0, pick), (0, "put:C8:0"))
    assert engine().current_seats(s) == [1], "the player on the left chooses"
    assert len(s.play.drawn) == 3, "two passed and one more drawn"
    default = engine().default_action(s, 1)
    assert default is not None and default in actions(s, 1)
    s, _ = run(s, (1, default))
    default = engine().default_action(s, 1)
    s, _ = run(s, (1, default))
    assert engine().current_seats(s) == [0]
    assert cell("C7") in s.board and at(s, 0) == "C7", "moved to the end of the last tile"
    assert s.play.drawn == []


def test_no_dead_end_first_after_a_slide_but_a_rival_dead_end_may_be():
    """ "You may not play a Dead End Passage tile as the first tile after a Slide." "Rival Dead End
    tiles may be placed at the end of a Slide." """
    sc, slide = slide_scene(bag=("dead_end", "rival_dead_end", "I", "L"))
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{slide}"), (0, "put:C9:0"), (0, "slide"))
    offered = {engine().data.kinds[int(a[5:])].key for a in actions(s, 0) if a.startswith("pick:")}
    assert "dead_end" not in offered and "rival_dead_end" in offered


def test_obstacles_on_a_slide_are_crossed_free():
    """ "You may play Obstacle tiles (Cave In, Flood, or Gulch) and slide through them without
    incurring any damage or using any items" """
    sc, slide = slide_scene(bag=("cave_in_I", "I", "I", "I"))
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{slide}"), (0, "put:C9:0"), (0, "slide"))
    cave = next(a for a in actions(s, 0) if engine().data.kinds[int(a[5:])].key == "cave_in_I")
    s, _ = run(s, (0, cave), (0, "put:C8:0"))
    while engine().current_seats(s) == [1]:
        s, _ = run(s, (1, engine().default_action(s, 1)))
    assert s.seats[0].health == 3 and at(s, 0) == "C7"
    assert s.tasks[-1].kind == "chain"


def test_two_slides_in_sequence_draw_six_and_the_other_player_places_two():
    """ "You may play two (or more) Slide Tiles in sequence and draw three more Path Tiles for
    each Slide Tile played. Your opponent may then draw two more Passage Tiles and place two tiles,
    having 6 to choose from." """
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "traveler")
    sc.pawn(0, "B12")
    sc.lay("B12", "X")
    sc.pawn(1, "K4")
    sc.lay("K4", "X")
    slides = sc.hand(0, "slide", "slide")
    sc.bag_only("I", "I", "I", "I", "I", "I", "I", "I")
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{slides[0]}"), (0, "put:B11:0"), (0, f"pick:{slides[1]}"), (0, "put:B10:0"))
    s, _ = run(s, (0, "slide"))
    assert len(s.play.drawn) == 6 and s.play.to_place == 2
    for _ in range(2):
        s, _ = run(s, (0, actions(s, 0)[0]))
        s, _ = run(s, (0, places(s, 0)[0]))
    assert engine().current_seats(s) == [1] and len(s.play.drawn) == 6 and s.play.to_place == 2


def test_solo_slide_draws_two_more_and_plays_both():
    """Solo: "When playing a Slide passage, draw two more Passage tiles and play them both in any order." """
    sc, slide = slide_scene(players=1, bag=("I", "L", "T", "I", "I"))
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{slide}"), (0, "put:C9:0"), (0, "slide"))
    first_i = next(a for a in actions(s, 0) if engine().data.kinds[int(a[5:])].key == "I")
    s, _ = run(s, (0, first_i), (0, "put:C8:0"))
    assert s.tasks[-1].kind == "slide_pick" and len(s.play.drawn) == 2 and s.play.to_place == 2
    assert "skip" not in actions(s, 0)


@pytest.mark.parametrize("key", ["gulch_L", "flooded_I", "cave_in_L"])
def test_obstacles_are_passage_tiles_that_can_be_played(key):
    """ "Obstacles – you may choose to play an Obstacle Passage Tile and not move through the Obstacle." """
    sc = two()
    tile = sc.hand(0, key)[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"))
    assert places(s, 0)
