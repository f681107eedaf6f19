"""Everything the store writes, inside one transaction (``await store.transaction(work)``)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import aiosqlite

from bot.storage.long_games import LongGameWrites
from bot.storage.records import GameRecord, GameTiming, OutboxRow, PostRecord, ResultRecord, SeatRecord
from bot.storage.web_pages import WebPageWrites

_GAME_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.parent_channel_id, g.game_type, g.options, g.status, g.seed, g.state, "
    "g.version, g.creator_id, g.created_at, g.updated_at, g.finished_at"
)
SEATS_JSON = (
    "(SELECT json_group_array(json_array(s.seat, s.user_id, s.name, s.waiting_since, s.level, s.language)) "
    "FROM (SELECT * FROM seats WHERE game_id = g.id ORDER BY seat) AS s)"
)
GAME_QUERY = f"SELECT {_GAME_COLUMNS}, {SEATS_JSON} FROM games AS g WHERE g.id = ?"
"""A game with its seats in one query (one trip to the database thread instead of two)."""


PENDING_QUERY = (
    "SELECT o.id, o.game_id, o.post_id, o.op, o.user_id, o.card, o.board, o.attempts, "
    "(SELECT json_array(p.id, p.game_id, p.kind, p.channel_id, p.message_id, p.generation, p.users, p.card, "
    "p.board, p.shown_board, p.log, p.posted_at, p.retired) FROM posts AS p WHERE p.id = o.post_id) "
    "FROM outbox AS o WHERE o.game_id = ? ORDER BY o.id"
)
"""A game's pending outbox rows, in order, each with the post it concerns."""

Pending = tuple[list[OutboxRow], dict[int, PostRecord]]


def post_from_row(row: Sequence[Any]) -> PostRecord:
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


def pending_from_rows(rows: Iterable[Sequence[Any]]) -> Pending:
    listed = list(rows)
    posts = {row[2]: post_from_row(json.loads(row[8])) for row in listed if row[8] is not None}
    return [OutboxRow(*row[:8]) for row in listed], posts


def timing_from_json(text: str | None) -> GameTiming | None:
    """A game's settings as the table query reads them (JSON ``[remind, clock, missed, stand-in
    level, language]``)."""
    if text is None:
        return None
    remind_after, turn_clock, missed_limit, stand_in_level, language = json.loads(text)
    return GameTiming(int(remind_after), turn_clock, missed_limit, stand_in_level, language)


def clocks_from_json(text: str | None) -> dict[int, tuple[int, str]]:
    """The running clock timers as the table query reads them: seat -> (since, due at)."""
    return {int(seat): (int(since), str(due)) for seat, since, due in json.loads(text or "[]")}


def game_from_row(row: Sequence[Any]) -> GameRecord:
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
        seats=tuple(SeatRecord(*seat) for seat in json.loads(row[14])),
    )


async def read_game(db: aiosqlite.Connection, game_id: int) -> GameRecord | None:
    rows = list(await db.execute_fetchall(GAME_QUERY, (game_id,)))  # one trip to the reading thread
    return game_from_row(rows[0]) if rows else None


class StorageError(Exception):
    pass


class ChannelBusy(StorageError):
    """The channel already has an open (lobby or active) game."""


class VersionConflict(StorageError):
    """The game changed since the request read it; nothing was written."""


