"""``python -m bot migrate-db --from sqlite:///data/games.db --to postgresql://...``

Copies everything a SQLite database holds (games, seats, the action log, posts, the outbox with its
pending deliveries, boards, secrets sent, DM refusals, results, the long games' timing and timers,
user settings) into an empty PostgreSQL database, in one transaction: all of it or nothing. The
source is brought to the latest schema first (as the bot would on start) and read only after that;
the bot must be stopped (its lock on the file is checked). Ids are kept, so buttons already on
Discord still name their game, and the target's id sequences continue after the highest id used
(the outbox after SQLite's AUTOINCREMENT counter: a direct message's nonce is made from it).
Afterwards every copied row is counted again and every game's log is replayed from its seed.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import asyncpg  # type: ignore[import-untyped]  # no stubs published

from bot.engine import LoadedGame, RuleError
from bot.ops.check import replay_problem
from bot.ops.database import open_read_only
from bot.ops.lock import in_use
from bot.storage import Store
from bot.storage.postgres import PgStore, is_postgres_url, safe_url

SKIPPED = {"sqlite_sequence", "schema_version"}


class MigrationProblem(Exception):
    """The copy cannot be made; the message says why and what to do."""


@dataclass
class MigrationReport:
    copied: dict[str, int] = field(default_factory=dict)
    games: int = 0
    problems: list[str] = field(default_factory=list)


def sqlite_path(source: str) -> Path:
    if source.startswith("sqlite:///"):
        return Path(source.removeprefix("sqlite:///"))
    if "://" in source:
        raise MigrationProblem(f"--from must be sqlite:///path/to/games.db (got {source.split('://')[0]}://...)")
    return Path(source)


def _tables(connection: sqlite3.Connection) -> list[str]:
    """The bot's tables, each after the tables its foreign keys point to."""
    names = [
        row[0]
        for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if row[0] not in SKIPPED and not row[0].startswith("sqlite_")
    ]
    needs = {
        name: {row[2] for row in connection.execute(f"PRAGMA foreign_key_list({name})")} - {name} for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and needs[n] <= set(ordered)]
        if not ready:
            raise MigrationProblem(f"the tables' foreign keys form a cycle: {sorted(set(names) - set(ordered))}")
        ordered += ready
    return ordered


def _columns(connection: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]


async def migrate_database(
    source: Path, target: str, games: Callable[[str], LoadedGame], out: TextIO | None = None
) -> MigrationReport:
    if not source.is_file():
        raise MigrationProblem(f"There is no SQLite database at {source}.")
    if not is_postgres_url(target):
        raise MigrationProblem("--to must be a postgresql://... URL")
    if in_use(source):
        raise MigrationProblem(f"A bot process is using {source}. Stop it first, then migrate.")
    upgraded = await Store.open(source)  # the latest schema, as the bot would make it on start
    await upgraded.close()
    store = await Store.open(target)
    if not isinstance(store, PgStore):
        await store.close()
        raise MigrationProblem("--to must be a postgresql://... URL")
    await store.close()
    connection = open_read_only(source)
    try:
        report = await _copy(connection, target, out)
        report.problems += await _verify(connection, target, games, report)
    finally:
        connection.close()
    return report


async def _copy(connection: sqlite3.Connection, target: str, out: TextIO | None) -> MigrationReport:
    report = MigrationReport()
    pg = await asyncpg.connect(target)
    try:
        existing = await pg.fetchval("SELECT COUNT(*) FROM games")
        if existing:
            raise MigrationProblem(
                f"{safe_url(target)} already holds {existing} games. Migrate into an empty database."
            )
        async with pg.transaction():
            for table in _tables(connection):
                columns = _columns(connection, table)
                rows = connection.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
                if rows:
                    await pg.copy_records_to_table(table, records=[_record(row) for row in rows], columns=columns)
                report.copied[table] = len(rows)
                if out is not None:
                    print(f"{table}: {len(rows)} rows", file=out)
            await _continue_ids(connection, pg)
    finally:
        await pg.close()
    return report


def _record(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(bytes(value) if isinstance(value, memoryview) else value for value in row)


async def _continue_ids(connection: sqlite3.Connection, pg: asyncpg.Connection) -> None:
    counters = (
        dict(connection.execute("SELECT name, seq FROM sqlite_sequence").fetchall())
        if _has_sequence(connection)
        else {}
    )
    tables = await pg.fetch(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() "
        "AND column_name = 'id' AND is_identity = 'YES'"
    )
    for (table,) in tables:
        highest = max(int(await pg.fetchval(f"SELECT COALESCE(MAX(id), 0) FROM {table}")), int(counters.get(table, 0)))
        if highest:
            await pg.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), $1)", highest)


def _has_sequence(connection: sqlite3.Connection) -> bool:
    return bool(connection.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone())


async def _verify(
    connection: sqlite3.Connection, target: str, games: Callable[[str], LoadedGame], report: MigrationReport
) -> list[str]:
    problems: list[str] = []
    pg = await asyncpg.connect(target)
    try:
        for table, count in report.copied.items():
            copied = int(await pg.fetchval(f"SELECT COUNT(*) FROM {table}"))
            if copied != count:
                problems.append(f"{table}: {count} rows in SQLite, {copied} in PostgreSQL")
        rows = await pg.fetch(
            "SELECT g.id, g.game_type, g.options, g.seed, g.state, g.version, "
            "(SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) FROM games g WHERE g.state IS NOT NULL ORDER BY g.id"
        )
        undone = "undone" if await _pg_has_undo(pg) else "0"
        for game_id, game_type, options, seed, state, version, players in rows:
            report.games += 1
            original = connection.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
            if original is None or json.loads(original[0]) != json.loads(state):
                problems.append(f"game {game_id}: the copied state differs from SQLite's")
                continue
            try:
                loaded = games(game_type)
            except RuleError:
                problems.append(f"game {game_id} ({game_type}): this version of the bot does not know the game")
                continue
            log = [
                (int(r[0]), int(r[1]), str(r[2]), int(r[3]))
                for r in await pg.fetch(
                    f"SELECT version, seat, action, {undone} FROM actions WHERE game_id = $1 ORDER BY version",
                    game_id,
                )
            ]
            problem = replay_problem(loaded, json.loads(options), seed, int(players), json.loads(state), version, log)
            if problem:
                problems.append(f"game {game_id} ({game_type}): {problem}")
    finally:
        await pg.close()
    return problems


async def _pg_has_undo(pg: asyncpg.Connection) -> bool:
    return bool(
        await pg.fetchval(
            "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = 'actions' AND column_name = 'undone'"
        )
    )


def run_migrate_db(source: str, target: str, games: Callable[[str], LoadedGame], out: TextIO, err: TextIO) -> int:
    """The command: 0 copied and verified, 1 copied but a check failed, 2 nothing copied."""
    try:
        report = asyncio.run(migrate_database(sqlite_path(source), target, games, out))
    except (MigrationProblem, OSError, asyncpg.PostgresError, sqlite3.DatabaseError) as error:
        print(f"Not migrated: {error}", file=err)
        return 2
    total = sum(report.copied.values())
    print(f"Copied {total} rows from {source} to {safe_url(target)}; {report.games} games replayed.", file=out)
    for problem in report.problems:
        print(f"  PROBLEM {problem}", file=out)
    print(
        "OK: every row copied, every game replays to its stored state." if not report.problems else "PROBLEMS FOUND.",
        file=out,
    )
    return 0 if not report.problems else 1
