"""SQLite storage for games, seats, the action log, the outbox and results (WAL).

Reads go through aiosqlite. Writes happen in ``await store.transaction(work)``:
``work`` is a plain function given a ``Writer``; it runs in the store's one writing
thread, in one transaction, for everything a request changes (the new state, the
version bump, the log rows, the posts and outbox rows, the result), guarded by the
version the request started from (optimistic concurrency). So a crash or a
duplicate click can neither lose nor double a move, nothing is ever half-written,
and a whole transaction is one trip to the writing thread however many statements
it holds (which is what keeps commits short when the event loop is busy).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.checkpoints import Checkpointer
from bot.storage.migrations import migrate
from bot.storage.records import (
    ActionRecord,
    GameRecord,
    OutboxRow,
    PostRecord,
    StatLine,
    TableRecord,
)
from bot.storage.stats import player_stats, server_stats
from bot.storage.writer import (
    GAME_QUERY,
    PENDING_QUERY,
    Pending,
    Writer,
    clocks_from_json,
    game_from_row,
    pending_from_rows,
    post_from_row,
    read_game,
    timing_from_json,
)

T = TypeVar("T")

MAX_ID = 2**63 - 1
"""SQLite's largest integer: an id beyond it cannot name anything stored."""


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


_POST_COLUMNS = (
    "id, game_id, kind, channel_id, message_id, generation, users, card, board, shown_board, log, posted_at, retired"
)
_ACTION_COLUMNS = "game_id, version, seat, user_id, action, events, created_at"
_POSTS_JSON = (
    "(SELECT json_group_array(json_array(p.id, p.game_id, p.kind, p.channel_id, p.message_id, p.generation, "
    "p.users, p.card, p.board, p.shown_board, p.log, p.posted_at, p.retired)) "
    "FROM (SELECT * FROM posts WHERE game_id = g.id AND retired = 0 ORDER BY id) AS p)"
)
_SECRETS_JSON = "(SELECT json_group_array(json_array(user_id, digest)) FROM secrets_sent WHERE game_id = g.id)"
_REFUSING_JSON = (
    "(SELECT json_group_array(r.user_id) FROM dm_refusals AS r "
    "WHERE r.user_id IN (SELECT user_id FROM seats WHERE game_id = g.id))"
)
_TIMING_JSON = (
    "(SELECT json_array(remind_after, turn_clock, missed_limit, stand_in_level, language) FROM game_timing "
    "WHERE game_id = g.id)"
)
_CLOCKS_JSON = (
    "(SELECT json_group_array(json_array(seat, since, due_at)) FROM timers WHERE game_id = g.id AND kind = 'clock')"
)
_TABLE_QUERY = GAME_QUERY.replace(
    " FROM games AS g",
    f", {_POSTS_JSON}, {_SECRETS_JSON}, {_REFUSING_JSON}, {_TIMING_JSON}, {_CLOCKS_JSON} FROM games AS g",
)


def _connect(path: str) -> sqlite3.Connection:
    """The writing connection, made in the writing thread (the only thread that uses it)."""
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA busy_timeout = 5000")
    connection.execute("PRAGMA wal_autocheckpoint = 0")  # checkpoints run in their own thread
    return connection


def _fits(value: int) -> bool:
    return 0 < value <= MAX_ID


_post = post_from_row


def _action(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6])


