"""One lock per game around load, apply and save (python-discord's bot/utils/lock.py idea)."""

from __future__ import annotations

import asyncio
import weakref


class GameLocks:
    def __init__(self) -> None:
        # Weak values: a lock nobody waits on disappears, so thousands of idle games cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock
