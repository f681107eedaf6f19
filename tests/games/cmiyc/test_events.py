"""Event cards ("Nimm eine Ereigniskarte"): timings and each card's effect."""

from __future__ import annotations

from tests.games.cmiyc.helpers import (
    BOARD,
    DATA,
    E,
    act,
    actions,
    fresh,
    give_event,
    give_item,
    plain,
    put_tile,
    reachable,
    strip_gear,
    text,
    top_event,
    turn_of,
)


def at(square: str = "F5", players: int = 2):
    state = plain(turn_of(fresh(players), 0, square))
    for seat in range(players):
        strip_gear(state, seat)
    return state


def draw_from_tile(state, effect: str):
    """Seat 0 lands on a Take Event Card tile at G5 with ``effect`` on top of the deck."""
    put_tile(state, "G5", "take_event")
    card = top_event(state, effect)
    state, events = act(state, "go:G5")
    return state, events, card


def test_a_turn_card_may_be_played_any_time_in_the_turn_and_the_player_still_moves():
    """ "Ereigniskarten, die während des Zuges eines Spielers gespielt werden, können jederzeit während dieses
    Zuges platziert werden. Spieler dürfen ihre Spielfigur auch in einer Runde bewegen, in der eine Ereigniskarte
    gespielt wurde." """
    state = at()
    card = give_event(state, 0, "peek")
    assert f"ev:{card}" in actions(state)
    state, _ = act(state, f"ev:{card}")
    state, _ = act(state, "peek:done")
    assert any(a.startswith("go:") for a in actions(state)), "the move is still to come"
    other = give_event(state, 0, "peek")
    state, _ = act(state, "go:F4")
    assert f"ev:{other}" in actions(state), "after the move too"


def test_an_event_that_cannot_be_carried_out_is_ignored_and_discarded():
    """ "Können die Bedingungen des Ereignisses nicht erfüllt werden, wird das Ereignis ignoriert und die Karte
    abgeworfen." """
    state = at()
    state.seats[1].coins.extend(state.coin_stack)
    state.coin_stack.clear()
    state, events, card = draw_from_tile(state, "first_to_find")
    assert "No geocoins are left" in text(events) and card in state.event_discard


def test_flat_tire_loses_the_next_turn():
    state = at()
    state, _events, _ = draw_from_tile(state, "lose_turn")
    assert state.seats[0].skip == 1
    state = turn_of(state, 1, "A8")
    state, _ = act(state, "stay", seat=1)
    assert E.current_seats(state) == [1], "seat 0 lost the turn: round two starts with seat 1 again"
    assert state.seats[0].skip == 0


def test_dead_batteries_unless_spare_batteries():
    state = at()
    state, _, _ = draw_from_tile(state, "lose_gps_pen")
    assert not state.seats[0].gps
    state = at()
    give_item(state, 0, "spare_batteries")
    state, events, _ = draw_from_tile(state, "lose_gps_pen")
    assert state.seats[0].gps and "Spare batteries protects" in text(events)


def test_equipment_sale_two_cards_with_sides_chosen():
    state = at()
    state, _, _ = draw_from_tile(state, "equipment_sale")
    assert [p.kind for p in state.prompts][-2:] == ["side", "side"]
    state, _ = act(state, actions(state)[0])
    state, _ = act(state, actions(state)[1])
    assert all(g.side >= 0 for g in state.seats[0].gear) and len(state.seats[0].gear) == 2


def test_thunderstorm_every_player_in_the_woods_loses_a_turn():
    state = at(players=3)
    state.seats[1].square = "A1"
    state.seats[2].square = BOARD.cafe
    state, events, _ = draw_from_tile(state, "thunderstorm")
    assert "Thunderstorm over {p0}, {p1} in the woods." in text(events)
    assert "{p0} loses their next turn." in text(events) and "{p1} loses their next turn." in text(events)
    assert "{p1} loses this turn." in text(events), "seat 1's turn was next and is lost at once"
    assert E.current_seats(state) == [2] and state.seats[0].skip == 1


def test_sneakers_protect_from_flat_tire_and_thunderstorm():
    """House item (the texts name the Sneakers but not what they do): they protect from the two event cards
    that cost a turn, and change no movement ("Die Bewegung im Sportgeschäft beträgt ein Feld pro Spielzug")."""
    state = at()
    give_item(state, 0, "sneakers")
    state, events, _ = draw_from_tile(state, "lose_turn")
    assert state.seats[0].skip == 0 and "Sneakers protects from the Flat Tire" in text(events)
    state = at(players=3)
    state.seats[1].square = "A1"
    give_item(state, 0, "sneakers")
    state, events, _ = draw_from_tile(state, "thunderstorm")
    assert state.seats[0].skip == 0 and "Sneakers protects from the Thunderstorm" in text(events)
    assert "{p1} loses this turn." in text(events), "seat 1 has no Sneakers"


