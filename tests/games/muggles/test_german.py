"""Issue 25, "Deutsch": Muggles! in German: the base game's words in its rulebook's terms (001, the
cmiyc catalogue), Muggles' own (000, English) in natural German beside them (Muggel, Baustelle,
Cache-Gruppen).

"No English word leaks into a German public message. Check this with a word-list test over the
messages of seeded games, with an allow-list for names." and "The phone checks pass for German
boards." Seeded random games (solitaire, two to six players, each goal) are played through the engine under
``using("de")``; every status, private text, prompt, help, event, choice label and description,
refusal, result, reveal, text board and board picture they produce is read for English words. The
word list is every word of both games' English texts (both catalogue templates, the data files' names
and texts included), less the rulebook's own English terms and the words German spells the same.
The English texts are held unchanged by the other tests of this package, which assert them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from bot.engine import RuleError, SeatTag
from bot.engine.playout import Playout, play
from bot.engine.seats import plain_tags
from bot.games.cmiyc.i18n import CMIYC
from bot.games.muggles import GAME, losing, rounds
from bot.games.muggles.i18n import MUGGLES
from bot.i18n import using
from render.muggles import render_board
from render.muggles_text import text_board
from render.text import recording
from tests.games.cmiyc.test_german import RULEBOOK_TERMS, SAME_IN_GERMAN, TABLE_BOARD_WORDS, template_words
from tests.games.cmiyc.test_german import leaks as cmiyc_leaks
from tests.games.muggles.helpers import E, ctx
from tests.support.german_checks import assert_choices_fit_discord, check_german_boards

GAMES = (
    (1, 1, {"requirements": "basic", "round_limit": 12}),
    (1, 5, {"requirements": "basic"}),
    (2, 6, {"requirements": "basic"}),
    (3, 3, {"requirements": "advanced", "round_limit": 10}),
    (5, 4, {"requirements": "custom", "team_groups": 5, "player_coins": 2, "round_limit": 8}),
)
"""(players, seed, options): solitaire and two to five players, each goal; games the muggles win (a
group trashed) and games the house safety stop ends."""
MUGGLES_TERMS = "muggle muggles trad"
"""Muggles' own name for the non-geocachers, German "Muggel", and the Traditional Group's short name."""
GAME_NAME = re.compile(r"Muggles!|Cache Me If You Can")
"""The game's name and its base game's, as printed on the boxes."""


@cache
def english_words() -> frozenset[str]:
    """Every word of both games' English texts, less the rulebook's terms and the allow-list."""
    allowed = set(RULEBOOK_TERMS.split()) | set(SAME_IN_GERMAN.split()) | set(MUGGLES_TERMS.split())
    return frozenset(template_words(CMIYC, MUGGLES) - allowed)


def leaks(text: str, names: tuple[str, ...] = ()) -> set[str]:
    return cmiyc_leaks(text, names, GAME_NAME, english_words())


@cache
def german_games() -> tuple[Playout, ...]:
    with using("de"):
        return tuple(play(E, players, seed, options, keep_states=True) for players, seed, options in GAMES)


def state_texts(state: object, players: int) -> Iterator[str]:
    public = E.public_view(state)
    yield E.status_text(public)
    yield text_board(public, tuple(SeatTag(s, f"Spieler {s + 1}") for s in range(players)))
    for seat in range(players):
        view = E.seat_view(state, seat)
        yield E.private_text(view)
        yield E.prompt_text(view)
        yield E.rule_help(view)
        for choice in E.legal_actions(state, seat):
            yield choice.label
            yield choice.description or ""
    if E.is_terminal(state):
        yield E.results(state).text
        yield E.reveal_text(state)
        return
    seat = E.current_seats(state)[0]
    refused = [(seat, "nonsense:1")] + ([((seat + 1) % players, "end")] if players > 1 else [])
    for who, action in refused:
        with pytest.raises(RuleError) as error:
            E.apply(state, who, action)
        yield str(error.value)


def test_no_english_word_leaks_into_a_german_game() -> None:
    """ "No English word leaks into a German public message" — nor into a private one, a button or a DM."""
    leaked: dict[str, str] = {}
    seen = 0
    with using("de"):
        for (players, _seed, _options), outcome in zip(GAMES, german_games()):
            found = [event.text for event in outcome.events]
            states = [outcome.initial, *outcome.states]
            for state in states[:: max(1, len(states) // 150)] + [outcome.final]:
                found.extend(state_texts(state, players))
            for text in found:
                for word in leaks(text):
                    leaked.setdefault(word, text)
            seen += len(found)
    assert seen > 1000
    assert leaked == {}, "\n".join(f"{word}: {text!r}" for word, text in leaked.items())


def test_the_word_list_catches_english() -> None:
    """The check itself: the English texts of the same game are full of listed words."""
    state = german_games()[2].initial
    english = E.prompt_text(E.seat_view(state, 0)) + E.status_text(E.public_view(state))
    assert {"which", "side", "card", "faces", "everyone", "chooses", "goal", "groups"} <= leaks(english)
    with using("de"):
        assert leaks(E.prompt_text(E.seat_view(state, 0)) + E.status_text(E.public_view(state))) == set()


def test_labels_fit_discord() -> None:
    """Buttons take at most 80 characters, select options 100 (labels and descriptions)."""
    assert_choices_fit_discord(E, german_games())


@pytest.mark.parametrize("long_names", [False, True], ids=["names", "long and non-Latin names"])
def test_german_boards_pass_the_phone_checks(long_names: bool) -> None:
    """ "no text under 11 px at that width, no text over other text, nothing off the image", every
    sign explained by the key, and no English word on a German board."""
    games = [(players, outcome) for (players, _seed, _options), outcome in zip(GAMES, german_games())]
    assert check_german_boards(E, GAME, render_board, games, leaks, TABLE_BOARD_WORDS, long_names) > 20


def test_german_words_reach_the_board_and_the_texts() -> None:
    """The German catalogues are what the board and the texts read (not English by a fallback): Muggles'
    own words and the base game's, in the rulebook's terms."""
    outcome = german_games()[2]
    with using("de"):
        status = E.status_text(E.public_view(outcome.initial))
        with recording() as placed:
            render_board(E.public_view(outcome.final), plain_tags(2, GAME.seat_colours))
    assert "Aufstellen: Alle wählen die Seiten ihrer Ausrüstungskarten." in status
    assert "Ziel (Grundziel)" in status
    drawn = " ".join(p.text for p in placed)
    assert "Rätsel" in drawn and "Schloss" in drawn and "Kas" in drawn
    events = " ".join(e.text for e in outcome.events)
    assert "Nordwald-Muggel" in events or "Südwald-Muggel" in events
    assert "Die Suche beginnt!" in events
    with using("de"):
        ending = E.results(outcome.final).text
    assert outcome.final.outcome == "trashed" and ending.startswith("💀 Die Muggel gewinnen: die ")
    assert outcome.final.outcome_text.startswith("💀 The muggles win: the "), "the state keeps one language"


def test_german_games_are_the_english_games_in_other_words() -> None:
    """Only words change: the same seed plays the same actions, with the same choices (ids)."""
    for (players, seed, options), german in zip(GAMES[:2], german_games()):
        with using("en"):
            english = play(E, players, seed, options, keep_states=True)
        assert german.log == english.log
        assert [e.text for e in german.events] != [e.text for e in english.events]
        state = german.states[len(german.states) // 2]
        seat = E.current_seats(state)[0]
        with using("de"):
            german_actions = [c.action for c in E.legal_actions(state, seat)]
        assert german_actions == [c.action for c in E.legal_actions(state, seat)]


def test_help_quotes_each_rule_text_in_the_readers_language() -> None:
    """ "❓" quotes Muggles' own rules (000, English) translated faithfully, and the base game's rules in
    their German original in both languages."""
    outcome = german_games()[2]
    state = next(s for s in outcome.states if s.round > 0 and E.seat_view(s, E.current_seats(s)[0]).prompt == "move")
    view = E.seat_view(state, E.current_seats(state)[0])
    english = E.rule_help(view)
    with using("de"):
        german = E.rule_help(view)
    assert "Stealth – Geocachers avoid attention" in english
    assert "Unauffälligkeit – Geocacher vermeiden Aufmerksamkeit" in german


def test_a_loss_is_judged_again_alike_on_the_final_state() -> None:
    """The state keeps its ending in English, whoever's move ended the game; a reader of another
    language gets it judged again on the final state, which must give the very same loss."""
    losses = [o.final for o in german_games() if o.final.outcome not in ("won", "rounds")]
    assert losses
    for final in losses:
        lost = losing.loss(E.team, final)
        assert lost is not None and lost.kind == final.outcome
        with using("en"):
            assert rounds.outcome_words(ctx(final), final.outcome, lost) == final.outcome_text
            assert rounds.ending_text(ctx(final)) == final.outcome_text
        with using("de"):
            assert rounds.ending_text(ctx(final)).startswith("💀 Die Muggel gewinnen: ")
