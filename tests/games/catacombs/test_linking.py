"""Linking to another player's passage: the text's three examples, the Mercenary's shot, several
opponents, and no links while a passage still reaches the Exit."""

from __future__ import annotations

from tests.games.catacombs.helpers import Scene, actions, at, cell, corridor, engine, run, texts


def finish_turn(s):
    """Answer the rest of the active player's turn with its first choices (passing)."""
    while engine().current_seats(s) == [0]:
        options = actions(s, 0)
        s, _ = run(s, (0, "stay" if "stay" in options else options[0]))
    return s


def test_example_1_both_move_blue_steals_and_the_connecting_tile_is_discarded():
    """ "If you play a tile that links your passage to another player's passage each player moves
    their pawn to the end of the passage in opposite directions." Example: "Blue connects the
    passages and both players move the the ends of the new passages. Blue is able to steal an Item
    from Red as they pass. The connecting tile is then discarded." """
    sc = corridor()
    tile = sc.hand(0, "I")[0]
    pickaxe = sc.s.seats[1].equipment[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"))
    link = next(c for c in engine().legal_actions(s, 0) if c.action == "put:D10:1")
    assert "Links your passage" in link.description
    s, _ = run(s, (0, "put:D10:1"))
    assert s.tasks[-1].kind == "steal"
    assert {"steal:none", f"steal:{pickaxe}"} <= set(actions(s, 0))
    s, _events = run(s, (0, f"steal:{pickaxe}"))
    assert at(s, 0) == "F10" and at(s, 1) == "B10"
    assert pickaxe in s.seats[0].equipment and pickaxe not in s.seats[1].equipment
    s = finish_turn(s)
    assert cell("D10") not in s.board, "the connecting tile is vacated"


def test_example_2_through_a_cave_in_with_a_pickaxe_red_pays_nothing():
    """ "Blue plays a Cave In to connect the two passages and uses a Pickaxe to move through the
    Cave In to the end of the extended passage, stealing a Pickaxe from Red along the way. Red does
    not need to expend a Health Point to complete the move." """
    sc = corridor(blue_items=("pickaxe",))
    cave = sc.hand(0, "cave_in_I")[0]
    reds = list(sc.s.seats[1].equipment)
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{cave}"), (0, "put:D10:1"))
    assert s.tasks[-1].kind == "cross"
    use = next(a for a in actions(s, 0) if a.startswith("cross:item:"))
    s, _ = run(s, (0, use), (0, f"steal:{reds[0]}"))
    assert at(s, 0) == "F10" and at(s, 1) == "B10"
    assert s.seats[1].health == 3, "Red crosses back for free"
    assert [engine().data.kinds[t].key for t in s.seats[0].equipment] == ["pickaxe"]


def test_example_3_a_preemptive_cave_in_then_red_may_link_through_it_later():
    """ "Blue plays a Cave In to connect the two passages, knowing that Red does not have a Pickaxe
    to move through the passages." "In this case neither player moves nor is an item stolen. The
    played tile is also not discarded until it is no longer adjacent to a tile with a player's pawn
    on it." "However if the other player decides to move through the Obstacle on his turn he can
    initiate the link and steal an item from the first player." """
    sc = corridor(blue_items=("torch",), red_items=())
    sc.pawn(0, "C10")
    sc.pawn(1, "E10")
    cave = sc.hand(0, "cave_in_I")[0]
    sc.bag_only("L", "L", "T")
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{cave}"), (0, "put:D10:1"), (0, "cross:stop"))
    assert at(s, 0) == "C10" and at(s, 1) == "E10", "neither player moves"
    assert s.seats[0].equipment and not s.seats[1].equipment, "nothing stolen"
    s = finish_turn(s)
    assert cell("D10") in s.board, "still next to both pawns"
    # Red's turn: the link is there to be made, through the Cave In.
    assert engine().current_seats(s) == [1] and s.tasks[-1].kind == "action"
    assert "link:0" in actions(s, 1)
    s, _ = run(s, (1, "link:0"), (1, "cross:health"))
    torch = next(a for a in actions(s, 1) if a.startswith("steal:") and a != "steal:none")
    s, _ = run(s, (1, torch))
    assert at(s, 1) == "C10" and at(s, 0) == "E10" and s.seats[1].health == 2
    assert s.seats[1].equipment and not s.seats[0].equipment


def test_the_mercenary_may_shoot_instead_of_stealing():
    """ "The Mercenary may also expend 1 bullet to reduce an opponent's Health Points by 1 instead
    of stealing an item when connecting passages." """
    sc = corridor()
    sc.character(0, "mercenary")
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"), (0, "put:D10:1"))
    assert "shoot" in actions(s, 0)
    s, _events = run(s, (0, "shoot"))
    assert s.seats[0].bullets == 3 and s.seats[1].health == 2
    assert len(s.seats[1].equipment) == 2 and at(s, 1) == "B10"


def test_a_shot_at_zero_health_kills_on_the_spot():
    """ "if he must give up another because he is ... shot by the Mercenary his character will
    perish" and "if he perishes ... by being shot by the Mercenary he perishes on his current Tile" """
    sc = corridor(red_items=("fire_blossom",))
    sc.character(0, "mercenary")
    sc.s.seats[1].health = 0
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, events = run(s, (0, f"pick:{tile}"), (0, "put:D10:1"), (0, "shoot"))
    assert "perishes" in texts(events)
    assert at(s, 1) == "C12" and engine().current_seats(s) == [1]
    assert s.tasks[-1].kind == "pchar"
    assert s.seats[0].pickup or cell("F10") in s.relics, "Red's relic stays where Red fell"


def test_several_opponents_on_the_passage_the_active_player_chooses():
    """ "If a player connects to a passage that already has more than one player in it, the Active
    player chooses which opponent to move and steal an Item from." """
    sc = corridor(players=3)
    sc.character(2, "athlete")
    sc.pawn(2, "E10")
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"), (0, "put:D10:1"))
    assert s.tasks[-1].kind == "target" and sorted(actions(s, 0)) == ["target:1", "target:2"]
    s, _ = run(s, (0, "target:2"), (0, "steal:none"))
    assert at(s, 0) == "E10" and at(s, 2) == "B10" and at(s, 1) == "F10"


def test_no_link_while_a_passage_is_connected_to_the_exit():
    """ "Passages may not be linked when either character's passage is still connected to the Exit space." """
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "traveler")
    sc.pawn(0, "D10")
    sc.lay("D10", "I")
    sc.pawn(1, "C12")
    sc.lay("D12", "T")
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"))
    assert "put:D11:0" not in actions(s, 0)
    assert any(a.startswith("put:D9") for a in actions(s, 0))


def test_co_op_players_connect_without_swapping_or_stealing():
    """Co-op: "when two players connect their passages they do not have to swap positions and can
    continue moving together"."""
    sc = corridor()
    sc.s.mode = "cooperative"
    tile = sc.hand(0, "I")[0]
    s = sc.at_action(0)
    s, _ = run(s, (0, f"pick:{tile}"), (0, "put:D10:1"), (0, "done"))
    assert at(s, 0) == "D10" and at(s, 1) == "F10"
    assert len(s.seats[1].equipment) == 2
