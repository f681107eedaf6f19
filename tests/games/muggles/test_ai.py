"""The computer team: it goes for missing groups, swaps with muggles, saves its trades."""

from __future__ import annotations

from bot.engine import Rng
from bot.games.muggles.ai import build_computer
from tests.games.muggles.helpers import (
    BOARD,
    E,
    act,
    calm,
    fresh,
    give_cache,
    give_coin,
    give_event,
    give_item,
    place_muggle,
    put_tile,
    strip_gear,
    tiles_of,
    top_event,
    turn_of,
)

AI = build_computer(E)


def choose(state, seat=None):
    seat = E.current_seats(state)[0] if seat is None else seat
    return AI.choose(E.seat_view(state, seat), E.legal_actions(state, seat), Rng(7))


def test_it_goes_for_a_group_the_team_is_missing():
    """A Traditional (the team has one) next door, a Nano (the team has none) two squares away: the Nano."""
    state = fresh(2)
    for player in state.seats:
        player.character = "shopper"
    give_cache(state, 1, "traditional")
    give_item(state, 0, "tweezers")
    calm(state, "C4", face_up=True)
    put_tile(state, "C5", "traditional", face_up=True)
    put_tile(state, "D5", "nano", face_up=True)
    place_muggle(state, 0, "H1", "S")
    place_muggle(state, 1, "H20", "N")
    state = turn_of(state, 0, "C4")
    assert {"go:C5", "go:D5"} <= {c.action for c in E.legal_actions(state, 0)}
    assert choose(state) == "go:D5"


def test_it_swaps_a_spare_cache_for_a_needed_one():
    state = fresh(2)
    trad = give_cache(state, 0, "traditional")
    give_cache(state, 1, "traditional")
    nano = next(t for t in range(len(E.data.tiles)) if E.data.tiles[t].kind == "nano")
    place_muggle(state, 0, "C4", "N", carrying=nano)
    calm(state, "C4", face_up=True)
    turn_of(state, 0, "C4")
    assert choose(state) == f"swap:0:{trad}"


def test_it_chases_a_muggle_only_with_a_cache_it_would_swap():
    """A muggle carries a Padlock cache (the Lock Group is missing). Holding only the team's one
    Traditional and one Nano, the player would swap neither away, so the muggle is no target (chasing
    it stalled a solitaire game for ever); with a second Traditional to spare, it is."""
    state = fresh(1)
    give_cache(state, 0, "traditional")
    give_cache(state, 0, "nano")
    padlock = next(t for t in range(len(E.data.tiles)) if E.data.tiles[t].kind == "padlock")
    place_muggle(state, 0, "H1", "S")
    place_muggle(state, 1, "C15", "N", carrying=padlock)
    turn_of(state, 0, "D9")
    assert "C15" not in AI.appraise(E.seat_view(state, 0)).targets
    give_cache(state, 0, "traditional")
    assert AI.appraise(E.seat_view(state, 0)).targets["C15"] > 1.0


def test_it_swaps_a_spare_cache_for_a_multi_piece_the_team_needs():
    """A Multi set needs both pieces in one hand ("one player must hold the entire set for a multi-cache
    to be claimed"): a piece a muggle carries is worth a spare Traditional while the set can still be
    finished (a team whose pieces both muggles carried stalled)."""
    state = fresh(2)
    spares = [give_cache(state, 0, "traditional"), give_cache(state, 0, "traditional")]
    piece = next(t for t in range(len(E.data.tiles)) if E.data.tiles[t].kind == "multi")
    place_muggle(state, 0, "C4", "N", carrying=piece)
    calm(state, "C4", face_up=True)
    turn_of(state, 0, "C4")
    assert choose(state) in {f"swap:0:{t}" for t in spares}


def test_it_does_not_swap_away_the_teams_only_cache_of_a_group():
    state = fresh(2)
    only = give_cache(state, 0, "padlock")
    place_muggle(state, 0, "C4", "N", carrying=next(t.id for t in E.data.tiles if t.kind == "traditional"))
    calm(state, "C4", face_up=True)
    turn_of(state, 0, "C4")
    assert choose(state) != f"swap:0:{only}"


