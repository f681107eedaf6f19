"""`python -m bot migrate-db`: a SQLite database moves to PostgreSQL whole, and its games replay there."""

from __future__ import annotations

import asyncio
import io

import pytest

from bot.devtools.memory_sender import MemorySender
from bot.engine import Rng
from bot.engine.playout import random_action
from bot.ops.migrate_db import migrate_database, run_migrate_db
from bot.storage import Store, Writer
from bot.table import Person, TableService
from tests.storage.pg_server import drop_schema, new_schema
from tests.support.toy_game import toy_games


def board_of(spec, view, seats) -> bytes:
    return b"\x89PNG " + repr(view).encode()


@pytest.fixture
async def pg_url():
    schema, url = await new_schema()
    yield url
    await drop_schema(schema)


async def played_database(path) -> dict:
    """Games in every status, some moves delivered and some still pending, a DM refusal, results."""
    store = await Store.open(path)
    service = TableService(store, renderer=board_of, games=toy_games, seed_source=lambda: 11)
    sender = MemorySender()
    rng = Rng.from_seed(3, "migrate")
    try:
        for channel in range(1, 7):
            people = [Person(channel * 10 + i, f"P{i}") for i in range(2)]
            game_id = (
                await service.create(
                    guild_id=1,
                    channel_id=channel,
                    parent_channel_id=None,
                    game_name="toy" if channel % 2 else "team",
                    options={},
                    creator=people[0],
                )
            ).game_id
            if channel == 6:
                continue  # stays in the lobby
            await service.join(game_id, people[1])
            await service.start(game_id, people[0].user_id)
            for step in range(3 + channel * 3):
                record = await service.record(game_id)
                if record.status != "active":
                    break
                engine = toy_games(record.game_type).engine
                seat, action = random_action(engine, engine.load(record.state), rng)
                await service.act(game_id, record.seats[seat].user_id, record.version, action)
                if channel != 5 or step < 2:  # game 5's last moves are not delivered yet
                    await service.deliver(game_id, sender)
        await store.transaction(lambda tx: tx.set_refuses_dms(999, True))
        before = {game_id: await store.game(game_id) for game_id in await store.game_ids()}
        pending = {game_id: await store.pending(game_id) for game_id in await store.games_with_pending()}
    finally:
        await store.close()
    assert pending, "some deliveries are still pending"
    return {"games": before, "pending": pending, "sender": sender}


async def test_every_game_seat_action_post_and_pending_delivery_arrives_and_replays(tmp_path, pg_url):
    source = tmp_path / "games.db"
    original = await played_database(source)
    out = io.StringIO()
    report = await migrate_database(source, pg_url, toy_games, out)
    assert report.problems == []
    assert report.copied["games"] == 6 and report.copied["actions"] > 10 and report.copied["outbox"] > 0
    assert report.games == 5, "every started game replayed from its seed on PostgreSQL"

    store = await Store.open(pg_url)
    try:
        for game_id, record in original["games"].items():
            assert await store.game(game_id) == record
        for game_id, rows in original["pending"].items():
            assert await store.pending(game_id) == rows
        assert await store.refuses_dms(999)
        # New rows continue after the copied ids: no game or direct-message nonce is reused.
        highest_outbox = max(row.id for rows in original["pending"].values() for row in rows)

        def more(tx: Writer) -> tuple[int, int]:
            game_id = tx.create_game(
                guild_id=1,
                channel_id=77,
                parent_channel_id=None,
                game_type="toy",
                options={},
                seed=1,
                creator_id=1,
                seats=[],
            )
            row = tx.enqueue(game_id, "dm", user_id=1)
            tx.done([row])
            tx.set_status(game_id, "abandoned")
            return game_id, row

        new_game, new_row = await store.transaction(more)
        assert new_game > max(original["games"]) and new_row > highest_outbox
        # The copied game goes on where it stopped, and its pending messages are delivered.
        service = TableService(store, renderer=board_of, games=toy_games)
        sender = original["sender"]  # the same Discord, which has the messages made before the move
        assert await service.resume(sender) >= 1 and await store.games_with_pending() == []
    finally:
        await store.close()


async def test_an_occupied_target_or_a_wrong_url_copies_nothing(tmp_path, pg_url):
    source = tmp_path / "games.db"
    await played_database(source)
    out, err = io.StringIO(), io.StringIO()
    assert await asyncio.to_thread(run_migrate_db, f"sqlite:///{source}", pg_url, toy_games, out, err) == 0
    assert "OK: every row copied" in out.getvalue()
    again = io.StringIO()
    assert await asyncio.to_thread(run_migrate_db, f"sqlite:///{source}", pg_url, toy_games, io.StringIO(), again) == 2
    assert "already holds 6 games" in again.getvalue()
    wrong = io.StringIO()
    assert (
        await asyncio.to_thread(
            run_migrate_db, f"sqlite:///{source}", str(tmp_path / "other.db"), toy_games, io.StringIO(), wrong
        )
        == 2
    )
    assert "--to must be a postgresql://" in wrong.getvalue()
    missing = io.StringIO()
    assert (
        await asyncio.to_thread(run_migrate_db, "sqlite:///nowhere/games.db", pg_url, toy_games, io.StringIO(), missing)
        == 2
    )
    assert "There is no SQLite database" in missing.getvalue()
