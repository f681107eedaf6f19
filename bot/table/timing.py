"""Time for long games: durations as people type and read them, quiet hours in a user's time zone.

Pure functions of their arguments (the table passes its clock's ``now``), so tests never sleep.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.i18n import N_
from bot.i18n.table import _, _n
from bot.storage.records import GameTiming, UserSettings
from bot.table.errors import TableError

DEFAULT_REMIND_AFTER = 12 * 3600
"""Reminders after 12 hours unless ``/game new`` says otherwise (issue 13)."""
SHORTEST = 60
LONGEST = 30 * 24 * 3600
OFF = ("off", "no", "none", "never", "0")
MISSED_TURNS = (1, 20)
"""``missed:`` at ``/game new``: time-outs in a row before a computer keeps the seat."""
WHOLE_DIGITS = 6
"""Digits before the point of one number: 999,999 minutes is beyond 30 days already, so a longer
number is out of range in any unit, and is refused before any arithmetic (400 digits would make
``float`` infinite and ``round`` raise)."""

_PART = re.compile(
    r"([0-9]+)(\.[0-9]+)?\s*(days|day|d|hours|hour|hrs|hr|h|minutes|minute|mins|min|m)(?![a-z])", re.ASCII
)
_UNIT = {"d": 86400, "h": 3600, "m": 60}
_CLOCK = re.compile(r"([0-9]{1,2})(?::([0-9]{2}))?", re.ASCII)


def quoted(text: str, limit: int = 24) -> str:
    """What someone typed, echoed safely in a one-line answer: no line breaks, control characters or
    backticks, and short."""
    flat = " ".join("".join(c if c.isprintable() and c != "`" else " " for c in text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


_UNREADABLE = {
    "reminder delay": N_("I can't read `{text}` as a reminder delay. Write it like `12h`, `1d 6h`, `90m` or `off`."),
    "turn clock": N_("I can't read `{text}` as a turn clock. Write it like `12h`, `1d 6h`, `90m` or `off`."),
}
_OUT_OF_RANGE = {
    "reminder delay": N_("A reminder delay must be between 1 minute and 30 days (you wrote `{text}`)."),
    "turn clock": N_("A turn clock must be between 1 minute and 30 days (you wrote `{text}`)."),
}
"""What ``parse_duration`` reads, in its refusals (one sentence each: German declines the noun)."""


def parse_duration(text: str, what: str) -> int | None:
    """``"12h"``, ``"1d 6h"``, ``"90m"``, ``"2.5 hours"`` -> seconds; ``"off"`` -> None. Only ASCII
    digits; every number is bounded before it is counted with. ``what``: ``reminder delay`` or
    ``turn clock``."""
    cleaned = text.strip().lower()
    if cleaned in OFF:
        return None
    if re.fullmatch(r"[0-9]+", cleaned):
        cleaned += "h"  # a bare number means hours: the unit people pick for async games
    parts = _PART.findall(cleaned)
    if not parts or _PART.sub("", cleaned).strip(" ,+and"):
        unreadable = _UNREADABLE.get(
            what, N_("I can't read `{text}` as a {what}. Write it like `12h`, `1d 6h`, `90m` or `off`.")
        )
        raise TableError(_(unreadable).format(text=quoted(text), what=what))
    out_of_range = TableError(
        _(_OUT_OF_RANGE.get(what, N_("A {what} must be between 1 minute and 30 days (you wrote `{text}`)."))).format(
            text=quoted(text), what=what
        )
    )
    if any(len(whole.lstrip("0")) > WHOLE_DIGITS for whole, _, _ in parts):
        raise out_of_range
    seconds = round(sum(float(whole + fraction) * _UNIT[unit[0]] for whole, fraction, unit in parts))
    if not SHORTEST <= seconds <= LONGEST:
        raise out_of_range
    return seconds


def duration_text(seconds: float) -> str:
    """``12 h``, ``1 d 6 h``, ``45 min``: short, for phones."""
    seconds = max(int(seconds), 0)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        if hours:
            return _("{days} d {hours} h").format(days=days, hours=hours)
        return _("{days} d").format(days=days)
    if hours:
        if minutes:
            return _("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
        return _("{hours} h").format(hours=hours)
    return _("{minutes} min").format(minutes=max(minutes, 1))


def timing_text(timing: GameTiming) -> str:
    """One line for the lobby: the game's reminders and time limits."""
    if timing.remind_after:
        parts = [_("⏰ Reminders after {delay}").format(delay=duration_text(timing.remind_after))]
    else:
        parts = [_("🔕 No reminders")]
    if timing.turn_clock:
        parts.append(_("⌛ {clock} per move, then the computer decides").format(clock=duration_text(timing.turn_clock)))
        if timing.missed_limit:
            parts.append(
                _n(
                    "{n} missed turn in a row hands the seat to the computer",
                    "{n} missed turns in a row hand the seat to the computer",
                    timing.missed_limit,
                ).format(n=timing.missed_limit)
            )
    return " · ".join(parts)


