"""The event cards as Muggles plays them. "Unless mentioned below, all rules from the basic CMIYC game
apply": the base game's cards, with Muggles' own texts only for the cards its rules change
(``bot/games/muggles/data/card_texts.json``), so a player who draws a card reads what the bot does."""

from __future__ import annotations

import json

import pytest

from bot.games.cmiyc.data import default as base_data
from bot.games.cmiyc.loading import DATA_DIR
from bot.games.muggles.data import CARD_TEXTS_FILE, GROUPS_FILE, OWN_DIR, DataError, load
from tests.games.muggles.helpers import (
    BOARD,
    DATA,
    act,
    actions,
    fresh,
    give_event,
    give_item,
    put_tile,
    strip_gear,
    text,
    top_event,
    turn_of,
)

CHANGED_BY_MUGGLES = {"golden_ammo_can", "disable_cache", "trail_notes", "snack"}


def _card(kind: str):
    return next(c for c in DATA.events if c.kind == kind)


def test_only_the_cards_muggles_changes_read_differently_from_the_base_game():
    """ "Event Card adjustments 1. Golden Ammo Can ... 2. Disable Cache is not optional", "Reveal FOUR
    Tiles" and "humans go to hospital unless one has the Snack card": those four cards have Muggles'
    texts; every other card, its count, timing and effect are the base game's (Second Wind, Ranger's
    Lift, the Mega Event Invitation, Flat Tire and Thunderstorm read as the engine plays them)."""
    base = base_data().events

    def card(c):
        return (c.id, c.kind, c.name, c.timing, c.effect, c.amount, c.protection)

    assert [card(c) for c in DATA.events] == [card(c) for c in base]
    assert {c.kind for c, b in zip(DATA.events, base) if c.text != b.text} == CHANGED_BY_MUGGLES
    assert "lose a turn" in _card("second_wind").text and "Not inside the Sporting Goods Store" in (
        _card("ranger_lift").text
    )
    assert "Sneakers protect" in _card("flat_tire").text and "Sneakers protect" in _card("thunderstorm").text
    assert "spares the humans only" in _card("snack").text


def test_sneakers_protect_from_flat_tire_in_muggles_too():
    """The base game's house item: Sneakers protect from the event cards that cost a turn."""
    state = fresh(2)
    strip_gear(state, 0)
    give_item(state, 0, "sneakers")
    put_tile(state, "G5", "take_event")
    top_event(state, "lose_turn")
    turn_of(state, 0, "F5")
    state, events = act(state, "go:G5")
    assert state.seats[0].skip == 0 and "Sneakers protects from the Flat Tire" in text(events)


def test_second_wind_saves_the_next_lost_turn_and_is_never_played_from_the_hand():
    """The card's text: "The next time you would lose a turn, this card is discarded instead and you keep
    your turn." (It no longer carries a player over quiet ground.)"""
    state = fresh(2)
    strip_gear(state, 0)
    card = give_event(state, 0, "second_wind")
    put_tile(state, "G5", "take_event")
    top_event(state, "lose_turn")
    turn_of(state, 0, "F5")
    assert f"ev:{card}" not in actions(state)
    state, events = act(state, "go:G5")
    assert state.seats[0].skip == 0 and card in state.event_discard and "Second Wind" in text(events)


def test_no_lift_or_invitation_out_of_the_store_or_the_hospital():
    """ "Die Bewegung im Sportgeschäft beträgt ein Feld pro Spielzug" and "bewege deine Figur um ein Feld
    nach dem anderen durch das Krankenhaus, bis der Ausgang erreicht ist": Ranger's Lift and the Mega
    Event Invitation are offered outside, not inside."""
    for square, offered in ((BOARD.emergency_room, False), ("C13", False), (BOARD.checkout, False), ("E11", True)):
        state = fresh(2)
        lift = give_event(state, 0, "ranger_lift")
        invite = give_event(state, 0, "mega_invite")
        turn_of(state, 0, square)
        assert ({f"ev:{lift}", f"ev:{invite}"} <= set(actions(state))) is offered, square


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda raw: raw["texts"].update({"golden_ammo": "x"}), "card 'golden_ammo': is not one of the event cards"),
        (lambda raw: raw["texts"].update({"snack": ""}), "card 'snack': needs a text"),
        (lambda raw: raw.pop("texts"), "texts: needs the field 'texts'"),
    ],
)
def test_a_broken_card_texts_file_is_refused_naming_file_and_card(tmp_path, change, message):
    raw = json.loads((OWN_DIR / CARD_TEXTS_FILE).read_text())
    change(raw)
    (tmp_path / CARD_TEXTS_FILE).write_text(json.dumps(raw))
    (tmp_path / GROUPS_FILE).write_text((OWN_DIR / GROUPS_FILE).read_text())
    with pytest.raises(DataError, match=message) as refused:
        load(tmp_path, DATA_DIR)
    assert str(refused.value).startswith(CARD_TEXTS_FILE)
