"""Catacombs of Mu in German (issue 25): "No English word leaks into a German public message. Check
this with a word-list test over the messages of seeded games, with an allow-list for names." and "The
phone checks pass for German boards."

Seeded games of random players (solo, competitive, co-op, every monster, the lamps limit) and of
computer players (who take Relics, steal, are robbed by Grootslang and are asked before each item
they could use) are played through the engine under ``using("de")``; every status, text board, private and prompt text, "❓" help, event,
choice label and description, menu, refusal, result and reveal is read for English words, and the
board and the places picture of sampled states are checked like every board on a phone. The word list
is every word of the game's English texts (its catalogue template), less the names that stay as
printed and the words German spells the same. The English texts are held unchanged by the other
tests of this package, which assert them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po

from bot.engine import Rng, RuleError, SeatTag
from bot.engine.playout import Playout, play
from bot.games.catacombs import GAME, texts
from bot.games.catacombs.ai import build_computer
from bot.games.catacombs.i18n import CATACOMBS
from bot.games.catacombs.state import State
from bot.games.registry import game
from bot.i18n import using
from render.catacombs import render_board
from render.catacombs_panel import ITEM_ORDER as ITEMS
from render.catacombs_panel import key_entries
from render.catacombs_places import render_places
from render.catacombs_shapes import item_letter
from render.catacombs_text import text_board
from render.text import outside, overlaps, recording, smallest_size, too_small
from tests.games.catacombs.helpers import actions, run
from tests.games.catacombs.test_play import slide_scene
from tests.games.catacombs.test_render import NAMES as LONG_NAMES

E = game("catacombs").engine
DATA = E.data

GAMES = (
    (1, 3, {"monsters": "2"}),
    (2, 5, {"monsters": "6", "rounds": 40}),
    (3, 2, {"characters": "random", "longer": True}),
    (4, 4, {"mode": "cooperative", "monsters": "4"}),
)
"""(players, seed, options): solo, competitive with every monster and the lamps limit, dealt
characters and the longer game, a co-op expedition."""

COMPUTER_GAMES = ((2, 2, {"monsters": "6"}), (4, 2, {"mode": "cooperative", "monsters": "6"}))
"""Games of computer players who asked to be asked before using an item (``stand:…:ask``): a duel
that ends by an escape with every monster about, and a co-op expedition."""

PRINTED = (
    "Catacombs of Mu",
    *(monster.name for monster in DATA.monsters),
    *(character.name for character in DATA.characters.values()),
    *(kind.name for kind in DATA.kinds if kind.cls == "relic"),
)
"""What stays as printed in German: the game's name, the monsters', the characters' and the Relics'."""

SAME_IN_GERMAN = {
    "monster",
    "monsters",
    "hand",
    "in",
    "an",
    "so",
    "solo",
    "mu",
    "ex",
    "fall",
    "phase",
    "expedition",
    "was",
    "min",
}
"""English words of the texts that German writes alike (das Monster, die Hand, solo, die Expedition, was, 10 Min., in diesem Fall,
Phase 1), and the text board's Exit code."""

DISCORD = {"dms", "cpu"}
"""Discord's "DMs" and the computer player's mark, which German players call so too."""

WORD = re.compile(r"[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß'’-]*[A-Za-zÄÖÜäöüß]")
"""A word of two letters or more (grid columns, compass points and item letters are single letters)."""

TAGS = (
    SeatTag(0, "Anna", "Red"),
    SeatTag(1, "Bernd Kowalczyk-Schäfer", "Blue", dms_closed=True),
    SeatTag(2, "Computer 3", "Green", computer=True),
    SeatTag(3, "Dörte", "Yellow"),
)


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text))}


@cache
def english_words() -> frozenset[str]:
    """Every word of the game's English texts, less the printed names and the allow-lists."""
    with (CATACOMBS.directory / "catacombs.pot").open("rb") as template:
        catalogue = read_po(template)
    found: set[str] = set()
    for message in catalogue:
        for text in message.id if isinstance(message.id, (tuple, list)) else (message.id,):
            found |= _words(text)
    printed = {word for name in PRINTED for word in _words(name)}
    return frozenset(found - printed - SAME_IN_GERMAN - DISCORD)


def leaks(text: str, names: tuple[str, ...] = ()) -> set[str]:
    readable = text
    for name in (*PRINTED, *names):
        readable = readable.replace(name, " ")
    return _words(re.sub(r"\{p\d\}", " ", readable)) & english_words()


def computer_game(players: int, seed: int, options: dict[str, object]) -> Playout:
    computer = build_computer(E)
    state = E.new_game(players, E.options_for(options, players), seed)
    for seat in range(players):
        for kind in ("aid", "torch", "bullets", "spend"):
            state = E.apply(state, seat, f"stand:{kind}:ask").state
    outcome = Playout(initial=state, final=state)
    while not E.is_terminal(state):
        seat = E.current_seats(state)[0]
        view = E.seat_view(state, seat)
        action = computer.choose(view, E.legal_actions(state, seat), Rng.from_seed(seed, len(outcome.log), seat))
        transition = E.apply(state, seat, action)
        state = transition.state
        outcome.log.append((seat, action))
        outcome.events.extend(transition.events)
        outcome.states.append(state)
    outcome.final = state
    return outcome


