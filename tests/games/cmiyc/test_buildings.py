"""The Town's buildings: the Sporting Goods Store, the Swag Store, the Hospital, the Mega Event."""

from __future__ import annotations

import itertools

from tests.games.cmiyc.helpers import (
    BOARD,
    DATA,
    E,
    act,
    actions,
    fresh,
    give_cache,
    give_coin,
    give_event,
    give_item,
    plain,
    reachable,
    strip_gear,
    text,
    top_event,
    turn_of,
)


def shopper_at(square: str, start: str):
    state = plain(turn_of(fresh(), 0, start))
    for player in state.seats:
        player.character = "medic"
    strip_gear(state, 0)
    return state


def test_take_an_equipment_card_and_choose_its_side_at_once():
    """ "Nimm eine Ausrüstungskarte: Ziehe eine Ausrüstungskarte vom Stapel. Der Spieler muss zu diesem
    Zeitpunkt entscheiden, welchen Gegenstand die Karte darstellen soll." """
    state = shopper_at("B12", "A12")
    state, _ = act(state, "go:B12")
    assert "shop" in actions(state)
    top = state.equipment_deck[-1]
    state, _ = act(state, "shop")
    assert actions(state) == [f"side:{top}:0", f"side:{top}:1"]
    state, _events = act(state, f"side:{top}:1")
    assert state.seats[0].gear[-1].card == top and state.seats[0].gear[-1].side == 1
    assert E.current_seats(state) == [1], "the aisle is used: the turn ends by itself"


def test_an_empty_equipment_deck_is_not_reshuffled():
    """ "Wenn der Ausrüstungsstapel leer ist, wird er nicht neu gemischt." """
    state = shopper_at("B12", "A12")
    state.equipment_discard.extend(state.equipment_deck)
    state.equipment_deck.clear()
    state, _ = act(state, "go:B12")
    assert "shop" not in actions(state)


def test_each_aisle_acts_once_per_visit():
    state = shopper_at("B12", "A12")
    state, _ = act(state, "go:B12")
    state, _ = act(state, "shop")
    state, _ = act(state, actions(state)[0])
    state = turn_of(state, 0)
    state, _ = act(state, "stay")
    assert E.current_seats(state) == [1], "staying does not offer the aisle again: nothing left, the turn ends"


def test_take_an_event_card_follow_it_or_keep_it_face_down():
    """ "Nimm eine Ereigniskarte: Zieh eine Karte und befolge die Anweisungen." "Diejenigen, die für eine
    spätere Verwendung gespeichert werden können, können verdeckt vor dem Spieler abgelegt werden." """
    state = shopper_at("C12", "B12")
    card = top_event(state, "disable_cache")
    state, _ = act(state, "go:C12")
    state, events = act(state, "shop")
    assert card in state.seats[0].events
    public = [e.text for e in events if e.public]
    private = [e for e in events if not e.public]
    assert "{p0} draws an event card and keeps it face down." in public
    assert not any("Disable Cache" in t for t in public)
    assert private and private[0].seats == (0,) and "Disable Cache" in private[0].text
    assert E.public_view(state).seats[0].saved_events == 1


def test_used_up_event_cards_are_reshuffled():
    """ "Wenn die Ereigniskarten aufgebraucht sind, werden die abgeworfenen Ereigniskarten neu gemischt und
    verdeckt gestapelt." """
    state = shopper_at("C12", "B12")
    state.event_discard.extend(state.event_deck)
    state.event_deck.clear()
    state, _ = act(state, "go:C12")
    state, events = act(state, "shop")
    assert "shuffled into a new deck" in text(events)
    assert len(state.event_deck) + len(state.seats[0].events) + len(state.event_discard) + len(state.ammo) == 18


