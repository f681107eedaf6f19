"""Which language a person reads: their ``/game settings`` choice, else their Discord client's.

Every click and command asks, so the choices are kept in memory for a few minutes instead of costing
a database read each time. A choice made in this process counts at once; one made through another
process of a sharded bot counts here when its cached entry expires.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from bot.i18n import read_language
from bot.i18n.domains import spoken_language

KEPT_FOR = 300.0
"""Seconds a person's stored choice is trusted before it is read again."""
KEPT_PEOPLE = 10_000


class ReaderLanguages:
    def __init__(self, lookup: Callable[[int], Awaitable[str | None]], clock: Callable[[], float] = time.monotonic):
        self._lookup = lookup
        self._clock = clock
        self._chosen: OrderedDict[int, tuple[float, str | None]] = OrderedDict()

    async def of(self, user_id: int, client_locale: str | None) -> str:
        """The language for a text to this person now."""
        return await self.chosen(user_id) or spoken_language(client_locale)

    async def chosen(self, user_id: int) -> str | None:
        kept = self._chosen.get(user_id)
        now = self._clock()
        if kept is not None and kept[0] > now:
            self._chosen.move_to_end(user_id)
            return kept[1]
        self.remember(user_id, read_language(await self._lookup(user_id)))
        return self._chosen[user_id][1]

    def remember(self, user_id: int, language: str | None) -> None:
        """A choice just stored (or read): trusted for ``KEPT_FOR`` seconds."""
        self._chosen[user_id] = (self._clock() + KEPT_FOR, read_language(language))
        self._chosen.move_to_end(user_id)
        while len(self._chosen) > KEPT_PEOPLE:
            self._chosen.popitem(last=False)
