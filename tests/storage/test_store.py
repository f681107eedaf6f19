"""The store on SQLite and on PostgreSQL: schema versions, one transaction per change, concurrency,
durability, statistics (``store`` and ``target`` run each test on both, see conftest.py)."""

from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite
import pytest

from bot.storage import (
    ChannelBusy,
    ResultRecord,
    SchemaTooNew,
    SeatRecord,
    StatLine,
    Store,
    VersionConflict,
    Writer,
    latest_version,
    migrate,
    schema_version,
)
from bot.storage.migrations import migrations

SEATS = [SeatRecord(0, 100, "Ann"), SeatRecord(1, 200, "Bob")]


async def new_game(store: Store, channel: int = 10) -> int:
    return await store.transaction(
        lambda tx: tx.create_game(
            guild_id=1,
            channel_id=channel,
            parent_channel_id=None,
            game_type="toy",
            options={"rounds": 3},
            seed=42,
            creator_id=100,
            seats=SEATS,
        )
    )


async def active_game(store: Store, channel: int = 10) -> int:
    game_id = await new_game(store, channel)
    await store.transaction(lambda tx: tx.start_game(game_id, options={"rounds": 3}, state={"n": 0}))
    return game_id


async def move(store: Store, game_id: int, expected: int, action: str, state: dict, *, finished: bool = False) -> None:
    def work(tx: Writer) -> None:
        tx.save_state(game_id, expected_version=expected, version=expected + 1, state=state, finished=finished)
        tx.log_action(game_id, version=expected + 1, seat=0, user_id=100, action=action, events=[action])

    await store.transaction(work)


OLDER_VERSIONS = [0, *(m.version for m in migrations()[:-1])]
"""Every schema version a database can have been left at (numbers may skip one not merged yet)."""


