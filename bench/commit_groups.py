"""Does group commit help? Concurrent games' moves through the table with SQLite, with and without it.

    python bench/commit_groups.py                 # 100 games, 10 moves each, 3 rounds of each kind
    python bench/commit_groups.py --json

Boards are not drawn (``renderer=None``): this isolates what a commit costs. Every game's players move
back to back (a closed loop, as many commits in flight as games), so commits queue at the store's one
writing thread: the case group commit is for. Reported per kind, alternating rounds so a shared
machine's load falls on both alike: moves per second, the median and p99 of one move (read, act,
commit, deliver) and the bot process's CPU per move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import Harness, percentile  # noqa: E402
from bot.engine import Rng  # noqa: E402
from bot.games.registry import game, game_names  # noqa: E402
from bot.storage import Store  # noqa: E402
from bot.table import TableService  # noqa: E402


async def one_round(workdir: Path, grouped: bool, games: int, moves: int, index: int) -> dict[str, float]:
    store = await Store.open(workdir / f"round-{index}.db")
    if grouped:
        store.commit_in_groups()
    harness = Harness(store)
    harness.service = TableService(store, renderer=None)
    names = game_names()
    ids = [
        await harness.start_game(names[i % len(names)], 10 + i, game(names[i % len(names)]).spec.max_players)
        for i in range(games)
    ]
    latencies: list[float] = []

    async def player(slot: int) -> None:
        rng = Rng.from_seed(slot, "commit-groups")
        for _ in range(moves):
            started = time.perf_counter()
            if not await harness.move(ids[slot], rng):
                return
            latencies.append(time.perf_counter() - started)

    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(player(i) for i in range(games)))
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    groups = store.groups
    await store.close()
    return {
        "moves_per_s": len(latencies) / elapsed,
        "median_ms": statistics.median(latencies) * 1000,
        "p99_ms": percentile(latencies, 99) * 1000,
        "cpu_ms_per_move": 1000 * cpu / len(latencies),
        "moves_per_transaction": groups.transactions / groups.groups if groups and groups.groups else 1.0,
    }


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    rounds: dict[str, list[dict[str, float]]] = {"single": [], "grouped": []}
    with tempfile.TemporaryDirectory() as scratch:
        for index in range(args.rounds * 2):
            kind = "grouped" if index % 2 else "single"
            rounds[kind].append(await one_round(Path(scratch), kind == "grouped", args.games, args.moves, index))
    return {
        kind: {key: round(statistics.median(r[key] for r in results), 2) for key in results[0]}
        for kind, results in rounds.items()
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--moves", type=int, default=10, help="moves per game and round")
    p.add_argument("--rounds", type=int, default=3, help="rounds of each kind (the median is reported)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print("| commits | moves/s | median ms | p99 ms | bot CPU ms/move | moves per SQLite transaction |")
    print("| --- | --- | --- | --- | --- | --- |")
    for kind, r in report.items():
        print(
            f"| {kind} | {r['moves_per_s']} | {r['median_ms']} | {r['p99_ms']} | {r['cpu_ms_per_move']} | "
            f"{r['moves_per_transaction']} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
