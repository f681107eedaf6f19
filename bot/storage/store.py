"""SQLite storage for games, seats and the action log (aiosqlite, WAL).

Every action is one transaction: the new state, the version bump and the log
row commit together or not at all, guarded by the version the action was
computed from (optimistic concurrency), so a crash or a duplicate click can
neither lose nor double a move.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.migrations import migrate

OPEN_STATUSES = ("lobby", "active")


class StorageError(Exception):
    pass


class ChannelBusy(StorageError):
    """The channel already has an open (lobby or active) game."""


class VersionConflict(StorageError):
    """The game changed since the action was computed; nothing was written."""


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    user_id: int | None
    name: str

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    game_type: str
    options: dict[str, Any]
    status: str
    seed: int
    state: dict[str, Any] | None
    version: int
    creator_id: int
    created_at: str
    updated_at: str
    finished_at: str | None
    last_post_id: int | None
    seats: tuple[SeatRecord, ...] = field(default=())

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def human_ids(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]


@dataclass(frozen=True)
class ActionRecord:
    game_id: int
    version: int
    seat: int
    user_id: int | None
    action: str
    events: list[str]
    created_at: str


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


_GAME_COLUMNS = (
    "id, guild_id, channel_id, parent_channel_id, game_type, options, status, seed, state, version, "
    "creator_id, created_at, updated_at, finished_at, last_post_id"
)


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

    # --- reading ----------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord | None:
        async with self._lock:
            return await self._game(game_id)

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._lock:
            async with self._db.execute(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
            ) as cursor:
                row = await cursor.fetchone()
            return await self._game(row[0]) if row else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._lock:
            async with self._db.execute(
                "SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
            ) as cursor:
                row = await cursor.fetchone()
            return await self._game(row[0]) if row else None

    async def game_ids(self, *, status: Sequence[str] | None = None) -> list[int]:
        """Ids only (all, or those in ``status``), so that walking thousands of games never
        holds their states all at once."""
        where = f"WHERE status IN ({','.join('?' * len(status))})" if status else ""
        async with (
            self._lock,
            self._db.execute(f"SELECT id FROM games {where} ORDER BY id", list(status or ())) as cursor,
        ):
            return [row[0] async for row in cursor]

    async def count_games(self) -> int:
        async with self._lock, self._db.execute("SELECT COUNT(*) FROM games") as cursor:
            return (await cursor.fetchone())[0]

    async def actions(self, game_id: int, *, since_version: int = 0) -> list[ActionRecord]:
        async with (
            self._lock,
            self._db.execute(
                "SELECT game_id, version, seat, user_id, action, events, created_at FROM actions "
                "WHERE game_id = ? AND version > ? ORDER BY version",
                (game_id, since_version),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [ActionRecord(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6]) for r in rows]

    async def recent_actions(self, game_id: int, limit: int) -> list[ActionRecord]:
        async with (
            self._lock,
            self._db.execute(
                "SELECT game_id, version, seat, user_id, action, events, created_at FROM actions "
                "WHERE game_id = ? ORDER BY version DESC LIMIT ?",
                (game_id, limit),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [ActionRecord(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6]) for r in reversed(rows)]

    async def _game(self, game_id: int) -> GameRecord | None:
        async with self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return None
        async with self._db.execute(
            "SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cursor:
            seats = tuple(SeatRecord(*r) for r in await cursor.fetchall())
        return GameRecord(
            id=row[0],
            guild_id=row[1],
            channel_id=row[2],
            parent_channel_id=row[3],
            game_type=row[4],
            options=json.loads(row[5]),
            status=row[6],
            seed=row[7],
            state=json.loads(row[8]) if row[8] is not None else None,
            version=row[9],
            creator_id=row[10],
            created_at=row[11],
            updated_at=row[12],
            finished_at=row[13],
            last_post_id=row[14],
            seats=seats,
        )

    # --- writing ----------------------------------------------------------

    async def _transaction(self, work: Callable[[], Any]) -> Any:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                result = await work()
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()
            return result

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None,
        game_type: str,
        options: dict[str, Any],
        seed: int,
        creator_id: int,
        seats: Iterable[SeatRecord],
    ) -> GameRecord:
        now = self._clock()

        async def work() -> int:
            try:
                cursor = await self._db.execute(
                    "INSERT INTO games (guild_id, channel_id, parent_channel_id, game_type, options, status, seed, "
                    "version, creator_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        parent_channel_id,
                        game_type,
                        json.dumps(options),
                        seed,
                        creator_id,
                        now,
                        now,
                    ),
                )
            except aiosqlite.IntegrityError as error:
                raise ChannelBusy("There is already a game in this channel.") from error
            game_id = cursor.lastrowid
            await self._write_seats(game_id, seats)
            return game_id

        game_id = await self._transaction(work)
        return await self.game(game_id)

    async def _write_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self._db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.name) for s in seats],
        )

    async def update_lobby(
        self, game_id: int, seats: Sequence[SeatRecord], options: dict[str, Any] | None = None
    ) -> GameRecord:
        """Replace the seats (and optionally the options) of a game still in its lobby."""

        async def work() -> None:
            await self._require_status(game_id, "lobby")
            await self._write_seats(game_id, seats)
            if options is not None:
                await self._db.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps(options), game_id))
            await self._touch(game_id)

        await self._transaction(work)
        return await self.game(game_id)

    async def start_game(
        self, game_id: int, *, seats: Sequence[SeatRecord], options: dict[str, Any], state: dict[str, Any]
    ) -> GameRecord:
        async def work() -> None:
            await self._require_status(game_id, "lobby")
            await self._write_seats(game_id, seats)
            await self._db.execute(
                "UPDATE games SET status = 'active', options = ?, state = ?, version = 0, updated_at = ? WHERE id = ?",
                (json.dumps(options), json.dumps(state), self._clock(), game_id),
            )

        await self._transaction(work)
        return await self.game(game_id)

    async def commit_action(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        user_id: int | None,
        action: str,
        state: dict[str, Any],
        public_events: Sequence[str],
        finished: bool = False,
    ) -> int:
        """Write one action atomically; returns the new version or raises VersionConflict."""
        now = self._clock()
        new_version = expected_version + 1

        async def work() -> None:
            cursor = await self._db.execute(
                "UPDATE games SET state = ?, version = ?, updated_at = ?, status = ?, finished_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (
                    json.dumps(state),
                    new_version,
                    now,
                    "finished" if finished else "active",
                    now if finished else None,
                    game_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
            await self._db.execute(
                "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, new_version, seat, user_id, action, json.dumps(list(public_events)), now),
            )

        await self._transaction(work)
        return new_version

    async def replace_seat(self, game_id: int, seat: SeatRecord) -> GameRecord:
        """Hand a seat of an active game to someone else (or to a computer player)."""

        async def work() -> None:
            await self._db.execute(
                "UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
                (seat.user_id, seat.name, game_id, seat.seat),
            )
            await self._touch(game_id)

        await self._transaction(work)
        return await self.game(game_id)

    async def set_status(self, game_id: int, status: str) -> GameRecord:
        now = self._clock()

        async def work() -> None:
            await self._db.execute(
                "UPDATE games SET status = ?, updated_at = ?, finished_at = CASE WHEN ? IN ('finished', 'abandoned') "
                "THEN ? ELSE finished_at END WHERE id = ?",
                (status, now, status, now, game_id),
            )

        await self._transaction(work)
        return await self.game(game_id)

    async def set_last_post(self, game_id: int, message_id: int | None) -> int | None:
        """Remember the newest turn message; returns the one it replaces."""

        async def work() -> int | None:
            async with self._db.execute("SELECT last_post_id FROM games WHERE id = ?", (game_id,)) as cursor:
                row = await cursor.fetchone()
            await self._db.execute("UPDATE games SET last_post_id = ? WHERE id = ?", (message_id, game_id))
            return row[0] if row else None

        return await self._transaction(work)

    async def add_abandon_vote(self, game_id: int, user_id: int) -> set[int]:
        async def work() -> set[int]:
            await self._db.execute(
                "INSERT OR IGNORE INTO abandon_votes (game_id, user_id) VALUES (?, ?)", (game_id, user_id)
            )
            async with self._db.execute("SELECT user_id FROM abandon_votes WHERE game_id = ?", (game_id,)) as cursor:
                return {row[0] async for row in cursor}

        return await self._transaction(work)

    async def _require_status(self, game_id: int, status: str) -> None:
        async with self._db.execute("SELECT status FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None or row[0] != status:
            raise VersionConflict(f"game {game_id} is not in status {status}")

    async def _touch(self, game_id: int) -> None:
        await self._db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (self._clock(), game_id))
