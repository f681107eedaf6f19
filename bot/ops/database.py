"""What state a database file is in, found without changing a byte of it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.storage.migrations import latest_version

SQLITE_HEADER = b"SQLite format 3\x00"


class DatabaseProblem(Exception):
    """A database file the bot must not use; the message says what is wrong and what to do."""


@dataclass(frozen=True)
class DatabaseInfo:
    path: Path
    exists: bool
    schema_version: int = 0


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write (``mode=ro``): checking a file never alters it."""
    return sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)


def _restore_hint(path: Path) -> str:
    return (
        f"Move it aside and restore a backup with `python -m bot restore <backup file>`, "
        f"or point DATABASE_PATH at another file. The bot has not touched {path}."
    )


def inspect_database(path: Path) -> DatabaseInfo:
    """The database's schema version, or DatabaseProblem when the file is not a sound bot database.

    A missing file is fine (the bot creates it). Runs SQLite's ``quick_check``.
    """
    if not path.exists():
        return DatabaseInfo(path, exists=False)
    if path.is_dir():
        raise DatabaseProblem(
            f"DATABASE_PATH {path} is a folder, not a file. Point it at a file such as {path / 'games.db'}."
        )
    with path.open("rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header and header != SQLITE_HEADER:
        raise DatabaseProblem(f"{path} is not a SQLite database. " + _restore_hint(path))
    if not header:
        return DatabaseInfo(path, exists=True)
    try:
        connection = open_read_only(path)
        try:
            verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise DatabaseProblem(f"{path} is damaged ({error}). " + _restore_hint(path)) from None
    if verdict != "ok":
        raise DatabaseProblem(f"{path} is damaged ({verdict}). " + _restore_hint(path))
    if version > latest_version():
        raise DatabaseProblem(
            f"{path} has schema version {version}, but this version of the bot only knows up to "
            f"{latest_version()}. Upgrade the bot, or point DATABASE_PATH at another file."
        )
    return DatabaseInfo(path, exists=True, schema_version=version)


def integrity_problems(path: Path) -> list[str]:
    """SQLite's full ``integrity_check``: an empty list when the file is sound."""
    try:
        connection = open_read_only(path)
        try:
            rows = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        return [str(error)]
    return [] if rows == ["ok"] else rows
