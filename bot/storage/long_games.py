"""What long games write and read inside a transaction (migration 0004): time settings, the
timers a background task claims, wait starts, missed turns and absent players, quiet hours, undo
marks, ``/game mine``.

A mixin of ``Writer``, kept apart from the rest: plain SQL with ``?`` placeholders and no JSON
functions, so the PostgreSQL bridge runs it as it is. The few reads long games need run here too,
in a short transaction, so they work the same on both stores.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from bot.storage.records import (
    GameTiming,
    LoggedAction,
    MyGame,
    SeatRecord,
    SeatTiming,
    TimerRecord,
    UserSettings,
)


class LongGameWrites:
    _db: sqlite3.Connection
    now: str

    def _run(self, sql: str, parameters: Iterable[Any] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, tuple(parameters))

    CLAIM_LOCK = ""
    """Appended to the timer claim's SELECT: PostgreSQL's writer sets ``FOR UPDATE SKIP LOCKED``."""

    def at(self, seconds: float) -> str:
        """This transaction's time plus ``seconds``, in the store's timestamp format (sortable)."""
        return (datetime.fromisoformat(self.now) + timedelta(seconds=seconds)).isoformat(timespec="seconds")

    def set_game_timing(self, game_id: int, timing: GameTiming) -> None:
        self._run(
            "INSERT OR REPLACE INTO game_timing "
            "(game_id, remind_after, turn_clock, missed_limit, stand_in_level, language) VALUES (?, ?, ?, ?, ?, ?)",
            (
                game_id,
                timing.remind_after,
                timing.turn_clock,
                timing.missed_limit,
                timing.stand_in_level,
                timing.language,
            ),
        )

    def game_timing(self, game_id: int) -> GameTiming:
        row = self._run(
            "SELECT remind_after, turn_clock, missed_limit, stand_in_level, language FROM game_timing WHERE game_id = ?",
            (game_id,),
        ).fetchone()
        return GameTiming(int(row[0]), row[1], row[2], row[3], row[4]) if row is not None else GameTiming()

    def sync_turn_timers(
        self,
        game_id: int,
        waits: Mapping[int, int | None],
        humans: Collection[int],
        *,
        force: Collection[int] = (),
        answers: Mapping[int, int | None] | Collection[int] = (),
    ) -> None:
        """After a change: every seat whose decision opened anew (or whose player changed, ``force``)
        gets its wait start and fresh timers; seats no longer waited on lose theirs. ``answers``:
        seats deciding during another player's turn, whose decision times out even without a clock
        (mapped to the engine's shorter limit in seconds, if any)."""
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
            if timing.turn_clock or seat in answers:
                quick = answers.get(seat) if isinstance(answers, Mapping) else None
                limit = timing.turn_clock or timing.answer_within
                self._add_timer(game_id, seat, since, "clock", self.at(min(limit, quick or limit)))

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
            "SELECT time_zone, quiet_start, quiet_end, language FROM user_settings WHERE user_id = ?", (user_id,)
        ).fetchone()
        return UserSettings(user_id, *row) if row is not None else UserSettings(user_id)

    def users_settings(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        return {user: self.user_settings(user) for user in user_ids}

    def set_user_settings(self, settings: UserSettings) -> None:
        self._run(
            "INSERT OR REPLACE INTO user_settings (user_id, time_zone, quiet_start, quiet_end, language) "
            "VALUES (?, ?, ?, ?, ?)",
            (settings.user_id, settings.time_zone, settings.quiet_start, settings.quiet_end, settings.language),
        )
        if settings.language is not None:
            # A player's own choice reaches the seats they already hold too: their direct messages in
            # running games (a seat keeps the language its player read when sitting down).
            self._run(
                "UPDATE seats SET language = ? WHERE user_id = ? AND game_id IN "
                "(SELECT id FROM games WHERE status IN ('lobby', 'active'))",
                (settings.language, settings.user_id),
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
                    state=g[6],
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
