"""Movement ("BEWEGUNG"), the store's arrows, the hospital's path and the woods' trails."""

from __future__ import annotations

from tests.games.cmiyc.helpers import (
    BOARD,
    E,
    act,
    actions,
    clear_square,
    fresh,
    give_item,
    plain,
    put_tile,
    reachable,
    set_character,
    strip_gear,
    turn_of,
)


def test_up_to_three_squares_on_roads_none_diagonal():
    """ "Auf den Wegen und Straßen bewegen sich die Spieler bis zu 3 Felder pro Spielzug." "Spieler
    dürfen ihre Spielfiguren nicht diagonal bewegen." — up to 3 squares on roads, never diagonally."""
    state = plain(fresh())
    squares = reachable(state)
    assert {"D8", "C8", "B8", "E8", "F8", "D10", "D11", "C11", "E11"} <= squares
    assert "B9" not in squares, "the Swag Store is 4 squares away along the roads"
    assert "A8" not in squares and "G8" not in squares, "four road squares are too many"


def test_one_square_elsewhere_and_no_diagonal_step_in_the_woods():
    """ "Ansonsten bewegen sie sich nur 1 Feld." — off roads and trails, one square (no diagonals)."""
    state = plain(turn_of(fresh(), 0, "G2"))
    assert reachable(state) == {"G1", "G3", "F2", "H2"}


def test_leaving_the_trail_stops_the_move_at_once():
    """ "Sobald ein Spieler die Spur verlässt, stoppt er sofort." — the move ends on the first square
    off the trail."""
    state = plain(turn_of(fresh(), 0, "F6"))
    squares = reachable(state)
    assert {"F5", "F4", "E4", "G6", "G5", "E5", "E6"} <= squares
    assert "H5" not in squares and "D5" not in squares, "no second step after leaving the trail"


def test_landing_on_a_tile_ends_the_move_interaction_stops_movement():
    """ "Sobald ein Spieler mit einem Feld interagiert, ist keine Bewegung mehr möglich." — nobody walks
    over a tile: every square passed is a road or trail."""
    state = plain(turn_of(fresh(), 0, "F5"))
    put_tile(state, "G5", "trees")
    assert "H5" not in reachable(state)
    state, _ = act(state, "go:G5")
    assert state.seats[0].square == "G5"
    assert state.board["G5"] in state.faceup and E.current_seats(state) == [1], "revealed, and the turn is over"


def test_first_step_out_of_a_building_or_off_a_tile_onto_a_road_or_trail_may_go_three():
    """ "Beim ersten Schritt aus einem Gebäude oder einem Waldplättchen auf einem Weg darf sich der
    Spieler bis zu drei Felder weit bewegen." — first step out of a building or off a tile."""
    state = plain(turn_of(fresh(), 0, BOARD.swag))
    assert {"B8", "C8", "D8", "A10", "A11"} <= reachable(state)
    state = plain(turn_of(fresh(), 0, "G5"))
    assert {"F5", "F4", "E4", "F6"} <= reachable(state)


def test_you_do_not_have_to_move_at_all():
    """FAQ: "Was kann ich tun wenn ich mich in einer Runde nur zwei Felder entlang einer Spur bewegen
    möchte?" — "Du musst dich überhaupt nicht bewegen, wenn du nicht möchtest!" (you need not move at
    all; and any number up to 3 is fine)."""
    state = plain(turn_of(fresh(), 0, "F6"))
    assert "stay" in actions(state)
    assert {"F5", "F4"} <= reachable(state), "one or two squares along the trail are fine too"
    state, events = act(state, "stay")
    assert state.seats[0].square == "F6"
    assert any("stays" in e.text for e in events)


