"""Everything the store writes, inside one transaction (``await store.transaction(work)``)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from bot.storage.records import (
    GameRecord,
    GameTiming,
    LoggedAction,
    MyGame,
    OutboxRow,
    PostRecord,
    ResultRecord,
    SeatRecord,
    SeatTiming,
    TimerRecord,
    UserSettings,
)

_GAME_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.parent_channel_id, g.game_type, g.options, g.status, g.seed, g.state, "
    "g.version, g.creator_id, g.created_at, g.updated_at, g.finished_at"
)
SEATS_JSON = (
    "(SELECT json_group_array(json_array(s.seat, s.user_id, s.name, s.waiting_since)) "
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
    async with db.execute(GAME_QUERY, (game_id,)) as cursor:
        row = await cursor.fetchone()
    return game_from_row(row) if row is not None else None


class StorageError(Exception):
    pass


class ChannelBusy(StorageError):
    """The channel already has an open (lobby or active) game."""


class VersionConflict(StorageError):
    """The game changed since the request read it; nothing was written."""


class Writer:
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
            "INSERT INTO seats (game_id, seat, user_id, name, waiting_since) VALUES (?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.name, s.waiting_since) for s in seats],
        )
        self.touch(game_id)

    def replace_seat(self, game_id: int, seat: SeatRecord) -> None:
        """Hand a seat of a running game to someone else (or to a computer player)."""
        self._run(
            "UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
            (seat.user_id, seat.name, game_id, seat.seat),
        )
        self.touch(game_id)

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
            "scores, winners, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                game_type,
                guild_id,
                result.relation,
                None if result.team_won is None else int(result.team_won),
                result.team_score,
                result.variant,
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

    # --- long games: time settings, timers, quiet hours, undo (migration 0004) ------------------
    # Kept together and apart from the rest: plain SQL with ``?`` placeholders and no JSON
    # functions, so the PostgreSQL bridge runs them as they are. The few reads long games need
    # (``/game mine``, a game's log for undo and replays) run here too, in a short transaction.

    CLAIM_LOCK = ""
    """Appended to the timer claim's SELECT: PostgreSQL's writer sets ``FOR UPDATE SKIP LOCKED``."""

    def at(self, seconds: float) -> str:
        """This transaction's time plus ``seconds``, in the store's timestamp format (sortable)."""
        return (datetime.fromisoformat(self.now) + timedelta(seconds=seconds)).isoformat(timespec="seconds")

    def set_game_timing(self, game_id: int, timing: GameTiming) -> None:
        self._run(
            "INSERT OR REPLACE INTO game_timing (game_id, remind_after, turn_clock, missed_limit) VALUES (?, ?, ?, ?)",
            (game_id, timing.remind_after, timing.turn_clock, timing.missed_limit),
        )

    def game_timing(self, game_id: int) -> GameTiming:
        row = self._run(
            "SELECT remind_after, turn_clock, missed_limit FROM game_timing WHERE game_id = ?", (game_id,)
        ).fetchone()
        return GameTiming(int(row[0]), row[1], row[2]) if row is not None else GameTiming()

    def sync_turn_timers(
        self, game_id: int, waits: Mapping[int, int | None], humans: Collection[int], *, force: Collection[int] = ()
    ) -> None:
        """After a change: every seat whose decision opened anew (or whose player changed, ``force``)
        gets its wait start and fresh timers; seats no longer waited on lose theirs."""
        stored = {
            int(seat): since
            for seat, since in self._run("SELECT seat, since FROM seat_timing WHERE game_id = ?", (game_id,))
        }
        changed = [s for s, since in waits.items() if s not in stored or stored[s] != since or s in force]
        if not changed:
            return
        timing = self.game_timing(game_id)
        for seat in changed:
            since = waits[seat]
            self._run(
                "INSERT INTO seat_timing (game_id, seat, since, wait_started) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET since = excluded.since, wait_started = excluded.wait_started",
                (game_id, seat, since, self.now if since is not None else None),
            )
            self._run("DELETE FROM timers WHERE game_id = ? AND seat = ?", (game_id, seat))
            if since is None or seat not in humans:
                continue
            if timing.remind_after:
                self._add_timer(game_id, seat, since, "remind", self.at(timing.remind_after))
            if timing.turn_clock:
                self._add_timer(game_id, seat, since, "clock", self.at(timing.turn_clock))

    def _add_timer(self, game_id: int, seat: int, since: int, kind: str, due_at: str) -> None:
        self._run(
            "INSERT INTO timers (game_id, seat, since, kind, stage, due_at) VALUES (?, ?, ?, ?, 0, ?)",
            (game_id, seat, since, kind, due_at),
        )

    def claim_timers(self, lease_until: str, limit: int) -> list[TimerRecord]:
        """Due timers nobody holds, claimed until ``lease_until`` (a crashed worker's claims expire)."""
        rows = self._run(
            "SELECT id, game_id, seat, since, kind, stage, due_at FROM timers "
            "WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, id LIMIT ?"
            + self.CLAIM_LOCK,
            (self.now, self.now, limit),
        ).fetchall()
        self._db.executemany("UPDATE timers SET claimed_until = ? WHERE id = ?", [(lease_until, r[0]) for r in rows])
        return [TimerRecord(r[0], r[1], r[2], r[3], r[4], r[5], r[6], lease_until) for r in rows]

    def finish_timer(self, timer: TimerRecord) -> bool:
        """Delete a claimed timer; False when it is no longer this claim's (then roll back)."""
        cursor = self._run("DELETE FROM timers WHERE id = ? AND claimed_until = ?", (timer.id, timer.claimed_until))
        return cursor.rowcount == 1

    def postpone_timer(self, timer: TimerRecord, due_at: str, *, stage: int | None = None) -> bool:
        """Set a claimed timer to fire again later (released); False when it is no longer this claim's."""
        cursor = self._run(
            "UPDATE timers SET due_at = ?, stage = ?, claimed_until = NULL WHERE id = ? AND claimed_until = ?",
            (due_at, timer.stage if stage is None else stage, timer.id, timer.claimed_until),
        )
        return cursor.rowcount == 1

    def drop_timer(self, game_id: int, seat: int, kind: str, since: int) -> int:
        cursor = self._run(
            "DELETE FROM timers WHERE game_id = ? AND seat = ? AND kind = ? AND since = ?", (game_id, seat, kind, since)
        )
        return int(cursor.rowcount)

    def timers(self, game_id: int) -> list[TimerRecord]:
        rows = self._run(
            "SELECT id, game_id, seat, since, kind, stage, due_at, claimed_until FROM timers WHERE game_id = ? "
            "ORDER BY seat, kind",
            (game_id,),
        )
        return [TimerRecord(*row) for row in rows]

    def seat_timings(self, game_id: int) -> dict[int, SeatTiming]:
        rows = self._run(
            "SELECT seat, since, wait_started, missed, away_user, away_name FROM seat_timing WHERE game_id = ?",
            (game_id,),
        )
        return {int(row[0]): SeatTiming(*row) for row in rows}

    def reset_missed(self, game_id: int, seats: Iterable[int]) -> None:
        self._db.executemany(
            "UPDATE seat_timing SET missed = 0 WHERE game_id = ? AND seat = ? AND missed > 0",
            [(game_id, seat) for seat in seats],
        )

    def add_missed(self, game_id: int, seat: int) -> int:
        """One more time-out in a row for the seat; returns how many."""
        self._run(
            "INSERT INTO seat_timing (game_id, seat, missed) VALUES (?, ?, 1) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET missed = seat_timing.missed + 1",
            (game_id, seat),
        )
        row = self._run("SELECT missed FROM seat_timing WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
        return int(row[0])

    def set_away(self, game_id: int, seat: int, user_id: int | None, name: str | None) -> None:
        """Remember the player a computer stands in for (None: nobody; the seat was reclaimed)."""
        self._run(
            "INSERT INTO seat_timing (game_id, seat, away_user, away_name) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET away_user = excluded.away_user, "
            "away_name = excluded.away_name, missed = 0",
            (game_id, seat, user_id, name),
        )

    def credit_away_players(self, game_id: int) -> None:
        """A finished game's seats played by a computer for an absent player count for that player."""
        self._run(
            "UPDATE result_players SET user_id = (SELECT t.away_user FROM seat_timing AS t "
            "WHERE t.game_id = result_players.game_id AND t.seat = result_players.seat) "
            "WHERE game_id = ? AND user_id IS NULL AND seat IN "
            "(SELECT seat FROM seat_timing WHERE game_id = ? AND away_user IS NOT NULL)",
            (game_id, game_id),
        )

    def user_settings(self, user_id: int) -> UserSettings:
        row = self._run(
            "SELECT time_zone, quiet_start, quiet_end FROM user_settings WHERE user_id = ?", (user_id,)
        ).fetchone()
        return UserSettings(user_id, *row) if row is not None else UserSettings(user_id)

    def users_settings(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        return {user: self.user_settings(user) for user in user_ids}

    def set_user_settings(self, settings: UserSettings) -> None:
        self._run(
            "INSERT OR REPLACE INTO user_settings (user_id, time_zone, quiet_start, quiet_end) VALUES (?, ?, ?, ?)",
            (settings.user_id, settings.time_zone, settings.quiet_start, settings.quiet_end),
        )

    def mark_undoable(self, game_id: int, version: int) -> None:
        self._run("UPDATE actions SET undoable = 1 WHERE game_id = ? AND version = ?", (game_id, version))

    def mark_undone(self, game_id: int, version: int) -> None:
        self._run("UPDATE actions SET undone = 1 WHERE game_id = ? AND version = ?", (game_id, version))

    def action_log(self, game_id: int) -> list[LoggedAction]:
        """Every action of a game in order, taken-back ones marked (replays skip those)."""
        rows = self._run(
            "SELECT version, seat, user_id, action, undoable, undone, created_at FROM actions "
            "WHERE game_id = ? ORDER BY version",
            (game_id,),
        )
        return [LoggedAction(r[0], r[1], r[2], r[3], bool(r[4]), bool(r[5]), r[6]) for r in rows]

    def last_action(self, game_id: int) -> LoggedAction | None:
        row = self._run(
            "SELECT version, seat, user_id, action, undoable, undone, created_at FROM actions "
            "WHERE game_id = ? AND undone = 0 ORDER BY version DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        return LoggedAction(row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]), row[6]) if row else None

    def my_games(self, user_id: int) -> list[MyGame]:
        """The open games ``user_id`` sits in (or whose seat a computer plays for them), with their
        seats and since when each waited-on seat waits. Two queries, whatever the number of games."""
        mine = "SELECT game_id FROM seats WHERE user_id = ? UNION SELECT game_id FROM seat_timing WHERE away_user = ?"
        games = self._run(
            "SELECT id, guild_id, channel_id, game_type, status, version, state, updated_at FROM games "
            f"WHERE status IN ('lobby', 'active') AND id IN ({mine}) ORDER BY id",
            (user_id, user_id),
        ).fetchall()
        seats: dict[int, list[tuple[Any, ...]]] = {}
        for row in self._run(
            "SELECT s.game_id, s.seat, s.user_id, s.name, s.waiting_since, t.wait_started, t.away_user "
            "FROM seats AS s LEFT JOIN seat_timing AS t ON t.game_id = s.game_id AND t.seat = s.seat "
            f"WHERE s.game_id IN ({mine}) ORDER BY s.game_id, s.seat",
            (user_id, user_id),
        ):
            seats.setdefault(int(row[0]), []).append(tuple(row[1:]))
        found = []
        for g in games:
            rows = seats.get(int(g[0]), [])
            found.append(
                MyGame(
                    game_id=g[0],
                    guild_id=g[1],
                    channel_id=g[2],
                    game_type=g[3],
                    status=g[4],
                    version=g[5],
                    state=json.loads(g[6]) if g[6] is not None else None,
                    seats=tuple(SeatRecord(r[0], r[1], r[2], r[3]) for r in rows),
                    waiting=tuple((r[0], r[4]) for r in rows if r[3] is not None),
                    away_seats=tuple(r[0] for r in rows if r[5] == user_id),
                    updated_at=g[7],
                )
            )
        return found

    def rows(self, sql: str, parameters: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query of this transaction (statistics)."""
        return [tuple(row) for row in self._run(sql, parameters)]
