"""The Cave and the bear ("DIE HÖHLE!")."""

from __future__ import annotations

from tests.games.cmiyc.helpers import (
    BOARD,
    E,
    act,
    actions,
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


def cave_beside_three():
    """Seat 0 about to reveal the Cave at G4; seat 1 (holding the Snack) on F5 and seat 2 (holding another
    saved card) on F3 are beside it; seat 0 holds no saved card."""
    state = plain(turn_of(fresh(3), 0, "F4"))
    for seat in range(3):
        strip_gear(state, seat)
    put_tile(state, "G4", "cave")
    state.seats[1].square = "F5"
    state.seats[2].square = "F3"
    snack = give_event(state, 1, "snack")
    give_event(state, 2, "peek")
    state, events = act(state, "go:G4")
    return state, events, snack


def test_the_snack_may_be_thrown_when_the_cave_is_revealed_its_holder_decides_privately():
    """ "(oder wenn er oder ein anderer Spieler auf einem der 8 Felder die Snackkarte hat, wenn das
    Höhlenplättchen aufgedeckt wird), die Snackkarte abwerfen" — "darf": the holder may throw it. Everyone
    beside the bear who might hold it (anyone with a face-down card) is asked at once; only the holder can
    throw, and nothing public tells who that is."""
    state, events, snack = cave_beside_three()
    assert state.bear_awake and E.current_seats(state) == [1, 2], "seat 0 holds no card: nothing to ask"
    assert "Snack" not in text(events, public_only=True)
    assert sorted(actions(state, 1)) == ["bear:keep", "bear:snack"]
    assert actions(state, 2) == ["bear:wait"]
    assert not any(c.public for seat in (1, 2) for c in E.legal_actions(state, seat)), "all in private panels"
    hidden = E.shuffle_hidden(state, 5)
    assert E.public_view(hidden) == E.public_view(state)
    assert E.status_text(E.public_view(hidden)) == E.status_text(E.public_view(state))
    state, _ = act(state, "bear:wait", seat=2)
    assert E.current_seats(state) == [1], "the bear waits for everyone asked"
    assert state.seats[2].square == "F3"
    state, events = act(state, "bear:snack", seat=1)
    assert not state.bear_awake and snack in state.event_discard and "throws the Snack" in text(events)
    assert [p.square for p in state.seats] == ["G4", "F5", "F3"], "nobody goes to the Hospital"
    assert state.turn.seat == 1 and state.prompts[-1].kind == "move", "the game goes on: seat 1 moves"


def test_the_snack_may_be_kept_then_the_bear_sends_everyone_beside_it_to_hospital():
    """ "Der Spieler, der auf dem Plättchen landet, und jeder Spieler auf einem der 8 angrenzenden
    Waldfelder gehen sofort ins Krankenhaus." — unless the Snack is thrown; its holder may keep it."""
    state, _, snack = cave_beside_three()
    state, _ = act(state, "bear:keep", seat=1)
    state, _ = act(state, "bear:wait", seat=2)
    assert all(p.square == BOARD.emergency_room for p in state.seats)
    assert state.bear_awake and snack in state.seats[1].events


def test_the_bears_question_times_out_to_throwing_a_held_snack():
    """The question comes during another player's turn, so it times out to a documented default: a held
    Snack is thrown (what the card is for); without one there is only waiting."""
    state, _, _ = cave_beside_three()
    assert E.answers_another(state, 1) and E.answers_another(state, 2)
    assert E.default_action(state, 1) == "bear:snack" and E.default_action(state, 2) == "bear:wait"


def test_a_move_beside_the_bear_is_the_snack_holders_secret():
    """ "Ein Spieler mit der Snackkarte darf eines der 8 Felder betreten" — stepping beside the bear is the
    holder's decision; the move sits in their own panel, and so does "Stay here" for anyone who might hold
    the Snack, so the "▶ Play" button tells the table nothing."""
    state = awake_bear()
    give_event(state, 0, "snack")
    moves = {c.action: c for c in E.legal_actions(state, 0)}
    assert not moves["go:F5"].public and not moves["stay"].public
    assert moves["go:E4"].public
    state = awake_bear()
    give_event(state, 0, "peek")
    moves = {c.action: c for c in E.legal_actions(state, 0)}
    assert "go:F5" not in moves and not moves["stay"].public, "a card that is not the Snack looks the same"
    state = awake_bear()
    assert next(c for c in E.legal_actions(state, 0) if c.action == "stay").public, "no cards: nothing to hide"


def test_a_pond_sending_the_snack_holder_back_beside_the_bear_asks_them():
    """ "Wenn ein Spieler auf eines dieser Felder gezwungen wird, muss er sofort ins Krankenhaus." — unless
    he throws the Snack ("darf ... die Snackkarte abwerfen")."""
    state = awake_bear()
    give_event(state, 0, "snack")
    put_tile(state, "E5", "pond")
    state, _ = act(state, "go:E5")
    assert state.seats[0].square == "F5" and E.current_seats(state) == [0]
    state, _ = act(state, "bear:snack")
    assert state.seats[0].square == "F5" and not state.bear_awake


def test_landing_on_the_revealed_cave_sends_the_player_to_hospital():
    state = awake_bear()
    assert "G4" in reachable(state), "F6 -> F5 -> F4 -> G4 along the trail"
    state, _ = act(state, "go:G4")
    assert state.seats[0].square == BOARD.emergency_room
