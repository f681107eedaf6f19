"""Load test of the shared store without Discord: 1, 2 and 4 bot processes driving the table
service against one PostgreSQL, and SQLite with one process beside them.

    python bench/pg_load.py                         # throwaway PostgreSQL, 5,000 games, 1/2/4 processes
    python bench/pg_load.py --url postgresql://...  # an existing server (uses a fresh schema in it)
    python bench/pg_load.py --games 500 --duration 5 --quick
    python bench/pg_load.py --json
    python bench/pg_load.py --processes 1,2 --boards pool     # boards drawn, in each process's worker pool
    python bench/pg_load.py --processes 1,2 --boards thread   # ... in a thread (RENDER_PROCESSES=0)

Each process is a bot process as far as the database can tell: its own ``TableService`` on its own
store, several players clicking at once (random legal actions of the seats to act in Mutiny, four
humans per game), each click followed by the delivery of what it queued (to a sender that keeps
nothing). By default boards are not drawn (``renderer=None``): drawing is per-process CPU whatever the
database, and this measures what the processes share. ``--boards pool`` draws them as the bot does
(each process with its own drawing processes, RENDER_PROCESSES), ``--boards thread`` in a thread
(RENDER_PROCESSES=0). Reported per process count: actions per second in
total, and the median and p99 of one click (read, act, deliver).

Contention mode: every process plays the same 50 games. Afterwards every game's log is replayed from
its seed and compared with its stored state, versions must run 1..N without gaps, and the humans'
rows in each log must equal the clicks the processes saw accepted: zero lost, zero doubled.

``worker`` is one such process (the fault tests start and kill it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.devtools.memory_sender import NullSender  # noqa: E402
from bot.engine import Rng  # noqa: E402
from bot.engine.playout import random_action  # noqa: E402
from bot.games.registry import game  # noqa: E402
from bot.storage import Store  # noqa: E402
from bot.table import Person, TableService  # noqa: E402
from bot.table.errors import TableError  # noqa: E402

GAME = "mutiny"
PLAYERS = 4
CHANNELS = 1_000_000


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def users_of(channel: int) -> list[int]:
    return [channel * 10 + seat for seat in range(PLAYERS)]


async def start_game(service: TableService, channel: int) -> int:
    users = users_of(channel)
    lobby = await service.create(
        guild_id=1,
        channel_id=channel,
        parent_channel_id=None,
        game_name=GAME,
        options={},
        creator=Person(users[0], "P1"),
    )
    await service.arrange(lobby.game_id, users[0], [Person(u, f"P{i + 1}") for i, u in enumerate(users)])
    await service.start(lobby.game_id, users[0])
    await service.deliver(lobby.game_id, NullSender())
    return lobby.game_id


async def setup(target: str, games: int, first_channel: int = CHANNELS, parallel: int = 16) -> float:
    """``games`` running games in the store; returns the seconds it took."""
    store = await Store.open(target)
    service = TableService(store, renderer=None, seed_source=_seeds(first_channel))
    started = time.perf_counter()
    queue = iter(range(first_channel, first_channel + games))

    async def maker() -> None:
        for channel in queue:
            await start_game(service, channel)

    try:
        await asyncio.gather(*(maker() for _ in range(parallel)))
    finally:
        await store.close()
    return time.perf_counter() - started


def _seeds(base: int) -> Any:
    counter = iter(range(base, base + 10**9))
    return lambda: next(counter) * 2654435761 % 2**62


class Worker:
    """One bot process: ``players`` concurrent clickers over its share of the games."""

    def __init__(self, service: TableService, ids: list[int], seed: int, acks: Any) -> None:
        self.service = service
        self.ids = ids
        self.rng = random.Random(seed)
        self.moves = Rng.from_seed(seed, "pg-load")
        self.sender = NullSender()
        self.acks = acks
        self.latencies: list[float] = []
        self.accepted = 0
        self.refused = 0
        self.errors = 0
        self.finished: set[int] = set()

    async def click(self, game_id: int) -> None:
        started = time.perf_counter()
        record = await self.service.record(game_id)
        if record.status != "active" or record.state is None:
            self.finished.add(game_id)
            return
        engine = game(record.game_type).engine
        seat, action = random_action(engine, engine.load(record.state), self.moves)
        user = record.seats[seat].user_id
        if user is None:
            return
        try:
            await self.service.act(game_id, user, record.version, action)
        except TableError:
            self.refused += 1  # someone else moved first: refused, nothing changed
            return
        self.accepted += 1
        if self.acks is not None:
            self.acks.write(f"{game_id}\n")
            self.acks.flush()
        await self.service.deliver(game_id, self.sender)
        self.latencies.append(time.perf_counter() - started)

    async def player(self, until: float, stop: Path | None = None) -> None:
        while time.monotonic() < until and not (stop is not None and stop.exists()):
            live = [g for g in self.ids if g not in self.finished]
            if not live:
                return
            try:
                await self.click(self.rng.choice(live))
            except Exception as error:  # the database went away: counted, then the next click
                self.errors += 1
                print(f"worker error: {type(error).__name__}: {error}", file=sys.stderr, flush=True)
                await asyncio.sleep(0.05)


def drawing(boards: str) -> dict[str, Any]:
    """The table's drawing options for ``--boards``."""
    if boards == "none":
        return {"renderer": None}
    if boards == "pool":
        from bot.config import default_render_processes
        from bot.table.painter import process_painter

        return {"painter": process_painter(default_render_processes() or 1)}
    return {}


