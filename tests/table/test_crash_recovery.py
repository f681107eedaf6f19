"""`kill -9` at any moment loses no committed action and doubles none."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.engine.playout import replay
from bot.storage import Store
from tests.support.toy_game import TOY

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(db: Path, after_seconds: float) -> None:
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.support.crash_worker", str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert worker.stdout.readline().strip() == b"ready"
        time.sleep(after_seconds)
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()


async def check_consistent(db: Path) -> tuple[int, int]:
    store = await Store.open(db)
    try:
        checked = 0
        finished = len(await store.game_ids(status=["finished"]))
        for game_id in await store.game_ids():
            record = await store.game(game_id)
            if record.state is None:
                continue
            log = await store.actions(record.id)
            # Versions are contiguous: nothing lost, nothing doubled.
            assert [a.version for a in log] == list(range(1, record.version + 1))
            engine = TOY.engine
            rebuilt = replay(engine, len(record.seats), record.seed, record.options, [(a.seat, a.action) for a in log])
            assert engine.dump(rebuilt) == record.state
            checked += 1
        return checked, finished
    finally:
        await store.close()


def test_killed_mid_play_the_database_is_consistent_and_play_continues(tmp_path):
    db = tmp_path / "crash.db"
    finished_before = 0
    for delay in (0.05, 0.2, 0.37, 0.11):
        run_and_kill(db, delay)
        checked, finished = asyncio.run(check_consistent(db))
        assert checked >= 1
        # Each restart finished the game the previous kill interrupted, and more.
        assert finished > finished_before
        finished_before = finished
