"""Consistent snapshots of a live database, checked before they count, and rotated.

``cp`` of a database in WAL mode can copy the main file and the write-ahead log
at different moments and produce a broken copy. SQLite's online backup API
copies pages under a read transaction, so the snapshot is one consistent
moment even while the bot keeps writing.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from bot.ops.database import DatabaseProblem, integrity_problems, open_read_only

BACKUP_NAME = re.compile(r"^games-\d{8}-\d{6}(?:-\d+)?\.db$")
PAGES_PER_STEP = 1024
"""Pages copied per step; between steps the bot's writers are not held up."""


def _backup_name(directory: Path, now: datetime) -> Path:
    stem = f"games-{now:%Y%m%d-%H%M%S}"
    path = directory / f"{stem}.db"
    counter = 1
    while path.exists():
        counter += 1
        path = directory / f"{stem}-{counter}.db"
    return path


def backup(database: Path, directory: Path, *, now: datetime | None = None) -> Path:
    """Snapshot ``database`` into ``directory``; returns the checked backup file."""
    if not database.is_file():
        raise DatabaseProblem(f"There is no database at {database} to back up.")
    directory.mkdir(parents=True, exist_ok=True)
    target = _backup_name(directory, now or datetime.now(UTC))
    partial = target.with_name(target.name + ".partial")
    source = open_read_only(database)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy, pages=PAGES_PER_STEP)
        finally:
            copy.close()
    finally:
        source.close()
    problems = integrity_problems(partial)
    if problems:
        partial.unlink(missing_ok=True)
        raise DatabaseProblem(f"The backup of {database} failed its integrity check: {'; '.join(problems[:3])}")
    partial.replace(target)
    return target


def backups(directory: Path) -> list[Path]:
    """The backups in ``directory``, oldest first."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir() if BACKUP_NAME.match(p.name))


def rotate(directory: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups; returns what was deleted."""
    found = backups(directory)
    doomed = found[: max(0, len(found) - keep)]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed
