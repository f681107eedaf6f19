"""The event loop while computers play: a 4-computer game through the table, as the bot runs it.

The table service on a fresh SQLite file seats four computers at one level, starts the game, and
lets its follow-ups play (each search a commit of its own, in the runner's worker: a process, as
the bot runs by default, or a thread) for a while. A 5 ms ticker on the event loop records how
late each tick wakes: the longest is the longest stall anyone's click would have waited.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import percentile, stall_monitor
from bot.engine.levels import Level
from bot.games.registry import game as registered
from bot.storage import Store
from bot.table import Person, TableService
from bot.table.computers import ProcessRunner, Runner, ThreadRunner
from bot.table.core import Computer

HOST = Person(1, "Host")


def runner_named(kind: str) -> Runner:
    return ProcessRunner() if kind == "process" else ThreadRunner()


async def _watch(
    name: str, players: int, options: dict[str, Any], level: Level, kind: str, seconds: float
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "stall.db")
        service = TableService(store, seed_source=lambda: 22, runner=runner_named(kind))
        try:
            lobby = await service.create(
                guild_id=None, channel_id=1, parent_channel_id=None, game_name=name, options=options, creator=HOST
            )
            await service.arrange(lobby.game_id, HOST.user_id, [Computer(level)] * players)
            stop, stalls = asyncio.Event(), []
            monitor = asyncio.create_task(stall_monitor(stop, stalls))
            started = time.perf_counter()
            await service.start(lobby.game_id, HOST.user_id)
            while time.perf_counter() - started < seconds:
                record = await service.record(lobby.game_id)
                if record.status != "active":
                    break
                await asyncio.sleep(0.25)
            stop.set()
            await monitor
            service.stop_computers()
            record = await service.record(lobby.game_id)
        finally:
            await store.close()
    return {
        "game": name,
        "players": players,
        "level": level.value,
        "runner": kind,
        "seconds": round(time.perf_counter() - started, 1),
        "computer_moves": record.version,
        "longest_stall_ms": round(max(stalls, default=0.0) * 1000, 1),
        "stall_p99_ms": round(percentile(stalls, 99) * 1000, 1),
        "stall_p50_ms": round(percentile(stalls, 50) * 1000, 1),
        "ticks": len(stalls),
    }


def stall_game() -> tuple[str, int, dict[str, Any], Level]:
    """A 4-seat game whose computers search (strong), else one played at normal."""
    candidates = (("mutiny", 4, {}), ("cmiyc", 4, {}), ("catacombs", 4, {"mode": "competitive"}), ("mccc", 4, {}))
    for name, players, options in candidates:
        if registered(name).searchable:
            return name, players, options, Level.STRONG
    name, players, options = candidates[2]
    return name, players, options, Level.NORMAL


def measure_stalls(seconds: float, runners: tuple[str, ...] = ("process", "thread")) -> dict[str, Any]:
    name, players, options, level = stall_game()
    rows = [asyncio.run(_watch(name, players, options, level, kind, seconds)) for kind in runners]
    note = "" if level is Level.STRONG else "no 4-seat game searches yet (determinize not implemented): normal level"
    return {"note": note, "runs": rows}
