"""Scoring ("GEOCOINS", multi-caches) and winning ("ZIEL DES SPIELS", "ERWEITERTE SIEGBEDINGUNGEN", FAQ)."""

from __future__ import annotations

import pytest

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
    give_points,
    plain,
    put_tile,
    score,
    strip_gear,
    text,
    tiles_of,
    turn_of,
)


def test_multi_cache_pieces_score_nothing_until_the_set_is_complete():
    """ "Wenn es sich um einen Multi-Cache handelt, wird das Plättchen genommen und vor dem Spieler abgelegt,
    es werden jedoch keine Punkte vergeben, bis alle Teile eingesammelt sind." """
    state = fresh()
    give_cache(state, 0, "multi")
    assert score(state, 0) == 0
    give_cache(state, 0, "multi")
    assert score(state, 0) == DATA.kinds["multi"].set_value


def test_super_multi_and_multi_pieces_are_not_interchangeable():
    """ "Super-Multi und Multi-Cache sind NICHT austauschbar." """
    state = fresh()
    give_cache(state, 0, "multi")
    give_cache(state, 0, "super_multi")
    give_cache(state, 0, "super_multi")
    assert score(state, 0) == 0
    give_cache(state, 0, "super_multi")
    assert score(state, 0) == DATA.kinds["super_multi"].set_value


def finder(players: int = 2):
    state = plain(turn_of(fresh(players), 0, "F5"))
    strip_gear(state, 0)
    return state


def test_a_cache_with_the_coin_symbol_gives_the_top_geocoin_face_up_for_one_point():
    """ "Wenn du einen Cache mit dem Coinsymbol aufdeckst, nimm die oberste Geocoin vom Geocoinstapel. Lege die
    Coin mit dem Coinsymbol (1 Punkt) nach oben, bis das Ziel erreicht ist." """
    state = finder()
    coin_tile = next(t.id for t in DATA.tiles if t.kind == "traditional" and t.coin)
    put_tile(state, "G5", "traditional", tile=coin_tile)
    top = state.coin_stack[-1]
    state, events = act(state, "go:G5")
    assert state.seats[0].coins == [top]
    assert score(state, 0) == 1 + 1 or top in state.coins_flipped
    assert "geocoin" in text(events)


def test_the_coin_comes_with_revealing_even_when_the_cache_cannot_be_taken():
    """ "Wenn du einen Cache mit dem Coinsymbol aufdeckst, nimm die oberste Geocoin vom Geocoinstapel." and
    "Wenn das Plättchen aufgedeckt und nicht genommen wird, bleibt es offen auf dem Feld liegen" — revealing
    and taking are two things: whoever reveals a coin-symbol Nano without Tweezers takes the coin; the
    Nano stays face up, and whoever takes it later gets no coin."""
    state = finder()
    coin_nano = next(t.id for t in DATA.tiles if t.kind == "nano" and t.coin)
    put_tile(state, "G5", "nano", tile=coin_nano)
    top = state.coin_stack[-1]
    state, events = act(state, "go:G5")
    assert coin_nano in state.faceup and coin_nano not in state.seats[0].caches, "no Tweezers: the Nano stays"
    assert state.seats[0].coins == [top], "the finder took the coin on revealing it"
    assert "geocoin" in text(events)
    view_tile = next(t for t in E.public_view(state).tiles if t.square == "G5")
    assert not view_tile.coin, "the board shows no coin left in the cache"
    state = plain(turn_of(state, 1, "F5"))
    give_item(state, 1, "tweezers")
    state, _ = act(state, "go:G5")
    assert coin_nano in state.seats[1].caches and state.seats[1].coins == [], "the coin was taken out already"


def test_a_map_revealing_a_coin_cache_gives_its_coin_to_the_player_on_the_map():
    """ "Wenn du einen Cache mit dem Coinsymbol aufdeckst, nimm die oberste Geocoin" — the Map the player
    landed on turns the tiles around it: the player revealed them, so a coin cache's coin is theirs."""
    state = finder()
    put_tile(state, "G5", "map")
    coin_nano = next(t.id for t in DATA.tiles if t.kind == "nano" and t.coin)
    put_tile(state, "G4", "nano", tile=coin_nano)
    state, _ = act(state, "go:G5")
    assert coin_nano in state.faceup and len(state.seats[0].coins) == 1


def test_the_coin_of_a_multi_cache_comes_only_with_the_whole_set():
    """ "Die Coin aus einem Multi-Cache kann erst genommen werden, nachdem alle Caches der Serie gesammelt
    wurden." """
    state = finder()
    coin_piece = next(t.id for t in DATA.tiles if t.kind == "multi" and t.coin)
    put_tile(state, "G5", "multi", tile=coin_piece)
    state, _ = act(state, "go:G5")
    assert state.seats[0].coins == [] and coin_piece in state.seats[0].caches
    other_piece = next(t for t in tiles_of("multi") if not DATA.tiles[t].coin and t not in state.board.values())
    state = turn_of(state, 0, "F6")
    put_tile(state, "G6", "multi", tile=other_piece)
    state, _events = act(state, "go:G6")
    assert len(state.seats[0].coins) == 1