def test_peek_at_tiles_in_the_woods_privately():
    """ "Schau dir die Plättchen heimlich an: Der Spieler darf zu diesem Zeitpunkt einen Blick auf die Plättchen
    im Wald werfen. Lassen Sie die anderen Spieler den Inhalt des Plättchens nicht sehen." (six tiles: Muggles
    speaks of "Opportunities to peek at six tiles (gained in store or by cards)")."""
    state = shopper_at("D12", "C12")
    state, _ = act(state, "go:D12")
    state, _ = act(state, "shop")
    peeked = []
    for square in ("A1", "B1", "C1", "D1", "E1", "F1"):
        state, events = act(state, f"peek:{square}")
        peeked.append(square)
        secret = [e for e in events if not e.public]
        assert secret and secret[0].seats == (0,)
        assert DATA.kind(state.board[square]).name in secret[0].text
        assert all(DATA.kind(state.board[square]).name not in e.text for e in events if e.public)
    assert E.current_seats(state) == [1], "six peeks, then the turn ends"
    mine = dict(E.seat_view(state, 0).peeked)
    assert set(mine) == set(peeked)
    assert E.seat_view(state, 1).peeked == ()


def test_the_swag_store_flips_equipment_and_nowhere_else():
    """ "Um die Karte umzudrehen und die Ausrüstung zu ändern, musst du in den Swag Store gehen." """
    state = shopper_at(BOARD.swag, "B8")
    card = give_item(state, 0, "kayak")
    assert not any(a.startswith("flip:") for a in actions(state))
    state, _ = act(state, f"go:{BOARD.swag}")
    assert f"flip:{card}" in actions(state)
    state, _events = act(state, f"flip:{card}")
    side = state.seats[0].gear[0].side
    assert DATA.equipment[card].sides[side] != "kayak"
    assert f"flip:{card}" not in actions(state), "once per visit"


def test_sent_to_hospital_uninsured_walk_the_path_one_square_a_turn():
    """ "Wenn du ins Krankenhaus geschickt wirst, lege deine Figur auf das Notaufnahmefeld. ... Wenn du dies
    nicht tust, bewege deine Figur um ein Feld nach dem anderen durch das Krankenhaus, bis der Ausgang erreicht
    ist." — to the emergency room; without insurance, one square a turn to the exit."""
    state = shopper_at("F12", BOARD.emergency_room)
    state.seats[0].character = "shopper"
    path = list(BOARD.hospital)
    for here, there in itertools.pairwise(path):
        state = turn_of(state, 0, here)
        assert reachable(state) == {there}
        state, _ = act(state, f"go:{there}")
    state = turn_of(state, 0)
    assert {"H13", "H12", "H14", "H11"} <= reachable(state)


def test_insured_leave_the_hospital_next_turn():
    """ "Wenn du krankenversichert bist, kannst du es bei der nächsten Runde verlassen." """
    state = shopper_at("F12", BOARD.emergency_room)
    state.seats[0].character = "shopper"
    give_item(state, 0, "insurance")
    assert {"E12", "E11", "E13", "D11"} <= reachable(state)


# ---------------------------------------------------------------------- Mega Event trades


def at_mega():
    state = plain(turn_of(fresh(3), 0, BOARD.mega))
    for seat in range(3):
        strip_gear(state, seat)
    state.seats[2].square = "A1"
    return state


def offer(state, partner: int, give: str, want: str):
    state, _ = act(state, "trade")
    state, _ = act(state, f"to:{partner}")
    state, _ = act(state, f"give:{give}")
    return act(state, f"want:{want}")


def test_the_player_on_the_mega_event_offers_a_trade_to_a_player_anywhere():
    """ "Der Spieler auf diesem Feld kann jedem anderen Spieler Handelsangebote machen. Der andere Spieler muss
    sich nicht auf dem Mega-Event-Feld befinden." """
    state = at_mega()
    mine = give_cache(state, 0, "traditional")
    theirs = give_cache(state, 2, "multi")
    state, events = offer(state, 2, f"c{mine}", f"c{theirs}")
    assert E.current_seats(state) == [2]
    assert actions(state, 2) == ["accept", "refuse"]
    state, events = act(state, "accept", seat=2)
    assert theirs in state.seats[0].caches and mine in state.seats[2].caches
    assert "accepts" in text(events)
    assert E.current_seats(state) == [0], "back to the offerer's turn"


def test_trades_are_voluntary_a_refused_offer_changes_nothing_and_time_out_refuses():
    """ "Der Handel ist freiwillig und muss von beiden Spielern vereinbart werden." """
    state = at_mega()
    mine = give_cache(state, 0, "traditional")
    coin = give_coin(state, 1, "night_owl", flipped=True)
    state, _ = offer(state, 1, f"c{mine}", f"g{coin}")
    assert E.default_action(state, 1) == "refuse"
    state, events = act(state, "refuse", seat=1)
    assert mine in state.seats[0].caches and coin in state.seats[1].coins
    assert "declines" in text(events)


