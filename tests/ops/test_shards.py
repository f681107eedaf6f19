"""Several processes: DATABASE_URL, SHARD_COUNT and SHARD_IDS are read, checked against each other,
and handed to discord.py's AutoShardedBot; only the process with shard 0 syncs slash commands."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_settings

URL = "postgresql://gm:secret@db.example:5432/gm"


def settings(**values: str):
    return load_settings({"DISCORD_TOKEN": "t", **values}, env_file=None)


def test_a_postgresql_url_is_read_and_its_password_never_shown():
    loaded = settings(DATABASE_URL=URL)
    assert loaded.database_url == URL
    assert "secret" not in repr(loaded) and "postgresql://gm:***@db.example:5432/gm" in repr(loaded)
    assert settings(DATABASE_URL="sqlite:///srv/gm/games.db").database_url is None
    assert str(settings(DATABASE_URL="sqlite:///srv/gm/games.db").database_path) == "srv/gm/games.db"
    with pytest.raises(ConfigError, match="DATABASE_URL must be postgresql://"):
        settings(DATABASE_URL="mysql://gm@db/gm")


def test_shard_ids_are_ranges_within_the_shard_count():
    loaded = settings(DATABASE_URL=URL, SHARD_COUNT="16", SHARD_IDS="0-3, 8")
    assert (loaded.shard_count, loaded.shard_ids) == (16, (0, 1, 2, 3, 8))
    assert settings(SHARD_COUNT="2").shard_ids is None, "one process runs every shard, SQLite is fine"
    assert settings(SHARD_COUNT="2", SHARD_IDS="0,1").shard_ids == (0, 1)
    for count, ids, message in [
        ("", "0", "SHARD_IDS needs SHARD_COUNT"),
        ("4", "3-5", "from 0 to 3"),
        ("4", "1,1", "different shards"),
        ("4", "one", "such as 0,1 or 4-7"),
        ("0", "", "SHARD_COUNT must be"),
    ]:
        with pytest.raises(ConfigError, match=message):
            settings(DATABASE_URL=URL, SHARD_COUNT=count, SHARD_IDS=ids)


def test_some_shards_in_this_process_need_a_shared_database():
    with pytest.raises(ConfigError, match="set DATABASE_URL=postgresql://"):
        settings(SHARD_COUNT="4", SHARD_IDS="0,1")


def test_the_bot_runs_the_shards_it_is_given_and_only_shard_0_syncs_commands():
    from bot.client import GameBot

    bot = GameBot(settings(DATABASE_URL=URL, SHARD_COUNT="4", SHARD_IDS="2,3"))
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    assert not bot.syncs_commands
    assert GameBot(settings(DATABASE_URL=URL, SHARD_COUNT="4", SHARD_IDS="0,1")).syncs_commands
    automatic = GameBot(settings())
    assert (automatic.shard_count, automatic.shard_ids) == (None, None) and automatic.syncs_commands


async def test_health_and_migrate_db_from_the_command_line(tmp_path):
    import asyncio
    import os
    import subprocess
    import sys

    from tests.ops.test_migrate_db import played_database
    from tests.storage.pg_server import drop_schema, free_port, new_schema

    source = tmp_path / "games.db"
    await played_database(source)  # toy games: the bot's registry does not know them
    schema, url = await new_schema()
    environment = {**os.environ, "DISCORD_TOKEN": "", "DATABASE_URL": url}

    def bot(*arguments: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot", *arguments],
            env={**environment, **extra},
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=60,
        )

    try:
        copied = await asyncio.to_thread(bot, "migrate-db", "--from", f"sqlite:///{source}", "--to", url)
        assert copied.returncode == 1, copied.stderr  # copied, but the toy games cannot be replayed here
        assert "Copied" in copied.stdout and "does not know the game" in copied.stdout
        healthy = await asyncio.to_thread(bot, "health")
        assert healthy.returncode == 0, healthy.stdout
        assert "outbox: 4 messages of 2 games waiting" in healthy.stdout  # the copied pending deliveries
        assert "database: PostgreSQL" in healthy.stdout and "shards: automatic" in healthy.stdout
        gone = await asyncio.to_thread(bot, "health", DATABASE_URL=f"postgresql://postgres@127.0.0.1:{free_port()}/x")
        assert gone.returncode == 1 and "cannot reach" in gone.stdout
        wrong = await asyncio.to_thread(bot, "health", SHARD_COUNT="2", SHARD_IDS="5")
        assert wrong.returncode == 2 and "SHARD_IDS must name" in wrong.stderr
    finally:
        await drop_schema(schema)


async def test_the_bot_does_not_start_on_an_unreachable_or_newer_postgresql(tmp_path):
    import asyncio
    import os
    import subprocess
    import sys

    import asyncpg

    from bot.storage import Store
    from tests.storage.pg_server import drop_schema, free_port, new_schema

    def start(url: str) -> subprocess.CompletedProcess[str]:
        environment = {**os.environ, "DISCORD_TOKEN": "fake-token", "DATABASE_URL": url}
        return subprocess.run(
            [sys.executable, "-m", "bot"], env=environment, capture_output=True, text=True, cwd=tmp_path, timeout=60
        )

    gone = await asyncio.to_thread(start, f"postgresql://postgres@127.0.0.1:{free_port()}/x")
    assert gone.returncode == 2 and "Cannot start the bot: DATABASE_URL: cannot reach" in gone.stderr
    schema, url = await new_schema()
    try:
        await (await Store.open(url)).close()
        connection = await asyncpg.connect(url)
        await connection.execute("UPDATE schema_version SET version = version + 1")
        await connection.close()
        newer = await asyncio.to_thread(start, url)
        assert newer.returncode == 2 and "newer than this bot knows" in newer.stderr
        assert "Traceback" not in newer.stderr
    finally:
        await drop_schema(schema)
