"""Custom ids of the bot's buttons, select menus and modals.

A component's custom id is the only state Discord gives back on a click, so it
carries everything the click needs: the game id, the state version the
message was built from, and what was clicked. Nothing else is kept in memory,
so a message posted before a restart still works after it.

Discord limits custom ids to 100 characters. Action strings are at most 80
(see ``bot.engine.Choice``), which fits unless the game id and version are
huge; a builder returns ``None`` when an id would not fit, and the layout then
falls back to a select menu (whose option values carry the action instead).
"""

from __future__ import annotations

CUSTOM_ID_LIMIT = 100

ACTION = r"gm:a:(?P<game>\d+):(?P<version>\d+):(?P<action>.+)"
SELECT = r"gm:s:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+):(?P<group>.*)"
PLAY = r"gm:play:(?P<game>\d+):(?P<version>\d+)"
PRIVATE = r"gm:priv:(?P<game>\d+)"
FORM = r"gm:form:(?P<game>\d+):(?P<version>\d+):(?P<key>.+)"
FORM_PICK = r"gm:fsel:(?P<game>\d+):(?P<version>\d+)"
MODAL = r"gm:modal:(?P<game>\d+):(?P<version>\d+):(?P<key>.+)"
LOBBY_VERBS = ("join", "leave", "addcpu", "delcpu", "start")
LOBBY = r"gm:lobby:(?P<game>\d+):(?P<verb>" + "|".join(LOBBY_VERBS) + ")"

PAGE_VALUE_PREFIX = "gm:page:"
"""Select option values that turn the page instead of choosing an action."""

ALL_GROUPS = "*"
"""Group token of the merged select used when a panel has too many groups for 5 rows."""


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


def form(game_id: int, version: int, key: str) -> str | None:
    return _fit(f"gm:form:{game_id}:{version}:{key}")


def form_pick(game_id: int, version: int) -> str:
    return f"gm:fsel:{game_id}:{version}"


def modal(game_id: int, version: int, key: str) -> str | None:
    return _fit(f"gm:modal:{game_id}:{version}:{key}")


def lobby(game_id: int, verb: str) -> str:
    if verb not in LOBBY_VERBS:
        raise ValueError(f"unknown lobby verb {verb!r}")
    return f"gm:lobby:{game_id}:{verb}"


def page_value(page: int) -> str:
    return f"{PAGE_VALUE_PREFIX}{page}"


def page_from_value(value: str) -> int | None:
    if value.startswith(PAGE_VALUE_PREFIX) and value[len(PAGE_VALUE_PREFIX) :].isdigit():
        return int(value[len(PAGE_VALUE_PREFIX) :])
    return None


def describe(custom_id: str) -> str:
    """A custom id safe for logs: kind, game and version only, never the action (it may be a secret choice)."""
    parts = custom_id.split(":")
    if len(parts) >= 2 and parts[0] == "gm":
        return ":".join(parts[:4])
    return "(not ours)"
