"""Upgrades: a database at every earlier schema version, full of games, migrates to the current
version and every game still replays to its stored state."""

from __future__ import annotations

import aiosqlite
import pytest

from bot.ops.check import check_database
from bot.storage.migrations import latest_version, migrate, migrations, schema_version
from tests.ops.builder import add_game, create_schema
from tests.support.toy_game import TEAM, TOY, toy_games


@pytest.mark.parametrize("version", [m.version for m in migrations()[:-1]])
async def test_an_old_database_full_of_games_upgrades_and_every_game_replays(tmp_path, version):
    db = tmp_path / f"v{version}.db"
    connection = create_schema(db, version)
    for index in range(6):
        add_game(
            connection,
            TOY.engine,
            channel_id=index,
            players=2 + index % 2,
            seed=index,
            stop_after=None if index % 2 else 3,
        )
    add_game(connection, TEAM.engine, channel_id=99, players=1, seed=4)
    connection.close()

    async with aiosqlite.connect(db) as upgraded:
        assert await schema_version(upgraded) == version
        assert await migrate(upgraded) == latest_version()

    report = check_database(db, toy_games)
    assert report.ok, report.lines()
    assert sum(report.checked.values()) == 7