class Writer(LongGameWrites, WebPageWrites):
    """Write methods for one open transaction, run in the store's writing thread (plain
    ``sqlite3``): a whole transaction is one trip to that thread. ``now`` is its timestamp."""

    def __init__(self, db: sqlite3.Connection, now: str) -> None:
        self._db = db
        self.now = now

    def _run(self, sql: str, parameters: Iterable[Any] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, tuple(parameters))

    # --- games and seats ------------------------------------------------------------

    def game(self, game_id: int) -> GameRecord:
        """The game as this transaction sees it."""
        row = self._db.execute(GAME_QUERY, (game_id,)).fetchone()
        record = game_from_row(row) if row is not None else None
        if record is None:
            raise StorageError(f"game {game_id} does not exist")
        return record

    def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None,
        game_type: str,
        options: Mapping[str, Any],
        seed: int,
        creator_id: int,
        seats: Iterable[SeatRecord],
    ) -> int:
        try:
            cursor = self._run(
                "INSERT INTO games (guild_id, channel_id, parent_channel_id, game_type, options, status, seed, "
                "version, creator_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?)",
                (guild_id, channel_id, parent_channel_id, game_type, json.dumps(dict(options)), seed, creator_id)
                + (self.now, self.now),
            )
        except sqlite3.IntegrityError as error:
            raise ChannelBusy("There is already a game in this channel.") from error
        game_id = int(cursor.lastrowid or 0)
        self.set_seats(game_id, seats)
        return game_id

    def set_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        self._run("DELETE FROM seats WHERE game_id = ?", (game_id,))
        self._db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, waiting_since, level, language) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.name, s.waiting_since, s.level, s.language) for s in seats],
        )
        self.touch(game_id)

    def replace_seat(self, game_id: int, seat: SeatRecord) -> None:
        """Hand a seat of a running game to someone else (or to a computer player)."""
        self._run(
            "UPDATE seats SET user_id = ?, name = ?, level = ?, language = ? WHERE game_id = ? AND seat = ?",
            (seat.user_id, seat.name, seat.level, seat.language, game_id, seat.seat),
        )
        if seat.user_id is not None:
            self._run(
                "INSERT OR IGNORE INTO seat_holders (game_id, user_id, seat) VALUES (?, ?, ?)",
                (game_id, seat.user_id, seat.seat),
            )
        self.touch(game_id)

    def seats_held(self, game_id: int, user_id: int) -> frozenset[int]:
        """The seats ``user_id`` has held since the game started (they know those seats' secrets)."""
        rows = self._run("SELECT seat FROM seat_holders WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return frozenset(int(row[0]) for row in rows)

    def set_waiting(self, game_id: int, waiting: Mapping[int, int | None]) -> None:
        """Per seat: the version its current decision opened at, or None (not waited on)."""
        self._db.executemany(
            "UPDATE seats SET waiting_since = ? WHERE game_id = ? AND seat = ?",
            [(since, game_id, seat) for seat, since in waiting.items()],
        )

    def require_status(self, game_id: int, status: str) -> None:
        row = self._db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] != status:
            raise VersionConflict(f"game {game_id} is not in status {status}")

    def set_options(self, game_id: int, options: Mapping[str, Any]) -> None:
        self._run("UPDATE games SET options = ? WHERE id = ?", (json.dumps(dict(options)), game_id))
        self.touch(game_id)

    def start_game(self, game_id: int, *, options: Mapping[str, Any], state: Mapping[str, Any]) -> None:
        self.require_status(game_id, "lobby")
        self._run(
            "UPDATE games SET status = 'active', options = ?, state = ?, version = 0, updated_at = ? WHERE id = ?",
            (json.dumps(dict(options)), json.dumps(dict(state)), self.now, game_id),
        )
        self._run(
            "INSERT OR IGNORE INTO seat_holders (game_id, user_id, seat) "
            "SELECT game_id, user_id, seat FROM seats WHERE game_id = ? AND user_id IS NOT NULL",
            (game_id,),
        )

    def save_state(
        self, game_id: int, *, expected_version: int, version: int, state: Mapping[str, Any], finished: bool
    ) -> None:
        """The game's new state, if it is still at ``expected_version`` (else VersionConflict)."""
        cursor = self._run(
            "UPDATE games SET state = ?, version = ?, updated_at = ?, status = ?, finished_at = ? "
            "WHERE id = ? AND version = ? AND status = 'active'",
            (
                json.dumps(dict(state)),
                version,
                self.now,
                "finished" if finished else "active",
                self.now if finished else None,
                game_id,
                expected_version,
            ),
        )
        if cursor.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")

    def log_action(
        self, game_id: int, *, version: int, seat: int, user_id: int | None, action: str, events: Sequence[str]
    ) -> None:
        self.log_actions(game_id, [(version, seat, user_id, action, events)])

    def log_actions(self, game_id: int, rows: Sequence[tuple[int, int, int | None, str, Sequence[str]]]) -> None:
        """Action-log rows ``(version, seat, user_id, action, public events)``, in one go."""
        self._db.executemany(
            "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (game_id, version, seat, user_id, action, json.dumps(list(events)), self.now)
                for version, seat, user_id, action, events in rows
            ],
        )

    def set_status(self, game_id: int, status: str) -> None:
        self._run(
            "UPDATE games SET status = ?, updated_at = ?, finished_at = CASE WHEN ? IN ('finished', 'abandoned') "
            "THEN ? ELSE finished_at END WHERE id = ?",
            (status, self.now, status, self.now, game_id),
        )

    def add_abandon_vote(self, game_id: int, user_id: int) -> set[int]:
        self._run("INSERT OR IGNORE INTO abandon_votes (game_id, user_id) VALUES (?, ?)", (game_id, user_id))
        return {row[0] for row in self._db.execute("SELECT user_id FROM abandon_votes WHERE game_id = ?", (game_id,))}

    def touch(self, game_id: int) -> None:
        self._run("UPDATE games SET updated_at = ? WHERE id = ?", (self.now, game_id))

    # --- posts and the outbox ------------------------------------------------------------

    def add_post(
        self,
        game_id: int,
        kind: str,
        channel_id: int,
        *,
        users: Sequence[int] = (),
        log: Sequence[str] = (),
        card: str = "",
        board: str = "",
    ) -> int:
        """A new post (``card``: the digest of what is queued for it; ``board``: its image's hash)."""
        cursor = self._run(
            "INSERT INTO posts (game_id, kind, channel_id, users, log, card, board) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, channel_id, json.dumps(list(users)), json.dumps(list(log)), card, board),
        )
        return int(cursor.lastrowid or 0)

    def update_post(self, post_id: int, **fields: Any) -> None:
        """Set columns of a post (``users`` and ``log`` are sequences, stored as JSON)."""
        allowed = {"kind", "message_id", "generation", "users", "card", "board", "shown_board", "log", "posted_at"}
        allowed.add("retired")
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"unknown post fields {sorted(unknown)}")
        values = {k: json.dumps(list(v)) if k in ("users", "log") else v for k, v in fields.items()}
        assignments = ", ".join(f"{name} = ?" for name in values)
        self._run(f"UPDATE posts SET {assignments} WHERE id = ?", (*values.values(), post_id))

    def enqueue(
        self,
        game_id: int,
        op: str,
        *,
        post_id: int | None = None,
        user_id: int | None = None,
        card: str = "{}",
        board: str = "",
    ) -> int:
        cursor = self._run(
            "INSERT INTO outbox (game_id, post_id, op, user_id, card, board, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, post_id, op, user_id, card, board, self.now),
        )
        return int(cursor.lastrowid or 0)

    def enqueue_many(self, game_id: int, rows: Sequence[tuple[str, int | None, int | None, str, str]]) -> None:
        """Outbox rows ``(op, post_id, user_id, card, board)``, in one go (ids keep their order)."""
        self._db.executemany(
            "INSERT INTO outbox (game_id, post_id, op, user_id, card, board, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, post_id, op, user_id, card, board, self.now) for op, post_id, user_id, card, board in rows],
        )

    def pending(self, game_id: int) -> Pending:
        """What is still to send for the game, as this transaction leaves it."""
        return pending_from_rows(self._db.execute(PENDING_QUERY, (game_id,)))

    def done(self, row_ids: Iterable[int]) -> None:
        self._db.executemany("DELETE FROM outbox WHERE id = ?", [(i,) for i in row_ids])

    def failed_attempt(self, row_ids: Iterable[int]) -> None:
        self._db.executemany("UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", [(i,) for i in row_ids])

    def drop_direct_messages(self, user_id: int) -> None:
        """Queued DMs to someone who refuses them are never sent."""
        self._run("DELETE FROM outbox WHERE op = 'dm' AND user_id = ?", (user_id,))

    def put_board(self, game_id: int, digest: str, png: bytes) -> None:
        self._run("INSERT OR IGNORE INTO boards (game_id, hash, png) VALUES (?, ?, ?)", (game_id, digest, png))

    def prune_boards(self, game_id: int) -> None:
        """Keep only the boards a post or a queued message still refers to."""
        self._run(
            "DELETE FROM boards WHERE game_id = ? AND hash NOT IN ("
            "SELECT board FROM posts WHERE game_id = ? UNION SELECT shown_board FROM posts WHERE game_id = ? "
            "UNION SELECT board FROM outbox WHERE game_id = ?)",
            (game_id, game_id, game_id, game_id),
        )

    # --- direct messages --------------------------------------------------------------------

    def set_secret_sent(self, game_id: int, user_id: int, digest: str) -> None:
        self.set_secrets_sent(game_id, {user_id: digest})

    def set_secrets_sent(self, game_id: int, digests: Mapping[int, str]) -> None:
        self._db.executemany(
            "INSERT INTO secrets_sent (game_id, user_id, digest) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET digest = excluded.digest",
            [(game_id, user_id, digest) for user_id, digest in digests.items()],
        )

    def forget_secrets_sent(self, user_id: int) -> None:
        self._run("DELETE FROM secrets_sent WHERE user_id = ?", (user_id,))

    def set_refuses_dms(self, user_id: int, refuses: bool) -> None:
        if refuses:
            self._run("INSERT OR IGNORE INTO dm_refusals (user_id, refused_at) VALUES (?, ?)", (user_id, self.now))
        else:
            self._run("DELETE FROM dm_refusals WHERE user_id = ?", (user_id,))

    # --- results ------------------------------------------------------------------------------

    def save_result(
        self,
        game_id: int,
        *,
        game_type: str,
        guild_id: int | None,
        result: ResultRecord,
        players: Sequence[SeatRecord],
    ) -> None:
        self._run(
            "INSERT OR REPLACE INTO results (game_id, game_type, guild_id, relation, team_won, team_score, variant, "
            "ending, scores, winners, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                game_type,
                guild_id,
                result.relation,
                None if result.team_won is None else int(result.team_won),
                result.team_score,
                result.variant,
                result.ending,
                json.dumps(list(result.scores)),
                json.dumps(list(result.winners)),
                self.now,
            ),
        )
        self._db.executemany(
            "INSERT OR REPLACE INTO result_players (game_id, seat, user_id, won, score) VALUES (?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    seat.seat,
                    seat.user_id,
                    int(seat.seat in result.winners),
                    result.scores[seat.seat] if seat.seat < len(result.scores) else 0.0,
                )
                for seat in players
            ],
        )
