"""The operator's commands: ``backup``, ``restore`` and ``check``, each a few lines of output and an
exit code (0 fine, 1 a problem found, 2 the command could not run)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.config import Settings
from bot.engine import LoadedGame
from bot.ops.backup import backup, rotate
from bot.ops.check import check_database
from bot.ops.database import DatabaseProblem, inspect_database
from bot.ops.lock import DatabaseInUse
from bot.ops.restore import restore

DEFAULT_BACKUP_DIR = Path("data/backups")


def run_backup(settings: Settings, to: Path | None, out: TextIO = sys.stdout) -> int:
    """Into ``--to``, else into BACKUP_DIR (rotated to BACKUP_KEEP like the automatic ones), else data/backups."""
    refused = postgres_only(settings, "backup")
    if refused is not None:
        return refused
    directory = to or settings.backup_dir or DEFAULT_BACKUP_DIR
    keep = settings.backup_keep if to is None and settings.backup_dir is not None else None
    try:
        made = backup(settings.database_path, directory)
    except DatabaseProblem as problem:
        print(f"Backup failed: {problem}", file=sys.stderr)
        return 1
    print(f"Backed up {settings.database_path} to {made} (integrity check passed).", file=out)
    if keep is not None:
        for old in rotate(directory, keep):
            print(f"Removed old backup {old}.", file=out)
    return 0


def run_restore(settings: Settings, file: Path, out: TextIO = sys.stdout) -> int:
    refused = postgres_only(settings, "restore")
    if refused is not None:
        return refused
    try:
        kept = restore(file, settings.database_path)
    except DatabaseInUse as problem:
        print(f"Not restored: {problem}", file=sys.stderr)
        return 1
    except DatabaseProblem as problem:
        print(f"Not restored: {problem}", file=sys.stderr)
        return 1
    print(f"Restored {file} to {settings.database_path}.", file=out)
    if kept is not None:
        print(f"The previous database is kept as {kept}.", file=out)
    return 0


def postgres_only(settings: Settings, command: str) -> int | None:
    """``backup`` and ``restore`` work on the SQLite file; with DATABASE_URL they point to pg_dump."""
    if getattr(settings, "database_url", None):
        print(
            f"`{command}` is for the SQLite file; the games are in PostgreSQL (DATABASE_URL). "
            "Use pg_dump and pg_restore (see docs/deploy.md, Backups with PostgreSQL).",
            file=sys.stderr,
        )
        return 2
    return None


def run_check(settings: Settings, games: Callable[[str], LoadedGame], out: TextIO = sys.stdout) -> int:
    url = getattr(settings, "database_url", None)
    if url:
        return _check_postgres(url, games, out)
    path = settings.database_path
    try:
        info = inspect_database(path)
    except DatabaseProblem as problem:
        print(problem, file=sys.stderr)
        return 1
    if not info.exists:
        print(f"There is no database at {path} yet (the bot creates it on its first start).", file=sys.stderr)
        return 2
    report = check_database(path, games)
    for line in report.lines():
        print(line, file=out)
    print("OK: every game replays to its stored state." if report.ok else "PROBLEMS FOUND (see above).", file=out)
    return 0 if report.ok else 1


def _check_postgres(url: str, games: Callable[[str], LoadedGame], out: TextIO) -> int:
    import asyncio

    import asyncpg  # type: ignore[import-untyped]  # only with DATABASE_URL

    from bot.ops.check import check_postgres
    from bot.storage.postgres import safe_url

    try:
        report = asyncio.run(check_postgres(url, games))
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        print(f"Cannot check {safe_url(url)}: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    for line in report.lines()[1:]:  # no integrity line: PostgreSQL checks its pages itself
        print(line, file=out)
    print("OK: every game replays to its stored state." if report.ok else "PROBLEMS FOUND (see above).", file=out)
    return 0 if report.ok else 1
