"""SQLite storage for games, seats, the action log, the outbox and results (aiosqlite, WAL).

Writes happen in ``async with store.write() as tx:`` blocks: one transaction for
everything a request changes (the new state, the version bump, the log rows, the
posts and outbox rows, the result), guarded by the version the request started
from (optimistic concurrency), so a crash or a duplicate click can neither lose
nor double a move, and nothing is ever half-written.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

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
from bot.storage.writer import Writer, read_game

MAX_ID = 2**63 - 1
"""SQLite's largest integer: an id beyond it cannot name anything stored."""


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


_POST_COLUMNS = (
    "id, game_id, kind, channel_id, message_id, generation, users, card, board, shown_board, log, posted_at, retired"
)
_ACTION_COLUMNS = "game_id, version, seat, user_id, action, events, created_at"


def _fits(value: int) -> bool:
    return 0 < value <= MAX_ID


def _post(row: Sequence[Any]) -> PostRecord:
    return PostRecord(
        id=row[0],
        game_id=row[1],
        kind=row[2],
        channel_id=row[3],
        message_id=row[4],
        generation=row[5],
        users=tuple(json.loads(row[6])),
        card=row[7],
        board=row[8],
        shown_board=row[9],
        log=tuple(json.loads(row[10])),
        posted_at=row[11],
        retired=bool(row[12]),
    )


def _action(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6])


class Store:
    """One connection, used by one coroutine at a time (SQLite serialises writers anyway)."""

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], str] = utc_now) -> None:
        self._db = db
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, clock: Callable[[], str] = utc_now) -> Store:
        if str(path) != ":memory:":
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
        return cls(db, clock)

    async def close(self) -> None:
        await self._db.close()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Writer]:
        """One transaction: everything written inside commits together or not at all."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Writer(self._db, self._clock())
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

    # --- games ------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord | None:
        if not _fits(game_id):
            return None
        async with self._lock:
            return await self._game(game_id)

    async def table(self, game_id: int) -> TableRecord | None:
        """The game with its open posts, secret digests and DM refusals, read at once."""
        if not _fits(game_id):
            return None
        async with self._lock:
            game = await self._game(game_id)
            if game is None:
                return None
            posts = await self._fetch(
                f"SELECT {_POST_COLUMNS} FROM posts WHERE game_id = ? AND retired = 0 ORDER BY id", (game_id,)
            )
            sent = await self._fetch("SELECT user_id, digest FROM secrets_sent WHERE game_id = ?", (game_id,))
            humans = game.human_ids
            refusing = await self._fetch(
                f"SELECT user_id FROM dm_refusals WHERE user_id IN ({','.join('?' * len(humans))})", humans
            )
        return TableRecord(
            game=game,
            posts=tuple(_post(row) for row in posts),
            secrets_sent={row[0]: row[1] for row in sent},
            refusing_dms=frozenset(row[0] for row in refusing),
        )

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._game_where("channel_id = ? AND status IN ('lobby', 'active')", channel_id)

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._game_where("channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)

    async def _game_where(self, where: str, channel_id: int) -> GameRecord | None:
        if not _fits(channel_id):
            return None
        async with self._lock:
            rows = await self._fetch(f"SELECT id FROM games WHERE {where}", (channel_id,))
            return await self._game(rows[0][0]) if rows else None

    async def game_ids(self, *, status: Sequence[str] | None = None) -> list[int]:
        """Ids only (all, or those in ``status``), so that walking thousands of games never
        holds their states all at once."""
        where = f"WHERE status IN ({','.join('?' * len(status))})" if status else ""
        async with self._lock:
            return [row[0] for row in await self._fetch(f"SELECT id FROM games {where} ORDER BY id", status or ())]

    async def count_games(self) -> int:
        async with self._lock:
            return int((await self._fetch("SELECT COUNT(*) FROM games", ()))[0][0])

    async def actions(self, game_id: int, *, since_version: int = 0) -> list[ActionRecord]:
        async with self._lock:
            rows = await self._fetch(
                f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? AND version > ? ORDER BY version",
                (game_id, since_version),
            )
        return [_action(r) for r in rows]

    async def recent_actions(self, game_id: int, limit: int) -> list[ActionRecord]:
        async with self._lock:
            rows = await self._fetch(
                f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY version DESC LIMIT ?",
                (game_id, limit),
            )
        return [_action(r) for r in reversed(rows)]

    # --- delivery -----------------------------------------------------------------

    async def pending(self, game_id: int) -> list[OutboxRow]:
        async with self._lock:
            rows = await self._fetch(
                "SELECT id, game_id, post_id, op, user_id, card, board, attempts FROM outbox "
                "WHERE game_id = ? ORDER BY id",
                (game_id,),
            )
        return [OutboxRow(*row) for row in rows]

    async def games_with_pending(self) -> list[int]:
        async with self._lock:
            return [row[0] for row in await self._fetch("SELECT DISTINCT game_id FROM outbox ORDER BY game_id", ())]

    async def posts(self, game_id: int, *, include_retired: bool = False) -> list[PostRecord]:
        where = "" if include_retired else " AND retired = 0"
        async with self._lock:
            rows = await self._fetch(
                f"SELECT {_POST_COLUMNS} FROM posts WHERE game_id = ?{where} ORDER BY id", (game_id,)
            )
        return [_post(row) for row in rows]

    async def post(self, post_id: int) -> PostRecord | None:
        async with self._lock:
            rows = await self._fetch(f"SELECT {_POST_COLUMNS} FROM posts WHERE id = ?", (post_id,))
        return _post(rows[0]) if rows else None

    async def board(self, game_id: int, digest: str) -> bytes | None:
        async with self._lock:
            rows = await self._fetch("SELECT png FROM boards WHERE game_id = ? AND hash = ?", (game_id, digest))
        return bytes(rows[0][0]) if rows else None

    async def refuses_dms(self, user_id: int) -> bool:
        async with self._lock:
            return bool(await self._fetch("SELECT 1 FROM dm_refusals WHERE user_id = ?", (user_id,)))

    # --- statistics -------------------------------------------------------------------

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[StatLine]:
        async with self._lock:
            return await player_stats(self._db, user_id, guild_id)

    async def server_stats(self, guild_id: int | None) -> list[StatLine]:
        async with self._lock:
            return await server_stats(self._db, guild_id)

    # --- helpers ----------------------------------------------------------------------

    async def _fetch(self, sql: str, parameters: Iterable[Any]) -> list[Sequence[Any]]:
        async with self._db.execute(sql, tuple(parameters)) as cursor:
            return list(await cursor.fetchall())

    async def _game(self, game_id: int) -> GameRecord | None:
        return await read_game(self._db, game_id)
