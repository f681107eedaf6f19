"""Who has held each seat of a started game (migration 0007), on SQLite and PostgreSQL: written when
the game starts and whenever a person takes a seat of a running game, and found for games that were
running before the table existed."""

from __future__ import annotations

import aiosqlite
import asyncpg

from bot.storage import SeatRecord, Store, Writer, migrate
from bot.storage import postgres_migrations as pg
from tests.storage.pg_server import drop_schema, new_schema
from tests.storage.test_long_games_store import active_game


async def test_a_start_and_every_seat_taken_later_are_remembered(target):
    store = await Store.open(target)
    try:
        game = await active_game(store)  # Ann (100) and Bob (200) start in seats 0 and 1, a computer in 2
        await store.transaction(lambda tx: tx.replace_seat(game, SeatRecord(1, None, "🤖 Computer 2")))
        await store.transaction(lambda tx: tx.replace_seat(game, SeatRecord(2, 200, "Bob")))
        await store.transaction(lambda tx: tx.replace_seat(game, SeatRecord(1, 300, "Cy")))

        def holders(tx: Writer) -> list[frozenset[int]]:
            return [tx.seats_held(game, user) for user in (100, 200, 300, 999)]

        assert await store.transaction(holders) == [frozenset({0}), frozenset({1, 2}), frozenset({1}), frozenset()]
    finally:
        await store.close()


OLD_GAME = [
    "INSERT INTO games (id, guild_id, channel_id, game_type, options, status, seed, state, version, creator_id, "
    "created_at, updated_at) VALUES (7, 1, 10, 'toy', '{}', 'active', 5, '{}', 2, 100, 't', 't')",
    "INSERT INTO games (id, guild_id, channel_id, game_type, options, status, seed, state, version, creator_id, "
    "created_at, updated_at) VALUES (8, 1, 11, 'toy', '{}', 'lobby', 5, NULL, 0, 100, 't', 't')",
    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (7, 0, 100, 'Ann'), (7, 1, NULL, 'Computer 1'), "
    "(7, 2, NULL, 'Computer 2 for Cy'), (8, 0, 400, 'Dee')",
    "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) "
    "VALUES (7, 1, 1, 200, 'pass', '[]', 't'), (7, 2, 2, NULL, 'pass', '[]', 't')",
    "INSERT INTO seat_timing (game_id, seat, away_user, away_name) VALUES (7, 2, 300, 'Cy')",
]
"""A running game before migration 0007: Ann sits in seat 0; Bob moved for seat 1 and left; a
computer keeps seat 2 for Cy. Dee sits in a lobby (nothing started, nothing to remember)."""


async def _held_after_upgrade(target: object) -> list[frozenset[int]]:
    store = await Store.open(target)  # type: ignore[arg-type]
    try:
        return await store.transaction(
            lambda tx: [tx.seats_held(7, 100), tx.seats_held(7, 200), tx.seats_held(7, 300), tx.seats_held(8, 400)]
        )
    finally:
        await store.close()


EXPECTED = [frozenset({0}), frozenset({1}), frozenset({2}), frozenset()]


async def test_games_running_before_are_filled_in_on_sqlite(tmp_path):
    path = tmp_path / "old.db"
    db = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate(db, target=6)
    for statement in OLD_GAME:
        await db.execute(statement)
    await db.close()
    assert await _held_after_upgrade(path) == EXPECTED


async def test_games_running_before_are_filled_in_on_postgresql():
    schema, url = await new_schema()
    try:
        connection = await asyncpg.connect(url)
        try:
            await pg.migrate(connection, target=6)
            for statement in OLD_GAME:
                await connection.execute(statement)
        finally:
            await connection.close()
        assert await _held_after_upgrade(url) == EXPECTED
    finally:
        await drop_schema(schema)
