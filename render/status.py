"""What every board states about the game itself: whose turn it is, until when (a turn clock),
and at the end the result, in words wrapped to the space a board gives them.

A deadline is drawn as a time of day ("until 14 May 18:00 UTC"), never as a countdown: a board
is uploaded again only when its picture changes, so a countdown would be wrong a minute later.
The font has no hourglass or clock glyph, so the clock is drawn (``draw_clock``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from PIL import ImageDraw

from bot.engine import SeatTag
from bot.engine.seats import colour_name
from bot.i18n import N_
from bot.i18n.table import _
from render.stamps import rounded_rectangle
from render.text import board_name, draw_text, ellipsize, text_length

Colour = tuple[int, int, int]


NO_LIMIT = 10**6
"""A round limit at least this high is no limit (Muggles' "never")."""


def round_words(number: int, limit: int = 0) -> str:
    """``Round 12``, with ``/60`` only when a round limit is on (0 or "never": no limit)."""
    if 0 < limit < NO_LIMIT:
        return _("Round {number}/{limit}").format(number=number, limit=limit)
    return _("Round {number}").format(number=number)


MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)
"""The months as a deadline shows them, short (translated where drawn)."""


def deadline_words(deadline: datetime) -> str:
    """``until 14 May 18:00 UTC``: minutes cut, so the board never promises more time than there is."""
    when = deadline.astimezone(UTC) if deadline.tzinfo else deadline
    return _("until {day} {month} {time} UTC").format(
        day=when.day, month=_(MONTHS[when.month - 1]), time=f"{when:%H:%M}"
    )


def deadline_of(tags: Sequence[SeatTag], seats: Iterable[int]) -> datetime | None:
    """The earliest deadline of the seats the game waits on (None: no clock runs for them)."""
    found = [t.deadline for t in tags if t.seat in set(seats) and t.deadline is not None]
    return min(found) if found else None


def draw_clock(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, ink: Colour) -> None:
    """A clock face (the font has no clock glyph), always beside the deadline it stands for."""
    x, y = centre
    box = (x - radius, y - radius, x + radius, y + radius)
    width = max(2, round(radius / 4))
    draw.ellipse(box, outline=ink, width=width)
    draw.line([(x, y), (x, y - radius * 0.6)], fill=ink, width=width)
    draw.line([(x, y), (x + radius * 0.45, y + radius * 0.2)], fill=ink, width=width)


def draw_deadline(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], deadline: datetime, size: int, ink: Colour
) -> tuple[int, int, int, int]:
    """The clock face and "until 14 May 18:00 UTC" from ``xy`` (left, middle); returns the drawn box."""
    x, y = xy
    radius = size * 0.45
    draw_clock(draw, (x + radius, y), radius, ink)
    box = draw_text(draw, (x + 2 * radius + 6, y), deadline_words(deadline), size, ink, anchor="lm")
    return (round(x), box[1], box[2], box[3])


def deadline_width(deadline: datetime, size: int) -> float:
    return size * 0.9 + 6 + text_length(size, deadline_words(deadline))


def wrap(text: str, size: int, width: float, bold: bool = False, limit: int = 0) -> list[str]:
    """``text`` in lines no wider than ``width`` (words kept whole; a word too long is shortened);
    at most ``limit`` lines when given, the last ending in "…" if text was left out."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_length(size, f"{lines[-1]} {word}", bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(ellipsize(word, size, width, bold))
    if limit and len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = ellipsize(lines[-1] + " …", size, width, bold)
    return lines


def wrap_parts(parts: Sequence[str], size: int, width: float, separator: str = " · ") -> list[str]:
    """Parts joined with ``separator`` in lines no wider than ``width``, each part kept whole on
    one line (``wrap`` splits a part too long for a line)."""
    lines: list[str] = []
    for part in parts:
        if lines and text_length(size, lines[-1] + separator + part) <= width:
            lines[-1] += separator + part
        else:
            lines += wrap(part, size, width)
    return lines


def seat_name(tag: SeatTag, size: int, width: float, bold: bool = True) -> str:
    fallback = colour_name(tag.colour) if tag.colour else player_words(tag.seat)
    return board_name(tag.name, fallback, size, width, bold)


def player_words(seat: int) -> str:
    """``Player 2``: a seat nobody's name can be drawn for."""
    return _("Player {number}").format(number=seat + 1)


def tag_of(tags: Sequence[SeatTag], seat: int) -> SeatTag:
    return next((t for t in tags if t.seat == seat), SeatTag(seat, player_words(seat)))


def names(tags: Sequence[SeatTag], seats: Iterable[int], size: int, width: float, bold: bool = False) -> str:
    """Seats' names joined with "and", each shortened so that all fit ``width`` together."""
    chosen = [tag_of(tags, s) for s in seats]
    if not chosen:
        return ""
    joint = _(" and ")
    room = (width - text_length(size, joint, bold) * (len(chosen) - 1)) / len(chosen)
    shown = [seat_name(t, size, max(room, 40), bold=bold) for t in chosen]
    return ellipsize(joint.join(shown) if len(shown) < 3 else ", ".join(shown), size, width, bold)


@dataclass(frozen=True)
class Banner:
    """The final board's statement of the result: a headline and the how, on a coloured band."""

    headline: str
    detail: str
    won: bool
    """A win for someone at the table (a loss for the team shows in the losing colour)."""


def banner_lines(banner: Banner, size: int, width: float, limit: int = 3) -> list[tuple[str, bool]]:
    lines = [(line, True) for line in wrap(banner.headline, size, width, bold=True, limit=2)]
    lines += [(line, False) for line in wrap(banner.detail, size, width, limit=limit)]
    return lines


def banner_height(banner: Banner, size: int, width: float, line: int, pad: int, limit: int = 3) -> int:
    return len(banner_lines(banner, size, width - 2 * pad, limit)) * line + 2 * pad


def draw_banner(
    draw: ImageDraw.ImageDraw,
    banner: Banner,
    box: tuple[int, int, int, int],
    size: int,
    line: int,
    colours: tuple[Colour, Colour, Colour],
    pad: int = 8,
    limit: int = 3,
) -> int:
    """The banner in ``box`` (its height from ``banner_height``); ``colours``: a win's fill, a
    loss's fill, the text. Returns the y below it."""
    win, loss, ink = colours
    left, top, right, _ = box
    lines = banner_lines(banner, size, right - left - 2 * pad, limit)
    bottom = top + len(lines) * line + 2 * pad
    rounded_rectangle(draw, (left, top, right, bottom), radius=8, fill=win if banner.won else loss)
    y = top + pad + line // 2
    for words, bold in lines:
        draw_text(draw, (left + pad, y), words, size, ink, anchor="lm", bold=bold)
        y += line
    return bottom
