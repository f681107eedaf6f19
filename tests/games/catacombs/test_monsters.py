"""Monsters: the text's Minhocão example, each monster's attack, who moves, walls and returns."""

from __future__ import annotations

from bot.games.catacombs import geometry as geo
from tests.games.catacombs.helpers import Scene, actions, at, cell, engine, run, settle, texts


def test_the_minhocao_example():
    """ "Blue's character is carrying one Relic and played three tiles this turn ... resulting in 3
    Passage Tiles being vacated. Blue chooses to move Minhocão. First Minhocão jumps down 3 spaces
    because the current space it is on has a downward pointing arrow. This means Minhocão jumps
    over the passage, however Minhocão then gets to move an additional 4 spaces, following the
    arrows in each space. This results in Minhocão landing in the passage that Red is in on its 3rd
    move. Minhocão causes Red to discard all the tiles from her hand. Then Minhocão is placed on any
    one of the three empty center spaces of that quadrant (the Fire Blossom Relic occupies one of
    the four spaces). Blue will likely choose to put Minhocão back on the same space where it
    started" """
    sc = Scene(2)
    sc.character(0, "miner")
    sc.character(1, "athlete")
    sc.pawn(0, "C10")
    sc.lay("C10", "X")
    sc.equip(0, "sun_disc")
    sc.pawn(1, "G6")
    sc.lay("G6", "L")
    sc.lay("J5", "I")  # the passage Minhocão jumps over
    sc.relic("I4", "fire_blossom")
    sc.monster("J3", "minhocao")
    red_hand = sc.hand(1, "L", "I", "whip")
    assert engine().data.board.arrows[cell("J3")] == "S"
    s = sc.at_phase(0, "monsters", vacated=3)
    s, events = settle(s)
    story = texts(events)
    assert "Minhocão attacks at G6" in story and "discard their hand" in story
    assert s.seats[1].hand == [] and set(red_hand) <= set(s.discards)
    assert s.tasks[-1].kind == "mreturn"
    assert sorted(actions(s, 0)) == ["mret:I3", "mret:J3", "mret:J4"]
    s, _ = run(s, (0, "mret:J3"))
    assert s.monsters[0].cell == cell("J3")


def attack(monster: str, *, victim_items=(), health=None, bullets=None, character="miner"):
    """A monster one step (A1 -> B1) from a character's tile in the north-west quadrant."""
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, character, health=health, bullets=bullets)
    sc.pawn(0, "C10")
    sc.lay("C10", "X")
    sc.pawn(1, "B1")
    sc.lay("B1", "X")
    items = sc.equip(1, *victim_items)
    sc.monster("A1", monster)
    s = sc.at_phase(0, "monsters", vacated=0)
    s, events = settle(s)
    return s, events, items


def test_koka_and_vikoka_take_one_health_unless_a_torch_scares_them():
    """ "Koka and Vikoka will immediately take 1 Health Point from any character they encounter.
    Koka and Vikoka cannot be defeated with any weapons, but may be scared off with a Torch." """
    s, events, _ = attack("koka", bullets=3)
    assert s.seats[1].health == 2 and s.seats[1].bullets == 3
    s, events, (torch,) = attack("koka", victim_items=("torch",))
    assert s.seats[1].health == 3 and torch not in s.seats[1].equipment and "scares off" in texts(events)


def test_tauriz_takes_two_and_each_bullet_blocks_one():
    """ "Tauriz will immediately take 2 Health Points from any character it encounters. Tauriz can
    be defeated with the gun. Each bullet token expended reduces the damage inflicted by 1" """
    s, _, _ = attack("tauriz", bullets=0)
    assert s.seats[1].health == 1
    s, _, _ = attack("tauriz", bullets=1)
    assert (s.seats[1].health, s.seats[1].bullets) == (2, 0)
    s, _, _ = attack("tauriz", bullets=3)
    assert (s.seats[1].health, s.seats[1].bullets) == (3, 1)


def test_sirrush_steals_half_the_items_rounded_up_but_no_relics():
    """ "Sirrush will steal 1/2 of the character's items that are being carried (rounded up, so if
    the character is carrying 3 items the Sirrush will steal 2), not including carried Relics." """
    s, events, items = attack("sirrush", victim_items=("whip", "pickaxe", "kayak", "sun_disc"))
    left = s.seats[1].equipment
    assert items[3] in left and len(left) == 2
    assert "Sirrush steals" in texts(events)


def test_grootslang_puts_stolen_relics_on_starting_spaces_of_another_quadrant():
    """ "Grootslang will steal any Relics being carried by the character. Place the Relic(s) on any
    Relic starting spaces in another quadrant." """
    s, _events, items = attack("grootslang", victim_items=("sun_disc", "whip"))
    assert s.seats[1].equipment == [items[1]]
    assert s.tasks[-1].kind == "groot"
    spaces = [geo.parse_label(a.split(":")[1]) for a in actions(s, 0)]
    assert spaces and all(geo.quadrant(c) != 0 for c in spaces)
    assert set(spaces) <= set(engine().data.board.relic_spaces[6])
    s, _ = run(s, (0, actions(s, 0)[0]))
    assert any(r.id == items[0] for stack in s.relics.values() for r in stack)