@cache
def german_games() -> tuple[Playout, ...]:
    """The random games of ``GAMES``, then the computer games of ``COMPUTER_GAMES``."""
    with using("de"):
        random = tuple(play(E, players, seed, options, keep_states=True) for players, seed, options in GAMES)
        return random + tuple(computer_game(*game) for game in COMPUTER_GAMES)


def _seat_texts(state: State, seat: int) -> Iterator[str]:
    view = E.seat_view(state, seat)
    yield E.private_text(view)
    yield E.prompt_text(view)
    yield E.rule_help(view)
    for choice in [*E.legal_actions(state, seat), *E.standing_choices(state, seat)]:
        yield choice.label
        yield choice.description
    for menu in E.multi_choices(state, seat):
        yield menu.placeholder
        for option in menu.options:
            yield option.label
            yield option.description


def state_texts(state: State) -> Iterator[str]:
    public = E.public_view(state)
    yield E.status_text(public)
    yield text_board(public, TAGS[: state.players])
    for seat in range(state.players):
        yield from _seat_texts(state, seat)
    if E.is_terminal(state):
        yield E.results(state).text
        yield E.reveal_text(state)
        return
    seat = E.current_seats(state)[0]
    others = [s for s in range(state.players) if s not in E.current_seats(state)]
    for who, action in [(seat, "nonsense:1"), *((other, "pass") for other in others[:1])]:
        with pytest.raises(RuleError) as error:
            E.apply(state, who, action)
        yield str(error.value)


def test_no_english_word_leaks_into_a_german_game() -> None:
    """Every text of six seeded German games, public and private, is free of the game's English words."""
    leaked: dict[str, str] = {}
    seen = 0
    steps: set[str] = set()
    with using("de"):
        for outcome in german_games():
            found = [event.text for event in outcome.events]
            for state in [outcome.initial, *outcome.states]:
                steps.add(state.tasks[-1].kind if state.tasks and not state.over else "over")
                found.extend(state_texts(state))
            for text in found:
                for word in leaks(text):
                    leaked.setdefault(word, text)
            seen += len(found)
    assert {word: text[:300] for word, text in leaked.items()} == {}
    assert seen > 30000
    assert set(texts.STEP_STATUS) - steps <= {"target"}, "every decision but a link with several players"
    assert "over" in steps


def test_the_word_list_catches_english() -> None:
    """The check itself: the English texts of the same game are full of listed words."""
    state = german_games()[1].states[10]
    seat = E.current_seats(state)[0]
    english = E.prompt_text(E.seat_view(state, seat))
    assert leaks(english)
    with using("de"):
        assert leaks(E.prompt_text(E.seat_view(state, seat))) == set()
    assert leaks("🏺 {p0} nimmt Sun Disc!") == set()
    assert leaks("🏺 {p0} takes Sun Disc!") == {"takes"}


def test_german_labels_fit_discord() -> None:
    """A button's label holds 80 characters, a select option's label and description 100, a menu's
    placeholder 150 (``/work/shared/notes/discord-facts.md``); German words are longer, so each German
    description is short enough to be shown whole (the engine cuts a longer one at 100)."""
    checked = 0
    with using("de"):
        for outcome in german_games():
            for state in outcome.states:
                for seat in E.current_seats(state):
                    for choice in [*E.legal_actions(state, seat), *E.standing_choices(state, seat)]:
                        assert 0 < len(choice.label) <= 80, choice.label
                        assert len(choice.description) < 100, choice.description
                        checked += 1
                    for menu in E.multi_choices(state, seat):
                        assert 0 < len(menu.placeholder) <= 150, menu.placeholder
                        for option in menu.options:
                            assert 0 < len(option.label) <= 100 and len(option.description) <= 100
    assert checked > 5000


def _phone_checked(image_width: int, placed: list, size: tuple[int, int]) -> None:
    small = too_small(placed, image_width)
    assert not small, f"text under {smallest_size(image_width)} px: {small[:3]}"
    assert not overlaps(placed), f"texts overlap: {overlaps(placed)[:3]}"
    assert not outside(placed, size), "text runs off the picture"


