"""Characters ("SPIELENDEN CHARAKTERE") and the order of effects in a turn."""

from __future__ import annotations

from tests.games.cmiyc.helpers import (
    BOARD,
    DATA,
    E,
    act,
    actions,
    fresh,
    give_cache,
    give_coin,
    give_item,
    plain,
    put_tile,
    reachable,
    set_character,
    strip_gear,
    text,
    turn_of,
)


def as_character(character: str, square: str = "F5", players: int = 2):
    state = plain(turn_of(fresh(players), 0, square))
    for seat in range(players):
        strip_gear(state, seat)
    set_character(state, 0, character)
    return state


def test_each_character_overrides_a_rule_and_may_act_in_the_turn_it_reveals_a_tile():
    """ "Jeder Charakter verfügt über eine Fähigkeit, die eine Spielregel außer Kraft setzt. Charaktere können
    ihre Fähigkeit nutzen und im selben Zug ein Cache-Bereichsplättchen umdrehen." — the Swag Hunter flips a
    card away from the Swag Store, then turns the tile he landed on."""
    state = as_character("swag_hunter")
    card = give_item(state, 0, "rubber_boots")
    put_tile(state, "G5", "pond")
    state, _ = act(state, "go:G5")
    assert state.board["G5"] not in state.faceup, "step 2 comes before step 4: the tile is still face down"
    assert f"ab:flip:{card}" in actions(state) and "cont" in actions(state)
    state, events = act(state, f"ab:flip:{card}")
    assert state.board["G5"] in state.faceup, "then the tile is turned (step 4): nothing left to flip, at once"
    assert "Kayak protects" in text(events) and state.seats[0].square == "G5"


def test_faq_the_snoop_cannot_snoop_the_square_he_stands_on():
    """FAQ: "Während ich den Snoop spiele, möchte ich das Stück, auf dem ich stehe, „schnüffeln“. Kann ich das
    tun? Nein, man kann nur benachbarte Karten „schnüffeln“." """
    state = as_character("snoop", "F5")
    options = {a[9:] for a in actions(state) if a.startswith("ab:snoop:")}
    assert options == {"E5", "G5"}, "the face-down tiles next to him"
    put_tile(state, "G5", "clearing", face_up=True)
    state.seats[0].square = "G5"
    options = {a[9:] for a in actions(state) if a.startswith("ab:snoop:")}
    assert "G5" not in options and options == {sq for sq in BOARD.orthogonal("G5") if sq in state.board} - {"G5"}
    state, events = act(state, "ab:snoop:H5")
    assert any(e.seats == (0,) and DATA.kind(state.board["H5"]).name in e.text for e in events)
    assert not any(a.startswith("ab:") for a in actions(state)), "once a turn"


def test_order_open_tile_effects_come_first():
    """ "Die Reihenfolge der Maßnahmen ist 1) Effekte der offenen Cache-Bereichsplättchen 2) Spielerfähigkeit
    3) Poison Ivy-Effekt 4) Cache-Bereichskachel umdrehen." — a face-up cache is taken before the ability, and
    the tile laid under the finder is not turned in the same turn."""
    state = as_character("borrower")
    give_item(state, 0, "camera")
    give_item(state, 1, "kayak")
    state.seats[1].square = "G5"
    tile = put_tile(state, "G5", "traditional", face_up=True)
    state, _ = act(state, "go:G5")
    assert tile in state.seats[0].caches
    assert any(a.startswith("ab:take:") for a in actions(state)), "the ability follows"
    state, _ = act(state, "cont")
    assert state.board["G5"] not in state.faceup, "the new tile waits for a later turn"


def test_order_poison_ivy_acts_before_the_tile_is_turned():
    """Step 3 before step 4: a player itching from Poison Ivy reveals a cache but cannot take it."""
    state = as_character("shopper")
    state.seats[0].ivy = 1
    tile = put_tile(state, "G5", "traditional")
    state, events = act(state, "go:G5")
    assert tile in state.faceup and tile not in state.seats[0].caches
    assert "scratches" in text(events) and "itching from Poison Ivy" in text(events)


def test_poison_ivy_itches_for_two_turns_then_fades():
    state = as_character("shopper")
    tile = put_tile(state, "G5", "poison_ivy")
    state, events = act(state, "go:G5")
    assert "catches Poison Ivy" in text(events) and state.seats[0].ivy == 2
    for _ in range(2):
        state = turn_of(state, 0)
        state, _ = act(state, "stay")
    assert state.seats[0].ivy == 0 and tile in state.faceup