def test_minhocao_empties_the_hand():
    sc_state, _events, _ = attack("minhocao")
    assert sc_state.seats[1].hand == []


def test_yaoguai_sends_the_character_and_its_tile_to_the_opposite_quadrant():
    """ "Yaoguai will send the characters they encounter, and the tile they are on (but not other
    connected passages), to the one of the spaces marked with a [mark] in the diagonally opposite
    quadrant of the board. ... Discard any vacated tiles (these do not count toward additional
    Monster movements)." """
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "miner")
    sc.pawn(0, "C10")
    sc.lay("C10", "X")
    sc.pawn(1, "B1")
    tile = sc.lay("B1", "L", 1)
    sc.lay("C1", "I", 1)  # a connected passage that stays behind
    sc.monster("A1", "yaoguai")
    s = sc.at_phase(0, "monsters", vacated=0)
    s, _ = settle(s)
    assert s.tasks[-1].kind == "yao"
    targets = [a.split(":")[1] for a in actions(s, 0)]
    assert sorted(targets) == sorted(geo.label(c) for c in engine().data.board.yaoguai[3])
    s, _ = run(s, (0, f"yao:{targets[0]}"))
    assert at(s, 1) == targets[0] and s.board[cell(targets[0])].id == tile
    assert cell("C1") not in s.board, "the vacated passage left behind is discarded"


def test_a_jump_stops_at_a_wall():
    """ "If the monster encounters a wall or doorway it won't proceed any further (Monsters won't
    travel outside their quadrant of the Catacombs)." """
    from bot.games.catacombs.monsters import monster_path
    from bot.games.catacombs.passages import Layout

    d = engine().data
    lay = Layout(d.board.grid, d.board.exit_cell, {})
    path = monster_path(d.board.arrows, cell("F1"), 9, 0, set(), lay, {})
    assert path.cells == (cell("F6"),), "F1 points south: the jump ends at the quadrant's wall"


def test_only_monsters_in_a_quadrant_with_a_character_move():
    """ "The Monster moved must be in a Quadrant that contains a character pawn." """
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "miner")
    sc.pawn(0, "C10")
    sc.lay("C10", "X")
    sc.pawn(1, "C9")
    sc.lay("C9", "I")
    sc.monster("I3", "sirrush")
    s = sc.at_phase(0, "monsters", vacated=0)
    s, _ = settle(s)
    assert s.monsters[0].cell == cell("I3"), "no character in the north-east"
    sc.monster("D10", "tauriz")
    sc.monster("C8", "koka")
    s = sc.at_phase(0, "monsters", vacated=0)
    s, _ = settle(s)
    assert s.tasks[-1].kind == "monster" and sorted(actions(s, 0)) == ["monster:1", "monster:2"]
    preview = {c.action: c.description for c in engine().legal_actions(s, 0)}
    assert all(preview.values()), "each choice says where the monster would go"


def test_a_monster_returns_around_the_centre_when_the_centre_is_built_over():
    """ "If all of these four spaces have tiles on them place the Monster tile in any of the 12
    spaces that surround the center four spaces." """
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "miner")
    sc.pawn(0, "C10")
    sc.lay("C10", "X")
    sc.pawn(1, "B1")
    sc.lay("B1", "X")
    for label in ("C3", "D3", "C4", "D4"):
        sc.lay(label, "I")
    sc.monster("A1", "koka")
    s = sc.at_phase(0, "monsters", vacated=0)
    s, _ = settle(s)
    spaces = {geo.parse_label(a.split(":")[1]) for a in actions(s, 0)}
    assert spaces and spaces <= set(geo.centre_ring(0))


def test_monsters_move_by_their_number_plus_the_relics_carried():
    """ "The Monster will move that many spaces, plus the number of acquired Relics" """
    sc = Scene(2)
    sc.character(0, "traveler")
    sc.character(1, "miner")
    sc.pawn(0, "A3")
    sc.lay("A3", "X")
    sc.pawn(1, "C10")
    sc.lay("C10", "X")
    sc.monster("C3", "grootslang")  # moves 1: C3 -> D3 (east)
    s = sc.at_phase(0, "monsters", vacated=0)
    s, _ = settle(s)
    assert s.monsters[0].cell == cell("D3")
    sc.equip(0, "sun_disc", "moon_mask")
    sc.s.monsters[0].cell = cell("C3")
    s = sc.at_phase(0, "monsters", vacated=0)
    s, _ = settle(s)
    assert s.monsters[0].cell == cell("F3"), "1 + 2 Relics = 3 spaces"