async def run_worker(args: argparse.Namespace) -> dict[str, Any]:
    store = await Store.open(args.url)
    options = drawing(args.boards)
    service = TableService(store, seed_source=_seeds(CHANNELS * 2 + args.index * 10**6), **options)
    sender = NullSender()
    try:
        if "painter" in options:
            await options["painter"].started()  # as the bot starts them, before the clock starts
        # What a killed process left pending is sent now (as the bot does on start).
        resumed = await service.resume(sender) if args.resume else 0
        ids = await store.game_ids(status=["active"])
        ids = ids[: args.contention] if args.contention else ids[args.index :: args.count]
        acks = Path(args.acks).open("a") if args.acks else None  # noqa: SIM115  (closed after the run)
        worker = Worker(service, ids, args.seed + args.index, acks)
        if args.ready:
            Path(args.ready).write_text("ready")
        if args.start_at:
            await asyncio.sleep(max(0.0, args.start_at - time.time()))
        began, cpu = time.monotonic(), time.process_time()
        stop = Path(args.stop_file) if args.stop_file else None
        await asyncio.gather(*(worker.player(began + args.duration, stop) for _ in range(args.players)))
        elapsed, cpu = time.monotonic() - began, time.process_time() - cpu
        if acks is not None:
            acks.close()
    finally:
        if "painter" in options:
            service.stop_drawing()
        await store.close()
    return {
        "accepted": worker.accepted,
        "refused": worker.refused,
        "errors": worker.errors,
        "resumed": resumed,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "latencies": worker.latencies,
    }


# --- verification ---------------------------------------------------------------------------