def test_it_saves_trades_for_ones_that_complete_something():
    state = fresh(2)
    for player in state.seats:
        player.square = BOARD.mega
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "nano")
    turn_of(state, 0, BOARD.mega)
    assert choose(state) != "trade", "swapping two single caches completes nothing"
    unflipped = give_coin(state, 0, "tiny_finds")
    give_coin(state, 1, "mega_meet", flipped=True)
    give_coin(state, 1, "swag_bag", flipped=True)
    turn_of(state, 0, BOARD.mega)
    assert choose(state) == "trade"
    assert unflipped in state.seats[0].coins


def test_it_chooses_the_side_the_team_needs():
    state = E.new_game(2, E.options_for({}, 2), 3)
    seat = E.current_seats(state)[0]
    prompt = next(p for p in state.prompts if p.seat == seat)
    sides = E.data.equipment[prompt.card].sides
    picked = choose(state, seat)
    assert picked.startswith(f"side:{prompt.card}:") and sides[int(picked[-1])]


def test_a_forced_disable_cache_hits_the_least_needed_cache():
    state = fresh(2)
    spare = give_cache(state, 1, "traditional")
    give_cache(state, 1, "traditional")
    give_cache(state, 1, "nano")
    strip_gear(state, 0)
    top_event(state, "disable_cache")
    turn_of(state, 0, "B12")
    state, _ = act(state, "go:C12")
    state, _ = act(state, "shop")
    assert choose(state).startswith("tgt:1.")
    picked = choose(state)
    assert E.data.kind(int(picked.split(".")[1])).id == "traditional"
    assert spare in state.seats[1].caches


def _nano_beside_the_bear(state):
    """The team lacks the Nano Group; the only Nano lies at A6, beside the awake bear's Cave on A5;
    the way there is B6, beside the Cave too."""
    for player in state.seats:
        player.character = "shopper"
    give_item(state, 0, "tweezers")
    put_tile(state, "A5", "cave", face_up=True)
    state.bear_awake = True
    put_tile(state, "A6", "nano", face_up=True)
    calm(state, "B6", "C6", face_up=True)
    place_muggle(state, 0, "H1", "S")
    place_muggle(state, 1, "H20", "N")
    return turn_of(state, 0, "C6")


def test_with_the_snack_it_steps_beside_the_bear_for_a_needed_cache():
    """No turn may end next to the awake bear, unless the Snack calms it: holding the Snack, the
    player steps onto B6 on the way to the Nano."""
    state = _nano_beside_the_bear(fresh(2))
    give_event(state, 0, "snack")
    assert "go:B6" in {c.action for c in E.legal_actions(state, 0)}
    assert choose(state) == "go:B6"


def test_without_the_snack_it_draws_event_cards_for_one():
    """Without a Snack in the team, a needed cache beside the bear makes the Event aisle worth a visit."""
    state = _nano_beside_the_bear(fresh(2))
    assert "go:B6" not in {c.action for c in E.legal_actions(state, 0)}
    judge = AI.appraise(E.seat_view(state, 0))
    aisle = next(sq for sq, action in BOARD.aisles.items() if action == "event")
    assert judge.targets.get(aisle, 0.0) > 2.0


def test_with_every_event_card_in_the_discard_pile_it_still_draws_for_the_snack():
    """An empty deck is the shuffled discard pile ("werden ... neu gemischt"): with the Snack in the
    discard pile the Event aisle is still worth a visit (a solitaire game waited for ever beside it).
    Both players have a flipped geocoin, so only the Snack draws them there."""
    state = _nano_beside_the_bear(fresh(2))
    give_coin(state, 0, "mega_meet", flipped=True)
    give_coin(state, 1, "swag_bag", flipped=True)
    state.event_discard += state.event_deck
    state.event_deck = []
    judge = AI.appraise(E.seat_view(state, 0))
    aisle = next(sq for sq, action in BOARD.aisles.items() if action == "event")
    assert judge.targets.get(aisle, 0.0) > 2.0