def test_the_shopper_takes_two_cards():
    state = as_character("shopper", "A12")
    state, _ = act(state, "go:B12")
    state, _ = act(state, "shop")
    assert [p.kind for p in state.prompts][-2:] == ["side", "side"]
    assert len(state.seats[0].gear) == 2


def test_the_borrower_swaps_equipment_with_a_player_on_his_square_once_a_turn():
    state = as_character("borrower", "E11")
    state.seats[1].square = "E11"
    mine = give_item(state, 0, "laptop")
    card = give_item(state, 1, "kayak")
    give_item(state, 1, "camera")
    give_cache(state, 1, "nano")
    options = [a for a in actions(state) if a.startswith("ab:")]
    assert f"ab:take:1:{mine}:{card}" in options and len(options) == 2, "no cache of his own: equipment only"
    state, _ = act(state, f"ab:take:1:{mine}:{card}")
    gear = state.seats[0].gear[0]
    assert gear.card == card and DATA.equipment[card].sides[gear.side] == "kayak", "it keeps its side"
    assert [g.card for g in state.seats[1].gear] == [next(g.card for g in state.seats[1].gear if g.card != mine), mine]
    assert not any(a.startswith("ab:") for a in actions(state)), "once a turn"


def test_faq_the_borrower_takes_another_players_cache_for_one_of_his_with_its_ammo_can_but_not_its_coin():
    """FAQ: "Wenn ich von einem Spieler ein Cacheplättchen nehme, auf dem sich das Coinsymbol befindet,
    bekomme ich dann auch die Coin? Nein, die Coin wurde aus dem Cache entfernt." and "Kann ich den Cache eines
    anderen Spielers nehmen, dessen Wert sich verdoppelt, weil er auf der Ereigniskarte „Goldene Munitionsdose“
    liegt? Du darfst den Cache und die Karte mitnehmen. Außerdem erhältst du die doppelte Punktzahl." — the
    Borrower ("Jeder Charakter ... setzt eine Spielregel außer Kraft") takes a cache from a player on his
    square, giving one of his for it."""
    state = as_character("borrower", "E11")
    state.seats[1].square = "E11"
    mine = give_cache(state, 0, "traditional")
    coin_tile = next(t.id for t in DATA.tiles if t.kind == "water" and t.coin)
    water = give_cache(state, 1, "water", tile=coin_tile)
    state.coins_claimed.append(water)
    ammo = next(c.id for c in DATA.events if c.effect == "golden_ammo_can")
    state.event_deck.remove(ammo)
    state.ammo.append([water, ammo])
    assert E.public_view(state).seats[1].score == 2 * DATA.kinds["water"].value
    state, events = act(state, f"ab:cache:1:{mine}:{water}")
    assert water in state.seats[0].caches and mine in state.seats[1].caches
    assert state.ammo == [[water, ammo]], "the card goes with the cache"
    assert E.public_view(state).seats[0].score == 2 * DATA.kinds["water"].value, "double points"
    assert state.seats[0].coins == [], "no coin: it was taken out when the cache was revealed"
    assert "swaps their Traditional" in text(events)
    assert not any(a.startswith("ab:") for a in actions(state)), "once a turn"


def test_the_coin_collector_swaps_coins_with_any_player():
    state = as_character("coin_collector", "E11")
    state.seats[1].square = "A1"
    mine = give_coin(state, 0, "mega_meet")
    theirs = give_coin(state, 1, "variety_pack", flipped=True)
    state, _events = act(state, f"ab:swap:1:{mine}:{theirs}")
    assert state.seats[0].coins == [theirs] and state.seats[1].coins == [mine]
    assert E.public_view(state).seats[0].score == DATA.coins[theirs].value


def test_the_medic_leaves_the_hospital_next_turn():
    state = as_character("medic", BOARD.emergency_room)
    assert set(BOARD.insured_exits) <= reachable(state)


def test_the_gadgeteer_never_loses_the_gps_pen():
    state = as_character("gadgeteer")
    put_tile(state, "G5", "battery")
    state, events = act(state, "go:G5")
    assert state.seats[0].gps and "Gadgeteer keeps" in text(events)


def test_the_swag_hunter_flips_a_card_anywhere():
    state = as_character("swag_hunter", "A1")
    card = give_item(state, 0, "kayak")
    state, _ = act(state, f"ab:flip:{card}")
    gear = state.seats[0].gear[0]
    assert DATA.equipment[card].sides[gear.side] != "kayak"
