"""Where a request comes from, and the one check that the game it names is reachable from there.

A button's custom id names its game by number, and any client can send any custom id: a member of
server A could press a forged "Join" naming a lobby of server B, where they are not even a member.
So a front end says where each request comes from (``asked_from``) and the table checks it, once,
where it loads the game (``TableCore._load``): a game of another server, of another channel, or of
a server when the click comes from a DM is refused with the same words as a game that does not
exist, so a forged id learns nothing. Every click and form of every game goes through that load.

The place travels with the request (a ``ContextVar``: each Discord interaction is its own task), so
every service operation checks it without taking it as an argument. Work the table does on its own
(timers, restarts, the terminal) names no place and is not checked. The web table (issue 24) sets
``Place(guild_id, None)``: any channel of a server the signed-in user belongs to.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from bot.i18n import N_
from bot.i18n.table import _
from bot.storage import GameRecord
from bot.table.errors import NoGameHere

UNKNOWN_GAME = N_("I don't know that game: the button may be from a game that no longer exists.")
"""The answer to a game id that names no game, and to one that names a game out of reach
(translated where it is raised)."""


@dataclass(frozen=True)
class Place:
    guild_id: int | None
    """The server the request comes from; None: a direct message."""
    channel_id: int | None
    """The channel or thread it was made in; None: anywhere in that server (the web table)."""

    def reaches(self, record: GameRecord) -> bool:
        if record.guild_id != self.guild_id:
            return False
        return self.channel_id is None or self.channel_id == record.channel_id


_asked_from: ContextVar[Place | None] = ContextVar("asked_from", default=None)


@contextmanager
def asked_from(place: Place) -> Iterator[None]:
    """Every game the table loads while this is active must be reachable from ``place``."""
    token = _asked_from.set(place)
    try:
        yield
    finally:
        _asked_from.reset(token)


def check_reachable(record: GameRecord) -> None:
    place = _asked_from.get()
    if place is not None and not place.reaches(record):
        raise NoGameHere(_(UNKNOWN_GAME))