def test_with_the_snack_in_the_discard_pile_it_draws_the_deck_empty_for_it():
    """The discard pile is shuffled into a new deck when the deck runs out ("werden ... neu
    gemischt"): with the Snack discarded and one card left in the deck, drawing still leads to it
    (a solitaire player waited beside the Event aisle for 400 rounds)."""
    state = _nano_beside_the_bear(fresh(2))
    give_coin(state, 0, "mega_meet", flipped=True)
    give_coin(state, 1, "swag_bag", flipped=True)
    snack = next(c for c in state.event_deck if E.data.events[c].kind == "snack")
    rest = [c for c in state.event_deck if c != snack]
    state.event_discard += [snack, *rest[:-1]]
    state.event_deck = rest[-1:]
    judge = AI.appraise(E.seat_view(state, 0))
    aisle = next(sq for sq, action in BOARD.aisles.items() if action == "event")
    assert judge.targets.get(aisle, 0.0) > 2.0


# ---------------------------------------------------------------------- the end game: no stalling

ALL_GROUPS = ("traditional", "multi", "multi", "nano", "mystery", "water", "padlock", "virtual")


def all_groups_held(state):
    """The team holds every group (the first player all of them): only geocoins are missing."""
    for kind in ALL_GROUPS:
        give_cache(state, 0, kind)
    return state


def play_turn(state, seat):
    """The computer players play ``seat``'s turn (and answer its offers) until the turn passes."""
    for _ in range(20):
        if state.over or state.turn.seat != seat:
            break
        state, _ = act(state, choose(state))
    return state


def test_it_takes_a_trade_that_wins_at_once():
    """ "Unflipped coins may be traded for flipped coins." The team lacks only the second player's
    flipped geocoin; the first has two: one trade on the Mega Event space wins the game."""
    state = all_groups_held(fresh(2))
    give_coin(state, 0, "mega_meet", flipped=True)
    give_coin(state, 0, "swag_bag", flipped=True)
    give_coin(state, 1, "tiny_finds")
    for player in state.seats:
        player.square = BOARD.mega
    turn_of(state, 0, BOARD.mega)
    state = play_turn(state, 0)
    assert state.over and state.outcome == "won" and state.team_trades == 1


def test_a_player_who_traded_this_visit_steps_into_the_woods_to_trade_again():
    """ "Only one trade per visit. Players must leave town between trades." The partner the trade
    needs traded this visit: on its turn it heads for the woods, not for the Mega Event."""
    state = all_groups_held(fresh(2))
    give_coin(state, 0, "mega_meet", flipped=True)
    give_coin(state, 0, "swag_bag", flipped=True)
    give_coin(state, 1, "tiny_finds")
    state.seats[0].square = BOARD.mega
    state.traded = [1]
    state.team_trades = 1
    turn_of(state, 1, "F8")
    plan = AI.plan(E.seat_view(state, 1))
    assert plan is not None and plan[:2] == (0, 1) and plan[2][0] == plan[3][0] == "g"
    picked = choose(state, 1)
    assert picked.startswith("go:") and BOARD.is_woods(picked[3:]), picked
    state.traded = []
    assert choose(state, 1) == "go:F9", "without the visit's trade it goes straight to the Mega Event"


def test_the_coin_collector_passes_a_flipped_geocoin_on_to_a_teammate_who_needs_one():
    """The Coin Collector swaps geocoins with any player: his flipped coin to the teammate whose
    coin cannot flip, then a spare flipped coin back from a third teammate."""
    state = all_groups_held(fresh(3))
    for seat, character in enumerate(("coin_collector", "medic", "snoop")):
        state.seats[seat].character = character
    mine = give_coin(state, 0, "far_trek", flipped=True)
    dead = give_coin(state, 1, "tiny_finds")
    give_coin(state, 2, "mega_meet", flipped=True)
    give_coin(state, 2, "swag_bag", flipped=True)
    turn_of(state, 0, "D9")
    assert choose(state, 0) == f"ab:swap:1:{mine}:{dead}"
    state, _ = act(state, f"ab:swap:1:{mine}:{dead}", 0)
    state.turn.ability_used = False
    refill = choose(state, 0)
    assert refill.startswith(f"ab:swap:2:{dead}:") and int(refill.split(":")[-1]) in state.coins_flipped


def test_it_goes_round_a_beehive_that_would_send_it_back():
    """A revealed Beehive sends a player without Bug spray to the trail head: it is no way to the
    Nano behind it (a computer player once bumped into one for 90 rounds)."""
    state = fresh(2)
    strip_gear(state, 0)
    give_item(state, 0, "tweezers")
    put_tile(state, "H4", "beehive", face_up=True)
    put_tile(state, "H5", "nano", face_up=True)
    calm(state, "H2", "G2", "G3", "G4", "G5", face_up=True)
    place_muggle(state, 0, "A1", "S")
    place_muggle(state, 1, "H20", "N")
    turn_of(state, 0, "H3")
    assert sorted(c.action for c in E.legal_actions(state, 0)) == ["go:G3", "go:H2", "go:H4", "stay"]
    assert choose(state) == "go:G3"


