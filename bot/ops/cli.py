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


def run_check(settings: Settings, games: Callable[[str], LoadedGame], out: TextIO = sys.stdout) -> int:
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