def test_an_offer_is_private_until_accepted():
    """Trade offers stay between the two players until accepted (the issue's private information)."""
    state = at_mega()
    mine = give_cache(state, 0, "traditional")
    theirs = give_cache(state, 1, "nano")
    state, events = offer(state, 1, f"c{mine}", f"c{theirs}")
    public = [e.text for e in events if e.public]
    assert public == ["🤝 {p0} makes {p1} a trade offer."]
    private = next(e for e in events if not e.public)
    assert private.seats == (0, 1) and "Nano cache" in private.text
    assert E.seat_view(state, 1).offer is not None and E.seat_view(state, 2).offer is None
    assert "Nano" not in E.status_text(E.public_view(state))
    state, events = act(state, "refuse", seat=1)
    assert all("Nano" not in e.text for e in events if e.public), "a refused offer stays private"


def test_equipment_keeps_its_side_and_coins_their_value_in_a_trade():
    """FAQ: "Kann ich die Karte beim Nehmen auf ein günstigeres Ausrüstungsteil umdrehen? Nein, Sie können
    Ausrüstungskarten nur im SWAG-Shop umdrehen." and "Sobald ein Geocoin sein Ziel erreicht hat, behält er den
    neuen Wert, auch wenn er den Besitzer wechselt." """
    state = at_mega()
    card = give_item(state, 0, "kayak")
    coin = give_coin(state, 1, "night_owl", flipped=True)
    state, _ = offer(state, 1, f"e{card}", f"g{coin}")
    state, _ = act(state, "accept", seat=1)
    gear = state.seats[1].gear[0]
    assert DATA.equipment[gear.card].sides[gear.side] == "kayak"
    assert coin in state.coins_flipped and E.public_view(state).seats[0].score == DATA.coins[coin].value


def test_a_saved_event_card_can_be_given_and_only_the_receiver_learns_it():
    state = at_mega()
    card = give_event(state, 0, "disable_cache")
    theirs = give_cache(state, 1, "traditional")
    state, _ = offer(state, 1, f"v{card}", f"c{theirs}")
    state, events = act(state, "accept", seat=1)
    assert card in state.seats[1].events
    assert all("Disable" not in e.text for e in events if e.public), "the card stays face down"
    assert any("an event card" in e.text for e in events if e.public)
    receiver = [e for e in events if e.seats == (1,)]
    assert receiver and "Disable Cache" in receiver[0].text


def test_one_offer_per_player_and_turn():
    state = at_mega()
    mine = give_cache(state, 0, "traditional")
    theirs = give_cache(state, 1, "traditional")
    state, _ = offer(state, 1, f"c{mine}", f"c{theirs}")
    state, _ = act(state, "refuse", seat=1)
    state, _ = act(state, "trade")
    assert "to:1" not in actions(state) and "to:2" in actions(state)


def test_at_six_players_one_turn_on_the_mega_event_reaches_every_other_player():
    """ "Der Spieler auf diesem Feld kann jedem anderen Spieler Handelsangebote machen." — all five others,
    in one turn, even after a draft that was cancelled before it was sent."""
    state = plain(turn_of(fresh(6), 0, BOARD.mega))
    for seat in range(6):
        strip_gear(state, seat)
    mine = [give_cache(state, 0, "traditional") for _ in range(5)]
    state, _ = act(state, "trade")
    state, _ = act(state, "to:3")
    state, _ = act(state, "cancel")
    for partner, tile in zip(range(1, 6), mine):
        assert "trade" in actions(state), f"an offer to seat {partner} is still possible"
        state, _ = offer(state, partner, f"c{tile}", "n")
        assert E.current_seats(state) == [partner]
        state, _ = act(state, "refuse", seat=partner)
    assert "trade" not in actions(state), "every other player has had an offer this turn"


def test_trading_is_interacting_so_no_move_follows():
    state = at_mega()
    give_cache(state, 0, "traditional")
    state, _ = act(state, "trade")
    state, _ = act(state, "cancel")
    assert not any(a.startswith("go:") for a in actions(state))
