"""The computer player plays sensibly: it goes for reachable caches, shops for the equipment its targets
need, and uses the Mega Event to complete a multi-cache set. It sees only its seat view."""

from __future__ import annotations

from bot.engine import Rng
from bot.games.cmiyc.ai import build_computer, build_search_policy
from bot.games.cmiyc.ai_values import INCURIOUS, INQUISITIVE, appraise
from tests.games.cmiyc.helpers import (
    BOARD,
    E,
    act,
    fresh,
    give_cache,
    give_item,
    give_points,
    plain,
    put_tile,
    strip_gear,
    turn_of,
)

AI = build_computer(E)


def choose(state, seat: int | None = None) -> str:
    seat = E.current_seats(state)[0] if seat is None else seat
    return AI.choose(E.seat_view(state, seat), E.legal_actions(state, seat), Rng(7))


def test_it_goes_for_a_revealed_cache_it_can_take():
    state = plain(turn_of(fresh(), 0, "F6"))
    strip_gear(state, 0)
    put_tile(state, "E5", "traditional", face_up=True)
    put_tile(state, "G6", "cliff", face_up=True)
    assert choose(state) == "go:E5"


def test_it_keeps_off_a_revealed_hazard_it_is_not_protected_against():
    state = plain(turn_of(fresh(), 0, "H6"))
    strip_gear(state, 0)
    put_tile(state, "H5", "snake", face_up=True)
    put_tile(state, "G6", "trees", face_up=True)
    assert choose(state) != "go:H5"


def test_it_shops_for_the_equipment_a_revealed_cache_needs():
    state = plain(turn_of(fresh(), 0, "A11"))
    strip_gear(state, 0)
    put_tile(state, "H19", "water", face_up=True)
    put_tile(state, "H20", "water", face_up=True)
    move = choose(state)
    assert move in ("go:A12", "go:A13", "go:B12", "go:B13"), move
    state = turn_of(state, 0, "A12")
    state, _ = act(state, "go:B12")
    assert choose(state) == "shop"


def test_it_flips_a_card_at_the_swag_store_when_the_other_side_is_needed():
    state = plain(turn_of(fresh(), 0, "B8"))
    strip_gear(state, 0)
    card = give_item(state, 0, "rubber_boots")
    put_tile(state, "A1", "water", face_up=True)
    state, _ = act(state, f"go:{BOARD.swag}")
    assert choose(state) == f"flip:{card}"


def test_it_uses_the_mega_event_to_complete_a_multi_set_and_the_partner_accepts():
    state = plain(turn_of(fresh(2), 0, BOARD.mega))
    for seat in range(2):
        strip_gear(state, seat)
    mine = give_cache(state, 0, "multi")
    single = give_cache(state, 0, "traditional")
    theirs = give_cache(state, 1, "multi")
    assert choose(state) == "trade"
    for _ in range(4):
        state, _ = act(state, choose(state))
    assert E.current_seats(state) == [1]
    assert choose(state, 1) == "accept"
    state, _ = act(state, "accept", seat=1)
    assert {mine, theirs} <= set(state.seats[0].caches) and single in state.seats[1].caches


def test_it_refuses_an_offer_that_hands_the_other_player_the_game():
    state = plain(turn_of(fresh(2), 0, BOARD.mega))
    for seat in range(2):
        strip_gear(state, seat)
    give_points(state, 0, 12)
    single = give_cache(state, 0, "traditional")
    give_cache(state, 0, "multi")
    multi = give_cache(state, 1, "multi")
    state, _ = act(state, "trade")
    state, _ = act(state, "to:1")
    state, _ = act(state, f"give:c{single}")
    state, _ = act(state, f"want:c{multi}")
    assert choose(state, 1) == "refuse"


def test_shut_in_by_a_beehive_and_a_pond_it_takes_the_beehive_back_to_the_trail_head():
    """A corner it cannot leave on foot (a Pond sends it back, "zurück"; staying does nothing): it lands on
    the Beehive, which puts it on the trail head, instead of bouncing off the Pond forever (a 2-player
    game stalled so for 200 rounds)."""
    state = plain(turn_of(fresh(), 0, "H1"))
    strip_gear(state, 0)
    put_tile(state, "G1", "beehive", face_up=True)
    put_tile(state, "H2", "pond", face_up=True)
    assert choose(state) == "go:G1"


