"""The SQLite store: schema versions, atomic actions, concurrency, durability."""

from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite
import pytest

from bot.storage import (
    ChannelBusy,
    SchemaTooNew,
    SeatRecord,
    Store,
    VersionConflict,
    latest_version,
    migrate,
    schema_version,
)

SEATS = [SeatRecord(0, 100, "Ann"), SeatRecord(1, 200, "Bob")]


async def new_game(store: Store, channel: int = 10, **kwargs):
    return await store.create_game(
        guild_id=1,
        channel_id=channel,
        parent_channel_id=None,
        game_type="toy",
        options={"rounds": 3},
        seed=42,
        creator_id=100,
        seats=SEATS,
        **kwargs,
    )


async def active_game(store: Store, channel: int = 10):
    record = await new_game(store, channel)
    return await store.start_game(record.id, seats=SEATS, options={"rounds": 3}, state={"n": 0})


async def test_fresh_database_is_at_latest_schema_in_wal_mode(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        assert await schema_version(store._db) == latest_version() >= 2
        async with store._db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
    finally:
        await store.close()


@pytest.mark.parametrize("old_version", range(0, latest_version()))
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
    await db.close()

    store = await Store.open(path)
    try:
        assert await schema_version(store._db) == latest_version()
        if old_version >= 1:
            game = await store.game(7)
            assert game.state == {"n": 1} and game.version == 1 and game.seats[0].name == "Ann"
            assert [a.action for a in await store.actions(7)] == ["pass"]
            assert game.parent_channel_id is None and game.last_post_id is None
            assert await store.add_abandon_vote(7, 100) == {100}
    finally:
        await store.close()


async def test_a_newer_schema_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {latest_version() + 1}")
    with pytest.raises(SchemaTooNew, match="only knows up to"):
        await Store.open(path)


async def test_one_open_game_per_channel_and_finished_games_stay_queryable(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        first = await active_game(store)
        with pytest.raises(ChannelBusy):
            await new_game(store)
        await store.commit_action(
            first.id,
            expected_version=0,
            seat=0,
            user_id=100,
            action="call",
            state={"n": 1},
            public_events=["x"],
            finished=True,
        )
        second = await new_game(store)
        assert second.id != first.id
        finished = await store.game(first.id)
        assert finished.status == "finished" and finished.finished_at
        assert await store.game_ids(status=["finished"]) == [first.id]
        assert (await store.open_game_in_channel(10)).id == second.id
    finally:
        await store.close()


async def test_an_action_commits_state_version_and_log_together(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        game = await active_game(store)
        version = await store.commit_action(
            game.id,
            expected_version=0,
            seat=0,
            user_id=100,
            action="pass",
            state={"n": 1},
            public_events=["Ann passes."],
        )
        assert version == 1
        reloaded = await store.game(game.id)
        assert (reloaded.version, reloaded.state) == (1, {"n": 1})
        log = await store.actions(game.id)
        assert [(a.version, a.action, a.events) for a in log] == [(1, "pass", ["Ann passes."])]
    finally:
        await store.close()


async def test_a_failing_action_leaves_nothing_behind(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        game = await active_game(store)
        # A log row already claims version 1, so writing the action's log row fails after the state update.
        await store._db.execute(
            "INSERT INTO actions (game_id, version, seat, user_id, action, events, created_at) VALUES (?, 1, 0, 1, 'x', '[]', 't')",
            (game.id,),
        )
        with pytest.raises(sqlite3.IntegrityError):
            await store.commit_action(
                game.id, expected_version=0, seat=0, user_id=100, action="pass", state={"n": 99}, public_events=[]
            )
        reloaded = await store.game(game.id)
        assert (reloaded.version, reloaded.state) == (0, {"n": 0})
    finally:
        await store.close()


async def test_an_action_from_an_old_version_is_refused(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        game = await active_game(store)
        await store.commit_action(
            game.id, expected_version=0, seat=0, user_id=100, action="a", state={"n": 1}, public_events=[]
        )
        with pytest.raises(VersionConflict):
            await store.commit_action(
                game.id, expected_version=0, seat=1, user_id=200, action="b", state={"n": 2}, public_events=[]
            )
        assert [a.action for a in await store.actions(game.id)] == ["a"]
    finally:
        await store.close()


async def test_concurrent_writers_on_two_connections_apply_exactly_once(tmp_path):
    path = tmp_path / "games.db"
    one, two = await Store.open(path), await Store.open(path)
    try:
        game = await active_game(one)

        async def attempt(store: Store, name: str):
            try:
                return await store.commit_action(
                    game.id, expected_version=0, seat=0, user_id=100, action=name, state={"by": name}, public_events=[]
                )
            except VersionConflict:
                return None

        results = await asyncio.gather(*(attempt(s, f"w{i}") for i, s in enumerate([one, two] * 5)))
        assert sorted(results, key=lambda r: r is None)[0] == 1
        assert results.count(1) == 1
        log = await one.actions(game.id)
        assert len(log) == 1 and (await two.game(game.id)).state == {"by": log[0].action}
    finally:
        await one.close()
        await two.close()


async def test_many_games_write_concurrently_without_losing_actions(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        games = [await active_game(store, channel=100 + i) for i in range(20)]

        async def play(game_id: int):
            for version in range(10):
                await store.commit_action(
                    game_id,
                    expected_version=version,
                    seat=0,
                    user_id=1,
                    action=f"m{version}",
                    state={"v": version + 1},
                    public_events=[],
                )

        await asyncio.gather(*(play(g.id) for g in games))
        for game in games:
            assert (await store.game(game.id)).version == 10
            assert len(await store.actions(game.id)) == 10
    finally:
        await store.close()


async def test_a_game_survives_closing_and_reopening_the_database(tmp_path):
    path = tmp_path / "games.db"
    store = await Store.open(path)
    game = await active_game(store)
    await store.commit_action(
        game.id, expected_version=0, seat=0, user_id=100, action="pass", state={"n": 1}, public_events=["p"]
    )
    await store.set_last_post(game.id, 555)
    await store.close()

    store = await Store.open(path)
    try:
        again = await store.game(game.id)
        assert (again.status, again.version, again.state, again.last_post_id) == ("active", 1, {"n": 1}, 555)
        assert [s.name for s in again.seats] == ["Ann", "Bob"]
        assert await store.game_ids(status=["active"]) == [game.id]
    finally:
        await store.close()


async def test_lobby_seats_can_change_only_while_in_the_lobby(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        game = await new_game(store)
        updated = await store.update_lobby(game.id, [*SEATS, SeatRecord(2, None, "🤖 Computer 1")])
        assert [s.is_computer for s in updated.seats] == [False, False, True]
        await store.start_game(game.id, seats=updated.seats, options={}, state={})
        with pytest.raises(VersionConflict):
            await store.update_lobby(game.id, SEATS)
    finally:
        await store.close()
