"""Automatic backups while the bot runs (``BACKUP_DIR``, ``BACKUP_EVERY``, ``BACKUP_KEEP``).

When the next backup is due is worked out from the newest backup already in the
folder, not from a timer kept in memory: a bot restarted every few hours still
makes its daily backup, and a restart right after a backup does not make another.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.ops.backup import backup, backups, rotate
from bot.ops.database import DatabaseProblem

log = logging.getLogger("bot.backups")

RETRY_AFTER_FAILURE = timedelta(hours=1)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class BackupSchedule:
    def __init__(
        self,
        database: Path,
        directory: Path,
        every: timedelta,
        keep: int,
        *,
        clock: Callable[[], datetime] = _utc_now,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.database = database
        self.directory = directory
        self.every = every
        self.keep = keep
        self._clock = clock
        self._sleep = sleep
        self._failed_at: datetime | None = None

    def last_backup(self) -> datetime | None:
        found = backups(self.directory)
        if not found:
            return None
        return datetime.fromtimestamp(found[-1].stat().st_mtime, UTC)

    def next_due(self) -> datetime:
        now = self._clock()
        if self._failed_at is not None:
            return self._failed_at + min(self.every, RETRY_AFTER_FAILURE)
        last = self.last_backup()
        return now if last is None else min(last + self.every, now + self.every)

    async def run_once(self) -> Path | None:
        """Take one backup (in a worker thread: the event loop goes on) and rotate; None if it failed."""
        try:
            made = await asyncio.to_thread(backup, self.database, self.directory, now=self._clock())
        except (DatabaseProblem, OSError) as problem:
            self._failed_at = self._clock()
            log.error("Automatic backup failed: %s (trying again later)", problem)
            return None
        self._failed_at = None
        removed = await asyncio.to_thread(rotate, self.directory, self.keep)
        log.info("Backed up the database to %s (checked; %d old backups removed)", made, len(removed))
        return made

    async def run(self) -> None:
        """Forever: wait until a backup is due, take it. Cancel the task to stop."""
        log.info("Automatic backups to %s every %s, keeping %d", self.directory, self.every, self.keep)
        while True:
            wait = (self.next_due() - self._clock()).total_seconds()
            if wait > 0:
                await self._sleep(wait)
                continue
            await self.run_once()
