"""WAL checkpoints off the commit path.

In WAL mode SQLite copies the log back into the database file once it holds 1000 pages
(``wal_autocheckpoint``), inside the commit that crossed the mark. With a board's PNG in every
move's transaction, about one move in 60 to 80 waited 19-23 ms for it, and every other game's commit
queued behind it in the store's one writing thread. The writing connection turns that off; this
thread, with a connection of its own, checkpoints every ``EVERY`` commits. A PASSIVE checkpoint waits
for no reader and no writer, so the log stays short and no commit pays for it. A commit is durable
in the log whether or not it has been copied back (a restart replays the log).
"""

from __future__ import annotations

import logging
import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor

log = logging.getLogger(__name__)

EVERY = 20
"""Commits between two checkpoints: about 300 pages of log (a move with its board writes ~15)."""


class Checkpointer:
    """Checkpoints a SQLite database in WAL mode in a thread of its own."""

    def __init__(self, path: str, every: int = EVERY) -> None:
        self._path = path
        self._every = every
        self._commits = 0
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-checkpoint")
        self._running: Future[None] | None = None
        self._connection: sqlite3.Connection | None = None
        self.done = 0
        """Checkpoints run so far."""

    def committed(self) -> None:
        """Called by the writing thread after each commit: every ``every`` commits a checkpoint is
        started, unless the last one is still running."""
        self._commits += 1
        if self._commits < self._every or (self._running is not None and not self._running.done()):
            return
        self._commits = 0
        self._running = self._thread.submit(self._checkpoint)

    def _checkpoint(self) -> None:
        try:
            if self._connection is None:
                self._connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
                self._connection.execute("PRAGMA busy_timeout = 5000")
            self._connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            self.done += 1
        except sqlite3.Error:
            log.exception("A WAL checkpoint failed; the next one tries again")

    def close(self) -> None:
        """Wait for a running checkpoint, then close the connection."""
        self._thread.shutdown(wait=True)
        if self._connection is not None:
            self._connection.close()
            self._connection = None
