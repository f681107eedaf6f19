"""Backups taken while the bot writes are consistent; restore refuses under a running bot and keeps
the current database aside."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.ops.backup import backup, backups, rotate
from bot.ops.check import check_database
from bot.ops.database import DatabaseProblem
from bot.ops.lock import DatabaseInUse, DatabaseLock, in_use
from bot.ops.restore import restore
from tests.ops.builder import add_game, create_schema
from tests.support.toy_game import TOY, toy_games

ROOT = Path(__file__).resolve().parents[2]


def count_games(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    finally:
        connection.close()


def small_database(path: Path, games: int = 3) -> None:
    connection = create_schema(path)
    for index in range(games):
        add_game(connection, TOY.engine, channel_id=index, players=2, seed=index)
    connection.close()


def test_a_backup_taken_while_games_are_being_written_is_consistent_and_restores(tmp_path):
    db = tmp_path / "data" / "games.db"
    db.parent.mkdir()
    create_schema(db).close()
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.ops.writer", str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == b"ready"
        while count_games(db) < 40:
            time.sleep(0.02)
        before = count_games(db)
        snapshot = backup(db, tmp_path / "backups")
        after = count_games(db)
    finally:
        writer.kill()
        writer.wait()
    in_backup = count_games(snapshot)
    assert before <= in_backup <= after
    report = check_database(snapshot, toy_games)
    assert report.ok, report.lines()

    kept = restore(snapshot, db)
    assert kept is not None and kept.exists() and count_games(kept) >= in_backup
    assert count_games(db) == in_backup
    assert check_database(db, toy_games).ok


def test_backups_are_named_by_time_and_rotated(tmp_path):
    db = tmp_path / "games.db"
    small_database(db)
    made = [backup(db, tmp_path / "b", now=datetime(2026, 11, day, 3, 0, tzinfo=UTC)) for day in range(1, 6)]
    assert [p.name for p in backups(tmp_path / "b")] == [f"games-202611{day:02d}-030000.db" for day in range(1, 6)]
    deleted = rotate(tmp_path / "b", keep=2)
    assert deleted == made[:3]
    assert backups(tmp_path / "b") == made[3:]


def test_restore_refuses_while_a_bot_runs_on_the_database(tmp_path):
    db = tmp_path / "games.db"
    small_database(db)
    snapshot = backup(db, tmp_path / "b")
    with DatabaseLock(db):
        assert in_use(db)
        with pytest.raises(DatabaseInUse, match="Stop it first"):
            restore(snapshot, db)
    assert not in_use(db)
    assert count_games(db) == 3


def test_restore_refuses_a_broken_backup_and_changes_nothing(tmp_path):
    db = tmp_path / "games.db"
    small_database(db)
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"not a database at all")
    with pytest.raises(DatabaseProblem, match="is not a SQLite database"):
        restore(broken, db)
    assert count_games(db) == 3
    assert not list(tmp_path.glob("games.db.before-restore-*"))


def test_only_one_bot_per_database(tmp_path):
    db = tmp_path / "games.db"
    with DatabaseLock(db), pytest.raises(DatabaseInUse):
        DatabaseLock(db).acquire()
