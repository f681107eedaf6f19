"""``python -m bot health``: is the database reachable and current, are the shard settings sound,
is anything stuck waiting to be sent? One line each; exit 0 when all is well, 1 when not.

It only reads: the database is opened read-only (SQLite) or with plain queries (PostgreSQL, no
migration), so it can run beside the bot, from a monitoring job or a systemd timer.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

import asyncpg  # type: ignore[import-untyped]  # no stubs published

from bot.ops.database import DatabaseProblem, inspect_database, open_read_only
from bot.storage.migrations import latest_version
from bot.storage.postgres import is_postgres_url, safe_url
from bot.storage.postgres_migrations import schema_version

STUCK_AFTER = timedelta(minutes=10)
"""An outbox row older than this is stuck (a running bot sends within seconds, retries within minutes)."""


@dataclass(frozen=True)
class Line:
    what: str
    ok: bool
    text: str

    def __str__(self) -> str:
        return f"{self.what}: {self.text}{'' if self.ok else '  <-- PROBLEM'}"


@dataclass(frozen=True)
class Backlog:
    rows: int
    games: int
    oldest: str | None
    overdue_timers: int | None


def shard_line(count: int | None, ids: Sequence[int] | None, shared: bool) -> Line:
    """SHARD_COUNT and SHARD_IDS: which shards this process runs, and whether that can work."""
    if count is None:
        if ids:
            return Line("shards", False, "SHARD_IDS is set without SHARD_COUNT; set both")
        return Line("shards", True, "automatic (discord.py asks Discord how many; this process runs them all)")
    runs = list(ids) if ids else list(range(count))
    wrong = [i for i in runs if not 0 <= i < count]
    if wrong:
        return Line("shards", False, f"SHARD_IDS {wrong} are outside 0..{count - 1} (SHARD_COUNT={count})")
    if len(set(runs)) != len(runs):
        return Line("shards", False, "SHARD_IDS names a shard twice")
    text = f"SHARD_COUNT={count}; this process runs {len(runs)} of them ({', '.join(map(str, runs))})"
    if len(runs) < count and not shared:
        return Line("shards", False, text + "; the other shards need other processes, which need DATABASE_URL")
    if 0 not in runs:
        text += "; shard 0 (DMs) runs elsewhere"
    return Line("shards", True, text)


def backlog_line(backlog: Backlog, now: datetime) -> list[Line]:
    lines = []
    if backlog.oldest is None:
        lines.append(Line("outbox", True, "nothing waiting to be sent"))
    else:
        age = now - datetime.fromisoformat(backlog.oldest)
        text = f"{backlog.rows} messages of {backlog.games} games waiting, the oldest for {_age(age)}"
        stuck = age > STUCK_AFTER
        if stuck:
            text += " (is a bot process running, and can it reach Discord?)"
        lines.append(Line("outbox", not stuck, text))
    if backlog.overdue_timers is not None:
        overdue = backlog.overdue_timers
        lines.append(
            Line(
                "timers",
                overdue == 0,
                "no reminder or turn clock overdue"
                if not overdue
                else f"{overdue} reminders or turn clocks overdue by more than {_age(STUCK_AFTER)}",
            )
        )
    return lines


def _age(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


_BACKLOG = "SELECT COUNT(*), COUNT(DISTINCT game_id), MIN(created_at) FROM outbox"
_OVERDUE = "SELECT COUNT(*) FROM timers WHERE due_at < ? AND (claimed_until IS NULL OR claimed_until < ?)"


def _sqlite(path: Path, now: datetime) -> tuple[Line, Backlog | None]:
    try:
        info = inspect_database(path)
    except DatabaseProblem as problem:
        return Line("database", False, str(problem)), None
    if not info.exists:
        return Line(
            "database", False, f"there is no database at {path} yet (the bot creates it on its first start)"
        ), None
    if info.schema_version < latest_version():
        line = Line(
            "database",
            True,
            f"SQLite {path}, schema {info.schema_version} (the bot upgrades it to {latest_version()} on start)",
        )
    else:
        line = Line("database", True, f"SQLite {path}, schema {info.schema_version}, integrity ok")
    if info.schema_version < 3:
        return line, Backlog(0, 0, None, None)
    connection = open_read_only(path)
    try:
        rows, games, oldest = connection.execute(_BACKLOG).fetchone()
        overdue = None
        if connection.execute("SELECT 1 FROM sqlite_master WHERE name = 'timers'").fetchone():
            cut = (now - STUCK_AFTER).isoformat(timespec="seconds")
            overdue = int(connection.execute(_OVERDUE, (cut, now.isoformat(timespec="seconds"))).fetchone()[0])
    except sqlite3.DatabaseError as error:
        return Line("database", False, f"{path} cannot be read ({error})"), None
    finally:
        connection.close()
    return line, Backlog(int(rows), int(games), oldest, overdue)


async def _postgres(url: str, now: datetime) -> tuple[Line, Backlog | None]:
    shown = safe_url(url)
    try:
        connection = await asyncpg.connect(url, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        return Line("database", False, f"cannot reach {shown} ({type(error).__name__}: {error})"), None
    try:
        server = await connection.fetchval("SHOW server_version")
        version = await schema_version(connection)
        text = f"PostgreSQL {server} at {shown}, schema {version}"
        if version > latest_version():
            return Line(
                "database", False, text + f": newer than this bot knows ({latest_version()}); upgrade the bot"
            ), None
        if version < 3:
            return Line("database", True, text + f" (the bot upgrades it to {latest_version()} on start)"), Backlog(
                0, 0, None, None
            )
        rows, games, oldest = await connection.fetchrow(_BACKLOG)
        overdue = None
        if await connection.fetchval("SELECT to_regclass('timers') IS NOT NULL"):
            cut = (now - STUCK_AFTER).isoformat(timespec="seconds")
            overdue = int(
                await connection.fetchval(
                    _OVERDUE.replace("?", "$1", 1).replace("?", "$2", 1), cut, now.isoformat(timespec="seconds")
                )
            )
        return Line("database", True, text), Backlog(int(rows), int(games), oldest, overdue)
    finally:
        await connection.close()


def postgres_problem(url: str) -> str | None:
    """Before the bot starts: why it cannot use the PostgreSQL database at ``url`` (None: it can)."""
    line, _ = asyncio.run(_postgres(url, datetime.now(UTC)))
    return None if line.ok else line.text


def health_lines(settings: Any, now: datetime | None = None) -> list[Line]:
    now = now or datetime.now(UTC)
    url = getattr(settings, "database_url", None)
    if url and is_postgres_url(url):
        database, backlog = asyncio.run(_postgres(url, now))
    else:
        database, backlog = _sqlite(Path(settings.database_path), now)
    lines = [
        database,
        shard_line(getattr(settings, "shard_count", None), getattr(settings, "shard_ids", None), bool(url)),
    ]
    if backlog is not None:
        lines += backlog_line(backlog, now)
    return lines


def run_health(settings: Any, out: TextIO, now: datetime | None = None) -> int:
    lines = health_lines(settings, now)
    for line in lines:
        print(line, file=out)
    healthy = all(line.ok for line in lines)
    print("OK" if healthy else "PROBLEMS FOUND", file=out)
    return 0 if healthy else 1
