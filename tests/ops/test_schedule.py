"""Automatic backups: due from the newest backup in the folder (so restarts neither skip nor repeat
one), checked, rotated to BACKUP_KEEP, and a failure retried later instead of stopping the bot."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from bot.ops.backup import backups
from bot.ops.check import check_database
from bot.ops.schedule import BackupSchedule
from tests.ops.test_backup_restore import small_database
from tests.support.toy_game import toy_games

START = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START
        self.slept: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += timedelta(seconds=seconds)


def schedule(tmp_path: Path, clock: Clock, *, keep: int = 3) -> BackupSchedule:
    db = tmp_path / "games.db"
    if not db.exists():
        small_database(db)
    return BackupSchedule(db, tmp_path / "backups", timedelta(days=1), keep, clock=clock, sleep=clock.sleep)


def age(path: Path, when: datetime) -> None:
    os.utime(path, (when.timestamp(), when.timestamp()))


async def test_the_first_backup_is_due_at_once_and_passes_the_check(tmp_path):
    clock = Clock()
    plan = schedule(tmp_path, clock)
    assert plan.next_due() == START
    made = await plan.run_once()
    assert made is not None and made.parent == tmp_path / "backups"
    assert check_database(made, toy_games).ok


async def test_after_a_restart_the_next_backup_is_due_a_day_after_the_newest_one(tmp_path):
    clock = Clock()
    made = await schedule(tmp_path, clock).run_once()
    assert made is not None
    age(made, START - timedelta(hours=20))
    restarted = schedule(tmp_path, clock)
    assert restarted.next_due() == START + timedelta(hours=4)


async def test_backups_beyond_keep_are_removed_oldest_first(tmp_path):
    clock = Clock()
    plan = schedule(tmp_path, clock, keep=3)
    made = []
    for _ in range(5):
        path = await plan.run_once()
        assert path is not None
        made.append(path)
        clock.now += timedelta(days=1)
    assert backups(tmp_path / "backups") == made[-3:]


async def test_the_loop_sleeps_until_due_then_backs_up(tmp_path):
    clock = Clock()
    plan = schedule(tmp_path, clock)
    first = await plan.run_once()
    assert first is not None
    age(first, START)
    taken: list[datetime] = []

    async def once() -> Path | None:
        taken.append(clock.now)
        raise StopAsyncIteration

    plan.run_once = once  # type: ignore[method-assign]
    with pytest.raises(StopAsyncIteration):
        await plan.run()
    assert clock.slept == [timedelta(days=1).total_seconds()]
    assert taken == [START + timedelta(days=1)]


async def test_a_failed_backup_is_logged_and_retried_within_the_hour(tmp_path, caplog):
    clock = Clock()
    plan = BackupSchedule(tmp_path / "missing.db", tmp_path / "backups", timedelta(days=1), 7, clock=clock)
    assert await plan.run_once() is None
    assert "Automatic backup failed: There is no database" in caplog.text
    assert plan.next_due() == START + timedelta(hours=1)


def test_backup_settings(tmp_path):
    default = load_settings({}, env_file=None)
    assert (default.backup_dir, default.backup_every, default.backup_keep) == (None, timedelta(days=1), 7)
    chosen = load_settings({"BACKUP_DIR": "/srv/backups", "BACKUP_EVERY": "6h", "BACKUP_KEEP": "14"}, env_file=None)
    assert (chosen.backup_dir, chosen.backup_every, chosen.backup_keep) == (
        Path("/srv/backups"),
        timedelta(hours=6),
        14,
    )
    assert load_settings({"BACKUP_EVERY": "weekly"}, env_file=None).backup_every == timedelta(weeks=1)
    for bad, message in (("BACKUP_EVERY", "BACKUP_EVERY must be"), ("BACKUP_KEEP", "BACKUP_KEEP must be")):
        with pytest.raises(ConfigError, match=message):
            load_settings({bad: "often"}, env_file=None)
    with pytest.raises(ConfigError, match="at least 5 minutes"):
        load_settings({"BACKUP_EVERY": "1m"}, env_file=None)
