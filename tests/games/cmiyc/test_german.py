"""Issue 25, "Deutsch": Cache Me If You Can! in German, in the rulebook's own terms (001).

"No English word leaks into a German public message. Check this with a word-list test over the
messages of seeded games, with an allow-list for names." and "The phone checks pass for German
boards." Seeded random games (two to six players, each victory) are played through the engine under
``using("de")``; every status, private text, prompt, help, event, choice label and description,
refusal, result, reveal, text board and board picture they produce is read for English words. The
word list is every word of the game's English texts (its catalogue template, the data files' names
and texts included), less the rulebook's own English terms and the words German spells the same.
The English texts are held unchanged by the other tests of this package, which assert them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po

from bot.engine import RuleError, SeatTag
from bot.engine.playout import Playout, play
from bot.engine.seats import plain_tags
from bot.games.cmiyc import GAME
from bot.games.cmiyc.i18n import CMIYC
from bot.games.cmiyc.texts import square_name
from bot.i18n import Domain, using
from render.cmiyc import render_board
from render.cmiyc_text import text_board
from render.text import recording
from tests.games.cmiyc.helpers import E
from tests.support.german_checks import assert_choices_fit_discord, check_german_boards

GAMES = (
    (2, 1, {"victory": "short"}),
    (3, 2, {"victory": "standard", "round_limit": 40}),
    (4, 3, {"victory": "advanced", "round_limit": 30}),
    (6, 4, {"victory": "standard", "round_limit": 20}),
)
"""(players, seed, options): every victory, two to six players."""

RULEBOOK_TERMS = """
    moonrise café swag store mega event geocaching gps pen poison ivy trail head heads snoop snack
    cache caches multi super nano mystery traditional challenge virtual coin coins geocoin geocoins
"""
"""The rulebook's own words, English in the German text too: "Moonrise Café", "Swag Store",
"Mega-Event", "GPS/PEN", "Poison Ivy", "Trail Heads", "den Snoop", "Snackkarte", "Multi-Cache",
"Coinsymbol", "Geocoin" (001), and the cache types' names German geocachers use (Traditional, Nano,
Mystery, Challenge, Virtual)."""
SAME_IN_GERMAN = """
    laptop computer an in so was wo er es die am um hat mit bist du finder dm dms faq store kas stat team also rest
    signal mega swag blick not ausr p
"""
"""Words of the English texts that German writes alike (``Laptop``, ``an``, ``in``, ``was``), Discord's
"DMs", the FAQ, and the board's square codes in German (``Kas``, ``Stat``, ``Not``)."""
WORD = re.compile(r"(?<!\w)[^\W\d_]+(?:['’][^\W\d_]+)*(?!\w)")
"""A word, not a square's letter (``A8``) nor a tile's code beside a digit."""
GAME_NAME = re.compile(r"Cache Me If You Can!?")
"""The game's name, as printed on the box (the boards' title)."""
TABLE_LINE = re.compile(r"^-# From the rules: .*$", re.MULTILINE)
"""The table's own words under a rule quote (``bot/engine/rulehelp.py``, the table's catalogue)."""
TABLE_BOARD_WORDS = re.compile(r"\bRound \d+(/\d+)?|\buntil \d+ \w+ [\d:]+ UTC| and ")
"""The shared board code's words (``render.status``: the round, a deadline, winners joined with
"and"): the table domain's, left for it to translate."""


def _words(text: str) -> set[str]:
    words = WORD.findall(re.sub(r"\{[^{}]*\}", " ", text).replace("-", " "))
    # a single letter is a column of the grid; up to three capitals a tile's code (``SUN``, ``CLF``)
    return {word.lower() for word in words if len(word) > 1 and not (len(word) <= 3 and word.isupper())}


def template_words(*domains: Domain) -> set[str]:
    """Every word of the domains' English texts (their templates' msgids)."""
    found: set[str] = set()
    for domain in domains:
        with (domain.directory / f"{domain.name}.pot").open("rb") as template:
            catalogue = read_po(template)
        for message in catalogue:
            for text in message.id if isinstance(message.id, (tuple, list)) else (message.id,):
                found |= _words(text)
    return found


@cache
def english_words() -> frozenset[str]:
    """Every word of the game's English texts, less the rulebook's terms and the allow-list."""
    return frozenset(template_words(CMIYC) - set(RULEBOOK_TERMS.split()) - set(SAME_IN_GERMAN.split()))


def leaks(
    text: str,
    names: tuple[str, ...] = (),
    game_name: re.Pattern[str] = GAME_NAME,
    english: frozenset[str] = frozenset(),
) -> set[str]:
    """The listed English words in ``text`` (``english``: this game's list), its names and the box's
    name (``game_name``) aside."""
    readable = TABLE_LINE.sub("", game_name.sub("", text))
    for name in names:
        readable = readable.replace(name, " ")
    readable = re.sub(r"\{p\d\}", " ", readable)
    return _words(readable) & (english or english_words())


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
    for who, action in ((seat, "nonsense:1"), ((seat + 1) % players, "end")):
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
    assert seen > 3000
    assert leaked == {}, "\n".join(f"{word}: {text!r}" for word, text in leaked.items())


def test_the_word_list_catches_english() -> None:
    """The check itself: the English texts of the same game are full of listed words."""
    state = german_games()[0].initial
    english = E.prompt_text(E.seat_view(state, 0)) + E.status_text(E.public_view(state))
    assert {"which", "side", "card", "faces", "everyone", "chooses", "wins"} <= leaks(english)
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
    """The German catalogue is what the board and the texts read (not English by a fallback), in the
    rulebook's terms."""
    outcome = german_games()[0]
    with using("de"):
        status = E.status_text(E.public_view(outcome.initial))
        with recording() as placed:
            render_board(E.public_view(outcome.initial), plain_tags(2, GAME.seat_colours))
    assert "Aufstellen: Alle wählen die Seiten ihrer 3 Ausrüstungskarten." in status
    drawn = {p.text for p in placed}
    assert {"Café", "Swag", "Mega", "Ausr", "Karte", "Blick", "Kas", "Not", "Tür"} <= drawn
    events = " ".join(e.text for e in outcome.events)
    assert "Moonrise Café" in events and "Die Suche beginnt!" in events


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


def test_the_rule_quotes_stay_the_german_original() -> None:
    """The "❓" help quotes the German rulebook in both languages; only the explanation is translated."""
    state = german_games()[0].initial
    view = E.seat_view(state, 0)
    english = E.rule_help(view)
    with using("de"):
        german = E.rule_help(view)
    quote = "> Der Spieler muss entscheiden, welchen Gegenstand er verwenden möchte"
    assert quote in english and quote in german
    assert "Each equipment card shows two items" in english
    assert "Jede Ausrüstungskarte zeigt zwei Gegenstände" in german


def test_a_square_is_named_in_the_readers_language_whoever_asked_first() -> None:
    """Square names are worked out once a language (a search lists them thousands of times): an
    English reader and a German one each get their own, in either order."""
    data = E.data
    with using("en"):
        assert square_name(data, "D12") == "D12 Map corner (peek)"
    with using("de"):
        assert square_name(data, "D12") == "D12 Kartenecke (anschauen)"
    with using("en"):
        assert square_name(data, "D12") == "D12 Map corner (peek)"
