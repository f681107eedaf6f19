"""Custom ids of the bot's buttons, select menus and modals, and reading them back safely.

A component's custom id is the only state Discord gives back on a click, so it
carries everything the click needs: the game id, the state version the controls
were built at, and what was clicked. Nothing else is kept in memory, so a message
posted before a restart still works after it.

Any client can send any custom id, so every number in one is read with ``number``:
ASCII digits only (``"٣".isdigit()`` is True in Python) and within range; a game id
beyond SQLite's 64-bit integers names no game. The templates accept any run of
ASCII digits so that such ids still reach the bot and are refused privately, and
``UNKNOWN`` catches every other ``gm:`` id (a newline or any other character included), so every
``gm:`` id gets a private answer. Templates are matched in full (``re.fullmatch``, as discord.py
dispatches them and as ``FormSubmissions`` reads modal ids).

Discord limits custom ids to 100 characters. Action strings are at most 80 (see
``bot.engine.Choice``), which fits unless the game id and version are huge; a
builder returns ``None`` when an id would not fit, and the layout then falls back
to a select menu (whose option values carry the action instead).
"""

from __future__ import annotations

import re

from bot.storage import MAX_ID

CUSTOM_ID_LIMIT = 100
MAX_VERSION = 2**40
MAX_PAGE = 1_000

_N = "[0-9]+"
ACTION = rf"gm:a:(?P<game>{_N}):(?P<version>{_N}):(?P<action>.+)"
SELECT = rf"gm:s:(?P<game>{_N}):(?P<version>{_N}):(?P<page>{_N}):(?P<group>.*)"
PLAY = rf"gm:play:(?P<game>{_N}):(?P<version>{_N})"
PRIVATE = rf"gm:priv:(?P<game>{_N})"
DMS_AGAIN = rf"gm:dms:(?P<game>{_N})"
SHOW = rf"gm:show:(?P<game>{_N})"
FORM = rf"gm:form:(?P<game>{_N}):(?P<version>{_N}):(?P<key>.+)"
FORM_PICK = rf"gm:fsel:(?P<game>{_N}):(?P<version>{_N})"
MULTI = rf"gm:m:(?P<game>{_N}):(?P<version>{_N}):(?P<verb>.+)"
MODAL = rf"gm:modal:(?P<game>{_N}):(?P<version>{_N}):(?P<key>.+)"
OPTIONS_MODAL = rf"gm:lopt:(?P<game>{_N})"
OPTIONS_PAGE = rf"gm:lopt:(?P<game>{_N}):(?P<page>{_N})"
LOBBY_VERBS = ("join", "leave", "addcpu", "delcpu", "options", "start")
LOBBY = rf"gm:lobby:(?P<game>{_N}):(?P<verb>[a-z]+)"
LEVEL = rf"gm:lvl:(?P<game>{_N})"
LANGUAGE = rf"gm:lang:(?P<game>{_N})"
QUIET = rf"gm:quiet:(?P<game>{_N}):(?P<version>{_N})"
UNDO = rf"gm:undo:(?P<game>{_N}):(?P<version>{_N})"
RECLAIM = rf"gm:reclaim:(?P<game>{_N})"
REMATCH = rf"gm:rematch:(?P<game>{_N})"
LEAVE = rf"gm:leave:(?P<game>{_N})"
STAY = rf"gm:stay:(?P<game>{_N})"
HELP = rf"gm:help:(?P<game>{_N})"
LAUNCH = rf"gm:launch:(?P<game>{_N})"
_KNOWN = (
    ACTION,
    SELECT,
    PLAY,
    PRIVATE,
    DMS_AGAIN,
    SHOW,
    FORM,
    FORM_PICK,
    MULTI,
    LOBBY,
    LEVEL,
    LANGUAGE,
    OPTIONS_PAGE,
    QUIET,
    UNDO,
    RECLAIM,
    REMATCH,
    LEAVE,
    STAY,
    HELP,
    LAUNCH,
)
UNKNOWN = r"(?!(?:" + "|".join(re.sub(r"\(\?P<\w+>", "(?:", t) for t in _KNOWN) + r")\Z)(?s:gm:.*)"
"""A ``gm:`` id no other template reads (forged, or from an older version). discord.py matches
templates with ``fullmatch`` and calls every item whose template matches, so this one must not match
what the others do: it is "gm:" and anything after it, newlines included (``(?s:...)``; a plain ``.``
stops at a newline, so ``gm:priv:1\n`` would reach no item and get no answer), unless the id is read
in full by another template (under the same flags as that template)."""

PAGE_VALUE_PREFIX = "gm:page:"
"""Select option values that turn the page instead of choosing an action."""

ALL_GROUPS = "*"
"""Group token of the merged select used when a panel has too many groups for 5 rows."""