def test_muggles_mess_things_up_shuffles_six_tiles_face_down():
    state = at()
    revealed = put_tile(state, "A1", "traditional", face_up=True)
    peeked_tile = state.board["H1"]
    state.seats[1].peeked.append(peeked_tile)
    state, events, _ = draw_from_tile(state, "shuffle_tiles")
    assert "shuffled face down" in text(events)
    faceup_before = 1
    assert len([t for t in state.faceup if t != state.board.get("G5")]) <= faceup_before
    moved = [sq for sq in text(events).split("tiles on ")[1].split(" are")[0].split(", ")]
    assert len(moved) == 6 and "F5" not in moved
    for square in moved:
        assert state.board[square] not in state.faceup
    assert revealed in state.board.values()


def test_golden_ammo_can_only_under_a_single_cache():
    state = at()
    card = give_event(state, 0, "golden_ammo_can")
    assert f"ev:{card}" not in actions(state), "no cache yet: nothing to play it on"


def test_borrowed_gear_keeps_its_side():
    """FAQ: "Ich konnte einem anderen Spieler eine Ausrüstungskarte abnehmen; Kann ich die Karte beim Nehmen
    auf ein günstigeres Ausrüstungsteil umdrehen? Nein, Sie können Ausrüstungskarten nur im SWAG-Shop
    umdrehen." """
    state = at()
    card = give_event(state, 0, "borrow_equipment")
    gear_card = give_item(state, 1, "kayak")
    state, _ = act(state, f"ev:{card}")
    assert f"tgt:1.{gear_card}" in actions(state)
    state, _ = act(state, f"tgt:1.{gear_card}")
    gear = state.seats[0].gear[0]
    assert DATA.equipment[gear.card].sides[gear.side] == "kayak"
    assert not any(a.startswith("flip:") for a in actions(state))


def test_second_wind_keeps_a_turn_that_would_be_lost_and_moves_nobody_over_quiet_ground():
    """ "Die Bewegung über diese Kacheln erfolgt um ein Quadrat nach dem anderen." — Second Wind (a house
    card) no longer carries a player over trees, clearings and rocky ground; kept face down, it is
    discarded the next time its holder would lose a turn, and they keep the turn."""
    state = at("G2")
    put_tile(state, "G3", "trees", face_up=True)
    put_tile(state, "G4", "clearing", face_up=True)
    card = give_event(state, 0, "second_wind")
    assert f"ev:{card}" not in actions(state), "never played from the hand"
    assert "G4" not in reachable(state), "one square at a time over scenery"
    state = turn_of(state, 0, "F5")
    state, events, _ = draw_from_tile(state, "lose_turn")
    assert state.seats[0].skip == 0 and card in state.event_discard and not state.seats[0].events
    assert "Second Wind" in text(events, public_only=True)


def test_rangers_lift_goes_to_a_trail_head_and_the_move_follows():
    state = at(BOARD.cafe)
    card = give_event(state, 0, "ranger_lift")
    state, _ = act(state, f"ev:{card}")
    head = BOARD.woods[0].trail_head
    state, _ = act(state, f"tgt:{head}")
    assert state.seats[0].square == head
    assert "go:F4" in actions(state), "from the trail head, three squares into the woods"


def test_mega_event_invitation_moves_the_player_there():
    state = at("A1")
    card = give_event(state, 0, "mega_invite")
    state, _ = act(state, f"ev:{card}")
    assert state.seats[0].square == BOARD.mega
    assert state.last_move == ["A1", BOARD.mega]
    assert "trade" in actions(state) and not any(a.startswith("go:") for a in actions(state)), "the move ends there"


def test_no_lift_out_of_the_emergency_room_or_the_store():
    """ "Wenn du krankenversichert bist, kannst du es bei der nächsten Runde verlassen. Wenn du dies nicht
    tust, bewege deine Figur um ein Feld nach dem anderen durch das Krankenhaus, bis der Ausgang erreicht
    ist." and "Wenn Spieler den Sportartikelladen betreten, folgen sie den Pfeilen" — Ranger's Lift and the
    Mega Event Invitation are not offered inside the Hospital or the store; outside they are."""
    for square in (BOARD.emergency_room, "G12", "B12", "C13", BOARD.checkout):
        state = at(square)
        lift = give_event(state, 0, "ranger_lift")
        invite = give_event(state, 0, "mega_invite")
        assert f"ev:{lift}" not in actions(state) and f"ev:{invite}" not in actions(state), square
    state = at("E11")
    lift = give_event(state, 0, "ranger_lift")
    invite = give_event(state, 0, "mega_invite")
    assert {f"ev:{lift}", f"ev:{invite}"} <= set(actions(state))


def test_trail_notes_peek_at_six_tiles():
    state = at()
    card = give_event(state, 0, "peek")
    state, _ = act(state, f"ev:{card}")
    assert state.prompts[-1].kind == "peek" and state.prompts[-1].count == 6