def test_a_coin_is_flipped_on_its_owners_turn_once_its_goal_is_met():
    """ "Sobald die Zielbedingung erfüllt ist, drehe die Coin um und verwende den neuen Wert für die
    Gesamtpunktzahl des Spielers." FAQ: "Als jemand anderes an der Reihe war, wurde mir klar, dass ich das Ziel
    einer meiner Geocoins erreicht habe. Kann ich sie umdrehen ...? Nein, Sie müssen warten, bis Sie an der
    Reihe sind." — flipped on the owner's own turn, never in another player's."""
    state = plain(turn_of(fresh(3), 0, "F5"))
    coin = give_coin(state, 1, "old_school")
    give_event(state, 0, "snack")
    for _ in range(3):
        give_cache(state, 1, "traditional")
    state, _ = act(state, "stay")
    assert E.current_seats(state) == [0]
    assert coin not in state.coins_flipped, "goal met during seat 0's turn: not yet"
    state, _ = act(state, "end")
    assert state.turn.seat == 1
    assert coin in state.coins_flipped, "flipped as seat 1's turn begins"
    assert score(state, 1) == 3 + DATA.coins[coin].value


def test_a_flipped_coin_keeps_its_value_with_a_new_owner():
    """ "Sobald ein Geocoin sein Ziel erreicht hat, behält er den neuen Wert, auch wenn er den Besitzer
    wechselt." """
    state = fresh()
    coin = give_coin(state, 0, "night_owl", flipped=True)
    state.seats[0].coins.remove(coin)
    state.seats[1].coins.append(coin)
    assert score(state, 1) == DATA.coins[coin].value


def trade_at_mega(state, give: str, want: str):
    """Seat 0 on the Mega Event offers ``give`` for seat 1's ``want``; seat 1 accepts."""
    state = turn_of(state, 0, BOARD.mega)
    for code in ("trade", "to:1", f"give:{give}", f"want:{want}"):
        state, _ = act(state, code)
    return act(state, "accept", seat=1)


def test_faq_a_cache_taken_from_a_player_brings_no_coin():
    """FAQ: "Wenn ich von einem Spieler ein Cacheplättchen nehme, auf dem sich das Coinsymbol befindet,
    bekomme ich dann auch die Coin? Nein, die Coin wurde aus dem Cache entfernt." """
    state = plain(fresh())
    coin_tile = next(t.id for t in DATA.tiles if t.kind == "traditional" and t.coin)
    give_cache(state, 1, "traditional", tile=coin_tile)
    state.coins_claimed.append(coin_tile)
    mine = give_cache(state, 0, "nano")
    state, _ = trade_at_mega(state, f"c{mine}", f"c{coin_tile}")
    assert coin_tile in state.seats[0].caches and state.seats[0].coins == []


def test_faq_taking_a_cache_lying_on_the_golden_ammo_can_takes_the_card_and_double_points():
    """FAQ: "Kann ich den Cache eines anderen Spielers nehmen, dessen Wert sich verdoppelt, weil er auf der
    Ereigniskarte „Goldene Munitionsdose“ liegt? Du darfst den Cache und die Karte mitnehmen. Außerdem erhältst
    du die doppelte Punktzahl." """
    state = plain(turn_of(fresh(), 1, "E11"))
    water = give_cache(state, 1, "water")
    card = give_event(state, 1, "golden_ammo_can")
    state, _ = act(state, f"ev:{card}", seat=1)
    state, _ = act(state, f"tgt:{water}", seat=1)
    assert score(state, 1) == 2 * DATA.kinds["water"].value
    coin = give_coin(state, 0, "wet_feet")
    state, _ = trade_at_mega(state, f"g{coin}", f"c{water}")
    assert score(state, 1) == 1, "the face-up coin"
    assert score(state, 0) == 2 * DATA.kinds["water"].value
    assert state.ammo == [[water, card]]


def test_the_first_to_15_points_wins_and_the_game_ends_at_once():
    """ "Sei der Erste, der 15 Punkte erreicht." FAQ: "bei der Grundbedingung „Sieg“ endet das Spiel, sobald
    ein Spieler 15 Punkte erreicht hat." — the game ends the moment a player reaches 15 (nobody can take a
    cache away from the winner afterwards)."""
    state = finder()
    give_points(state, 0, 14)
    assert score(state, 0) == 14
    held = {c for p in state.seats for c in p.caches}
    plain_tile = next(t for t in tiles_of("traditional") if not DATA.tiles[t].coin and t not in held)
    put_tile(state, "G5", "traditional", tile=plain_tile)
    state, events = act(state, "go:G5")
    assert state.over and state.winners == [0] and state.end_reason == "target"
    assert E.current_seats(state) == [] and "Game over" in text(events)
    result = E.results(state)
    assert result.winners == (0,) and result.scores[0] == 15


