"""Live updates: which games have pages open, and a change of each pushed to them (Server-Sent Events).

One task per watched game reads the game's version and status a few times a second (a light read,
shared by every page open on that game, and it sees moves made by any process sharing the
database); each open page gets the new stamp and fetches what changed. The task stops when the
last page of its game closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

log = logging.getLogger(__name__)

POLL_EVERY = 0.1
"""Seconds between two looks at a watched game: a move shows on the pages within about this."""

Stamp = str
Reader = Callable[[int], Awaitable[Stamp | None]]


class Watchers:
    def __init__(self, read: Reader, every: float = POLL_EVERY) -> None:
        self._read = read
        self._every = every
        self._pages: dict[int, set[asyncio.Queue[Stamp]]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._stamps: dict[int, Stamp] = {}

    def watching(self, game_id: int) -> int:
        return len(self._pages.get(game_id, ()))

    def stamp(self, game_id: int) -> Stamp | None:
        """The game's last stamp seen while pages watch it (None: nobody watches)."""
        return self._stamps.get(game_id)

    @contextlib.asynccontextmanager
    async def watch(self, game_id: int) -> AsyncIterator[asyncio.Queue[Stamp]]:
        """A queue of the game's stamps: the current one first, then each change."""
        queue: asyncio.Queue[Stamp] = asyncio.Queue(maxsize=4)
        pages = self._pages.setdefault(game_id, set())
        pages.add(queue)
        current = self._stamps.get(game_id) or await self._read(game_id)
        if current is not None:
            self._stamps.setdefault(game_id, current)
            queue.put_nowait(current)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.create_task(self._poll(game_id), name=f"web-watch-{game_id}")
        try:
            yield queue
        finally:
            pages.discard(queue)
            if not pages:
                self._pages.pop(game_id, None)
                self._stamps.pop(game_id, None)
                task = self._tasks.pop(game_id, None)
                if task is not None:
                    task.cancel()

    async def _poll(self, game_id: int) -> None:
        while self._pages.get(game_id):
            await asyncio.sleep(self._every)
            try:
                stamp = await self._read(game_id)
            except Exception:
                log.exception("Reading game %s for its web pages failed", game_id)
                continue
            if stamp is None or stamp == self._stamps.get(game_id):
                continue
            self._stamps[game_id] = stamp
            for queue in list(self._pages.get(game_id, ())):
                if queue.full():
                    queue.get_nowait()  # a slow page skips to the newest stamp
                queue.put_nowait(stamp)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
