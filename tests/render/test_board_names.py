"""Names on boards: a computer's level stays whole beside its name however the name is shortened
(issue 22: the level is "shown on the board beside the computer's name")."""

from __future__ import annotations

from bot.engine import SeatTag
from bot.engine.seats import with_levels
from render.text import board_name, text_length

SIZE = 16


def test_a_computers_level_follows_its_name_and_a_persons_name_is_unchanged():
    tags = (SeatTag(0, "Ann"), SeatTag(1, "🤖 Computer 1", "Blue", computer=True, level="strong"))
    ann, computer = with_levels(tags)
    assert ann == tags[0]
    assert computer.name == "🤖 Computer 1 · strong" and computer.level == "strong"
    assert board_name(computer.name, "Blue", SIZE, 400) == "Computer 1 · strong", "the emoji is not drawable"


def test_a_long_name_is_shortened_before_the_level_and_fits():
    name = "🤖 Computer 2 for Bartholomew the Magnificent of Great Length · easy"
    for width in (200, 300):
        shown = board_name(name, "Red", SIZE, width)
        assert shown.endswith("… · easy") and shown.startswith("Computer 2")
        assert text_length(SIZE, shown) <= width
    assert board_name("🤖 · normal", "Red", SIZE, 400) == "Red · normal", "the seat's colour stands in for no name"


def test_in_little_room_the_name_goes_alone_and_only_a_level_word_counts_as_a_level():
    """A tile's owner label: "Co… · easy" would say nothing; "Computer 1" says whose it is."""
    assert board_name("🤖 Computer 1 · easy", "Red", SIZE, text_length(SIZE, "Computer 1")) == "Computer 1"
    narrow = board_name("Computer 1 · strong", "Red", SIZE, 40)
    assert narrow.endswith("…") and "strong" not in narrow and text_length(SIZE, narrow) <= 40
    assert not board_name("Ann · strongest player alive", "Red", SIZE, 120).endswith("alive")
