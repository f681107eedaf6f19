"""German boards on a phone (issue 25): "German words are longer, so the phone checks (text ≥ 11 px at
400 px, no overlaps) run in both languages." Every game's board is drawn in German as the live board
is (the table's words: the round, the deadline, a computer's level beside its name, a seat's colour
standing in for a name that cannot be drawn), with long, emoji and CJK names and a turn clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.engine import SeatTag
from bot.engine.playout import play
from bot.engine.seats import with_levels
from bot.games.registry import default_registry, game, game_names
from bot.i18n import using
from render import renderer
from render.status import deadline_words, round_words
from render.text import board_name, outside, overlaps, recording, too_small
from tests.render.test_render_contract import awkward_tags

DEADLINE = datetime(2030, 5, 14, 18, 0, tzinfo=UTC)
SAMPLES = 8
"""Boards checked per game: spread from the first state to the last."""


def test_the_tables_board_words_in_german():
    with using("de"):
        assert deadline_words(DEADLINE) == "bis 14. Mai 18:00 UTC"
        assert round_words(3, 12) == "Runde 3/12"
        [computer] = with_levels([SeatTag(0, "🤖 Computer 1 für Bartholomew Roberts", "Red", True, level="strong")])
        assert computer.name == "🤖 Computer 1 für Bartholomew Roberts · stark"
        shortened = board_name(computer.name, "Rot", 16, 220)
        assert shortened.startswith("Computer 1 für") and shortened.endswith("… · stark"), "the level stays whole"
        assert board_name("🐙 · normal", "Rot", 16, 400) == "Rot · normal", "the colour, in German, stands in"
    assert deadline_words(DEADLINE) == "until 14 May 18:00 UTC", "English as before"


@pytest.mark.parametrize("name", game_names())
def test_every_german_board_is_readable_on_a_phone(name):
    spec = default_registry().spec(name)
    engine = game(name).engine
    players = spec.max_players
    outcome = play(engine, players, 1, keep_states=True)
    states = [outcome.initial, *outcome.states]
    picked = [states[i * (len(states) - 1) // (SAMPLES - 1)] for i in range(SAMPLES)]
    tags = list(awkward_tags(players, spec.seat_colours, DEADLINE))
    tags[2] = SeatTag(
        2, "🤖 Computer 1 für Bartholomew Roberts", tags[2].colour, True, deadline=DEADLINE, level="strong"
    )
    draw = renderer(spec)
    drawn: dict[str, list[str]] = {"en": [], "de": []}
    for language, words in drawn.items():
        with using(language):
            shown = with_levels(tags)
            for state in picked:
                with recording() as placed:
                    image = draw(engine.public_view(state), shown)
                words.append(" ".join(p.text for p in placed))
                if language == "en":
                    continue
                small = too_small(placed, image.width)
                assert not small, f"text too small on a phone: {small[:3]}"
                clashes = overlaps(placed)
                assert not clashes, f"texts overlap: {clashes[:3]}"
                assert not outside(placed, image.size), "text runs off the board"
    german = drawn["de"]
    assert not [words for words in german if "until " in words or "strong" in words], "the table's words are German"
    assert any("bis 14. Mai 18:00 UTC" in words for words in german), "the turn clock's deadline, in German"
    if any("· strong" in words for words in drawn["en"]) and name != "cmiyc":
        # (Cache Me If You Can's German panels are tighter: there the name goes alone, as board_name does
        # in little room.)
        assert any("· stark" in words for words in german), "a computer's level beside its name, in German"
