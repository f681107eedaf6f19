"""The woods ("Betreten des Waldes"): revealing by landing, taking or leaving, replacing, problems."""

from __future__ import annotations

from tests.games.cmiyc.helpers import (
    BOARD,
    act,
    actions,
    fresh,
    give_item,
    plain,
    put_tile,
    reachable,
    strip_gear,
    text,
    tiles_of,
    top_event,
    turn_of,
)


def setup_at(square: str = "F5", players: int = 2):
    state = plain(turn_of(fresh(players), 0, square))
    strip_gear(state, 0)
    return state


def test_landing_on_a_tile_reveals_it_and_a_cache_that_can_be_taken_goes_to_the_finder():
    """ "Wenn du auf einem Waldplättchen landest, wird es umgedreht (aufgedeckt)" "Handelt es sich bei dem
    Plättchen um einen Cache, der mitgenommen werden kann, wird er offen vor den Spieler gelegt, der ihn
    gefunden hat" "Der Cache-Wert wird auf die Gesamtpunktzahl des Spielers angerechnet." — landing reveals;
    a takeable cache goes face up in front of its finder and scores."""
    state = setup_at()
    tile = put_tile(state, "G5", "traditional", tile=tiles_of("traditional")[-1])
    state, events = act(state, "go:G5")
    assert tile in state.seats[0].caches
    assert "finds the **Traditional cache**" in text(events)
    assert E_score(state, 0) == 1


def E_score(state, seat):
    from tests.games.cmiyc.helpers import score

    return score(state, seat)


def test_a_taken_tile_is_replaced_face_down_under_the_player_who_must_return_in_a_separate_turn():
    """ "Wenn es genommen wird, wird es durch ein anderes verdecktes Plättchen unter der Figur des Spielers
    ersetzt. Der Spieler muss sich von der Figur entfernen und in einem separaten Zug zurückkehren, um sich
    das neu platzierte Plättchen anzusehen." — replaced face down under the finder; seen only after leaving
    and coming back in another turn."""
    state = setup_at()
    put_tile(state, "G5", "traditional", tile=tiles_of("traditional")[-1])
    stock_before = len(state.stock)
    state, _ = act(state, "go:G5")
    new_tile = state.board["G5"]
    assert new_tile not in state.faceup and len(state.stock) == stock_before - 1
    state = turn_of(state, 0)
    assert "G5" not in reachable(state)
    state, _ = act(state, "stay")
    assert new_tile not in state.faceup, "staying is not landing"
    state = turn_of(state, 0)
    state, _ = act(state, "go:F5")
    state = turn_of(state, 0)
    put_tile(state, "G5", "clearing")
    state, events = act(state, "go:G5")
    assert state.board["G5"] in state.faceup and "reveals **Clearing**" in text(events)


def test_a_cache_needing_equipment_stays_face_up_without_it_and_is_taken_by_the_next_who_has_it():
    """ "Einige Caches erfordern zusätzliche Ausrüstung, damit sie genommen werden können." "Plättchen, die
    ... umgedreht werden, bleiben an Ort und Stelle und liegen aufgedeckt: Wenn es sich um einen Cache handelt,
    der Ausrüstung erfordert, und der Spieler nicht über die richtige Ausrüstung ... verfügt" — without the
    item the cache stays revealed, and acts on whoever lands later."""
    state = setup_at()
    tile = put_tile(state, "G5", "nano")
    state, events = act(state, "go:G5")
    assert tile in state.faceup and "needs Tweezers" in text(events)
    state.seats[1].square = "F5"
    strip_gear(state, 1)
    give_item(state, 1, "tweezers")
    state = turn_of(state, 1)
    state, events = act(state, "go:G5", seat=1)
    assert tile in state.seats[1].caches


def test_no_caches_without_the_gps_pen_and_recovery_at_the_stores():
    """ "Es können keine Caches genommen werden, wenn der Spieler sein GPS oder seinen PEN verloren hat."
    "... dreht er das GPS-/PEN-Plättchen um, bis er es wiederbekommen kann, indem er zum Swag- oder
    Sportgeschäft geht." — no caches without GPS/PEN; the Swag Store or the Sporting Goods Store gives it back."""
    state = setup_at()
    state.seats[0].gps = False
    tile = put_tile(state, "G5", "traditional")
    state, events = act(state, "go:G5")
    assert tile in state.faceup and "no GPS/PEN" in text(events)
    for square, start in ((BOARD.swag, "B8"), ("B12", "A12")):
        state = turn_of(state, 0, start)
        state.seats[0].gps = False
        state, events = act(state, f"go:{square}")
        assert state.seats[0].gps and "working GPS/PEN again" in text(events)


def test_lost_pen_flips_the_gps_pen_and_says_replace_when_revealed():
    """ "Sollte ein Spieler während des Spiels sein GPS oder seinen PEN verlieren, dreht er das
    GPS-/PEN-Plättchen um" — and a tile that says "Ersetzen, wenn aufgedeckt" leaves the board."""
    state = setup_at()
    tile = put_tile(state, "G5", "lost_pen")
    state, _events = act(state, "go:G5")
    assert not state.seats[0].gps
    assert tile in state.discard and state.board["G5"] not in state.faceup