async def test_fresh_database_is_at_latest_schema_in_wal_mode(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        assert await schema_version(store._db) == latest_version() >= 3
        async with store._db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
    finally:
        await store.close()


@pytest.mark.parametrize("old_version", OLDER_VERSIONS)
async def test_every_older_schema_upgrades_with_its_data(tmp_path, old_version):
    path = tmp_path / "old.db"
    db = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate(db, target=old_version)
    if old_version >= 1:
        # Rows as the version-1 schema knew them.
        await db.execute(
            "INSERT INTO games (id, guild_id, channel_id, game_type, options, status, seed, state, version, creator_id, "
            "created_at, updated_at) VALUES (7, 1, 10, 'toy', '{}', 'active', 5, '{\"n\": 1}', 1, 100, 't', 't')"
        )
        await db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (7, 0, 100, 'Ann')")
        await db.execute(
            "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) "
            "VALUES (7, 1, 0, 100, 'pass', '[\"Ann passes.\"]', 't')"
        )
    if old_version == 2:
        await db.execute("UPDATE games SET last_post_id = 555 WHERE id = 7")
    await db.close()

    store = await Store.open(path)
    try:
        assert await schema_version(store._db) == latest_version()
        if old_version >= 1:
            game = await store.game(7)
            assert game.state == {"n": 1} and game.version == 1 and game.seats[0].name == "Ann"
            assert game.seats[0].waiting_since is None
            assert [a.action for a in await store.actions(7)] == ["pass"]
            assert await store.transaction(lambda tx: tx.add_abandon_vote(7, 100)) == {100}
        if old_version == 2:
            [live] = await store.posts(7)
            assert (live.kind, live.message_id) == ("live", 555), "the running game's last message becomes its board"
    finally:
        await store.close()


async def test_a_newer_schema_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {latest_version() + 1}")
    with pytest.raises(SchemaTooNew, match="only knows up to"):
        await Store.open(path)


async def test_one_open_game_per_channel_and_finished_games_stay_queryable(store):
    first = await active_game(store)
    with pytest.raises(ChannelBusy):
        await new_game(store)
    await move(store, first, 0, "call", {"n": 1}, finished=True)
    second = await new_game(store)
    assert second != first
    finished = await store.game(first)
    assert finished.status == "finished" and finished.finished_at
    assert await store.game_ids(status=["finished"]) == [first]
    assert (await store.open_game_in_channel(10)).id == second


async def test_a_change_commits_state_log_posts_and_outbox_together_or_not_at_all(store):
    game_id = await active_game(store)

    def dies(tx: Writer) -> None:
        tx.save_state(game_id, expected_version=0, version=1, state={"n": 99}, finished=False)
        post = tx.add_post(game_id, "live", 10)
        tx.enqueue(game_id, "create", post_id=post, card="{}")
        raise RuntimeError("the process dies here")

    with pytest.raises(RuntimeError):
        await store.transaction(dies)
    record = await store.game(game_id)
    assert (record.version, record.state) == (0, {"n": 0})
    assert await store.pending(game_id) == [] and await store.posts(game_id) == []

    def move_and_post(tx: Writer) -> int:
        tx.save_state(game_id, expected_version=0, version=1, state={"n": 1}, finished=False)
        tx.log_action(game_id, version=1, seat=0, user_id=100, action="pass", events=["Ann passes."])
        post = tx.add_post(game_id, "live", 10, log=["Ann passes."])
        tx.enqueue(game_id, "create", post_id=post, card='{"kind": "live"}', board="abc")
        tx.put_board(game_id, "abc", b"png")
        return post

    post = await store.transaction(move_and_post)
    [row] = await store.pending(game_id)
    assert (row.op, row.post_id, row.board) == ("create", post, "abc")
    assert await store.board(game_id, "abc") == b"png"
    assert [(a.version, a.action, a.events) for a in await store.actions(game_id)] == [(1, "pass", ["Ann passes."])]
    assert await store.games_with_pending() == [game_id]
    assert await store.games_with_pending(queued_before="2000-01-01T00:00:00+00:00") == []
    assert await store.games_with_pending(queued_before="2999-01-01T00:00:00+00:00") == [game_id]


async def test_a_change_from_an_old_version_is_refused(store):
    game_id = await active_game(store)
    await move(store, game_id, 0, "a", {"n": 1})
    with pytest.raises(VersionConflict):
        await move(store, game_id, 0, "b", {"n": 2})
    assert [a.action for a in await store.actions(game_id)] == ["a"]


async def test_concurrent_writers_on_two_connections_apply_exactly_once(target):
    one, two = await Store.open(target), await Store.open(target)
    try:
        game_id = await active_game(one)

        async def attempt(store: Store, name: str) -> bool:
            try:
                await move(store, game_id, 0, name, {"by": name})
            except VersionConflict:
                return False
            return True

        results = await asyncio.gather(*(attempt(s, f"w{i}") for i, s in enumerate([one, two] * 5)))
        assert results.count(True) == 1
        log = await one.actions(game_id)
        assert len(log) == 1 and (await two.game(game_id)).state == {"by": log[0].action}
    finally:
        await one.close()
        await two.close()


async def test_many_games_write_concurrently_without_losing_actions(store):
    games = [await active_game(store, channel=100 + i) for i in range(20)]

    async def play(game_id: int) -> None:
        for version in range(10):
            await move(store, game_id, version, f"m{version}", {"v": version + 1})

    await asyncio.gather(*(play(g) for g in games))
    for game_id in games:
        assert (await store.game(game_id)).version == 10
        assert len(await store.actions(game_id)) == 10


async def test_a_game_survives_closing_and_reopening_the_database(target):
    store = await Store.open(target)
    game_id = await active_game(store)
    await move(store, game_id, 0, "pass", {"n": 1})

    def post_and_refuse(tx: Writer) -> None:
        post = tx.add_post(game_id, "live", 10)
        tx.update_post(post, message_id=555, posted_at="2024-01-01T00:00:00+00:00")
        tx.set_refuses_dms(200, True)

    await store.transaction(post_and_refuse)
    await store.close()

    store = await Store.open(target)
    try:
        again = await store.table(game_id)
        assert (again.game.status, again.game.version, again.game.state) == ("active", 1, {"n": 1})
        assert [s.name for s in again.game.seats] == ["Ann", "Bob"]
        assert again.post("live").message_id == 555 and again.refusing_dms == {200}
    finally:
        await store.close()


async def test_lobby_seats_can_change_only_while_in_the_lobby(store):
    game_id = await new_game(store)

    def seat(tx: Writer) -> None:
        tx.require_status(game_id, "lobby")
        tx.set_seats(game_id, [*SEATS, SeatRecord(2, None, "🤖 Computer 1")])

    await store.transaction(seat)
    assert [s.is_computer for s in (await store.game(game_id)).seats] == [False, False, True]
    await store.transaction(lambda tx: tx.start_game(game_id, options={}, state={}))
    with pytest.raises(VersionConflict):
        await store.transaction(lambda tx: tx.require_status(game_id, "lobby"))


async def test_ids_beyond_sqlite_integers_name_nothing(store):
    assert await store.game(10**30) is None and await store.table(2**63) is None
    assert await store.open_game_in_channel(10**40) is None


async def test_statistics_cover_all_three_kinds_of_game(store):
    async def finish(channel: int, relation: str, seats, result: ResultRecord, guild: int = 1) -> None:
        game_id = await new_game(store, channel)
        await store.transaction(
            lambda tx: tx.save_result(game_id, game_type="toy", guild_id=guild, result=result, players=seats)
        )

    duel = [SeatRecord(0, 100, "Ann"), SeatRecord(1, 200, "Bob")]
    await finish(1, "competitive", duel, ResultRecord("competitive", (3.0, 5.0), (1,)))
    await finish(2, "competitive", duel, ResultRecord("competitive", (6.0, 6.0), (0, 1)))
    team = [SeatRecord(0, 100, "Ann"), SeatRecord(1, None, "🤖")]
    await finish(3, "cooperative", team, ResultRecord("cooperative", (2.0, 2.0), (0, 1), True, 2.0, "3 relics"))
    await finish(4, "cooperative", team, ResultRecord("cooperative", (0.0, 0.0), (), False, 0.0, "3 relics"))
    await finish(5, "solo", [SeatRecord(0, 100, "Ann")], ResultRecord("solo", (1.0,), (0,), True))
    await finish(6, "solo", [SeatRecord(0, 100, "Ann")], ResultRecord("solo", (0.0,), (), False), guild=2)

    assert await store.player_stats(100, guild_id=1) == [
        StatLine("toy", "competitive", "", 2, 1, 6.0),
        StatLine("toy", "cooperative", "3 relics", 2, 1, 2.0),
        StatLine("toy", "solo", "", 1, 1, None),
    ]
    assert [(line.relation, line.played, line.won) for line in await store.player_stats(100)] == [
        ("competitive", 2, 1),
        ("cooperative", 2, 1),
        ("solo", 2, 1),
    ]
    assert await store.player_stats(200) == [StatLine("toy", "competitive", "", 2, 2, 6.0)]
    server = await store.server_stats(1)
    assert [(line.relation, line.played, line.won) for line in server] == [
        ("competitive", 2, 2),
        ("cooperative", 2, 1),
        ("solo", 1, 1),
    ]


# --- PostgreSQL: the same migrations in its dialect ---------------------------------------------


def test_every_migration_has_its_postgresql_twin():
    from bot.storage.postgres_migrations import postgres_migrations

    assert [m.name for m in postgres_migrations()] == [m.name for m in migrations()]


@pytest.mark.parametrize("old_version", OLDER_VERSIONS)
async def test_every_older_postgresql_schema_upgrades_with_its_data(old_version):
    import asyncpg

    from bot.storage import postgres_migrations as pg
    from tests.storage.pg_server import drop_schema, new_schema

    schema, url = await new_schema()
    try:
        connection = await asyncpg.connect(url)
        try:
            await pg.migrate(connection, target=old_version)
            if old_version >= 1:
                await connection.execute(
                    "INSERT INTO games (id, guild_id, channel_id, game_type, options, status, seed, state, version, "
                    "creator_id, created_at, updated_at) "
                    "VALUES (7, 1, 10, 'toy', '{}', 'active', 5, '{\"n\": 1}', 1, 100, 't', 't')"
                )
                await connection.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (7, 0, 100, 'Ann')")
                await connection.execute(
                    "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) "
                    "VALUES (7, 1, 0, 100, 'pass', '[\"Ann passes.\"]', 't')"
                )
            if old_version == 2:
                await connection.execute("UPDATE games SET last_post_id = 555 WHERE id = 7")
        finally:
            await connection.close()
        store = await Store.open(url)
        try:
            if old_version >= 1:
                game = await store.game(7)
                assert game.state == {"n": 1} and game.version == 1 and game.seats[0].name == "Ann"
                assert [a.action for a in await store.actions(7)] == ["pass"]
                assert await store.transaction(lambda tx: tx.add_abandon_vote(7, 100)) == {100}
                # Ids inserted by hand do not collide with the next ones the database hands out.
                assert await new_game(store, channel=99) != 7
            if old_version == 2:
                [live] = await store.posts(7)
                assert (live.kind, live.message_id) == ("live", 555)
        finally:
            await store.close()
        connection = await asyncpg.connect(url)
        try:
            assert await pg.schema_version(connection) == latest_version()
            await connection.execute("UPDATE schema_version SET version = version + 1")
        finally:
            await connection.close()
        with pytest.raises(SchemaTooNew, match="only knows up to"):
            await Store.open(url)
    finally:
        await drop_schema(schema)


def test_every_store_method_has_its_postgresql_version():
    """A method added to the SQLite store must be given to PostgreSQL's too (its SQL differs)."""
    from bot.storage.postgres import PgStore

    public = {name for name, value in vars(Store).items() if callable(value) and not name.startswith("_")}
    assert public - set(vars(PgStore)) == set()