async def verify(target: str, acked: dict[int, int], game_ids: list[int] | None = None) -> dict[str, Any]:
    """Replay every game's log; compare the humans' rows with the acknowledged clicks."""
    store = await Store.open(target)
    problems: list[str] = []
    human_rows = 0
    try:
        ids = game_ids if game_ids is not None else await store.game_ids()
        for game_id in ids:
            record = await store.game(game_id)
            assert record is not None
            if record.state is None:
                continue
            log = await store.actions(game_id)
            if [a.version for a in log] != list(range(1, record.version + 1)):
                problems.append(f"game {game_id}: the log's versions have gaps")
                continue
            engine = game(record.game_type).engine
            state = engine.new_game(
                len(record.seats), engine.options_for(record.options, len(record.seats)), record.seed
            )
            for entry in log:
                state = engine.apply(state, entry.seat, entry.action).state
            if json.loads(json.dumps(engine.dump(state))) != record.state:
                problems.append(f"game {game_id}: the replayed state differs from the stored state")
            humans = sum(1 for a in log if a.user_id is not None)
            human_rows += humans
            if game_id in acked and humans != acked[game_id]:
                problems.append(f"game {game_id}: {humans} human actions logged, {acked[game_id]} accepted")
        pending = len(await store.games_with_pending())
    finally:
        await store.close()
    return {"games": len(ids), "human_rows": human_rows, "pending_games": pending, "problems": problems}


# --- the benchmark ----------------------------------------------------------------------------


def spawn(
    url: str, index: int, count: int, args: argparse.Namespace, start_at: float, acks: Path
) -> subprocess.Popen[str]:
    command = [sys.executable, str(Path(__file__).resolve()), "worker", "--url", url, "--index", str(index)]
    command += ["--count", str(count), "--duration", str(args.duration), "--players", str(args.players)]
    command += ["--start-at", str(start_at), "--acks", str(acks), "--seed", str(args.seed), "--boards", args.boards]
    if args.contention_mode:
        command += ["--contention", "50"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)


def round_of(url: str, processes: int, args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    start_at = time.time() + 3.0  # every process connected before the clock starts
    tag = "pg" if url.startswith("postgres") else "sqlite"
    acks = [workdir / f"acks-{tag}-{processes}-{i}-{args.contention_mode}" for i in range(processes)]
    children = [spawn(url, i, processes, args, start_at, acks[i]) for i in range(processes)]
    results = []
    for child in children:
        out, _ = child.communicate()
        if child.returncode != 0:
            raise RuntimeError(f"a worker failed (exit {child.returncode})")
        results.append(json.loads(out.strip().splitlines()[-1]))
    latencies = [value for r in results for value in r["latencies"]]
    accepted = sum(r["accepted"] for r in results)
    seconds = max(r["seconds"] for r in results)
    return {
        "processes": processes,
        "actions_per_s": round(accepted / seconds, 1),
        "median_ms": round(percentile(latencies, 50) * 1000, 2),
        "p99_ms": round(percentile(latencies, 99) * 1000, 2),
        "cpu_ms_per_action": round(1000 * sum(r["cpu_seconds"] for r in results) / max(accepted, 1), 2),
        "refused": sum(r["refused"] for r in results),
        "errors": sum(r["errors"] for r in results),
        "acks": [str(path) for path in acks],
    }


def read_acks(paths: list[str]) -> dict[int, int]:
    acked: dict[int, int] = {}
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            for line in Path(path).read_text().split():
                acked[int(line)] = acked.get(int(line), 0) + 1
    return acked


def bench_backend(url: str, counts: list[int], args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    made = asyncio.run(setup(url, args.games))
    report: dict[str, Any] = {"setup_s": round(made, 1), "rounds": [], "contention": []}
    for processes in counts:
        args.contention_mode = False
        report["rounds"].append(round_of(url, processes, args, workdir))
        print(json.dumps({k: v for k, v in report["rounds"][-1].items() if k != "acks"}), file=sys.stderr)
    acked_total: dict[int, int] = {}
    for processes in counts:
        args.contention_mode = True
        result = round_of(url, processes, args, workdir)
        for game_id, count in read_acks(result["acks"]).items():
            acked_total[game_id] = acked_total.get(game_id, 0) + count
        report["contention"].append(result)
        print(json.dumps({k: v for k, v in result.items() if k != "acks"}), file=sys.stderr)
    # Every game of the run (the 50 contended ones included) replays, and the humans' rows in each
    # log equal the clicks accepted across every round (each round's workers appended to files).
    all_acks = read_acks([p for r in report["rounds"] + report["contention"] for p in r["acks"]])
    report["verify"] = asyncio.run(verify(url, all_acks))
    for entry in report["rounds"] + report["contention"]:
        entry.pop("acks")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", nargs="?", default="bench", choices=["bench", "worker", "setup", "verify"])
    parser.add_argument("--url", help="postgresql://... (default: a throwaway server)")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=8, help="concurrent clickers per process")
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--index", type=int, default=0)
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--contention", type=int, default=0)
    parser.add_argument("--start-at", type=float, default=0.0)
    parser.add_argument("--acks", default="")
    parser.add_argument("--ready", default="")
    parser.add_argument("--resume", action="store_true", help="worker: resume every active game first")
    parser.add_argument("--stop-file", default="", help="worker: stop early once this file exists")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--boards", choices=["none", "thread", "pool"], default="none", help="draw boards: not, in a thread, in a pool"
    )
    args = parser.parse_args(argv)
    if args.mode == "worker":
        result = asyncio.run(run_worker(args))
        print(json.dumps(result))
        return 0
    if args.mode == "setup":
        print(json.dumps({"setup_s": asyncio.run(setup(args.url, args.games))}))
        return 0
    if args.mode == "verify":
        print(json.dumps(asyncio.run(verify(args.url, read_acks(args.acks.split(",") if args.acks else [])))))
        return 0
    return bench(args)


