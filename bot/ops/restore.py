"""Putting a backup back: only with the bot stopped, only a sound file, keeping the current one."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

from bot.ops.database import DatabaseProblem, inspect_database, integrity_problems
from bot.ops.lock import DatabaseInUse, DatabaseLock


def restore(backup_file: Path, database: Path, *, now: datetime | None = None) -> Path | None:
    """Replace ``database`` with ``backup_file``; returns where the previous database was kept.

    Refuses while a bot runs on the database, and refuses a backup that is not a sound bot
    database. The previous database (and its WAL files) are moved aside, never deleted.
    """
    if not backup_file.is_file():
        raise DatabaseProblem(f"There is no backup file at {backup_file}.")
    info = inspect_database(backup_file)
    problems = integrity_problems(backup_file)
    if problems or info.schema_version == 0:
        why = "; ".join(problems[:3]) if problems else "it holds no bot schema"
        raise DatabaseProblem(f"{backup_file} cannot be restored: {why}.")
    with DatabaseLock(database):
        stamp = f"{(now or datetime.now(UTC)):%Y%m%d-%H%M%S}"
        kept: Path | None = None
        if database.exists():
            kept = database.with_name(f"{database.name}.before-restore-{stamp}")
            database.replace(kept)
        for suffix in ("-wal", "-shm"):
            extra = database.with_name(database.name + suffix)
            if extra.exists():
                extra.replace(database.with_name(f"{database.name}.before-restore-{stamp}{suffix}"))
        database.parent.mkdir(parents=True, exist_ok=True)
        partial = database.with_name(database.name + ".restoring")
        shutil.copyfile(backup_file, partial)
        partial.replace(database)
    return kept


__all__ = ["DatabaseInUse", "restore"]
