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
