"""One lock per game around load, apply and save (python-discord's bot/utils/lock.py idea).

With a store shared by several processes (PostgreSQL), the store's own lock for the game is taken
inside this one, so a process waits for the others without holding a connection per waiting click."""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator, Callable

Across = Callable[[int], contextlib.AbstractAsyncContextManager[None]]


class GameLocks:
    def __init__(self, across: Across | None = None) -> None:
        # Weak values: a lock nobody waits on disappears, so thousands of idle games cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._across = across

    def __call__(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock if self._across is None else self._both(lock, game_id)

    @contextlib.asynccontextmanager
    async def _both(self, lock: asyncio.Lock, game_id: int) -> AsyncIterator[None]:
        assert self._across is not None
        async with lock, self._across(game_id):
            yield