class Store:
    """aiosqlite for reads; one thread with its own connection for writes (SQLite serialises
    writers anyway). In WAL mode reads never wait for a write.

    ``Store.open("postgresql://...")`` opens the PostgreSQL store instead (``bot.storage.postgres``),
    a subclass with the same interface for several processes sharing one database."""

    shared = False
    """True when other processes may change games and deliver their outboxes too (PostgreSQL);
    one SQLite file belongs to one process (``bot.ops.lock``)."""
    checkpoints: Checkpointer | None = None
    """SQLite's WAL checkpoints, run in their own thread (``bot.storage.checkpoints``)."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        writing: ThreadPoolExecutor,
        writer: sqlite3.Connection,
        clock: Callable[[], str] = utc_now,
        checkpoints: Checkpointer | None = None,
    ) -> None:
        self._db = db
        self.checkpoints = checkpoints
        self._reader = db
        self._clock = clock
        self._read_lock = asyncio.Lock()
        self._writing = writing
        self._writer = writer

    @classmethod
    async def open(cls, path: str | Path, *, clock: Callable[[], str] = utc_now) -> Store:
        if isinstance(path, str) and path.startswith(("postgresql://", "postgres://")):
            from bot.storage.postgres import PgStore

            return await PgStore.open(path, clock=clock)
        if isinstance(path, str) and path.startswith("sqlite:///"):
            path = path.removeprefix("sqlite:///")
        if str(path) == ":memory:":
            raise ValueError("the store needs a file: its reads and writes use two connections")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            # In WAL mode NORMAL never loses a committed transaction when the process dies
            # (kill -9); only an OS crash or power cut can drop the last commits.
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        writing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        writer = await asyncio.get_running_loop().run_in_executor(writing, _connect, str(path))
        return cls(db, writing, writer, clock, Checkpointer(str(path)))

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._writing, self._writer.close)
        self._writing.shutdown()
        if self.checkpoints is not None:
            self.checkpoints.close()
        await self._db.close()

    def game_lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Held around load-apply-commit across processes; one process needs only its own lock."""
        return contextlib.nullcontext()

    def delivery_lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Held while sending a game's outbox, across processes (see ``game_lock``)."""
        return contextlib.nullcontext()

    async def transaction(self, work: Callable[[Writer], T]) -> T:
        """Run ``work`` in one transaction in the writing thread: all of it commits, or none."""
        return await asyncio.get_running_loop().run_in_executor(self._writing, self._run, work)

    def _run(self, work: Callable[[Writer], T]) -> T:
        self._writer.execute("BEGIN IMMEDIATE")
        try:
            result = work(Writer(self._writer, self._clock()))
        except BaseException:
            self._writer.rollback()
            raise
        self._writer.commit()
        if self.checkpoints is not None:
            self.checkpoints.committed()
        return result

    # --- games ------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord | None:
        if not _fits(game_id):
            return None
        async with self._read_lock:
            return await self._game(game_id)

    async def table(self, game_id: int) -> TableRecord | None:
        """The game with its open posts, secret digests and DM refusals, in one query."""
        if not _fits(game_id):
            return None
        async with self._read_lock:
            rows = await self._fetch(_TABLE_QUERY, (game_id,))
        if not rows:
            return None
        row = rows[0]
        game = game_from_row(row)
        extra = len(row) - 5
        refusing = frozenset(json.loads(row[extra + 2])) & set(game.human_ids)
        return TableRecord(
            game=game,
            posts=tuple(_post(post) for post in json.loads(row[extra])),
            secrets_sent={user: digest for user, digest in json.loads(row[extra + 1])},
            refusing_dms=refusing,
            timing=timing_from_json(row[extra + 3]),
            clocks=clocks_from_json(row[extra + 4]),
        )

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._game_where("channel_id = ? AND status IN ('lobby', 'active')", channel_id)

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._game_where("channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)

    async def open_game_in_threads_of(self, channel_id: int) -> GameRecord | None:
        """The newest open game in a thread of this channel."""
        return await self._game_where(
            "parent_channel_id = ? AND status IN ('lobby', 'active') ORDER BY id DESC LIMIT 1", channel_id
        )

    async def _game_where(self, where: str, channel_id: int) -> GameRecord | None:
        if not _fits(channel_id):
            return None
        async with self._read_lock:
            rows = await self._fetch(f"SELECT id FROM games WHERE {where}", (channel_id,))
            return await self._game(rows[0][0]) if rows else None

    async def game_ids(self, *, status: Sequence[str] | None = None) -> list[int]:
        """Ids only (all, or those in ``status``), so that walking thousands of games never
        holds their states all at once."""
        where = f"WHERE status IN ({','.join('?' * len(status))})" if status else ""
        async with self._read_lock:
            return [row[0] for row in await self._fetch(f"SELECT id FROM games {where} ORDER BY id", status or ())]

    async def count_games(self) -> int:
        async with self._read_lock:
            return int((await self._fetch("SELECT COUNT(*) FROM games", ()))[0][0])

    async def actions(self, game_id: int, *, since_version: int = 0) -> list[ActionRecord]:
        async with self._read_lock:
            rows = await self._fetch(
                f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? AND version > ? ORDER BY version",
                (game_id, since_version),
            )
        return [_action(r) for r in rows]

    async def recent_actions(self, game_id: int, limit: int) -> list[ActionRecord]:
        async with self._read_lock:
            rows = await self._fetch(
                f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY version DESC LIMIT ?",
                (game_id, limit),
            )
        return [_action(r) for r in reversed(rows)]

    # --- delivery -----------------------------------------------------------------

    async def pending(self, game_id: int) -> list[OutboxRow]:
        return (await self.pending_with_posts(game_id))[0]

    async def pending_with_posts(self, game_id: int) -> Pending:
        """What is still to send for a game, in order, and the posts it concerns (one query)."""
        async with self._read_lock:
            return pending_from_rows(await self._fetch(PENDING_QUERY, (game_id,)))

    async def games_with_pending(self, *, queued_before: str | None = None) -> list[int]:
        """Games with rows still to send; ``queued_before``: only rows queued before that time."""
        where, parameters = ("WHERE created_at < ? ", (queued_before,)) if queued_before else ("", ())
        async with self._read_lock:
            rows = await self._fetch(f"SELECT DISTINCT game_id FROM outbox {where}ORDER BY game_id", parameters)
            return [row[0] for row in rows]

    async def posts(self, game_id: int, *, include_retired: bool = False) -> list[PostRecord]:
        where = "" if include_retired else " AND retired = 0"
        async with self._read_lock:
            rows = await self._fetch(
                f"SELECT {_POST_COLUMNS} FROM posts WHERE game_id = ?{where} ORDER BY id", (game_id,)
            )
        return [_post(row) for row in rows]

    async def board(self, game_id: int, digest: str) -> bytes | None:
        async with self._read_lock:
            rows = await self._fetch("SELECT png FROM boards WHERE game_id = ? AND hash = ?", (game_id, digest))
        return bytes(rows[0][0]) if rows else None

    async def refuses_dms(self, user_id: int) -> bool:
        async with self._read_lock:
            return bool(await self._fetch("SELECT 1 FROM dm_refusals WHERE user_id = ?", (user_id,)))

    async def chosen_language(self, user_id: int) -> str | None:
        """The language a person chose with ``/game settings`` (None: none chosen)."""
        async with self._read_lock:
            rows = await self._fetch("SELECT language FROM user_settings WHERE user_id = ?", (user_id,))
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    # --- statistics -------------------------------------------------------------------

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[StatLine]:
        async with self._read_lock:
            return await player_stats(self._reader, user_id, guild_id)

    async def server_stats(self, guild_id: int | None) -> list[StatLine]:
        async with self._read_lock:
            return await server_stats(self._reader, guild_id)

    # --- helpers ----------------------------------------------------------------------

    async def _fetch(self, sql: str, parameters: Iterable[Any]) -> list[Sequence[Any]]:
        # One trip to the reading thread: execute, fetch and close there together (three with a cursor,
        # and every trip hands Python's lock between threads, which under load costs more than the query).
        return list(await self._reader.execute_fetchall(sql, tuple(parameters)))

    async def _game(self, game_id: int) -> GameRecord | None:
        return await read_game(self._reader, game_id)
