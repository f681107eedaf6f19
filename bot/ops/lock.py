"""One bot process per database file, and no restore under a running bot.

The running bot holds an exclusive ``flock`` on ``<database>.lock`` for its
whole life; the operating system releases it when the process ends, however
it ends (kill -9 included), so a stale lock file never blocks anything.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType


class DatabaseInUse(Exception):
    pass


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


class DatabaseLock:
    def __init__(self, database: Path) -> None:
        self.path = lock_path(database)
        self._fd: int | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DatabaseInUse(
                f"Another bot process is using {self.path.with_suffix('')}. Stop it first (only one bot per database file)."
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> DatabaseLock:
        self.acquire()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.release()


def in_use(database: Path) -> bool:
    """Whether a bot process holds the database right now."""
    path = lock_path(database)
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)
