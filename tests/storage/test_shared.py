"""Several bot processes on one PostgreSQL database (each a store of its own here, as each process
has its own pool): a game changes under one process at a time, every click is applied once or
refused, every outbox row is sent by exactly one deliverer, every due timer is claimed once."""

from __future__ import annotations

import asyncio
import io
import itertools
import sys
from pathlib import Path

import pytest

from bot.storage import SeatRecord, Store, Writer
from bot.storage.records import GameTiming
from bot.table import TableService
from tests.storage.pg_server import drop_schema, new_schema

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import pg_load


@pytest.fixture
async def pg_url():
    schema, url = await new_schema()
    yield url
    await drop_schema(schema)


class RecordingSender:
    """Keeps every creation's and DM's nonce: one sent twice would be a row delivered twice."""

    def __init__(self) -> None:
        self.nonces: list[str] = []
        self.edits = 0
        self._ids = itertools.count(10_000)

    async def create(self, post, card, board, nonce: str) -> int:
        self.nonces.append(nonce)
        await asyncio.sleep(0.002)  # a network call: the other process gets its chance
        return next(self._ids)

    async def edit(self, post, card, board) -> None:
        self.edits += 1
        await asyncio.sleep(0.001)

    async def delete(self, post) -> None:
        await asyncio.sleep(0.001)

    async def direct(self, user_id: int, card, nonce: str) -> None:
        self.nonces.append(nonce)
        await asyncio.sleep(0.002)


async def test_two_processes_on_the_same_games_lose_and_double_nothing(pg_url):
    await pg_load.setup(pg_url, 3, parallel=3)
    one, two = await Store.open(pg_url), await Store.open(pg_url)
    try:
        ids = await one.game_ids(status=["active"])
        sender = RecordingSender()
        acks = [io.StringIO(), io.StringIO()]
        workers = [
            pg_load.Worker(TableService(store, renderer=None), ids, seed, acks[index])
            for index, (store, seed) in enumerate([(one, 1), (two, 2)])
        ]
        for worker in workers:
            worker.sender = sender  # both processes deliver to the same Discord

        async def player(worker: pg_load.Worker) -> None:
            for _ in range(12):  # a count, not a time: the machine's speed changes nothing
                await worker.click(worker.rng.choice(ids))

        await asyncio.gather(*(player(w) for w in workers for _ in range(4)))
        accepted = sum(w.accepted for w in workers)
        assert accepted > 20 and sum(w.refused for w in workers) > 0, "the processes really competed"
        assert len(sender.nonces) == len(set(sender.nonces)), "a message or DM was sent twice"
        assert await one.games_with_pending() == []
    finally:
        await one.close()
        await two.close()
    acked: dict[int, int] = {}
    for buffer in acks:
        for line in buffer.getvalue().split():
            acked[int(line)] = acked.get(int(line), 0) + 1
    report = await pg_load.verify(pg_url, acked)
    assert report["problems"] == [] and report["human_rows"] == accepted


async def test_a_due_timer_is_claimed_by_one_process_only(pg_url):
    now = ["2030-01-01T00:00:00+00:00"]
    stores = [await Store.open(pg_url, clock=lambda: now[0]) for _ in range(3)]
    try:

        def games(tx: Writer) -> None:
            for channel in range(20):
                game_id = tx.create_game(
                    guild_id=1,
                    channel_id=channel + 1,
                    parent_channel_id=None,
                    game_type="toy",
                    options={},
                    seed=1,
                    creator_id=100,
                    seats=[SeatRecord(0, 100, "Ann"), SeatRecord(1, 200, "Bob")],
                )
                tx.set_game_timing(game_id, GameTiming(remind_after=60, turn_clock=120))
                tx.start_game(game_id, options={}, state={})
                tx.sync_turn_timers(game_id, {0: 0, 1: 0}, {0, 1})

        await stores[0].transaction(games)
        now[0] = "2030-01-01T05:00:00+00:00"  # every reminder and turn clock is due

        async def claimer(store: Store) -> list[int]:
            claimed: list[int] = []
            while True:
                batch = await store.transaction(lambda tx: tx.claim_timers("2030-01-01T05:10:00+00:00", 3))
                if not batch:
                    return claimed
                claimed += [timer.id for timer in batch]

        results = await asyncio.gather(*(claimer(store) for store in stores for _ in range(3)))
    finally:
        for store in stores:
            await store.close()
    everything = [timer for claimed in results for timer in claimed]
    assert len(everything) == 80 == len(set(everything)), "every timer claimed exactly once"
