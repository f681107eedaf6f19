"""The store's ``Writer`` on PostgreSQL.

A transaction's ``work`` is a plain function, as on SQLite, run in a worker thread; each statement
it makes goes to the event loop's asyncpg connection and back (``_Bridge``). The Writer's SQL is
SQLite's; the bridge speaks it to PostgreSQL: ``?`` placeholders become ``$n``, ``INSERT OR
IGNORE``/``OR REPLACE`` become ``ON CONFLICT`` clauses (from the table's primary key), an insert
into a table with an ``id`` returns it (``lastrowid``), booleans go to INTEGER columns as 0/1, and a
constraint violation is raised as ``sqlite3.IntegrityError``. So a new Writer method works on both
databases unless it uses SQLite's JSON functions; the two queries that do are given here in
PostgreSQL's words.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Awaitable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import asyncpg  # type: ignore[import-untyped]  # no stubs published

from bot.storage.records import GameRecord
from bot.storage.writer import Pending, StorageError, Writer, game_from_row, pending_from_rows

T = TypeVar("T")

_GAME_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.parent_channel_id, g.game_type, g.options, g.status, g.seed, g.state, "
    "g.version, g.creator_id, g.created_at, g.updated_at, g.finished_at"
)
_SEATS_JSON = (
    "COALESCE((SELECT json_agg(json_build_array(s.seat, s.user_id, s.name, s.waiting_since, s.level, s.language) ORDER BY s.seat) "
    "FROM seats AS s WHERE s.game_id = g.id), '[]')::text"
)
POST_FIELDS = (
    "p.id, p.game_id, p.kind, p.channel_id, p.message_id, p.generation, p.users, p.card, p.board, "
    "p.shown_board, p.log, p.posted_at, p.retired"
)
GAME_QUERY = f"SELECT {_GAME_COLUMNS}, {_SEATS_JSON} FROM games AS g WHERE g.id = $1"
PENDING_QUERY = (
    "SELECT o.id, o.game_id, o.post_id, o.op, o.user_id, o.card, o.board, o.attempts, "
    f"(SELECT json_build_array({POST_FIELDS})::text FROM posts AS p WHERE p.id = o.post_id) "
    "FROM outbox AS o WHERE o.game_id = $1 ORDER BY o.id"
)

_INSERT_OR = re.compile(r"^\s*INSERT\s+OR\s+(IGNORE|REPLACE)\s+INTO\s+(\w+)\s*\(([^)]*)\)", re.IGNORECASE)
_INSERT = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)


@dataclass(frozen=True)
class Shape:
    """What the bridge must know of the schema: each table's primary key, and which have an ``id``."""

    keys: dict[str, tuple[str, ...]]
    with_id: frozenset[str]


async def read_shape(connection: asyncpg.Connection) -> Shape:
    keys: dict[str, list[str]] = {}
    rows = await connection.fetch(
        "SELECT c.relname, a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid "
        "JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey) "
        "WHERE i.indisprimary AND c.relnamespace = current_schema()::regnamespace ORDER BY c.relname, a.attnum"
    )
    for table, column in rows:
        keys.setdefault(table, []).append(column)
    with_id = await connection.fetch(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id'"
    )
    return Shape({t: tuple(c) for t, c in keys.items()}, frozenset(r[0] for r in with_id))


def _placeholders(sql: str) -> str:
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def translate(sql: str, shape: Shape) -> tuple[str, bool]:
    """SQLite's statement in PostgreSQL's words, and whether it returns rows."""
    text = _placeholders(sql.strip())
    match = _INSERT_OR.match(text)
    if match:
        verb, table, columns = match.group(1).upper(), match.group(2), match.group(3)
        text = re.sub(r"^\s*INSERT\s+OR\s+\w+\s+INTO", "INSERT INTO", text, count=1, flags=re.IGNORECASE)
        key = shape.keys.get(table, ())
        if verb == "IGNORE" or not key:
            text += " ON CONFLICT DO NOTHING"
        else:
            names = [c.strip() for c in columns.split(",") if c.strip() not in key]
            updates = ", ".join(f"{name} = EXCLUDED.{name}" for name in names)
            text += f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    insert = _INSERT.match(text)
    if insert and insert.group(1) in shape.with_id and "RETURNING" not in text.upper():
        text += " RETURNING id"
    returns = text.upper().startswith(("SELECT", "WITH", "VALUES")) or " RETURNING " in text.upper()
    return text, returns


def _value(value: Any) -> Any:
    return int(value) if isinstance(value, bool) else value


class _Cursor:
    """The part of ``sqlite3.Cursor`` the Writer uses."""

    def __init__(self, rows: Sequence[Sequence[Any]], rowcount: int, lastrowid: int | None) -> None:
        self._rows = rows
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    def fetchone(self) -> Sequence[Any] | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[Sequence[Any]]:
        return list(self._rows)

    def __iter__(self) -> Iterator[Sequence[Any]]:
        return iter(self._rows)


class Bridge:
    """``execute``/``executemany`` for a worker thread: each statement runs on the thread's own
    event loop and asyncpg connection (no hop to another thread per statement)."""

    def __init__(
        self,
        connection: asyncpg.Connection,
        loop: asyncio.AbstractEventLoop,
        shape: Shape,
        translated: dict[str, tuple[str, bool]],
    ) -> None:
        self._connection = connection
        self._loop = loop
        self._shape = shape
        self._translated = translated

    def call(self, awaitable: Awaitable[T]) -> T:
        async def run() -> T:
            return await awaitable

        try:
            return self._loop.run_until_complete(run())
        except asyncpg.IntegrityConstraintViolationError as error:
            raise sqlite3.IntegrityError(str(error)) from error

    def _sql(self, sql: str) -> tuple[str, bool]:
        found = self._translated.get(sql)
        if found is None:
            found = self._translated[sql] = translate(sql, self._shape)
        return found

    def execute(self, sql: str, parameters: Iterable[Any] = ()) -> _Cursor:
        text, returns = self._sql(sql)
        values = [_value(v) for v in parameters]
        if returns:
            rows = [tuple(r) for r in self.call(self._connection.fetch(text, *values))]
            lastrowid = rows[0][0] if rows and text.endswith("RETURNING id") else None
            return _Cursor(rows, len(rows), lastrowid)
        status = self.call(self._connection.execute(text, *values))
        count = status.rsplit(" ", 1)[-1]
        return _Cursor([], int(count) if count.isdigit() else -1, None)

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        text, _ = self._sql(sql)
        text = text.removesuffix(" RETURNING id")
        listed = [[_value(v) for v in row] for row in rows]
        if listed:
            self.call(self._connection.executemany(text, listed))


class PgWriter(Writer):
    """The Writer on PostgreSQL: the same methods; the two reads that use JSON in PostgreSQL's words."""

    CLAIM_LOCK = " FOR UPDATE SKIP LOCKED"
    """Due timers are claimed by exactly one process: rows another transaction is claiming are skipped."""

    def __init__(self, bridge: Bridge, now: str) -> None:
        # The bridge offers exactly the part of sqlite3.Connection that the Writer uses.
        super().__init__(cast(sqlite3.Connection, bridge), now)
        self._bridge = bridge

    def game(self, game_id: int) -> GameRecord:
        row = self._bridge.call(self._bridge._connection.fetchrow(GAME_QUERY, game_id))
        if row is None:
            raise StorageError(f"game {game_id} does not exist")
        return game_from_row(tuple(row))

    def pending(self, game_id: int) -> Pending:
        rows = self._bridge.call(self._bridge._connection.fetch(PENDING_QUERY, game_id))
        return pending_from_rows(tuple(r) for r in rows)
