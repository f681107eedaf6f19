"""Mega Event trades in the cooperative game (rule text 000, "Mega Event trading is more restricted
than in basic game rules")."""

from __future__ import annotations

from bot.games.muggles.trading import TEAM_TRADES
from tests.games.muggles.helpers import BOARD, E, act, actions, fresh, give_cache, give_coin, text, turn_of

MEGA = BOARD.mega


def at_mega(players: int = 3):
    state = fresh(players)
    for player in state.seats:
        player.square = MEGA
    return turn_of(state, 0, MEGA)


def test_both_players_must_be_on_the_mega_event_space():
    """ "1. Both players must be on Mega Event space to trade" """
    state = at_mega(3)
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "nano")
    give_cache(state, 2, "nano")
    state.seats[2].square = "D9"
    state, _ = act(state, "trade")
    assert sorted(a for a in actions(state) if a.startswith("to:")) == ["to:1"]


def test_like_for_like_one_item_for_one_item():
    """ "4. Trades must be a single item for a single item of the same type (Event card, Equipment card,
    Coin, or Cache)." """
    state = at_mega(2)
    mine = give_cache(state, 0, "traditional")
    coin = give_coin(state, 0, "mega_meet")
    theirs = give_cache(state, 1, "nano")
    their_coin = give_coin(state, 1, "far_trek", flipped=True)
    state, _ = act(state, "trade")
    state, _ = act(state, "to:1")
    assert f"give:c{mine}" in actions(state) and f"give:g{coin}" in actions(state)
    assert "give:n" not in actions(state), "nothing for something is not a trade here"
    state, _ = act(state, f"give:g{coin}")
    assert [a for a in actions(state) if a.startswith("want:")] == [f"want:g{their_coin}"]
    state, events = act(state, f"want:g{their_coin}")
    assert E.current_seats(state) == [1] and all(e.public for e in events)
    state, events = act(state, "accept")
    assert their_coin in state.seats[0].coins and coin in state.seats[1].coins
    assert their_coin in state.coins_flipped, "Unflipped coins may be traded for flipped coins"
    assert "2 team trades left" in text(events)
    assert theirs in state.seats[1].caches


def test_a_single_cache_for_a_completed_multi_set():
    """ "A single cache can be traded for a completed Multi-cache set." """
    state = at_mega(2)
    first = give_cache(state, 0, "multi")
    second = give_cache(state, 0, "multi")
    trad = give_cache(state, 1, "traditional")
    state, _ = act(state, "trade")
    state, _ = act(state, "to:1")
    set_code = f"m{first}.{second}"
    assert f"give:{set_code}" in actions(state)
    state, _ = act(state, f"give:{set_code}")
    state, _ = act(state, f"want:c{trad}")
    for seat in (0, 1):  # both read the offer, the set labelled as one item
        offer = E.seat_view(state, seat).base.offer
        assert offer is not None and (offer.give, offer.want) == ("Multi-cache set (2 pieces)", "Traditional cache")
    assert E.seat_view(state, 1).give_label == "Multi-cache set (2 pieces)"
    state, _ = act(state, "accept")
    assert {first, second} <= set(state.seats[1].caches) and trad in state.seats[0].caches


def test_one_trade_per_visit_and_three_for_the_team():
    """ "2. Only one trade per visit. Players must leave town between trades. 3. No more than three trades
    by the team in an entire game." """
    state = at_mega(3)
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "nano")
    give_cache(state, 2, "padlock")
    state, _ = act(state, "trade")
    state, _ = act(state, "to:1")
    state, _ = act(state, next(a for a in actions(state) if a.startswith("give:")))
    state, _ = act(state, next(a for a in actions(state) if a.startswith("want:")))
    state, _ = act(state, "accept")
    assert sorted(state.traded) == [0, 1]
    turn_of(state, 0, MEGA)
    assert "trade" not in actions(state), "{p0} must leave town before trading again"
    turn_of(state, 2, MEGA)
    assert "trade" not in actions(state), "nor may {p1}: {p2} has nobody to trade with"
    state = at_mega(3)
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "nano")
    state.seats[0].square = "C5"
    state.traded = [0]
    state.team_trades = 1
    state, _ = act(state, "stay")
    assert 0 not in state.traded, "back in the woods, {p0} may trade again"
    state = at_mega(2)
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "nano")
    state.team_trades = TEAM_TRADES
    assert "trade" not in actions(state)


def test_a_refused_offer_uses_no_trade():
    state = at_mega(2)
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "nano")
    state, _ = act(state, "trade")
    state, _ = act(state, "to:1")
    state, _ = act(state, next(a for a in actions(state) if a.startswith("give:")))
    state, _ = act(state, next(a for a in actions(state) if a.startswith("want:")))
    assert E.default_action(state, 1) == "refuse"
    state, events = act(state, "refuse")
    assert state.team_trades == 0 and not state.traded
    assert "declines" in text(events)


def test_the_borrower_swaps_a_cache_with_a_teammate_on_his_square_outside_the_three_trades():
    """ "They cannot arbitrarily exchange caches, cards, or coins unless basic game rules allow it." The
    base game's Borrower swaps one of his caches for one of another player's on his square (Cache Me If
    You Can's house decision on "Wenn ich von einem Spieler ein Cacheplättchen nehme"): a character's
    ability, not a Mega Event trade, so it uses none of the team's three. One for one, it brings no coin."""
    state = fresh(2)
    state.seats[0].character = "borrower"
    mine = give_cache(state, 0, "traditional")
    theirs = give_cache(state, 1, "nano")
    state.seats[1].square = "D9"
    turn_of(state, 0, "D9")
    coins = [len(p.coins) for p in state.seats]
    state, events = act(state, f"ab:cache:1:{mine}:{theirs}")
    assert state.seats[0].caches == [theirs] and state.seats[1].caches == [mine]
    assert state.team_trades == 0 and [len(p.coins) for p in state.seats] == coins
    assert "Nano cache" in text(events)


def test_an_offer_may_go_to_every_teammate_on_the_mega_event():
    """ "Unless mentioned below, all rules from the basic CMIYC game apply": "Der Spieler auf diesem Feld
    kann jedem anderen Spieler Handelsangebote machen." Muggles restricts who (both on the Mega Event
    space) and how many trades, not how many offers: at six players, one turn reaches all five."""
    state = at_mega(6)
    give_cache(state, 0, "nano")
    for seat in range(1, 6):
        give_cache(state, seat, "traditional")
    for partner in range(1, 6):
        state, _ = act(state, "trade", seat=0)
        state, _ = act(state, f"to:{partner}", seat=0)
        state, _ = act(state, next(a for a in actions(state, 0) if a.startswith("give:")), seat=0)
        state, _ = act(state, next(a for a in actions(state, 0) if a.startswith("want:")), seat=0)
        state, _ = act(state, "refuse", seat=partner)
    assert "trade" not in actions(state, 0), "each teammate once a turn"
    assert state.team_trades == 0
