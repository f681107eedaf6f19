"""Names as people read them: colour and bold, never broken Markdown."""

from __future__ import annotations

from bot.engine import SeatTag
from bot.table.texts import counted, for_reading

TAGS = [SeatTag(0, "al*ice", "Purple"), SeatTag(1, "bob", "Red", dms_closed=True)]


def test_names_are_bold_with_their_colour_and_escaped():
    assert for_reading("{p0} passes; {p1} waits.", TAGS) == "🟪 **al\\*ice** passes; 🟥 **bob** 📪 waits."


def test_a_name_the_game_already_put_in_bold_is_not_wrapped_twice():
    # Mutiny announces votes as "🛡️ **{p1}** defends."; "**🟥 **bob****" would show stray asterisks.
    assert for_reading("🛡️ **{p1}** defends.", TAGS) == "🛡️ 🟥 **bob** 📪 defends."
    assert "****" not in for_reading("🏴‍☠️ **{p0}**: Yarr!", TAGS)


def test_numbers_come_with_their_noun_in_the_right_number():
    """Issue 21: "missed 1 turns", "1 games"."""
    assert [counted(n, "turn") for n in (0, 1, 2)] == ["0 turns", "1 turn", "2 turns"]
    assert counted(1, "game") == "1 game" and counted(3, "board") == "3 boards"
