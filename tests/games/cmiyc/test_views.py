"""Private information: peeked tiles (only the peeker), saved event cards, trade offers until accepted.
Everything else (equipment, caches, coins, characters) is public."""

from __future__ import annotations

import json

from bot.engine import codec
from bot.engine.playout import play
from tests.games.cmiyc.helpers import BOARD, DATA, E, act, fresh, give_cache, give_event, plain, strip_gear, turn_of


def public_json(state) -> str:
    return json.dumps(codec.builtins(E.public_view(state)))


def test_face_down_tiles_never_reach_the_public_view():
    state = fresh(3)
    view = E.public_view(state)
    assert {t.face for t in view.tiles} == {"down"}
    assert all(not t.known for t in view.tiles)
    hidden = E.shuffle_hidden(state, 99)
    assert hidden.board != state.board
    assert public_json(hidden) == public_json(state)


def test_equipment_caches_coins_and_characters_are_public():
    """ "Sie werden offen vor jedem Spieler abgelegt." — GPS/PEN, equipment and character face up."""
    state = fresh(2)
    tile = give_cache(state, 1, "nano")
    view = E.public_view(state)
    assert view.seats[1].caches[0].kind == "nano" and view.seats[1].caches[0].tile == tile
    assert all(g.item for g in view.seats[0].gear)
    assert DATA.character(view.seats[0].character)


def test_saved_event_cards_are_secret_only_their_count_is_public():
    state = fresh(2)
    card = give_event(state, 0, "disable_cache")
    assert "disable_cache" not in public_json(state)
    assert E.public_view(state).seats[0].saved_events == 1
    assert E.seat_view(state, 0).events == ("disable_cache",)
    assert E.seat_view(state, 1).events == ()
    assert "Disable Cache" in E.private_text(E.seat_view(state, 0))
    assert E.private_text(E.seat_view(state, 1)) == ""
    assert "Disable Cache" in E.reveal_text(state) and card in state.seats[0].events


def test_peeked_tiles_are_seen_only_by_the_peeker():
    state = plain(turn_of(fresh(2), 0, "C12"))
    strip_gear(state, 0)
    state, _ = act(state, "go:D12")
    state, _ = act(state, "shop")
    state, events = act(state, "peek:A1")
    kind = DATA.kind(state.board["A1"]).id
    assert E.seat_view(state, 0).peeked == (("A1", kind),)
    assert E.seat_view(state, 1).peeked == ()
    assert kind not in [t.face for t in E.public_view(state).tiles if t.square == "A1"]
    assert all(e.seats == (0,) for e in events if DATA.kinds[kind].name in e.text)


def test_the_public_view_is_the_same_whatever_the_secrets_along_a_game():
    outcome = play(E, 4, 8, keep_states=True)
    for index, state in enumerate(outcome.states[::7]):
        assert public_json(E.shuffle_hidden(state, index)) == public_json(state)


def test_no_private_event_text_is_marked_public_in_a_whole_game():
    outcome = play(E, 3, 2)
    secret_words = ("You keep", "👀", "Offer from")
    for event in outcome.events:
        if any(word in event.text for word in secret_words):
            assert not event.public, event.text


def test_status_and_prompt_texts_read_well():
    state = fresh(3)
    status = E.status_text(E.public_view(state))
    assert status.startswith("Round 1: {p0}'s turn.") and "First to 15 points wins." in status
    limited = E.status_text(E.public_view(fresh(3, round_limit=60)))
    assert limited.startswith("Round 1 of at most 60 (house rule): {p0}'s turn.")
    prompt = E.prompt_text(E.seat_view(state, 0))
    assert prompt.split("\n")[0] == "Where do you go?"
    assert E.prompt_text(E.seat_view(state, 1)).startswith("Nothing to decide")
    assert BOARD.cafe == state.seats[0].square
