"""Every problem tile does what the tile table says, and its item protects (house data, docs/games/cmiyc.md).

The rule text fixes the frame: "Ein aufgedecktes Plättchen, das auf dem Spielbrett verbleibt, wirkt sich
weiterhin auf Spieler aus, die darauf landen" and "… oder auf dem Plättchen nicht „Ersetzen, wenn aufgedeckt“
steht" — tiles that do not say "Replace when revealed" stay face up and act again."""

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
    give_item,
    plain,
    put_tile,
    strip_gear,
    text,
    turn_of,
)

PROBLEMS = [k.id for k in DATA.kinds.values() if k.category == "problem" and k.effect != "bear"]


def landing(kind: str, *, item: str = ""):
    state = plain(turn_of(fresh(), 0, "F5"))
    strip_gear(state, 0)
    give_item(state, 0, "camera")
    give_item(state, 0, "key")
    if item:
        give_item(state, 0, item)
    tile = put_tile(state, "G5", kind)
    state, events = act(state, "go:G5")
    return state, events, tile


def effect_seen(state, kind: str) -> bool:
    player = state.seats[0]
    match DATA.kinds[kind].effect:
        case "lose_turn":
            return player.skip == 1
        case "lose_gps_pen":
            return not player.gps
        case "go_to_cafe":
            return player.square == BOARD.cafe
        case "go_back":
            return player.square == "F5"
        case "hospital":
            return player.square == BOARD.emergency_room
        case "poison_ivy":
            return player.ivy == 2
        case "discard_equipment":
            return E.current_seats(state) == [0] and state.prompts[-1].kind == "drop"
        case "flee_to_trail_head":
            return player.square == BOARD.woods[0].trail_head
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", PROBLEMS)
def test_each_problem_tile_acts_and_stays_or_leaves_as_it_says(kind):
    state, events, tile = landing(kind)
    assert effect_seen(state, kind), text(events)
    if DATA.kinds[kind].replace:
        assert tile in state.discard and state.board["G5"] != tile
    else:
        assert tile in state.faceup and state.board["G5"] == tile


@pytest.mark.parametrize("kind", PROBLEMS)
def test_the_protecting_item_cancels_the_effect(kind):
    protection = DATA.kinds[kind].protection
    state, events, _ = landing(kind, item=protection)
    assert not effect_seen(state, kind)
    assert f"{DATA.item_name(protection)} protects" in text(events)


def test_the_prickers_take_the_card_the_player_chooses():
    state, _, _ = landing("prickers")
    card = state.seats[0].gear[1].card
    assert {a for a in actions(state)} == {f"drop:{g.card}" for g in state.seats[0].gear}
    state, _ = act(state, f"drop:{card}")
    assert card in state.equipment_discard and card not in [g.card for g in state.seats[0].gear]


def test_the_challenge_cache_needs_caches_of_three_types_first():
    state = plain(turn_of(fresh(), 0, "F5"))
    strip_gear(state, 0)
    tile = put_tile(state, "G5", "challenge")
    give_cache(state, 0, "traditional")
    give_cache(state, 0, "multi")
    state, events = act(state, "go:G5")
    assert tile in state.faceup and "needs caches of 3 types first" in text(events)
    give_cache(state, 0, "nano")
    state = turn_of(state, 0, "F5")
    state, _ = act(state, "go:G5")
    assert tile in state.seats[0].caches


def test_with_the_stock_used_up_a_taken_tile_leaves_an_empty_square_that_counts_as_trail():
    state = plain(turn_of(fresh(), 0, "F5"))
    strip_gear(state, 0)
    tile = put_tile(state, "G5", "traditional")
    state.discard.extend(state.stock)
    state.stock.clear()
    state, events = act(state, "go:G5")
    assert tile in state.seats[0].caches and "G5" not in state.board
    assert "stays empty and counts as trail" in text(events)
    assert E.public_view(state).tiles[BOARD.tile_squares.index("G5")].face == ""
