"""Versioned schema migrations (numbered .sql files; the database's ``user_version`` is its schema version).

A database's version is the number of the last migration it ran, and a migration runs when its
number is higher. Numbers are handed out to branches before they merge, so the files may skip a
number for a while (0010 can arrive before 0008); once every branch is in they run 0001 onwards
without a hole. A database must not be upgraded across a hole that a later version fills in: run
the bot from the merged main line, where the numbers are complete."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import aiosqlite

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class SchemaTooNew(RuntimeError):
    """The database was written by a newer version of the bot than this one."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    found = []
    for entry in resources.files("bot.storage").joinpath("migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    return ordered(found)


def ordered(found: list[Migration]) -> list[Migration]:
    """The migrations by number; two of one number are refused."""
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if len(set(numbers)) != len(numbers) or (numbers and numbers[0] < 1):
        raise RuntimeError(f"migrations must have distinct numbers from 0001 on, found {[m.name for m in found]}")
    return found


def latest_version() -> int:
    found = migrations()
    return found[-1].version if found else 0


def due(available: list[Migration], current: int, target: int) -> list[Migration]:
    """The migrations a database at ``current`` runs to reach ``target``, in order."""
    return [m for m in available if current < m.version <= target]


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None, "PRAGMA user_version always answers"
    return int(row[0])


async def migrate(db: aiosqlite.Connection, target: int | None = None) -> int:
    """Bring the schema up to ``target`` (default: latest), one transaction per migration."""
    available = migrations()
    latest = available[-1].version if available else 0
    target = latest if target is None else target
    current = await schema_version(db)
    if current > latest:
        raise SchemaTooNew(
            f"This database has schema version {current}, but this version of the bot only knows "
            f"up to {latest}. Upgrade the bot, or point DATABASE_PATH at another file."
        )
    for migration in due(available, current, target):
        # executescript runs the statements as given; the explicit transaction makes the
        # schema change and the version bump land together or not at all.
        try:
            await db.executescript(
                "BEGIN IMMEDIATE;\n" + migration.sql + f"\nPRAGMA user_version = {migration.version};\nCOMMIT;"
            )
        except Exception:
            if db.in_transaction:
                await db.rollback()
            raise
    return await schema_version(db)
