"""The Cave and the bear ("DIE HÖHLE!")."""

from __future__ import annotations

from tests.games.cmiyc.helpers import (
    BOARD,
    act,
    fresh,
    give_event,
    plain,
    put_tile,
    reachable,
    strip_gear,
    text,
    turn_of,
)


def awake_bear(players: int = 3):
    """The Cave at G4 revealed (the bear awake); seat 0 to move from F6."""
    state = plain(turn_of(fresh(players), 0, "F6"))
    for seat in range(players):
        strip_gear(state, seat)
    put_tile(state, "G4", "cave", face_up=True)
    state.bear_awake = True
    state.seats[1].square = "E4"
    if players > 2:
        state.seats[2].square = "D4"
    return state


def test_revealing_the_cave_sends_the_finder_and_everyone_on_the_8_squares_around_to_hospital():
    """ "Wenn das Höhlenbereichsplättchen aufgedeckt wird, hast du den Bären geweckt! Der Spieler, der auf
    dem Plättchen landet, und jeder Spieler auf einem der 8 angrenzenden Waldfelder gehen sofort ins
    Krankenhaus." — the finder and everyone on the 8 woods squares around go to the hospital at once."""
    state = plain(turn_of(fresh(3), 0, "F4"))
    for seat in range(3):
        strip_gear(state, seat)
    put_tile(state, "G4", "cave")
    state.seats[1].square = "F5"
    state.seats[2].square = "E4"
    state, events = act(state, "go:G4")
    assert "bear wakes" in text(events)
    assert state.bear_awake
    assert state.seats[0].square == BOARD.emergency_room
    assert state.seats[1].square == BOARD.emergency_room
    assert state.seats[2].square == "E4", "E4 is two squares away"


def test_nobody_may_end_a_turn_next_to_the_awake_bear_but_may_pass_by():
    """ "Solange der Bär wach ist, darf niemand seinen Zug auf einem der angrenzenden Plättchen/Felder
    beenden." — no turn ends on the 8 squares around; walking past along the trail is fine."""
    state = awake_bear()
    squares = reachable(state)
    assert "F5" not in squares and "F4" not in squares
    assert "E4" in squares, "F6 -> F5 -> F4 -> E4 passes the bear"


def test_a_player_forced_next_to_the_bear_goes_to_hospital():
    """ "Wenn ein Spieler auf eines dieser Felder gezwungen wird, muss er sofort ins Krankenhaus." """
    state = awake_bear()
    put_tile(state, "E5", "pond")
    state, events = act(state, "go:E5")
    assert "goes back to F5" in text(events)
    assert state.seats[0].square == BOARD.emergency_room


def test_the_snack_lets_a_player_step_next_to_the_bear_and_puts_it_to_sleep():
    """ "Ein Spieler mit der Snackkarte darf eines der 8 Felder betreten ..., die Snackkarte abwerfen und das
    Höhlenplättchen wieder umdrehen. Dadurch schläft der Bär wieder ein" — with the Snack you may enter,
    discard it and turn the Cave face down: the bear sleeps."""
    state = awake_bear()
    card = give_event(state, 0, "snack")
    assert "F5" in reachable(state)
    state, _events = act(state, "go:F5")
    assert not state.bear_awake and card in state.event_discard
    cave = state.board["G4"]
    assert cave not in state.faceup and cave in state.known, "everyone saw it: a known face-down Cave"
    assert state.seats[0].square == "F5"


def test_a_snack_held_by_someone_next_to_the_cave_when_it_is_revealed_calms_the_bear():
    """ "(oder wenn er oder ein anderer Spieler auf einem der 8 Felder die Snackkarte hat, wenn das
    Höhlenplättchen aufgedeckt wird)" — a Snack held by the finder or a player around calms the bear."""
    state = plain(turn_of(fresh(3), 0, "F4"))
    put_tile(state, "G4", "cave")
    state.seats[1].square = "F5"
    give_event(state, 1, "snack")
    state, events = act(state, "go:G4")
    assert "Snack" in text(events)
    assert not state.bear_awake
    assert state.seats[0].square == "G4" and state.seats[1].square == "F5"


def test_landing_on_the_revealed_cave_sends_the_player_to_hospital():
    state = awake_bear()
    assert "G4" in reachable(state), "F6 -> F5 -> F4 -> G4 along the trail"
    state, _ = act(state, "go:G4")
    assert state.seats[0].square == BOARD.emergency_room
