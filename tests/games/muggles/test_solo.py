"""The solitaire game (rule text 000, "Solitaire Game – A single player follows the co-op rules
(playing solo against the two muggles)")."""

from __future__ import annotations

from bot.engine import Relation
from tests.games.muggles.helpers import (
    BOARD,
    DATA,
    NORTH,
    E,
    act,
    actions,
    calm,
    dice,
    fresh,
    give_cache,
    give_coin,
    give_event,
    place_muggle,
    put_tile,
    round_end,
    text,
    tiles_of,
    top_event,
    turn_of,
)


def test_no_borrower_or_coin_collector_and_five_equipment_cards():
    """ "a. He does not play as Borrower or Coin Collector." "c. He starts with five equipment cards." """
    characters = set()
    for seed in range(40):
        state = E.new_game(1, E.options_for({}, 1), seed)
        characters.add(state.seats[0].character)
        assert len(state.seats[0].gear) == 5
        assert sorted(p.card for p in state.prompts) == sorted(g.card for g in state.seats[0].gear)
    assert not characters & {"borrower", "coin_collector"}
    assert len(characters) == 6


def test_the_solitaire_win_six_groups_and_one_flipped_coin():
    """ "2. The player wins the game when a. He has at least one cache type from six of the seven
    groups b. He has one flipped geocoin (condition met)" """
    state = fresh(1)
    for kind in ("traditional", "nano", "mystery", "water", "padlock"):
        give_cache(state, 0, kind)
    give_coin(state, 0, "mega_meet", flipped=True)
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert not state.over
    give_cache(state, 0, "virtual")
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert state.outcome == "won"
    result = E.results(state)
    assert result.relation is Relation.SOLO and result.team_won and result.variant == "solo"


def test_two_trashed_groups_lose_the_solitaire_game():
    state = fresh(1)
    for kind in ("challenge", "virtual", "maintenance", "water", "night"):
        for tile in tiles_of(kind):
            give_cache(state, 0, kind, tile=tile)
            state.seats[0].caches.remove(tile)
            state.discard.append(tile)
    turn_of(state, 0, "D9")
    state, _ = act(state, "stay")
    assert state.outcome == "trashed"


def test_event_cards_referring_to_another_player_are_redrawn():
    """ "b. If he draws Event Card referring to another player, he discards it and draws again." """
    state = fresh(1)
    top_event(state, "second_wind")
    borrowed = top_event(state, "borrow_equipment")
    turn_of(state, 0, "B12")
    state, events = act(state, "go:C12")
    state, events = act(state, "shop")
    assert borrowed in state.event_discard
    assert "refers to another player" in text(events)
    assert [DATA.events[c].effect for c in state.seats[0].events] == ["second_wind"]


def test_one_coin_trade_at_the_mega_event():
    """ "d. Once per game he can go to the Mega Event space and trade a coin for the top one on the deck" """
    state = fresh(1)
    coin = give_coin(state, 0, "tiny_finds")
    top = state.coin_stack[-1]
    turn_of(state, 0, BOARD.mega)
    assert f"coin:{coin}" in actions(state)
    state, _events = act(state, f"coin:{coin}")
    assert top in state.seats[0].coins and state.coin_stack[0] == coin
    assert state.coin_trade_used
    turn_of(state, 0, BOARD.mega)
    assert not [a for a in actions(state) if a.startswith("coin:")], "once per game"


def test_a_muggles_take_event_card_tile_the_player_both_draws_and_discards_in_either_order():
    """ "e. When a muggle steps on a Take Event Card tile, the player both gets and discards an Event
    Card, in either order." """
    state = fresh(1)
    held = give_event(state, 0, "snack")
    drawn = top_event(state, "second_wind")
    place_muggle(state, NORTH, "D3", "S")
    put_tile(state, "D4", "take_event")
    calm(state, "D5")
    round_end(state)
    dice(state, 1, 1)
    state, _ = act(state, "end")
    assert sorted(actions(state)) == ["order:discard", "order:draw"]
    assert E.default_action(state, 0) == "order:discard"
    state, _ = act(state, "order:draw")
    assert drawn in state.seats[0].events
    assert sorted(actions(state)) == sorted([f"toss:{held}", f"toss:{drawn}"])
    state, _events = act(state, f"toss:{held}")
    assert held in state.event_discard and state.seats[0].events == [drawn]
    assert state.muggles[NORTH].square == "D5"


def test_with_no_card_in_hand_the_solitaire_player_just_draws():
    state = fresh(1)
    drawn = top_event(state, "second_wind")
    place_muggle(state, NORTH, "D3", "S")
    put_tile(state, "D4", "take_event")
    calm(state, "D5")
    round_end(state)
    dice(state, 1, 1)
    state, events = act(state, "end")
    assert state.seats[0].events == [drawn]
    assert "has no event card to discard" in text(events)