def number(text: str, high: int) -> int | None:
    """The number in ``text`` if it is ASCII digits within ``0..high``; else None."""
    if not (0 < len(text) <= 25 and text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= high else None


def game_number(text: str) -> int | None:
    value = number(text, MAX_ID)
    return value if value else None


def version_number(text: str) -> int | None:
    return number(text, MAX_VERSION)


def _fit(custom_id: str) -> str | None:
    return custom_id if len(custom_id) <= CUSTOM_ID_LIMIT else None


def action(game_id: int, version: int, action_string: str) -> str | None:
    return _fit(f"gm:a:{game_id}:{version}:{action_string}")


def select_prefix(game_id: int, version: int, page: int) -> str:
    return f"gm:s:{game_id}:{version}:{page}:"


def group_token(game_id: int, version: int, page: int, group: str) -> str:
    """The group name as carried in a select's custom id (cut to fit; matched the same way)."""
    room = CUSTOM_ID_LIMIT - len(select_prefix(game_id, version, 999))
    return group[: max(room, 0)]


def select(game_id: int, version: int, page: int, group: str) -> str:
    return select_prefix(game_id, version, page) + group_token(game_id, version, page, group)


def play(game_id: int, version: int) -> str:
    return f"gm:play:{game_id}:{version}"


def private(game_id: int) -> str:
    return f"gm:priv:{game_id}"


def dms_again(game_id: int) -> str:
    return f"gm:dms:{game_id}"


def show(game_id: int) -> str:
    return f"gm:show:{game_id}"


def form(game_id: int, version: int, key: str) -> str | None:
    return _fit(f"gm:form:{game_id}:{version}:{key}")


def form_pick(game_id: int, version: int) -> str:
    return f"gm:fsel:{game_id}:{version}"


def multi(game_id: int, version: int, verb: str) -> str | None:
    return _fit(f"gm:m:{game_id}:{version}:{verb}")


def modal(game_id: int, version: int, key: str) -> str | None:
    return _fit(f"gm:modal:{game_id}:{version}:{key}")


def options_modal(game_id: int) -> str:
    return f"gm:lopt:{game_id}"


def options_page(game_id: int, page: int) -> str:
    """The button opening one page of a lobby's options (its modal is ``options_modal``)."""
    return f"gm:lopt:{game_id}:{page}"


def quiet(game_id: int, version: int) -> str:
    return f"gm:quiet:{game_id}:{version}"


def undo(game_id: int, version: int) -> str:
    return f"gm:undo:{game_id}:{version}"


def reclaim(game_id: int) -> str:
    return f"gm:reclaim:{game_id}"


def rematch(game_id: int) -> str:
    return f"gm:rematch:{game_id}"


def leave(game_id: int) -> str:
    return f"gm:leave:{game_id}"


def stay(game_id: int) -> str:
    return f"gm:stay:{game_id}"


def help_for(game_id: int) -> str:
    return f"gm:help:{game_id}"


def launch(game_id: int) -> str:
    return f"gm:launch:{game_id}"


def lobby(game_id: int, verb: str) -> str:
    if verb not in LOBBY_VERBS:
        raise ValueError(f"unknown lobby verb {verb!r}")
    return f"gm:lobby:{game_id}:{verb}"


STAND_IN = "stand-in"
"""The level select's value for computers taking over a seat (the others name a seat by number)."""
MAX_SEAT = 99


def level_select(game_id: int) -> str:
    return f"gm:lvl:{game_id}"


def language_select(game_id: int) -> str:
    return f"gm:lang:{game_id}"


def level_value(seat: int | None, level: str) -> str:
    """A level select option: ``2:strong`` (seat 2), ``stand-in:normal`` (computers taking over)."""
    return f"{STAND_IN if seat is None else seat}:{level}"


def read_level_value(value: str) -> tuple[int | None, str] | None:
    """(seat or None for take-overs, level) from a level select's value; None if it is not one."""
    target, sep, level = value.partition(":")
    if not sep or not (0 < len(level) <= 12 and level.isascii() and level.isalpha()):
        return None
    if target == STAND_IN:
        return None, level
    seat = number(target, MAX_SEAT)
    return (seat, level) if seat is not None else None


def page_value(page: int) -> str:
    return f"{PAGE_VALUE_PREFIX}{page}"


def page_from_value(value: str) -> int | None:
    if value.startswith(PAGE_VALUE_PREFIX):
        return number(value[len(PAGE_VALUE_PREFIX) :], MAX_PAGE)
    return None


def describe(custom_id: str) -> str:
    """A custom id safe for logs: kind, game and version only, never the action (it may be a secret choice)."""
    parts = custom_id.split(":")
    if len(parts) >= 2 and parts[0] == "gm":
        shown = ":".join(part[:25] for part in parts[:4])
        return "".join(c if c.isprintable() else "?" for c in shown)  # a newline would forge a log line
    return "(not ours)"