def test_it_does_not_chase_a_cache_beside_the_awake_bear():
    """ "Solange der Bär wach ist, darf niemand seinen Zug auf einem der angrenzenden Plättchen/Felder beenden."
    — a cache there is out of reach: the player goes for something it can land on (two players once
    walked to and fro beside such a cache for 200 rounds)."""
    from bot.games.cmiyc import ai_paths
    from bot.games.cmiyc.ai_values import appraise

    state = plain(turn_of(fresh(), 0, "F14"))
    strip_gear(state, 0)
    give_item(state, 0, "key")
    put_tile(state, "G15", "cave", face_up=True)
    state.bear_awake = True
    put_tile(state, "F15", "padlock", face_up=True)
    judge = appraise(E.data, E.seat_view(state, 0), AI.distance)
    assert judge.targets["F15"] > 0, "the Padlock cache is worth having"
    values, _ = ai_paths.field(judge, AI.reverse)
    assert "F15" not in values, "but it lies beside the bear: no value spreads from it"
    assert choose(state) != "go:F15"


# The strong player searches with rules of thumb that go out of their way to peek (``INQUISITIVE``):
# knowing where the face-down tiles lie decides more games than anything else (docs/games/cmiyc.md,
# "What the strong player knows").

INQUISITIVE_AI = build_search_policy(E)


def both_choose(state) -> tuple[str, str]:
    view, legal = E.seat_view(state, 0), E.legal_actions(state, 0)
    return AI.choose(view, legal, Rng(7)), INQUISITIVE_AI.choose(view, legal, Rng(7))


def test_a_strong_seat_searches_with_the_inquisitive_rules_of_thumb_and_a_normal_seat_does_not():
    from bot.games.registry import game

    loaded = game("cmiyc")
    assert loaded.computer("strong").policy.inquisitiveness == INQUISITIVE
    assert loaded.computer("normal").inquisitiveness == INCURIOUS


def test_with_every_tile_unseen_the_inquisitive_player_heads_for_the_peek_aisle():
    normal, inquisitive = both_choose(plain(turn_of(fresh(), 0, "D9")))
    assert normal == "go:E7"  # into the North Woods
    assert inquisitive == "go:C11"  # towards the store
    normal, inquisitive = both_choose(plain(turn_of(fresh(), 0, "B11")))
    assert normal == "go:B12"  # the store's equipment aisle
    assert inquisitive == "go:A13"  # the parking square whose first aisle peeks (B13)


def test_once_every_face_down_tile_is_seen_nothing_draws_the_inquisitive_player_to_the_store():
    state = plain(turn_of(fresh(), 0, "D9"))
    state.seats[0].peeked = [tile for tile in state.board.values() if tile not in state.faceup]
    view = E.seat_view(state, 0)
    normal = appraise(E.data, view, AI.distance, INCURIOUS)
    inquisitive = appraise(E.data, view, AI.distance, INQUISITIVE)
    assert inquisitive.immediate("B13") == normal.immediate("B13")  # the peek aisle
    assert inquisitive.targets.get("A13") == normal.targets.get("A13")  # its parking square
    assert both_choose(state)[1] != "go:C11"  # not towards the store, as before it peeked


def test_the_inquisitive_player_goes_for_a_cache_it_peeked_at_before_someone_stumbles_on_it():
    """Only the peeker knows the cache lies there, and whoever lands on it first takes it: the
    inquisitive player counts it at several times its points (``Inquisitiveness.peeked``)."""
    state = plain(turn_of(fresh(), 0, "F6"))
    state.seats[0].peeked = [put_tile(state, "A4", "traditional")]
    normal, inquisitive = both_choose(state)
    assert normal == "go:G4"  # where it goes without the peek: the cache is worth a point
    distance = INQUISITIVE_AI.distance
    assert distance(inquisitive[3:], "A4") < distance(normal[3:], "A4")  # on its way to the cache


def test_a_search_weighs_the_way_to_a_peek_aisle_beside_the_other_moves():
    """The search's estimate counts a peeked cache as half found (``sampling.KNOWN_CACHE``), so the
    curious player's way to the store is weighed against the others, not taken on trust."""
    state = plain(turn_of(fresh(), 0, "B11"))
    view, legal = E.seat_view(state, 0), E.legal_actions(state, 0)
    ranked = INQUISITIVE_AI.ranked(view, legal, Rng(7))
    assert ranked[0] == "go:A13" and "go:B12" in ranked
    assert AI.ranked(view, legal, Rng(7))[0] == "go:B12"
