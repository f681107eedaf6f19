"""Action strings come from custom ids any client can forge: every number is checked."""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from bot.engine.actions import number, split


def test_split_reads_verb_and_arguments():
    assert split("place:C3:r1") == ("place", ["C3", "r1"])
    assert split("pass") == ("pass", [])


@pytest.mark.parametrize("text", ["", "-1", "٣", "1e3", " 3", "3 ", "9" * 30, "0x10"])
def test_numbers_that_are_not_plain_ascii_digits_are_refused(text):
    with pytest.raises(RuleError, match="not a number"):
        number(text, 0, 10**12, "card")


def test_numbers_outside_the_range_are_refused():
    assert number("4", 1, 4, "seat") == 4
    with pytest.raises(RuleError, match="from 1 to 4"):
        number("5", 1, 4, "seat")
