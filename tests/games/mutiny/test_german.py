"""Mutiny in German (issue 25): "No English word leaks into a German public message. Check this with a
word-list test over the messages of seeded games, with an allow-list for names." and "The phone checks
pass for German boards."

Seeded random games are played through the engine under ``using("de")``; every status, private and
prompt text, event, choice label and description, form, result, "❓" help, text board and board picture
is read for English words. The word list is every word of Mutiny's English texts (its catalogue
template), less an allow-list of names and of words German spells the same.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po

from bot.engine import Rng, SeatTag
from bot.engine.playout import random_action
from bot.games.mutiny.data import DATA_DIR
from bot.games.mutiny.i18n import MUTINY
from bot.games.mutiny.state import MutinyState, Phase
from bot.games.registry import game
from bot.i18n import using
from render.mutiny import H, W, render_board
from render.mutiny_text import text_board
from render.text import outside, overlaps, recording, too_small
from tests.games.mutiny.test_render import LONG

E = game("mutiny").engine
SEEDS = (1, 2)
TAGS = (
    SeatTag(0, "Anna", "Purple"),
    SeatTag(1, "Bernd Kowalczyk-Schäfer", "Red", dms_closed=True),
    SeatTag(2, "Computer 3", "Blue", computer=True),
    SeatTag(3, "Dörte", "Brown"),
)
SAME_IN_GERMAN = {"an", "bank", "die", "gold", "hand", "in", "orange", "rest", "rum", "computer"}
"""English words of the texts that are German words too (``Du siehst dir … an``, ``die Bank``)."""
NAMES = {"yarr", "dms", "qm"}
"""'"Yarr!" stays', Discord's DMs, and the Quartiermeister's short form."""
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
GAME_NAME = re.compile(r"🏴‍☠️ Mutiny —|^MUTINY\b", re.MULTILINE)
"""The game's name, which stays as printed on the box (the status line and both boards' titles)."""
TABLE_LINE = re.compile(r"^-# From the rules: .*$", re.MULTILINE)
"""The table's own words under a rule quote (``bot/engine/rulehelp.py``, the table's catalogue)."""


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text))}


@cache
def english_words() -> frozenset[str]:
    """Every word of Mutiny's English texts, less the island names and the allow-list."""
    with (MUTINY.directory / "mutiny.pot").open("rb") as template:
        catalogue = read_po(template)
    found: set[str] = set()
    for message in catalogue:
        for text in message.id if isinstance(message.id, (tuple, list)) else (message.id,):
            found |= _words(text)
    islands = json.loads((DATA_DIR / "islands.json").read_text(encoding="utf-8"))["islands"]
    cards = json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))["cards"]
    # "Names printed on components stay as printed": the islands' and the mystery cards'.
    printed = [island["name"] for island in islands] + [card["name"] for card in _card_list(cards)] + ["Peg-Leg"]
    names = {word for name in printed for word in _words(name)}
    return frozenset(found - names - SAME_IN_GERMAN - NAMES)


def _card_list(cards: object) -> list[dict[str, str]]:
    return list(cards.values()) if isinstance(cards, dict) else list(cards)  # type: ignore[arg-type]


def leaks(text: str) -> set[str]:
    readable = TABLE_LINE.sub("", GAME_NAME.sub("", text))
    readable = re.sub(r"\{p\d\}", " ", readable)
    return _words(readable) & english_words()


def _seat_texts(state: MutinyState, seat: int) -> Iterator[str]:
    view = E.seat_view(state, seat)
    yield E.private_text(view)
    yield E.prompt_text(view)
    yield E.rule_help(view)
    for choice in E.legal_actions(state, seat):
        yield choice.label
        yield choice.description
    for form in E.forms(state, seat):
        yield form.title
        yield form.button_label
        for field in form.fields:
            yield field.label
            yield field.placeholder


def german_game(seed: int) -> Iterator[tuple[MutinyState, list[str]]]:
    """Each state of a seeded random game, with every text written in it (the events that led
    there included), all composed in German."""
    rng = Rng.from_seed(seed, "german")
    with using("de"):
        state = E.new_game(4, {}, seed)
        events: list[str] = []
        while True:
            texts = [E.status_text(E.public_view(state)), text_board(E.public_view(state), TAGS), *events]
            texts += [text for seat in range(4) for text in _seat_texts(state, seat)]
            if E.is_terminal(state):
                texts += [E.results(state).text, E.reveal_text(state)]
            yield state, texts
            if E.is_terminal(state):
                return
            seat, action = random_action(E, state, rng)
            transition = E.apply(state, seat, action)
            events = [event.text for event in transition.events]
            state = transition.state


@pytest.mark.parametrize("seed", SEEDS)
def test_no_english_word_leaks_into_a_german_game(seed: int) -> None:
    """ "No English word leaks into a German public message" — nor into a private one, a button or a form."""
    phases = set()
    leaked: dict[str, str] = {}
    for state, texts in german_game(seed):
        phases.add(state.phase)
        for text in texts:
            for word in leaks(text):
                leaked.setdefault(word, text)
    assert leaked == {}
    assert set(Phase) <= phases | {Phase.LOOK}, "the game went through every phase"


def test_the_word_list_catches_english() -> None:
    """The check itself: the English texts of the same game are full of listed words."""
    state = E.new_game(4, {}, 1)
    english = E.prompt_text(E.seat_view(state, state.captain))
    assert {"who", "are", "your", "first", "mate"} <= leaks(english)
    with using("de"):
        assert leaks(E.prompt_text(E.seat_view(state, state.captain))) == set()


@pytest.mark.parametrize("tags", [TAGS, LONG], ids=["names", "long names"])
def test_every_german_board_of_a_game_is_readable_on_a_phone(tags: tuple[SeatTag, ...]) -> None:
    """ "The phone checks pass for German boards": text at least 11 px when shown 400 px wide, no
    overlaps, nothing outside the picture, and no English word on it — with long, emoji and CJK names too."""
    for state, _texts in german_game(SEEDS[0]):
        with using("de"), recording() as placed:
            image = render_board(E.public_view(state), tags)
        assert image.size == (W, H)
        assert not too_small(placed, W) and not overlaps(placed) and not outside(placed, image.size)
        names = set().union(*(_words(tag.name) for tag in tags))
        assert set().union(*(leaks(p.text) for p in placed)) - names == set()


def test_german_words_reach_the_board_and_the_texts() -> None:
    """The German catalogue is what the board and the texts read (not English by a fallback)."""
    state = E.new_game(4, {}, 3)
    with using("de"):
        status = E.status_text(E.public_view(state))
        with recording() as placed:
            render_board(E.public_view(state), TAGS)
    assert "Runde 1/12" in status and "Rollen verteilen" in status
    drawn = {p.text for p in placed}
    assert "ERSTER KAPITÄN: HÖCHSTER WURF (2 WÜRFEL)" in drawn and "Zucker" in drawn
