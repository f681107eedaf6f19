"""The store on PostgreSQL (asyncpg), for several bot processes sharing one database.

The same interface as the SQLite ``Store`` (it is one), chosen by ``DATABASE_URL``. What several
processes add:

* ``game_lock(game_id)``: a session advisory lock held around load-apply-commit, so one process at
  a time changes a game; the load and the commit inside it run on the lock's own connection.
  The version-guarded commit (``save_state``) still refuses a change made from an old version.
* ``delivery_lock(game_id)``: the same for sending a game's outbox, so exactly one deliverer sends
  a row, and a game's messages keep their order; ``shared`` tells the deliverer to read the outbox
  again under the lock rather than trust what its own commit saw. (Due timers are claimed with
  ``FOR UPDATE SKIP LOCKED``: ``PgWriter.CLAIM_LOCK``.)
* A lost connection (a restarted server) is retried: reads always, a transaction when it failed
  before its COMMIT was sent (nothing of it can have been applied). A COMMIT whose answer was lost
  is reported, never repeated.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import re
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import asyncpg  # type: ignore[import-untyped]  # no stubs published

from bot.storage.postgres_migrations import migrate
from bot.storage.postgres_writer import GAME_QUERY, PENDING_QUERY, POST_FIELDS, Bridge, PgWriter, Shape, read_shape
from bot.storage.records import ActionRecord, GameRecord, OutboxRow, PostRecord, StatLine, TableRecord
from bot.storage.store import MAX_ID, Store, utc_now
from bot.storage.writer import (
    Pending,
    StorageError,
    Writer,
    clocks_from_json,
    game_from_row,
    pending_from_rows,
    post_from_row,
    timing_from_json,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

TRANSIENT: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
    ConnectionError,
    OSError,
)
"""Errors of a lost or not yet available server: the statement never ran, or ran in a transaction
that the server rolled back."""

_PASSWORD = re.compile(r"(://[^:/@]+):[^@]*@")

CONFLICTS: tuple[type[BaseException], ...] = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
"""Two transactions crossed (a commit and a delivery's marks on the same posts): the server rolled one
back whole, so running it again is safe."""

RECONNECT_FOR = 30.0
"""Seconds a request keeps trying while the server is away (a restart takes a few)."""

GAME_LOCKS = 1
DELIVERY_LOCKS = 2
"""Advisory lock spaces (the first key of ``pg_advisory_lock(int, int)``)."""

_ACTION_COLUMNS = "game_id, version, seat, user_id, action, events, created_at"
_TABLE_QUERY = GAME_QUERY.replace(
    " FROM games AS g",
    ", COALESCE((SELECT json_agg(json_build_array("
    + POST_FIELDS
    + ") ORDER BY p.id) FROM posts AS p WHERE p.game_id = g.id AND p.retired = 0), '[]')::text"
    ", COALESCE((SELECT json_agg(json_build_array(user_id, digest)) FROM secrets_sent WHERE game_id = g.id), "
    "'[]')::text"
    ", COALESCE((SELECT json_agg(r.user_id) FROM dm_refusals AS r "
    "WHERE r.user_id IN (SELECT user_id FROM seats WHERE game_id = g.id)), '[]')::text"
    ", (SELECT json_build_array(remind_after, turn_clock, missed_limit, stand_in_level, language) FROM game_timing WHERE game_id = g.id)::text"
    ", COALESCE((SELECT json_agg(json_build_array(seat, since, due_at)) FROM timers "
    "WHERE game_id = g.id AND kind = 'clock'), '[]')::text FROM games AS g",
)
_BEST = "MAX(CASE WHEN r.relation = 'competitive' THEN p.score ELSE r.team_score END)"
_SERVER_STATS = (
    "SELECT r.game_type, r.relation, r.variant, COUNT(*), "
    "SUM(CASE WHEN r.relation = 'competitive' THEN (SELECT (COUNT(*) > 0)::int FROM result_players p "
    "WHERE p.game_id = r.game_id AND p.won <> 0 AND p.user_id IS NOT NULL) ELSE r.team_won END), "
    "MAX(r.team_score) FROM results r WHERE r.guild_id IS NOT DISTINCT FROM $1 "
    "GROUP BY r.game_type, r.relation, r.variant ORDER BY r.game_type, r.relation, r.variant"
)


class _Held:
    """The connection holding a game's advisory lock, usable by the task that took it while it holds it."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection: asyncpg.Connection | None = connection
        self.task = asyncio.current_task()


_held: contextvars.ContextVar[_Held | None] = contextvars.ContextVar("held_game_lock", default=None)


def _line(row: Sequence[Any]) -> StatLine:
    best = row[5]
    return StatLine(
        str(row[0]), str(row[1]), str(row[2]), int(row[3]), int(row[4] or 0), None if best is None else float(best)
    )


def _action(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6])


