"""Crashes lose nothing and double nothing: ``kill -9`` at any moment, and at every delivery step."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.devtools.fake_discord import FakeDiscord
from bot.engine.playout import replay
from bot.storage import Store
from bot.table import crash
from tests.support.toy_game import TOY

ROOT = Path(__file__).resolve().parents[2]
WORKER = [sys.executable, "-m", "tests.support.crash_worker"]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GM_CRASH")}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def run_and_kill(db: Path, after_seconds: float) -> None:
    worker = subprocess.Popen([*WORKER, "table", str(db)], cwd=ROOT, stdout=subprocess.PIPE, env=_env())
    try:
        assert worker.stdout is not None
        assert worker.stdout.readline().strip() == b"ready"
        time.sleep(after_seconds)
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)


async def check_consistent(db: Path) -> tuple[int, int]:
    store = await Store.open(db)
    try:
        checked = 0
        finished = len(await store.game_ids(status=["finished"]))
        for game_id in await store.game_ids():
            record = await store.game(game_id)
            if record is None or record.state is None:
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
    finished = []
    for delay in (0.05, 0.3, 0.5, 0.15):
        run_and_kill(db, delay)
        checked, done = asyncio.run(check_consistent(db))
        assert checked >= 1
        finished.append(done)
    assert finished == sorted(finished) and finished[-1] > finished[0], "each restart went on playing"


def _worker(db: Path, fake: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*WORKER, "discord", str(db), str(fake)], cwd=ROOT, env=_env(**env), capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("step", crash.STEPS)
def test_killed_at_a_delivery_step_every_committed_action_is_shown_once(tmp_path, step):
    db, fake_path = tmp_path / "games.db", tmp_path / "discord.json"
    crashed = _worker(db, fake_path, GM_CRASH_AT=step, GM_CRASH_AFTER="4")
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr[-2000:]
    committed = sqlite3.connect(db).execute("SELECT MAX(version) FROM games").fetchone()[0]

    again = _worker(db, fake_path)
    assert again.returncode == 0, again.stderr[-2000:]
    first, *_, last = again.stdout.splitlines()
    assert json.loads(first) == {"pending_after_resume": 0}, "the restart sent what the crash left pending"
    assert last == "done"

    fake = FakeDiscord.load(fake_path, persist=False)
    connection = sqlite3.connect(db)
    status, version = connection.execute("SELECT status, version FROM games").fetchone()
    assert status == "finished" and version >= committed
    assert connection.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 0
    channel = fake.channel_messages()
    boards = [m for m in channel if m.attachments]
    assert len(boards) == 1, "one live board, never a duplicate"
    assert "Game over" in boards[0].text and "Winner" in boards[0].text
    assert not [m for m in channel if m.text.startswith("➡️")], "no prompt is left over"
    lobbies = [m for m in channel if "lobby" in m.text]
    assert len(lobbies) == 1 and len(channel) == 2
    nonces = [m.nonce for m in fake.messages.values() if m.nonce]
    assert len(nonces) == len(set(nonces)), "no message was created twice"
    if step == "sent":
        assert fake.nonce_hits == 1, "the retried create got Discord's first message back, not a second one"
    log = [row[0] for row in connection.execute("SELECT events FROM actions ORDER BY version")]
    assert len(log) == version
    names = {"{p0}": "🟥 **alice**", "{p1}": "🟦 **bob** 📪"}
    last = [event.replace("{p0}", names["{p0}"]).replace("{p1}", names["{p1}"]) for event in json.loads(log[-1])]
    assert last and all(event in boards[0].text for event in last), "the last move is on the board"
    refused = fake.users and next(u for u in fake.users.values() if u.name == "bob")
    assert fake.dm_attempts(refused) == 1, "a refused DM is tried once, across the crash too"