def _wanting_a_place(coin: str):
    """Both players have a flipped geocoin but seat 0, who holds one still to flip at a place."""
    state = fresh(2)
    for seat in range(2):
        strip_gear(state, seat)
    give_coin(state, 0, coin)
    give_coin(state, 1, "swag_bag", flipped=True)
    place_muggle(state, 0, "A6", "N")
    place_muggle(state, 1, "H20", "N")
    return turn_of(state, 0, "E2")


def test_a_snake_it_is_protected_from_is_no_way_to_the_hospital():
    """Doctor's Orders flips in the Hospital, and an unprotected Snake sends a player there; with Snake
    gaiters the Snake does nothing (a player stepped between two Snakes for ever)."""
    state = _wanting_a_place("doctors_orders")
    put_tile(state, "F3", "snake", face_up=True)
    bare = AI.appraise(E.seat_view(state, 0))
    assert bare.targets.get("F3", 0.0) >= bare.flip_value() > 0
    give_item(state, 0, "snake_gaiters")
    assert AI.appraise(E.seat_view(state, 0)).targets.get("F3", 0.0) < bare.flip_value()


def test_a_pond_on_the_far_edge_is_no_place_to_stand():
    """Far Trek flips on the far edge of a Wooded board; a Pond there sends the player back (without a
    Kayak), so the square is no target, while a quiet far-edge square is (a player bounced off a
    far-edge Pond for ever)."""
    state = _wanting_a_place("far_trek")
    put_tile(state, "G1", "pond", face_up=True)
    calm(state, "C1", face_up=True)
    judge = AI.appraise(E.seat_view(state, 0))
    assert "G1" not in judge.targets and judge.targets["C1"] > 0
    give_item(state, 0, "kayak")
    assert AI.appraise(E.seat_view(state, 0)).targets["G1"] > 0


def test_poison_ivy_only_delays_the_cache_it_goes_for():
    """Poison Ivy ("Poison Ivy for your next two turns": no caches while it itches, cmiyc.md's house
    decision on the text's "3) Poison Ivy-Effekt") delays taking, so the cache stays the player's
    target: it waits beside it instead of turning back (a player who caught the rash on the way to
    the team's last group turned back, came again through the Ivy and looped until round 1000)."""
    state = fresh(2)
    for player in state.seats:
        player.character = "shopper"
    calm(state, "E3", "F2", "F4", "G3", face_up=True)
    put_tile(state, "F3", "traditional", face_up=True)
    place_muggle(state, 0, "A1", "S")
    place_muggle(state, 1, "H20", "N")
    turn_of(state, 0, "E3")
    state.seats[0].ivy = 1
    itching = AI.appraise(E.seat_view(state, 0))
    assert itching.targets["F3"] >= 7.0 and itching.landing("F3") == 0.0
    move = choose(state)
    assert move == "stay" or move[3:] in BOARD.around("F3"), move
    state.seats[0].ivy = 0
    assert choose(state) == "go:F3"


def _muggle_carries_the_nano(carrying: bool):
    """The team lacks the Nano Group; seat 0 holds only the team's one Traditional; a second
    Traditional lies face up at D5."""
    state = fresh(2)
    for player in state.seats:
        player.character = "shopper"
    give_cache(state, 0, "traditional")
    nano = next(t for t in range(len(E.data.tiles)) if E.data.tiles[t].kind == "nano")
    place_muggle(state, 0, "H1", "S", carrying=nano if carrying else -1)
    place_muggle(state, 1, "H20", "N")
    calm(state, "C4", face_up=True)
    put_tile(state, "D5", "traditional", face_up=True)
    return turn_of(state, 0, "C4")


