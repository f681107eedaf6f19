"""Issue 25, "Deutsch": Mouse Cheese Cat Cucumber in German.

"No English word leaks into a German public message. Check this with a word-list test over the
messages of seeded games, with an allow-list for names." and "The phone checks pass for German
boards." Seeded random games (solo, easier solo and multiplayer) are played through the engine
under ``using("de")``; every status, private text, prompt, help, event, choice label and
description, result, reveal, text board and board picture they produce is checked. The English
texts are held unchanged by the other tests of this package, which assert them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from bot.engine import RuleError
from bot.engine.playout import Playout, play
from bot.engine.seats import plain_tags
from bot.games.mccc import texts
from bot.games.registry import game
from bot.i18n import using
from render.marks import cut_words, marking, unexplained
from render.mccc import agenda_short, render_board
from render.mccc_text import text_board
from render.text import outside, overlaps, recording, smallest_size, too_small
from tests.render.test_render_contract import awkward_tags

ENGINE = game("mccc").engine
SPEC = ENGINE.spec

GAMES = (
    (1, 3, {"setup": 1, "easier": False}),
    (1, 8, {"setup": 2, "easier": True}),
    (1, 5, {"setup": 3, "easier": False}),
    (1, 6, {"setup": 4, "easier": True}),
    (2, 1, {"setup": 1}),
    (3, 2, {"setup": 3}),
    (4, 4, {"setup": 4}),
)
"""(players, seed, options): every setup, solo and easier solo, two to four players."""

WORDS = """
    the mouse cheese cat cucumber card cards belt conveyor maze deck place placed placing stack stacked wall
    walls cog cogs hole holes turn turns turned you your lose lost win wins winner winners move moves moved
    runs ran run onto space spaces active character setup easier ability abilities agendas revealed reveals
    game over player players point points pick choose where both first cannot through next with and or of is
    are it its did who cross corner straight dead junction studio yes none nobody left hidden ready this that
    chosen preview confirm back another ends end shows secret side sides shown used wanted path legend mark
    marked previewing arrives closest empty discard discarded dealt still bottom printed way round clockwise
    counter half legal destination rotate immediately neighbours any one
"""
ENGLISH_WORDS = frozenset(WORDS.split())
"""Distinctive English words of MCCC's texts (none of them is also a German word)."""

NAMES = (
    "Mouse Cheese Cat Cucumber",
    *(tag.name for tag in plain_tags(4, SPEC.seat_colours)),
    *SPEC.seat_colours,
    "DMs",
    *(f"The {who} did it!" for who in ("Mouse", "Cheese", "Cat", "Cucumber")),
    *(f"{who} did it" for who in ("Mouse", "Cheese", "Cat", "Cucumber")),
)
"""What stays as it is in German: the game's title as printed on its box and the Secret Agenda cards'
titles as printed on them ("Names printed on components stay as printed"), the players' names, the
table's seat colours (the table's words), Discord's own term."""

TABLE_HELP_LINE = re.compile(r"^-# From the rules: .*$", re.MULTILINE)
"""The closing line of "❓" help, which the table's ``RuleQuote`` writes (the table domain's text)."""


TABLE_BOARD_WORDS = (" and ",)
"""The shared board code's words (``render.status.names`` joins winners' names with " and "): the
table domain's, left for it to translate."""


@cache
def german_games() -> tuple[Playout, ...]:
    with using("de"):
        return tuple(play(ENGINE, players, seed, options, keep_states=True) for players, seed, options in GAMES)


def english_words(text: str, names: tuple[str, ...] = NAMES) -> list[str]:
    for name in names:
        text = text.replace(name, " ")
    words = re.findall(r"[A-Za-zÄÖÜäöüß']+", TABLE_HELP_LINE.sub("", text))
    return [w for w in words if w.lower().strip("'").removesuffix("'s") in ENGLISH_WORDS]


def state_texts(state: object, players: int) -> Iterator[str]:
    public = ENGINE.public_view(state)
    yield ENGINE.status_text(public)
    yield text_board(public, plain_tags(players, SPEC.seat_colours))
    for seat in range(players):
        view = ENGINE.seat_view(state, seat)
        yield ENGINE.private_text(view)
        yield ENGINE.prompt_text(view)
        yield ENGINE.rule_help(view)
    if ENGINE.is_terminal(state):
        yield ENGINE.results(state).text
        yield ENGINE.reveal_text(state)
        return
    seat = ENGINE.current_seats(state)[0]
    for choice in ENGINE.legal_actions(state, seat):
        yield choice.label
        yield choice.description
    refused = [(seat, "nonsense:1")] + ([((seat + 1) % players, "back")] if players > 1 else [])
    for who, action in refused:
        with pytest.raises(RuleError) as error:
            ENGINE.apply(state, who, action)
        yield str(error.value)


