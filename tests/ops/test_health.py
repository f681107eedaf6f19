"""`python -m bot health`: the database, the shard settings and the outbox backlog, with an exit code a
monitoring job can act on."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from bot.ops.health import run_health, shard_line
from bot.storage import Store, Writer
from bot.storage.migrations import latest_version
from tests.storage.pg_server import drop_schema, free_port, new_schema

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def settings(path=None, url=None, count=None, ids=None):
    return SimpleNamespace(database_path=path, database_url=url, shard_count=count, shard_ids=ids)


async def with_pending_row(target) -> None:
    store = await Store.open(target, clock=lambda: NOW.isoformat(timespec="seconds"))
    try:

        def work(tx: Writer) -> None:
            game = tx.create_game(
                guild_id=1,
                channel_id=5,
                parent_channel_id=None,
                game_type="toy",
                options={},
                seed=1,
                creator_id=1,
                seats=[],
            )
            tx.enqueue(game, "dm", user_id=1)

        await store.transaction(work)
    finally:
        await store.close()


def health(config, now) -> tuple[int, str]:
    out = io.StringIO()
    code = run_health(config, out, now=now)
    return code, out.getvalue()


@pytest.fixture(params=["sqlite", "postgres"])
async def target(request, tmp_path):
    if request.param == "sqlite":
        yield tmp_path / "games.db"
        return
    schema, url = await new_schema()
    yield url
    await drop_schema(schema)


def config_for(target):
    return settings(url=target) if isinstance(target, str) else settings(path=target)


async def test_a_sound_database_with_a_fresh_backlog_is_healthy_and_a_stuck_one_is_not(target):
    await with_pending_row(target)
    code, text = await asyncio.to_thread(health, config_for(target), NOW + timedelta(seconds=30))
    assert code == 0, text
    assert f"schema {latest_version()}" in text and "1 messages of 1 games waiting, the oldest for 30 s" in text
    assert "shards: automatic" in text and text.strip().endswith("OK")

    code, text = await asyncio.to_thread(health, config_for(target), NOW + timedelta(hours=3))
    assert code == 1
    assert "the oldest for 3 h (is a bot process running, and can it reach Discord?)  <-- PROBLEM" in text
    assert text.strip().endswith("PROBLEMS FOUND")


async def test_an_unreachable_server_or_a_missing_file_is_a_problem(tmp_path):
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"
    code, text = await asyncio.to_thread(health, settings(url=url), NOW)
    assert code == 1 and "database: cannot reach postgresql://postgres@127.0.0.1" in text
    code, text = await asyncio.to_thread(health, settings(path=tmp_path / "none.db"), NOW)
    assert code == 1 and "there is no database at" in text


def test_shard_settings_are_checked_against_each_other_and_the_database():
    assert shard_line(4, [0, 1], shared=True).ok
    assert "runs 2 of them (0, 1)" in shard_line(4, [0, 1], shared=True).text
    assert "shard 0 (DMs) runs elsewhere" in shard_line(4, [2, 3], shared=True).text
    assert not shard_line(4, [3, 4], shared=True).ok
    assert not shard_line(4, [1, 1], shared=True).ok
    assert not shard_line(None, [1], shared=True).ok
    one_file = shard_line(4, [0, 1], shared=False)
    assert not one_file.ok and "need DATABASE_URL" in one_file.text
    assert shard_line(2, None, shared=False).ok, "one process with every shard works on SQLite"


async def test_check_replays_a_postgresql_database_and_backup_points_to_pg_dump(tmp_path):
    from bot.ops.cli import run_backup, run_check
    from tests.ops.test_migrate_db import played_database
    from tests.support.toy_game import toy_games

    schema, url = await new_schema()
    try:
        source = tmp_path / "games.db"
        await played_database(source)
        from bot.ops.migrate_db import migrate_database

        await migrate_database(source, url, toy_games)
        config = SimpleNamespace(database_url=url, database_path=tmp_path / "unused.db")
        out = io.StringIO()
        assert await asyncio.to_thread(run_check, config, toy_games, out) == 0
        assert "toy: 3 games checked, all replay exactly" in out.getvalue()
        assert await asyncio.to_thread(run_backup, config, None, io.StringIO()) == 2
    finally:
        await drop_schema(schema)


def test_a_database_password_is_never_shown():
    from bot.storage.postgres import safe_url

    assert safe_url("postgresql://gm:s3cr3t@db:5432/gm") == "postgresql://gm:***@db:5432/gm"
    assert safe_url("postgresql://gm@db/gm") == "postgresql://gm@db/gm"