def test_with_nothing_to_give_a_muggle_for_a_needed_cache_it_fetches_a_spare_one():
    """ "Swapping – A human on the same space as a muggle can talk the muggle into swapping for a
    cache tile the human has collected." The muggle carries a Nano the team needs, and the player's
    one cache is the team's only Traditional (giving it loses a group): a second Traditional is worth
    fetching, as something to give (a solitaire player holding one cache of each group wandered for
    600 rounds while a muggle carried the group it lacked)."""
    judge = AI.appraise(E.seat_view(_muggle_carries_the_nano(True), 0))
    assert judge.targets["D5"] >= 3.0
    assert AI.appraise(E.seat_view(_muggle_carries_the_nano(False), 0)).targets["D5"] < 1.0


def test_alone_with_a_hospital_geocoin_it_cannot_flip_it_goes_for_the_coin_trade():
    """ "Once per game he can go to the Mega Event space and trade a coin for the top one on the
    deck." Doctor's Orders flips in the Hospital, where only a Cliff or a Snake sends a player; every
    tile is face up and the player shows Climbing rope and Snake gaiters, so the coin cannot flip:
    the Mega Event's coin trade is the way to a fresh geocoin (a player held such a coin for 500
    rounds)."""
    state = fresh(1)
    strip_gear(state, 0)
    give_item(state, 0, "climbing_rope")
    give_item(state, 0, "snake_gaiters")
    coin = give_coin(state, 0, "doctors_orders")
    state.faceup = sorted(set(state.faceup) | set(state.board.values()))
    turn_of(state, 0, "D12")
    assert AI.appraise(E.seat_view(state, 0)).targets[BOARD.mega] >= 4.0
    turn_of(state, 0, BOARD.mega)
    state = act(state, "stay")[0]
    assert f"coin:{coin}" in {c.action for c in E.legal_actions(state, 0)}
    assert choose(state) == f"coin:{coin}"
    state.faceup.remove(next(t for sq, t in state.board.items() if E.data.kind(t).id == "cliff"))
    assert f"coin:{coin}" != choose(state), "a Cliff face down may still send him to the Hospital"


def _relay(empty_woods: bool):
    """Seat 0 holds the team's only Lock cache (a Padlock); seat 1 holds a geocoin that flips with a
    Padlock or a Combination lock, and a spare Traditional; the team's trades are used up; the muggle
    on seat 0's square carries a Traditional."""
    state = fresh(2)
    for player in state.seats:
        player.character = "shopper"
    padlock = give_cache(state, 0, "padlock")
    give_cache(state, 0, "traditional")
    give_cache(state, 1, "traditional")
    give_coin(state, 0, "swag_bag", flipped=True)
    give_coin(state, 1, "lock_picker")
    held = {t for player in state.seats for t in player.caches}
    trad = next(t for t in tiles_of("traditional") if t not in held)
    place_muggle(state, 0, "C4", "N", carrying=trad)
    place_muggle(state, 1, "H20", "N")
    state.team_trades = 3
    if empty_woods:
        for square, tile in list(state.board.items()):
            if E.data.kind(tile).is_cache:
                del state.board[square]
                state.discard.append(tile)
                if tile in state.faceup:
                    state.faceup.remove(tile)
        for tile in [t for t in state.stock if E.data.kind(t).is_cache]:
            state.stock.remove(tile)
            state.discard.append(tile)
    calm(state, "C4", face_up=True)
    return turn_of(state, 0, "C4"), padlock


def test_with_the_trades_used_up_it_hands_a_muggle_the_cache_a_teammate_needs():
    """ "Swapping – A human on the same space as a muggle can talk the muggle into swapping for a
    cache tile the human has collected. The muggle then carries the swapped cache." With nothing left
    in the woods the muggle cannot trash what it carries, so seat 0 gives it the Padlock for seat 1
    to swap his spare Traditional for (a team of four played on for ever with its trades used up and
    the coin its last player needed in a teammate's hand); with caches still to be found, it keeps it."""
    state, padlock = _relay(True)
    assert choose(state) == f"swap:0:{padlock}"
    state, _ = act(state, f"swap:0:{padlock}")
    assert state.muggles[0].carrying == padlock
    judge = AI.appraise(E.seat_view(state, 1))
    assert judge.targets.get("C4", 0.0) > 3.0, "seat 1 goes for the Padlock"
    assert "C4" not in AI.appraise(E.seat_view(state, 0)).targets, "seat 0 does not swap it back"
    state, padlock = _relay(False)
    assert choose(state) != f"swap:0:{padlock}"
