"""Faults under load, with real processes (bench/pg_load.py's worker: a bot process without Discord):
one of two processes killed with SIGKILL, and the PostgreSQL server itself restarted as after a crash.
Afterwards every game's log replays to its stored state (nothing half-applied), every click a
process saw accepted is in the log (nothing lost), and no more than the clicks in flight when the
fault struck are there beyond them (nothing doubled)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.storage.pg_server import drop_schema, new_schema, throwaway_server, wait_until

ROOT = Path(__file__).resolve().parents[2]
LOAD = ROOT / "bench" / "pg_load.py"
sys.path.insert(0, str(ROOT / "bench"))
import pg_load  # noqa: E402

PLAYERS = 3


def worker(url: str, index: int, folder: Path, duration: float, tag: str = "") -> subprocess.Popen[str]:
    command = [sys.executable, str(LOAD), "worker", "--resume", "--url", url, "--index", str(index), "--count", "2"]
    command += ["--duration", str(duration), "--players", str(PLAYERS), "--seed", str(index + 7)]
    command += ["--acks", str(folder / f"acks-{index}{tag}"), "--ready", str(folder / f"ready-{index}{tag}")]
    command += ["--stop-file", str(folder / "stop")]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def acks(folder: Path, name: str) -> int:
    path = folder / name
    return len(path.read_text().split()) if path.exists() else 0


def finished(process: subprocess.Popen[str]) -> dict:
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err[-2000:]
    return {**json.loads(out.strip().splitlines()[-1]), "stderr": err}


async def check(url: str, folder: Path, slack: int) -> dict:
    """Replays and logs: every accepted click logged; at most ``slack`` logged clicks beyond them."""
    acked = pg_load.read_acks([str(p) for p in folder.glob("acks-*")])
    report = await pg_load.verify(url, {})
    assert report["problems"] == [], report["problems"][:5]
    accepted = sum(acked.values())
    assert accepted <= report["human_rows"] <= accepted + slack, (accepted, report["human_rows"], slack)
    return report


@pytest.fixture
async def pg_url():
    schema, url = await new_schema()
    yield url
    await drop_schema(schema)


async def test_kill_9_of_one_of_two_processes_the_other_goes_on_and_the_restarted_one_resumes(pg_url, tmp_path):
    await pg_load.setup(pg_url, 12, parallel=4)
    # Long durations, ended by the stop file once the test has seen what it waits for: the
    # machine's speed decides how long that takes, never whether the test passes.
    first, second = worker(pg_url, 0, tmp_path, 60.0), worker(pg_url, 1, tmp_path, 60.0)
    try:
        assert wait_until(lambda: acks(tmp_path, "acks-0") >= 10 and acks(tmp_path, "acks-1") >= 10, 60)
        os.kill(first.pid, signal.SIGKILL)  # mid-load: in the middle of some click or delivery
        first.wait(10)
        killed_at = acks(tmp_path, "acks-1")
        assert wait_until(lambda: acks(tmp_path, "acks-1") >= killed_at + 5, 60), "the other process goes on"
        (tmp_path / "stop").touch()
        finished_second = finished(second)
        (tmp_path / "stop").unlink()
        again = worker(pg_url, 0, tmp_path, 2.0, tag="-again")
        resumed = finished(again)
        assert resumed["accepted"] > 0, "the restarted process plays on"
        assert finished_second["accepted"] > killed_at
    finally:
        for process in (first, second):
            if process.poll() is None:
                process.kill()
    report = await check(pg_url, tmp_path, slack=PLAYERS)
    assert report["pending_games"] == 0, "whatever the killed process left unsent was sent after its restart"


async def test_a_postgresql_restart_mid_load_loses_nothing_and_leaves_nothing_half_applied(tmp_path):
    with throwaway_server() as server:
        await pg_load.setup(server.url, 12, parallel=4)
        processes = [worker(server.url, i, tmp_path, 60.0) for i in range(2)]
        try:
            assert wait_until(lambda: acks(tmp_path, "acks-0") >= 10 and acks(tmp_path, "acks-1") >= 10, 60)
            before = acks(tmp_path, "acks-0") + acks(tmp_path, "acks-1")
            started = time.monotonic()
            server.restart()  # immediate shutdown: every connection cut, crash recovery on start
            assert time.monotonic() - started < 10
            assert wait_until(lambda: acks(tmp_path, "acks-0") + acks(tmp_path, "acks-1") >= before + 10, 40)
            (tmp_path / "stop").touch()
            results = [finished(p) for p in processes]
        finally:
            for process in processes:
                if process.poll() is None:
                    process.kill()
        after = acks(tmp_path, "acks-0") + acks(tmp_path, "acks-1")
        assert after >= before + 10, "the processes reconnected and went on"
        failed = sum(r["errors"] for r in results)
        assert any("Lost the database" in r["stderr"] for r in results), "the restart was felt (and retried)"
        # A click cut off while committing may or may not have landed: never more than those.
        await check(server.url, tmp_path, slack=failed)
        (tmp_path / "stop").unlink()
        resume = worker(server.url, 0, tmp_path, 0.1, tag="-resume")
        finished(resume)
        assert (await pg_load.verify(server.url, {}))["pending_games"] == 0, "nothing queued was lost"