def _fits(value: int) -> bool:
    return 0 < value <= MAX_ID


class PgStore(Store):
    """asyncpg pool for reads and transactions; a few worker threads run the transactions' work."""

    shared = True

    def __init__(self, pools: tuple[asyncpg.Pool, ...], shape: Shape, clock: Callable[[], str], threads: int) -> None:
        # Deliberately not Store.__init__: none of SQLite's connections exist here.
        # Three pools, so that holding one kind of connection never waits on a connection of the
        # same kind: a game lock's holder may take a delivery lock, a delivery lock's holder uses
        # the work pool one statement at a time (no cycle, so no deadlock when a pool runs dry).
        self._pool, self._game_pool, self._delivery_pool = pools
        self._shape = shape
        self._clock = clock
        # Transactions run in worker threads (their work is a plain function, as on SQLite), each
        # thread with its own event loop and connection, so a statement costs one round trip and
        # no hop between threads.
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="pg-work")
        self._local = threading.local()
        self._thread_links: list[tuple[asyncio.AbstractEventLoop, list[asyncpg.Connection | None]]] = []
        self._translated: dict[str, tuple[str, bool]] = {}
        self._url = ""

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Callable[[], str] = utc_now,
        pool_size: int = 5,
        connect_for: float = RECONNECT_FOR,
    ) -> PgStore:
        url = str(path)
        pools: list[asyncpg.Pool] = []
        try:
            for size in (pool_size, pool_size, max(2, pool_size // 2)):
                pools.append(await _connect_pool(url, size, connect_for))
            async with pools[0].acquire() as connection:
                await migrate(connection)
                shape = await read_shape(connection)
        except BaseException:
            for pool in pools:
                await pool.close()
            raise
        store = cls((pools[0], pools[1], pools[2]), shape, clock, pool_size)
        store._url = url
        return store

    async def close(self) -> None:
        for pool in (self._pool, self._game_pool, self._delivery_pool):
            await pool.close()
        self._threads.shutdown()
        for loop, held in self._thread_links:  # the threads are gone: their loops are idle
            if held[0] is not None:
                held[0].terminate()
            loop.close()
        self._thread_links.clear()

    # --- connections, retries, locks ------------------------------------------------------

    def _bound(self) -> asyncpg.Connection | None:
        """Inside ``game_lock``, in the task that took it: the lock's connection (reads use it)."""
        held = _held.get()
        if held is not None and held.connection is not None and held.task is asyncio.current_task():
            return held.connection
        return None

    async def _retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        delay, waited, crossed = 0.05, 0.0, 0
        while True:
            try:
                return await attempt()
            except CONFLICTS:
                crossed += 1
                if crossed > 20:
                    raise
                await asyncio.sleep(0.001 * crossed)
                continue
            except TRANSIENT as error:
                if waited >= RECONNECT_FOR:
                    raise StorageError(f"the database is unreachable ({type(error).__name__})") from error
                log.warning("Lost the database (%s); trying again in %.2f s", type(error).__name__, delay)
            await asyncio.sleep(delay)
            waited += delay
            delay = min(delay * 2, 2.0)

    async def _fetch(self, sql: str, *parameters: Any) -> list[Sequence[Any]]:
        bound = self._bound()
        if bound is not None:
            # No second try on another connection: that one would not hold the game's lock.
            try:
                return [tuple(row) for row in await bound.fetch(sql, *parameters)]
            except TRANSIENT as error:
                raise StorageError(f"the database connection was lost ({type(error).__name__})") from error

        async def attempt() -> list[Sequence[Any]]:
            async with self._pool.acquire() as connection:
                return [tuple(row) for row in await connection.fetch(sql, *parameters)]

        return await self._retrying(attempt)

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        async with self._advisory(GAME_LOCKS, game_id, wait=True) as _:
            yield

    @contextlib.asynccontextmanager
    async def delivery_lock(self, game_id: int) -> AsyncIterator[None]:
        async with self._advisory(DELIVERY_LOCKS, game_id, wait=True) as _:
            yield

    @contextlib.asynccontextmanager
    async def _advisory(self, space: int, game_id: int, *, wait: bool) -> AsyncIterator[bool]:
        key = game_id % 2**31  # pg_advisory_lock(int4, int4); ids beyond it only share a lock
        pool = self._game_pool if space == GAME_LOCKS else self._delivery_pool

        async def take() -> tuple[asyncpg.Connection, bool]:
            connection = await pool.acquire()
            try:
                if wait:
                    await connection.execute("SELECT pg_advisory_lock($1, $2)", space, key)
                    return connection, True
                return connection, bool(await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", space, key))
            except BaseException:
                await pool.release(connection)
                raise

        connection, got = await self._retrying(take)
        held = _Held(connection)
        token = _held.set(held) if got and space == GAME_LOCKS else None
        try:
            yield got
        finally:
            held.connection = None
            if token is not None:
                _held.reset(token)
            try:
                if got and not connection.is_closed():
                    await connection.execute("SELECT pg_advisory_unlock($1, $2)", space, key)
            except Exception:
                # Closing the session releases its locks; the pool opens a new one when needed.
                log.warning("Could not release the lock of game %s; closing its connection", game_id)
                connection.terminate()
            except BaseException:
                connection.terminate()  # cancelled while unlocking: the session goes, the lock with it
                raise
            finally:
                await pool.release(connection)

    # --- writing ---------------------------------------------------------------------------

    async def transaction(self, work: Callable[[Writer], T]) -> T:
        return await self._retrying(lambda: self._attempt(work))

    async def _attempt(self, work: Callable[[Writer], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, self._in_thread, work, self._clock())

    def _in_thread(self, work: Callable[[Writer], T], now: str) -> T:
        """One transaction, in a worker thread, on that thread's connection."""
        local = self._local
        if not hasattr(local, "loop"):
            local.loop = asyncio.new_event_loop()
            local.held = [None]
            self._thread_links.append((local.loop, local.held))
        loop: asyncio.AbstractEventLoop = local.loop
        connection = local.held[0]
        try:
            if connection is None or connection.is_closed():
                connection = local.held[0] = loop.run_until_complete(asyncpg.connect(self._url, command_timeout=60))
            transaction = connection.transaction()
            loop.run_until_complete(transaction.start())
        except TRANSIENT:
            self._drop_thread_connection()
            raise
        try:
            result = work(PgWriter(Bridge(connection, loop, self._shape, self._translated), now))
        except BaseException as error:
            if isinstance(error, TRANSIENT):
                self._drop_thread_connection()
            else:
                try:
                    loop.run_until_complete(transaction.rollback())
                except Exception:
                    self._drop_thread_connection()
            raise
        try:
            loop.run_until_complete(transaction.commit())
        except TRANSIENT as error:
            self._drop_thread_connection()
            raise StorageError(
                "the database connection was lost while committing; the change may or may not be saved"
            ) from error
        return result

    def _drop_thread_connection(self) -> None:
        held = self._local.held
        if held[0] is not None:
            held[0].terminate()
        held[0] = None

    # --- games ------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord | None:
        if not _fits(game_id):
            return None
        rows = await self._fetch(GAME_QUERY, game_id)
        return game_from_row(rows[0]) if rows else None

    async def table(self, game_id: int) -> TableRecord | None:
        if not _fits(game_id):
            return None
        rows = await self._fetch(_TABLE_QUERY, game_id)
        if not rows:
            return None
        row = rows[0]
        game = game_from_row(row)
        refusing = frozenset(json.loads(row[17])) & set(game.human_ids)
        return TableRecord(
            game=game,
            posts=tuple(post_from_row(post) for post in json.loads(row[15])),
            secrets_sent={user: digest for user, digest in json.loads(row[16])},
            refusing_dms=refusing,
            timing=timing_from_json(row[18]),
            clocks=clocks_from_json(row[19]),
        )

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._game_where("channel_id = $1 AND status IN ('lobby', 'active')", channel_id)

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._game_where("channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id)

    async def open_game_in_threads_of(self, channel_id: int) -> GameRecord | None:
        """The newest open game in a thread of this channel."""
        return await self._game_where(
            "parent_channel_id = $1 AND status IN ('lobby', 'active') ORDER BY id DESC LIMIT 1", channel_id
        )

    async def _game_where(self, where: str, channel_id: int) -> GameRecord | None:
        if not _fits(channel_id):
            return None
        rows = await self._fetch(f"SELECT id FROM games WHERE {where}", channel_id)
        return await self.game(rows[0][0]) if rows else None

    async def game_ids(self, *, status: Sequence[str] | None = None) -> list[int]:
        if status:
            rows = await self._fetch("SELECT id FROM games WHERE status = ANY($1::text[]) ORDER BY id", list(status))
        else:
            rows = await self._fetch("SELECT id FROM games ORDER BY id")
        return [row[0] for row in rows]

    async def count_games(self) -> int:
        return int((await self._fetch("SELECT COUNT(*) FROM games"))[0][0])

    async def actions(self, game_id: int, *, since_version: int = 0) -> list[ActionRecord]:
        rows = await self._fetch(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = $1 AND version > $2 ORDER BY version",
            game_id,
            since_version,
        )
        return [_action(r) for r in rows]

    async def recent_actions(self, game_id: int, limit: int) -> list[ActionRecord]:
        rows = await self._fetch(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = $1 ORDER BY version DESC LIMIT $2", game_id, limit
        )
        return [_action(r) for r in reversed(rows)]

    # --- delivery -----------------------------------------------------------------------------

    async def pending(self, game_id: int) -> list[OutboxRow]:
        return (await self.pending_with_posts(game_id))[0]

    async def pending_with_posts(self, game_id: int) -> Pending:
        return pending_from_rows(await self._fetch(PENDING_QUERY, game_id))

    async def games_with_pending(self, *, queued_before: str | None = None) -> list[int]:
        if queued_before:
            sql = "SELECT DISTINCT game_id FROM outbox WHERE created_at < $1 ORDER BY game_id"
            return [row[0] for row in await self._fetch(sql, queued_before)]
        return [row[0] for row in await self._fetch("SELECT DISTINCT game_id FROM outbox ORDER BY game_id")]

    async def posts(self, game_id: int, *, include_retired: bool = False) -> list[PostRecord]:
        where = "" if include_retired else " AND p.retired = 0"
        rows = await self._fetch(
            f"SELECT {POST_FIELDS} FROM posts AS p WHERE p.game_id = $1{where} ORDER BY id", game_id
        )
        return [post_from_row(row) for row in rows]

    async def board(self, game_id: int, digest: str) -> bytes | None:
        rows = await self._fetch("SELECT png FROM boards WHERE game_id = $1 AND hash = $2", game_id, digest)
        return bytes(rows[0][0]) if rows else None

    async def refuses_dms(self, user_id: int) -> bool:
        return bool(await self._fetch("SELECT 1 FROM dm_refusals WHERE user_id = $1", user_id))

    async def chosen_language(self, user_id: int) -> str | None:
        rows = await self._fetch("SELECT language FROM user_settings WHERE user_id = $1", user_id)
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    # --- statistics ---------------------------------------------------------------------------

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[StatLine]:
        where = "p.user_id = $1" + (" AND r.guild_id = $2" if guild_id is not None else "")
        parameters: tuple[int, ...] = (user_id,) if guild_id is None else (user_id, guild_id)
        sql = (
            f"SELECT r.game_type, r.relation, r.variant, COUNT(*), SUM(p.won), {_BEST} "
            "FROM result_players p JOIN results r ON r.game_id = p.game_id "
            f"WHERE {where} GROUP BY r.game_type, r.relation, r.variant ORDER BY r.game_type, r.relation, r.variant"
        )
        return [_line(row) for row in await self._fetch(sql, *parameters)]

    async def server_stats(self, guild_id: int | None) -> list[StatLine]:
        return [_line(row) for row in await self._fetch(_SERVER_STATS, guild_id)]


async def _connect_pool(url: str, size: int, connect_for: float) -> asyncpg.Pool:
    async def attempt() -> asyncpg.Pool:
        # No reset on release (asyncpg's default costs a round trip per release): the store
        # leaves no session state behind; a lock whose release failed closes its connection.
        pool = await asyncpg.create_pool(url, min_size=1, max_size=size, command_timeout=60, reset=_no_reset)
        assert pool is not None
        return pool

    delay, waited = 0.1, 0.0
    while True:
        try:
            return await attempt()
        except TRANSIENT:
            if waited >= connect_for:
                raise
        await asyncio.sleep(delay)
        waited += delay
        delay = min(delay * 2, 2.0)


async def _no_reset(connection: asyncpg.Connection) -> None:
    return None


def safe_url(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    return _PASSWORD.sub(r"\1:***@", url)


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
