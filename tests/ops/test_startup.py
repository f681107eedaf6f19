"""Start-up failures are one or two lines with a non-zero exit code, never a traceback, and the
local set-up is checked before anything talks to Discord."""

from __future__ import annotations

import hashlib
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp

from bot.ops.lock import DatabaseLock
from bot.runner import login_with_retry, quiet_voice_warnings

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5.not-a-real-token"


def start(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in an empty folder with only these settings (no network is reached:
    every case here fails before connecting)."""
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL")}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def assert_short_failure(result: subprocess.CompletedProcess[str], *phrases: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert len(result.stderr.strip().splitlines()) <= 2, result.stderr
    for phrase in phrases:
        assert phrase in result.stderr
    assert TOKEN not in result.stderr + result.stdout


def test_a_file_that_is_not_a_database_is_named_and_left_unchanged(tmp_path):
    db = tmp_path / "games.db"
    db.write_text("shopping list: rum, parrots\n" * 50)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    result = start(tmp_path, DATABASE_PATH=str(db))
    assert_short_failure(result, f"{db} is not a SQLite database", "python -m bot restore")
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert not (tmp_path / "games.db-wal").exists()


def test_a_folder_that_cannot_be_created(tmp_path):
    blocker = tmp_path / "notafolder"
    blocker.write_text("x")
    result = start(tmp_path, DATABASE_PATH=str(blocker / "data" / "games.db"))
    assert_short_failure(result, "Cannot create the folder", "DATABASE_PATH")


def test_a_database_in_use_by_another_bot(tmp_path):
    db = tmp_path / "games.db"
    with DatabaseLock(db):
        result = start(tmp_path, DATABASE_PATH=str(db))
    assert_short_failure(result, "Another bot process is using")


def test_a_missing_token(tmp_path):
    result = start(tmp_path, DISCORD_TOKEN="")
    assert_short_failure(result, "DISCORD_TOKEN is not set")


def test_a_bad_setting(tmp_path):
    result = start(tmp_path, LOG_LEVEL="LOUD")
    assert_short_failure(result, "LOG_LEVEL must be one of")


class Offline:
    """A client whose login fails like a machine without network, then succeeds."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.tries = 0

    def is_closed(self) -> bool:
        return False

    async def login(self, token: str) -> None:
        self.tries += 1
        if self.tries <= self.failures:
            raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443 [Name or service not known]")


async def test_without_network_login_is_retried_with_back_off_one_line_per_try(caplog, monkeypatch):
    waits: list[float] = []

    async def no_wait(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr("bot.runner.asyncio.sleep", no_wait)
    client = Offline(failures=4)
    with caplog.at_level(logging.WARNING, logger="bot"):
        await login_with_retry(client, TOKEN)  # type: ignore[arg-type]
    assert client.tries == 5
    assert waits == [2.0, 4.0, 8.0, 16.0]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 4 and all(line.startswith("Cannot reach Discord (Cannot connect to host") for line in lines)
    assert not any(r.exc_info for r in caplog.records)


def test_no_voice_warnings(caplog):
    import discord

    quiet_voice_warnings()
    with caplog.at_level(logging.WARNING):
        discord.Client(intents=discord.Intents.none())
    assert "voice" not in caplog.text


OFFLINE_BOT = (
    "import discord.http\n"
    "discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'  # nothing listens: like a machine without network\n"
    "from bot.__main__ import main\n"
    "raise SystemExit(main())\n"
)


def test_sigterm_while_waiting_for_the_network_stops_cleanly_with_exit_0(tmp_path):
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL")}
    bot = subprocess.Popen(
        [sys.executable, "-c", OFFLINE_BOT],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN},
        stderr=subprocess.PIPE,
        text=True,
    )
    assert bot.stderr is not None
    lines = []
    try:
        for line in bot.stderr:
            lines.append(line)
            if "Cannot reach Discord" in line:
                break
        bot.send_signal(signal.SIGTERM)
        _, rest = bot.communicate(timeout=20)
    finally:
        bot.kill()
    output = "".join(lines) + rest
    assert bot.returncode == 0, output
    assert "Stopped cleanly" in output
    assert "Traceback" not in output and TOKEN not in output
