"""Durations as people type them, quiet hours in a user's time zone (across midnight and DST)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.storage.records import GameTiming, UserSettings
from bot.table import TableError
from bot.table.timing import (
    duration_text,
    make_timing,
    parse_duration,
    parse_quiet,
    quiet_until,
    timing_text,
    zone_names,
)


def test_durations_read_as_people_write_them():
    assert parse_duration("12h", "delay") == 12 * 3600
    assert parse_duration("1d 6h", "delay") == parse_duration("1d6h", "delay") == 30 * 3600
    assert parse_duration("90m", "delay") == 5400
    assert parse_duration("2.5 hours", "delay") == 9000
    assert parse_duration("8", "delay") == 8 * 3600, "a bare number is hours"
    assert parse_duration("off", "delay") is None
    with pytest.raises(TableError, match="can't read `soon`"):
        parse_duration("soon", "turn clock")
    with pytest.raises(TableError, match="can't read"):
        parse_duration("12h and a bit", "turn clock")
    with pytest.raises(TableError, match="between 1 minute and 30 days"):
        parse_duration("40d", "turn clock")


def test_durations_are_short_for_phones():
    assert [duration_text(s) for s in (30, 2700, 3600, 5400, 86400, 97200)] == [
        "1 min",
        "45 min",
        "1 h",
        "1 h 30 min",
        "1 d",
        "1 d 3 h",
    ]


def test_a_games_timing_from_new_and_its_lobby_line():
    assert make_timing(None, None, None) == GameTiming(12 * 3600, None, None)
    assert make_timing("off", "1d", 3) == GameTiming(0, 86400, 3)
    with pytest.raises(TableError, match="give a turn clock too"):
        make_timing(None, None, 3)
    assert timing_text(GameTiming(0, 86400, 3)) == (
        "🔕 No reminders · ⌛ 1 d per move, then the computer decides · "
        "3 missed turns in a row hand the seat to the computer"
    )
    assert timing_text(GameTiming(0, 120, 1)).endswith("1 missed turn in a row hands the seat to the computer")


def test_quiet_hours_across_midnight_and_by_day():
    night = UserSettings(1, "Europe/Berlin", *(parse_quiet("22-7") or (0, 0)))
    # 23:30 in Berlin (winter, UTC+1): quiet until 07:00 Berlin = 06:00 UTC the next day.
    assert quiet_until(night, datetime(2024, 1, 1, 22, 30, tzinfo=UTC)) == datetime(2024, 1, 2, 6, tzinfo=UTC)
    assert quiet_until(night, datetime(2024, 1, 2, 3, 0, tzinfo=UTC)) == datetime(2024, 1, 2, 6, tzinfo=UTC)
    assert quiet_until(night, datetime(2024, 1, 2, 6, 0, tzinfo=UTC)) is None, "07:00 sharp: no longer quiet"
    # Summer time (UTC+2): the same wall-clock hours.
    assert quiet_until(night, datetime(2024, 7, 1, 21, 0, tzinfo=UTC)) == datetime(2024, 7, 2, 5, tzinfo=UTC)
    lunch = UserSettings(1, "UTC", *(parse_quiet("12:30-13:15") or (0, 0)))
    assert quiet_until(lunch, datetime(2024, 1, 1, 13, 0, tzinfo=UTC)) == datetime(2024, 1, 1, 13, 15, tzinfo=UTC)
    assert quiet_until(lunch, datetime(2024, 1, 1, 13, 15, tzinfo=UTC)) is None
    assert quiet_until(UserSettings(1), datetime(2024, 1, 1, 3, tzinfo=UTC)) is None


def test_bad_quiet_hours_and_time_zones_are_explained():
    assert parse_quiet("off") is None
    with pytest.raises(TableError, match="as a range"):
        parse_quiet("22")
    with pytest.raises(TableError, match="time of day"):
        parse_quiet("25-7")
    with pytest.raises(TableError, match="different times"):
        parse_quiet("7-7")
    assert "Europe/Berlin" in zone_names("berl")