@pytest.mark.parametrize("names", [TAGS, "long"], ids=["names", "long names"])
def test_german_boards_and_places_pass_the_phone_checks(names: tuple[SeatTag, ...] | str) -> None:
    """ "The phone checks pass for German boards": text at least 11 px when shown 400 px wide, no
    overlaps, nothing outside the picture, no English word, with long, emoji and CJK names too; the
    same for the picture of the places a player chooses among."""
    boards = places = 0
    with using("de"):
        for (players, _seed, _options), outcome in zip((*GAMES, *COMPUTER_GAMES), german_games()):
            tags = (
                TAGS[:players]
                if names != "long"
                else tuple(SeatTag(i, LONG_NAMES[i], GAME.seat_colours[i], computer=i == 2) for i in range(players))
            )
            tag_names = tuple(tag.name for tag in tags)
            states = [outcome.initial, *outcome.states]
            for state in [*states[:: max(1, len(states) // 10)], outcome.final]:
                with recording() as placed:
                    image = render_board(E.public_view(state), tags)
                _phone_checked(image.width, placed, image.size)
                assert set().union(*(leaks(p.text, tag_names) for p in placed)) == set()
                boards += 1
                for seat in E.current_seats(state):
                    view = E.places_view(state, seat)
                    if view is None:
                        continue
                    with recording() as placed:
                        image = render_places(view, tags)
                    _phone_checked(image.width, placed, image.size)
                    assert set().union(*(leaks(p.text, tag_names) for p in placed)) == set()
                    places += 1
    assert boards > 40 and places > 10


def test_german_words_reach_the_board_and_the_texts() -> None:
    """The German catalogue is what the board and the texts read (not English by a fallback)."""
    outcome = german_games()[3]
    state = outcome.states[len(outcome.states) // 2]
    with using("de"):
        status = E.status_text(E.public_view(state))
        with recording() as placed:
            render_board(E.public_view(state), TAGS)
    assert "Runde " in status and "Relikte am Ausgang" in status
    drawn = " ".join(p.text for p in placed)
    assert "Ausgang" in drawn and "Monsterweg" in drawn


def test_german_letters_name_the_german_words() -> None:
    """The equipment's letters are the German names' first letters, passage ends the German compass
    points (O for Ost); English keeps its own."""
    with using("de"):
        assert [item_letter(key) for key in ITEMS] == ["P", "S", "K", "M", "F", "+"]
        assert texts.ends("NES") == "├ N+O+S"
        legend = {entry.label for entry in key_entries(E.public_view(german_games()[4].final), 14)}
    assert [item_letter(key) for key in ITEMS] == ["W", "P", "K", "A", "T", "+"]
    assert texts.ends("NES") == "├ N+E+S"
    assert {"Ausgang", "Monsterweg"} <= legend


def test_german_games_are_the_english_games_in_other_words() -> None:
    """Only words change: the same seed plays the same actions, with the same choices (ids)."""
    players, seed, options = GAMES[1]
    german = german_games()[1]
    with using("en"):
        english = play(E, players, seed, options, keep_states=True)
    assert german.log == english.log
    assert [e.text for e in german.events] != [e.text for e in english.events]
    state = german.states[len(german.states) // 2]
    seat = E.current_seats(state)[0]
    with using("de"):
        german_actions = [c.action for c in E.legal_actions(state, seat)]
    with using("en"):
        assert german_actions == [c.action for c in E.legal_actions(state, seat)]


def test_a_computer_hands_an_opponent_a_dead_end_in_german_too() -> None:
    """A computer choosing an opponent's next slide tile picks a Dead End (its passage stops there),
    told by the tile, not by the words "Dead End" in the label, which is in the table's language."""
    scene, slide = slide_scene(bag=("I", "L", "T", "rival_dead_end"))
    state, _ = run(scene.at_action(0), (0, f"pick:{slide}"), (0, "put:C9:0"), (0, "slide"))
    state, _ = run(state, (0, next(a for a in actions(state, 0) if DATA.kinds[int(a[5:])].key == "I")), (0, "put:C8:0"))
    assert E.current_seats(state) == [1] and state.tasks[-1].kind == "slide_pick"
    chosen = {}
    for language in ("en", "de"):
        with using(language):
            chosen[language] = build_computer(E).choose(E.seat_view(state, 1), E.legal_actions(state, 1), Rng(1))
    assert chosen["de"] == chosen["en"]
    assert DATA.kinds[int(chosen["de"][5:])].key == "rival_dead_end"


def test_computer_players_play_the_same_game_in_german() -> None:
    """A computer's moves are chosen in the table's language: they must not depend on its words
    (a slide's next tile for an opponent is told a Dead End by the tile, not by "Dead End" in its label)."""
    with using("en"):
        english = computer_game(*COMPUTER_GAMES[0])
    german = german_games()[len(GAMES)]
    assert german.log == english.log
    assert english.final.over == "escaped"


def test_a_results_variant_reads_in_german_and_stays_an_english_key() -> None:
    """The best-score line names the variant the stats group by ("co-op · 4 relics"): German words for it."""
    engine = game("catacombs").engine
    with using("de"):
        assert engine.variant_text("co-op · 4 relics") == "Koop · 4 Relikte"
        assert engine.variant_text("solo · 3 relics") == "Solo · 3 Relikte"
    assert engine.variant_text("co-op · 4 relics") == "co-op · 4 relics"