def make_timing(remind: str | None, clock: str | None, missed: int | None) -> GameTiming:
    """The game's timing from ``/game new``'s options (None: the default)."""
    low, high = MISSED_TURNS
    if missed is not None and (type(missed) is not int or not low <= missed <= high):
        raise TableError(_("`missed:` must be a whole number from {low} to {high}.").format(low=low, high=high))
    remind_after = DEFAULT_REMIND_AFTER if remind is None else parse_duration(remind, "reminder delay") or 0
    turn_clock = parse_duration(clock, "turn clock") if clock is not None else None
    if missed is not None and turn_clock is None:
        raise TableError(_("`missed:` counts turns that ran out of time: give a turn clock too, like `clock:24h`."))
    return GameTiming(remind_after, turn_clock, missed)


# --- quiet hours ---------------------------------------------------------------------------------


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise TableError(
            _(
                "I don't know the time zone `{zone}`. Use a name like `Europe/Berlin` or `America/New_York` "
                "(suggestions appear as you type)."
            ).format(zone=quoted(name))
        ) from None


def zone_names(current: str, limit: int = 25) -> list[str]:
    needle = current.strip().lower().replace(" ", "_")
    names = sorted(n for n in available_timezones() if needle in n.lower() and not n.startswith(("Etc/", "SystemV")))
    return names[:limit]


def _minutes(text: str) -> int:
    match = _CLOCK.fullmatch(text.strip())
    if (
        not match
        or int(match[1]) > 24
        or int(match[2] or 0) > 59
        or (int(match[1]) == 24 and match[2] not in (None, "00"))
    ):
        raise TableError(
            _("I can't read `{text}` as a time of day. Write quiet hours like `22-7` or `22:30-07:00`.").format(
                text=quoted(text)
            )
        )
    return (int(match[1]) * 60 + int(match[2] or 0)) % (24 * 60)


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``"22-7"`` / ``"22:30-07:00"`` -> minutes after midnight (start, end); ``"off"`` -> None."""
    cleaned = text.strip().lower()
    if cleaned in OFF:
        return None
    start, dash, end = cleaned.replace("–", "-").partition("-")
    if not dash:
        raise TableError(_("Write quiet hours as a range, like `22-7` (10 pm to 7 am) or `off`."))
    first, last = _minutes(start), _minutes(end)
    if first == last:
        raise TableError(_("Quiet hours must start and end at different times."))
    return first, last


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def quiet_until(settings: UserSettings, now: datetime) -> datetime | None:
    """When the user's quiet hours end, if ``now`` is inside them (UTC); None when reminders may go."""
    if settings.quiet_start is None or settings.quiet_end is None:
        return None
    local = now.astimezone(zone(settings.time_zone))
    minute = local.hour * 60 + local.minute
    start, end = settings.quiet_start, settings.quiet_end
    inside = start <= minute < end if start < end else minute >= start or minute < end
    if not inside:
        return None
    end_day = local.date() if minute < end else local.date() + timedelta(days=1)
    wall = datetime.combine(end_day, time(end // 60, end % 60))
    return wall.replace(tzinfo=local.tzinfo).astimezone(UTC)


def settings_text(settings: UserSettings) -> str:
    if settings.quiet_start is None or settings.quiet_end is None:
        return _("🕰️ Time zone **{zone}**, no quiet hours.").format(zone=settings.time_zone)
    return _("🕰️ Time zone **{zone}**, quiet hours {start}–{end}.").format(
        zone=settings.time_zone, start=clock_text(settings.quiet_start), end=clock_text(settings.quiet_end)
    )