def bench(args: argparse.Namespace) -> int:
    from tests.storage.pg_server import PgServer, drop_schema, new_schema

    counts = [int(n) for n in args.processes.split(",")]
    server = None
    if args.url:
        os.environ["TEST_DATABASE_URL"] = args.url
    else:
        server = PgServer().init().start()
        os.environ["TEST_DATABASE_URL"] = server.url
    report: dict[str, Any] = {"games": args.games, "duration_s": args.duration, "players_per_process": args.players}
    report["boards"] = {
        "none": "boards not drawn",
        "thread": "boards drawn in a thread",
        "pool": "boards drawn in a pool",
    }[args.boards]
    report["machine"] = f"{os.cpu_count()} cores, load average before the run {os.getloadavg()[0]:.1f}"
    try:
        with tempfile.TemporaryDirectory() as scratch:
            workdir = Path(scratch)
            schema, url = asyncio.run(new_schema())
            try:
                report["postgresql"] = bench_backend(url, counts, args, workdir)
            finally:
                asyncio.run(drop_schema(schema))
            report["sqlite"] = bench_backend(str(workdir / "load.db"), [1], args, workdir)
    finally:
        if server is not None:
            server.remove()
    print(json.dumps(report, indent=2) if args.json else render(report))
    return 0 if not report["postgresql"]["verify"]["problems"] and not report["sqlite"]["verify"]["problems"] else 1


def render(report: dict[str, Any]) -> str:
    lines = [
        f"{report['games']} Mutiny games, {report['players_per_process']} concurrent players per process, "
        f"{report['duration_s']} s per round; {report['boards']}; {report['machine']}",
        "",
        "| database | processes | mode | actions/s | median ms | p99 ms | bot CPU ms/action | refused (moved first) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name in ("postgresql", "sqlite"):
        for mode in ("rounds", "contention"):
            for r in report[name][mode]:
                kind = f"{report['games']:,} games" if mode == "rounds" else "same 50 games"
                lines.append(
                    f"| {name} | {r['processes']} | {kind} | {r['actions_per_s']} | {r['median_ms']} | "
                    f"{r['p99_ms']} | {r['cpu_ms_per_action']} | {r['refused']} |"
                )
    for name in ("postgresql", "sqlite"):
        v = report[name]["verify"]
        lines.append(
            f"{name}: {v['games']} games replayed, {v['human_rows']} human actions = accepted clicks; "
            f"problems: {len(v['problems'])} {v['problems'][:3]}; set-up {report[name]['setup_s']} s"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