def test_the_short_game_ends_at_12():
    """ "(Kurzspiel: Bis 12 Punkte spielen)." """
    state = plain(turn_of(fresh(victory="short"), 0, "F5"))
    give_points(state, 0, 11)
    state, _ = act(state, "stay")
    assert not state.over
    give_points(state, 0, 1)
    state, _ = act(state, actions(state, state.turn.seat)[0], seat=state.turn.seat)
    assert state.over and state.winners == [0]


def test_advanced_victory_needs_18_points_and_ending_a_turn_on_the_mega_event():
    """ "ERWEITERTE SIEGBEDINGUNGEN: Der erste Spieler, der 18 Punkte erreicht UND seinen Zug beendet, während
    er auf dem Geocaching-Mega-Event-Feld steht." FAQ: "Du kannst dies mit den erweiterten Siegbedingungen tun."
    (reducing the leader's score is possible while they head for the Mega Event)."""
    state = plain(turn_of(fresh(victory="advanced"), 0, "F8"))
    give_points(state, 0, 18)
    assert score(state, 0) == 18
    state, _ = act(state, "stay")
    if E.current_seats(state) == [0]:
        state, _ = act(state, "end")
    assert not state.over, "18 points, but not on the Mega Event"
    state = turn_of(state, 1, "A1")
    card = give_event(state, 1, "disable_cache")
    state, _ = act(state, f"ev:{card}", seat=1)
    water = next(t for t in state.seats[0].caches if DATA.kind(t).id == "water")
    state, _ = act(state, f"tgt:0.{water}", seat=1)
    assert score(state, 0) == 15
    give_points(state, 0, 3)
    state = turn_of(state, 0, "F8")
    state, _ = act(state, f"go:{BOARD.mega}")
    if E.current_seats(state) == [0]:
        state, _ = act(state, "end")
    assert state.over and state.winners == [0] and state.end_reason == "advanced"


def test_nobody_can_block_the_mega_event_against_a_player_with_poison_ivy():
    """ "*Ein Spieler darf nicht auf dem Feld stehen, um zu verhindern, dass ein Spieler mit Poison Ivy das Spiel
    gewinnt." — Poison Ivy keeps players apart everywhere else, but never off the Mega Event space."""
    state = plain(turn_of(fresh(victory="advanced"), 0, "F8"))
    state.seats[0].ivy = 2
    state.seats[1].square = BOARD.mega
    assert f"go:{BOARD.mega}" in actions(state)
    state.seats[1].square = "E8"
    assert "go:E8" not in actions(state), "elsewhere nobody shares a square with Poison Ivy"


def test_house_round_limit_ends_the_game_with_the_highest_score_winning():
    state = plain(fresh(round_limit=20))
    give_cache(state, 1, "traditional")
    state.round = 20
    state = turn_of(state, 1, "A8")
    state, _ = act(state, "stay", seat=1)
    if E.current_seats(state) == [1]:
        state, _ = act(state, "end", seat=1)
    assert state.over and state.end_reason == "rounds" and state.winners == [1]


def meet_goal(state, seat: int, coin: int) -> None:
    """Arrange the holdings or the place a coin's goal asks for."""
    goal = DATA.coins[coin].goal
    player = state.seats[seat]
    match goal.kind:
        case "at":
            places = {"hospital": BOARD.emergency_room, "mega_event": BOARD.mega, "swag_store": BOARD.swag}
            player.square = places.get(goal.place, "A1")
        case "hold":
            for _ in range(goal.count):
                give_cache(state, seat, goal.types[0])
        case "types":
            for kind in ("traditional", "nano", "night", "water")[: goal.count]:
                give_cache(state, seat, kind)
        case "equipment":
            for item in ("kayak", "camera", "key", "laptop", "tweezers")[: goal.count]:
                give_item(state, seat, item)


@pytest.mark.parametrize("key", [c.key for c in DATA.coins])
def test_every_geocoin_goal_is_checked_by_the_bot(key):
    """Each of the 12 geocoins has a goal the bot checks; met on its owner's turn, the coin flips."""
    state = plain(fresh())
    coin = give_coin(state, 0, key)
    state = turn_of(state, 1, "A8")
    meet_goal(state, 0, coin)
    state, _ = act(state, "stay", seat=1)
    assert state.turn.seat == 0 and coin in state.coins_flipped
    assert E.public_view(state).seats[0].coins[0].points == DATA.coins[coin].value
