"""Versioned schema migrations (numbered .sql files; the database's ``user_version`` is its schema version)."""

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
    found.sort(key=lambda m: m.version)
    expected = list(range(1, len(found) + 1))
    if [m.version for m in found] != expected:
        raise RuntimeError(f"migrations must be numbered 0001.. without gaps, found {[m.name for m in found]}")
    return found


def latest_version() -> int:
    return len(migrations())


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None, "PRAGMA user_version always answers"
    return int(row[0])


async def migrate(db: aiosqlite.Connection, target: int | None = None) -> int:
    """Bring the schema up to ``target`` (default: latest), one transaction per migration."""
    available = migrations()
    target = len(available) if target is None else target
    current = await schema_version(db)
    if current > len(available):
        raise SchemaTooNew(
            f"This database has schema version {current}, but this version of the bot only knows "
            f"up to {len(available)}. Upgrade the bot, or point DATABASE_PATH at another file."
        )
    for migration in available[current:target]:
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