def test_no_english_word_leaks_into_a_german_game() -> None:
    leaks: dict[str, str] = {}
    seen = 0
    with using("de"):
        for (players, _seed, _options), outcome in zip(GAMES, german_games()):
            found = [event.text for event in outcome.events]
            for state in [outcome.initial, *outcome.states]:
                found.extend(state_texts(state, players))
            for text in found:
                for word in english_words(text):
                    leaks.setdefault(word, text)
            seen += len(found)
    assert seen > 2000
    assert leaks == {}


def test_the_word_check_finds_english() -> None:
    with using("en"):
        outcome = german_games()[0]
        text = ENGINE.status_text(ENGINE.public_view(outcome.states[0]))
    assert english_words(text)
    assert english_words("Die Maus lief E5 → E6.") == []


def test_german_boards_pass_the_phone_checks() -> None:
    """ "no text under 11 px at that width, no text over other text, nothing off the image" and
    every sign drawn explained by a legend entry whose words are whole, for German boards."""
    checked = 0
    with using("de"):
        for (players, _seed, _options), outcome in zip(GAMES, german_games()):
            states = [outcome.initial, *outcome.states]
            tags = awkward_tags(players, SPEC.seat_colours)
            names = (*NAMES, *(word for tag in tags for word in tag.name.split()), *TABLE_BOARD_WORDS)
            for state in states[:: max(1, len(states) // 8)] + [outcome.final]:
                with recording() as placed, marking() as marks:
                    image = render_board(ENGINE.public_view(state), tags)
                small = too_small(placed, image.width)
                assert not small, f"text under {smallest_size(image.width)} px: {small[:3]}"
                assert not overlaps(placed), f"texts overlap: {overlaps(placed)[:3]}"
                assert not outside(placed, image.size), "text runs off the board"
                assert not unexplained(marks) and not cut_words(marks), cut_words(marks)
                leaks = [w for p in placed for w in english_words(p.text, names)]
                assert leaks == [], leaks
                checked += 1
    assert checked > 40


def test_german_games_are_the_english_games_in_other_words() -> None:
    """Only words change: the same seed plays the same actions, with the same choices (ids)."""
    for (players, seed, options), german in zip(GAMES[:2], german_games()):
        with using("en"):
            english = play(ENGINE, players, seed, options, keep_states=True)
        assert german.log == english.log
        assert [e.text for e in german.events] != [e.text for e in english.events]
        state = german.states[len(german.states) // 2]
        seat = ENGINE.current_seats(state)[0]
        with using("de"):
            german_actions = [c.action for c in ENGINE.legal_actions(state, seat)]
        with using("en"):
            assert german_actions == [c.action for c in ENGINE.legal_actions(state, seat)]


@pytest.mark.parametrize("key", ["mouse", "cheese", "cat", "cucumber"])
def test_the_board_shortens_each_agenda_title_as_the_data_file_names_it(key: str) -> None:
    title = ENGINE.data.agendas[key].title
    assert agenda_short(key) == title.replace("!", "").replace("The ", "")
    with using("de"):  # the Secret Agenda cards' titles stay as printed on them
        assert agenda_short(key) == title.replace("!", "").replace("The ", "")
        assert texts.token_name(ENGINE.data.table, ENGINE.data.agendas, f"agenda:{key}").endswith("did it!")


def test_every_card_shape_is_named_whole_on_the_german_belt() -> None:
    """German names are longer ("Sackgasse" for "Dead end"): a belt label is drawn condensed rather
    than cut, and still passes the phone checks."""
    table = ENGINE.data.table
    one_of_each = list({table.shape[card]: card for card in table.ids}.values())
    start = german_games()[2].initial
    labels: list[str] = []
    for first in range(0, len(one_of_each), 4):
        state = ENGINE.clone(start)
        state.belt = (one_of_each[first : first + 4] + state.belt)[:4]
        with using("de"), recording() as placed:
            image = render_board(ENGINE.public_view(state), awkward_tags(1, SPEC.seat_colours))
        assert not too_small(placed, image.width) and not overlaps(placed) and not outside(placed, image.size)
        labels += [p.text for p in placed if re.match(r"\d · ", p.text)]
    assert len(labels) == 8
    assert any(label.endswith(" · Sackgasse") for label in labels)
    assert not [label for label in labels if label.endswith("…")]