def test_spare_pen_protects_and_the_tile_still_goes():
    state = setup_at()
    give_item(state, 0, "spare_pen")
    tile = put_tile(state, "G5", "lost_pen")
    state, events = act(state, "go:G5")
    assert state.seats[0].gps and "Spare pen protects" in text(events)
    assert tile in state.discard


def test_a_revealed_tile_left_on_the_board_affects_who_lands_on_it_later_the_cliff():
    """ "Ein aufgedecktes Plättchen, das auf dem Spielbrett verbleibt, wirkt sich weiterhin auf Spieler aus,
    die darauf landen. (Ein Spieler, der auf der Klippe landet, nachdem sie umgedreht wurde, muss dennoch ins
    Krankenhaus.)" — the revealed Cliff still sends the next player to the hospital."""
    state = setup_at()
    tile = put_tile(state, "G5", "cliff")
    state, _ = act(state, "go:G5")
    assert state.seats[0].square == BOARD.emergency_room
    assert tile in state.faceup
    state.seats[1].square = "F5"
    strip_gear(state, 1)
    state = turn_of(state, 1)
    state, _events = act(state, "go:G5", seat=1)
    assert state.seats[1].square == BOARD.emergency_room


def test_a_tile_under_another_player_affects_only_the_one_who_lands():
    """ "Befindet sich die Figur eines anderen Spielers auf dem nicht aufgedeckten Plättchen, während ein
    zweiter Spieler darauf landet, betrifft das Plättchen nur den zweiten Spieler." """
    state = setup_at()
    put_tile(state, "G5", "snake")
    state.seats[1].square = "G5"
    state, _events = act(state, "go:G5")
    assert state.seats[0].square == BOARD.emergency_room
    assert state.seats[1].square == "G5"


def test_a_pond_sends_the_player_back_to_the_square_they_came_from():
    state = setup_at()
    put_tile(state, "G5", "pond")
    state, events = act(state, "go:G5")
    assert state.seats[0].square == "F5" and "cannot cross the Pond" in text(events)


def test_faq_back_onto_an_unrevealed_pond_the_player_may_dodge():
    """FAQ: "Was mache ich, wenn ich auf einem Teichfeld lande und zu einer nicht aufgedeckten Karte
    zurückkehre, die ebenfalls eine Teichkarte ist?" — "In diesem Fall darf der Spieler „ausweichen“ und sich
    auf ein anderes Feld bewegen." (back onto a hidden tile that is another Pond: the player may dodge)."""
    state = setup_at("G5")
    put_tile(state, "G5", "pond", tile=tiles_of("pond")[0])
    put_tile(state, "G4", "pond", tile=tiles_of("pond")[1])
    put_tile(state, "H5", "trees")
    state, events = act(state, "go:G4")
    assert state.seats[0].square == "G5" and "reveals **Pond** at G5" in text(events)
    options = actions(state)
    assert "dodge:H5" in options and "dodge:F5" in options and "dodge:G4" not in options
    state, events = act(state, "dodge:H5")
    assert state.seats[0].square == "H5" and "reveals **Trees**" in text(events)


def test_kayak_crosses_the_pond():
    state = setup_at()
    give_item(state, 0, "kayak")
    put_tile(state, "G5", "pond")
    state, _ = act(state, "go:G5")
    assert state.seats[0].square == "G5"


def test_scenery_has_no_action_and_stays_revealed():
    """ "Mit den Bäumen, Lichtungen und felsigen Bodenplättchen sind keine Aktionen verbunden" """
    state = setup_at()
    tile = put_tile(state, "G5", "rocky")
    state, events = act(state, "go:G5")
    assert tile in state.faceup and state.seats[0].square == "G5"
    assert [e.text for e in events if "reveals" in e.text] == ["{p0} reveals **Rocky ground** at G5."]


def test_a_take_event_card_tile_draws_an_event_card():
    state = setup_at()
    tile = put_tile(state, "G5", "take_event")
    top_event(state, "first_to_find")
    state, events = act(state, "go:G5")
    assert "First To Find" in text(events) and len(state.seats[0].coins) == 1
    assert tile in state.discard


def test_a_map_tile_reveals_the_tiles_around_it():
    state = setup_at()
    put_tile(state, "G5", "map")
    put_tile(state, "H4", "traditional")
    put_tile(state, "H6", "battery")
    state, events = act(state, "go:G5")
    assert "Map reveals" in text(events)
    assert state.board["H4"] in state.faceup, "revealed caches stay and wait to be landed on"
    assert state.board["H6"] not in state.faceup, "a 'replace when revealed' tile leaves the board at once"
    assert state.seats[0].gps, "nothing acts on the map's reader"