def test_the_store_is_entered_from_the_parking_lot_and_followed_one_square_a_turn():
    """ "Wenn Spieler den Sportartikelladen betreten, folgen sie den Pfeilen ... Die Bewegung im
    Sportgeschäft beträgt ein Feld pro Spielzug." — follow the arrows, one square a turn."""
    state = plain(turn_of(fresh(), 0, "A11"))
    strip_gear(state, 0)
    assert {"A12", "A13", "B12"} <= reachable(state), "the parking lot counts as trail: drive in"
    state = plain(turn_of(fresh(), 0, "C12"))
    strip_gear(state, 0)
    assert reachable(state) == {"D12", "C13"}, "only along the arrows, one square"
    state = plain(turn_of(fresh(), 0, "B12"))
    strip_gear(state, 0)
    assert reachable(state) == {"C12"}, "never back out of the store"


def test_the_parking_lot_counts_as_trail():
    """ "Der Parkplatz mit aufgedrucktem Store-Label wird, wie ein Wanderweg behandelt." — the parking
    lot is a trail: moves pass over it."""
    state = plain(turn_of(fresh(), 0, "A10"))
    assert "A13" in reachable(state)


def test_from_the_checkout_three_squares_along_the_road_next_turn():
    """ "Kasse: ... Auf diesem Platz passiert nichts. In der folgenden Runde darfst du dich bis zu drei
    Felder auf der Straße vor dem Laden bewegen." — nothing happens at the checkout; next turn up to 3."""
    state = plain(turn_of(fresh(), 0, "C13"))
    strip_gear(state, 0)
    state, _events = act(state, "go:D13")
    assert state.seats[0].square == BOARD.checkout
    state = turn_of(state, 0)
    assert {"D14", "E13", "E12", "E14", "E11", "C14"} <= reachable(state)


def test_no_item_moves_a_player_faster_through_the_store_or_the_hospital():
    """ "Die Bewegung im Sportgeschäft beträgt ein Feld pro Spielzug." and "bewege deine Figur um ein Feld nach
    dem anderen durch das Krankenhaus" — with Sneakers too (a house item may not override a sentence)."""
    state = plain(turn_of(fresh(), 0, "B13"))
    strip_gear(state, 0)
    give_item(state, 0, "sneakers")
    assert reachable(state) == {"C13"}
    state = plain(turn_of(fresh(), 0, "B12"))
    strip_gear(state, 0)
    give_item(state, 0, "sneakers")
    assert reachable(state) == {"C12"}, "not C13 or D12: one square a turn along the arrows"
    state = plain(turn_of(fresh(), 0, BOARD.emergency_room))
    strip_gear(state, 0)
    give_item(state, 0, "sneakers")
    assert reachable(state) == {"G12"}, "one square at a time to the exit"


def test_a_revealed_trail_tile_is_trail_from_the_next_round():
    """ "Ein Wegplättchen fungiert in der Runde, nachdem es aufgedeckt wurde, als Wegfeld auf dem
    Spielbrett." — a trail tile acts as trail in the round after it was revealed."""
    state = plain(turn_of(fresh(), 0, "F5"))
    put_tile(state, "G5", "trail")
    put_tile(state, "H5", "trees")
    state, events = act(state, "go:G5")
    assert any("from next round it counts as trail" in e.text for e in events)
    state = turn_of(state, 0, "F5")
    assert "H5" not in reachable(state), "not yet this round: G5 cannot be passed"
    state.round += 1
    state = turn_of(state, 0, "F5")
    assert "H5" in reachable(state), "now G5 is trail: F5 -> G5 -> H5"


def test_an_empty_woods_square_counts_as_trail():
    state = plain(turn_of(fresh(), 0, "F5"))
    clear_square(state, "G5")
    assert "H5" in reachable(state)


def test_woods_are_entered_only_at_trail_heads_and_grass():
    """ "Spieler können den Wald an den Trail Heads und Grasflächen betreten oder verlassen." """
    state = plain(turn_of(fresh(), 0, "E7"))
    assert "E6" in reachable(state), "from grass straight into the woods"
    state = plain(turn_of(fresh(), 0, "H13"))
    assert not {sq for sq in reachable(state) if BOARD.is_woods(sq)}, "not from a road"


def test_the_trail_runner_runs_four():
    state = turn_of(fresh(), 0, BOARD.cafe)
    set_character(state, 0, "trail_runner")
    assert "A8" in reachable(state)
