"""Benchmark the table: per-action cost, board size, a concurrent load run, memory with many stored games.

    python bench/bench.py                 # everything, human-readable
    python bench/bench.py --json          # the same figures as one JSON object
    python bench/bench.py --quick         # a smaller run (seconds, not minutes)
    python bench/bench.py --sweep         # the load at rising rates until p99 passes 250 ms: the knee
    python bench/bench.py --discord       # also what games cost a Discord channel (bench/discord_cost.py)
    python bench/bench.py --render-processes 0   # boards drawn in a thread (RENDER_PROCESSES=0)

Per game: median and p99 of one action through the table service (engine +
render + PNG encode, with the render in a worker thread as in the bot, + the one
SQLite commit of the move with everything it must send + the delivery of that
outbox to a sender that keeps nothing), the parts timed separately, and PNG bytes
per board.
Load: N concurrent games in one process at a target total action rate; the
achieved rate, latency percentiles and the longest event-loop stall seen by a
5 ms ticker. Sweep: the same games at rising rates, until the p99 passes 250 ms;
the knee is the highest rate whose p99 stayed within it. Memory: peak RSS of a
fresh bot process that opens a database of M stored games, resumes every active
one and draws the boards of 50 of them (with its drawing processes, counted too).
Boards are drawn as the bot draws them: RENDER_PROCESSES worker processes (by
default one per core), or a thread with 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import platform
import random
import statistics
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
from bot.engine.playout import play, random_action  # noqa: E402
from bot.engine.seats import plain_tags  # noqa: E402
from bot.games.registry import game, game_names  # noqa: E402
from bot.storage import SeatRecord, Store, Writer  # noqa: E402
from bot.table import Person, TableService  # noqa: E402
from render import board_palette, encode_png, png_filter_up, renderer  # noqa: E402

try:
    from bot.ops.heap import settle_heap
except ImportError:  # an older tree, measured for comparison: its heap is left as it is
    settle_heap = None  # type: ignore[assignment]

try:
    from bot.config import default_render_processes
    from bot.table.painter import process_painter
except ImportError:  # an older tree, measured for comparison: it draws in a thread
    process_painter = None

    def default_render_processes() -> int:
        return 0


KNEE_P99_MS = 250.0
"""The latency a player still takes for an instant answer: the sweep stops past it."""


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values) * 1000, 2) if values else 0.0,
        "p99_ms": round(percentile(values, 99) * 1000, 2),
        "max_ms": round(max(values) * 1000, 2) if values else 0.0,
    }


def process_cpu(pid: int) -> float:
    """User and system CPU seconds of a running process (Linux; 0 elsewhere or once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Harness:
    """The table as the bot drives it: a move, then the delivery of what it queued."""

    def __init__(self, store: Store, render_processes: int = 0) -> None:
        if render_processes and process_painter is not None:
            self.service = TableService(store, painter=process_painter(render_processes))
        else:
            self.service = TableService(store)
        self.sender = NullSender()

    async def started(self) -> None:
        """The drawing processes started and the heap settled, as the bot does before it takes clicks."""
        painter = getattr(self.service, "painter", None)
        if painter is not None:
            await painter.started()
        if settle_heap is not None:
            settle_heap()

    def workers_cpu(self) -> float:
        """CPU seconds the drawing processes have used so far (0 when boards are drawn in a thread)."""
        painter = getattr(self.service, "painter", None)
        pids = painter.drawer.worker_pids() if painter is not None and hasattr(painter.drawer, "worker_pids") else []
        return sum(process_cpu(pid) for pid in pids)

    def close(self) -> None:
        stop = getattr(self.service, "stop_drawing", None)
        if stop is not None:
            stop()

    async def start_game(self, name: str, channel: int, players: int) -> int:
        users = [channel * 10 + i for i in range(players)]
        lobby = await self.service.create(
            guild_id=1,
            channel_id=channel,
            parent_channel_id=None,
            game_name=name,
            options={},
            creator=Person(users[0], "P1"),
        )
        seated = [Person(u, f"P{i + 1}") for i, u in enumerate(users)]
        await self.service.arrange(lobby.game_id, users[0], seated)
        await self.service.start(lobby.game_id, users[0])
        await self.service.deliver(lobby.game_id, self.sender)
        return lobby.game_id

    async def move(self, game_id: int, rng: Rng) -> bool:
        """One action by a seat to act, chosen at random, and its delivery; False when the game is over."""
        record = await self.service.record(game_id)
        if record.status != "active" or record.state is None:
            return False
        engine = game(record.game_type).engine
        seat, action = random_action(engine, engine.load(record.state), rng)
        user = record.seats[seat].user_id
        assert user is not None
        await self.service.act(game_id, user, record.version, action)
        await self.service.deliver(game_id, self.sender)
        return True


async def bench_actions(name: str, actions: int, workdir: Path, render_processes: int = 0) -> dict[str, Any]:
    loaded = game(name)
    engine, spec = loaded.engine, loaded.spec
    draw = renderer(spec)
    store = await Store.open(workdir / f"actions-{name}.db")
    harness = Harness(store, render_processes)
    await harness.started()
    rng = Rng.from_seed(1, "bench")
    totals: list[float] = []
    applies: list[float] = []
    renders: list[float] = []
    encodes: list[float] = []
    sizes: list[int] = []
    channel = 0
    tags = plain_tags(spec.max_players, spec.seat_colours)
    try:
        while len(totals) < actions:
            channel += 1
            game_id = await harness.start_game(name, channel, spec.max_players)
            while len(totals) < actions:
                record = await harness.service.record(game_id)
                if record.status != "active" or record.state is None:
                    break
                state = engine.load(record.state)
                seat, action = random_action(engine, state, rng)
                user = record.seats[seat].user_id
                assert user is not None
                started = time.perf_counter()
                await harness.service.act(game_id, user, record.version, action)
                await harness.service.deliver(game_id, harness.sender)
                totals.append(time.perf_counter() - started)
                # The parts, measured again on the same position.
                t0 = time.perf_counter()
                after = engine.apply(state, seat, action).state
                t1 = time.perf_counter()
                image = draw(engine.public_view(after), tags[: len(record.seats)])
                t2 = time.perf_counter()
                png = encode_png(image, board_palette(spec), up=png_filter_up(spec))
                t3 = time.perf_counter()
                applies.append(t1 - t0)
                renders.append(t2 - t1)
                encodes.append(t3 - t2)
                sizes.append(len(png))
    finally:
        harness.close()
        await store.close()
    return {
        "actions": len(totals),
        "per_action": summary(totals),
        "engine_apply": summary(applies),
        "render": summary(renders),
        "png_encode": summary(encodes),
        "png_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
    }


async def stall_monitor(stop: asyncio.Event, stalls: list[float], tick: float = 0.005) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        before = loop.time()
        await asyncio.sleep(tick)
        stalls.append(max(0.0, loop.time() - before - tick))


class Load:
    """N concurrent games in one process, played at a target total action rate, step after step."""

    def __init__(self, harness: Harness, games: int) -> None:
        self.harness = harness
        self.games = games
        self.names = game_names()
        self.ids: list[int] = []
        self.next_channel = 200_000

    async def start(self) -> None:
        for index in range(self.games):
            name = self.names[index % len(self.names)]
            self.ids.append(await self.harness.start_game(name, 100_000 + index, game(name).spec.max_players))

    async def step(self, rate: float, duration: float, seed: int = 0) -> dict[str, Any]:
        harness, games, names, ids = self.harness, self.games, self.names, self.ids
        latencies: list[float] = []
        errors = 0
        stalls: list[float] = []
        stop = asyncio.Event()
        monitor = asyncio.create_task(stall_monitor(stop, stalls))
        mean_gap = games / rate

        async def player(slot: int) -> None:
            nonlocal errors
            local = random.Random(seed * 1_000_003 + slot)  # the pace of this table's players
            moves = Rng.from_seed(seed * 1_000_003 + slot, "bench-load")

            async def pause(seconds: float) -> None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), timeout=seconds)

            # Moves come as a Poisson stream, whose wait is memoryless: the first wait is drawn
            # like the others, so even a short step runs at its rate from its first second.
            await pause(local.expovariate(1 / mean_gap))
            while not stop.is_set():
                started = time.perf_counter()
                try:
                    alive = await harness.move(ids[slot], moves)
                except Exception:  # a stale or refused move still costs what it costs
                    errors += 1
                    alive = True
                latencies.append(time.perf_counter() - started)
                if not alive:
                    self.next_channel += 1
                    name = names[slot % len(names)]
                    ids[slot] = await harness.start_game(name, self.next_channel, game(name).spec.max_players)
                await pause(local.expovariate(1 / mean_gap))

        began, cpu, drawing = time.perf_counter(), time.process_time(), harness.workers_cpu()
        tasks = [asyncio.create_task(player(i)) for i in range(games)]
        await asyncio.sleep(duration)
        stop.set()
        await asyncio.gather(*tasks)
        elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
        drawing = harness.workers_cpu() - drawing
        await monitor
        return {
            "games": games,
            "target_actions_per_s": rate,
            "seconds": round(elapsed, 1),
            "actions": len(latencies),
            "actions_per_s": round(len(latencies) / elapsed, 1),
            "refused": errors,
            "latency": summary(latencies),
            "longest_loop_stall_ms": round(max(stalls, default=0) * 1000, 1),
            "loop_stall_p99_ms": round(percentile(stalls, 99) * 1000, 1),
            "bot_process_cpu_ms_per_action": round(1000 * cpu / max(len(latencies), 1), 2),
            "drawing_processes_cpu_ms_per_action": round(1000 * drawing / max(len(latencies), 1), 2),
        }


async def bench_load(
    games: int, rate: float, duration: float, workdir: Path, render_processes: int = 0
) -> dict[str, Any]:
    store = await Store.open(workdir / "load.db")
    harness = Harness(store, render_processes)
    try:
        await harness.started()
        load = Load(harness, games)
        await load.start()
        return await load.step(rate, duration)
    finally:
        harness.close()
        await store.close()


async def bench_sweep(
    games: int, rates: list[float], duration: float, workdir: Path, render_processes: int = 0
) -> dict[str, Any]:
    """The load at each rate in turn (the same games going on), until the p99 passes 250 ms."""
    store = await Store.open(workdir / "sweep.db")
    harness = Harness(store, render_processes)
    steps: list[dict[str, Any]] = []
    try:
        await harness.started()
        load = Load(harness, games)
        await load.start()
        for index, rate in enumerate(rates):
            steps.append(await load.step(rate, duration, seed=index + 1))
            if steps[-1]["latency"]["p99_ms"] > KNEE_P99_MS:
                break
    finally:
        harness.close()
        await store.close()
    within = [step for step in steps if step["latency"]["p99_ms"] <= KNEE_P99_MS]
    knee = within[-1] if within else None
    return {
        "games": games,
        "seconds_per_step": duration,
        "p99_limit_ms": KNEE_P99_MS,
        "knee_actions_per_s": knee["target_actions_per_s"] if knee else None,
        "knee_achieved_actions_per_s": knee["actions_per_s"] if knee else None,
        "steps": steps,
    }


def _sample_states(name: str, how_many: int) -> list[dict[str, Any]]:
    """Dumped states from a seeded random game, spread over its length."""
    engine = game(name).engine
    outcome = play(engine, engine.spec.max_players, 3, keep_states=True)
    states = [engine.dump(state) for state in [outcome.initial, *outcome.states]]
    step = max(1, len(states) // how_many)
    return states[::step][:how_many]


def store_games(tx: Writer, games: list[tuple[int, str, list[SeatRecord], dict[str, Any], dict[str, Any]]]) -> None:
    for index, name, seats, options, state in games:
        game_id = tx.create_game(
            guild_id=1,
            channel_id=index + 1,
            parent_channel_id=None,
            game_type=name,
            options={},
            seed=index,
            creator_id=10 * index,
            seats=seats,
        )
        tx.start_game(game_id, options=options, state=state)
        if index % 3 == 0:
            tx.set_status(game_id, "finished")


async def build_stored(path: Path, count: int) -> None:
    store = await Store.open(path)
    samples = {name: _sample_states(name, 20) for name in game_names()}
    try:
        batch: list[tuple[int, str, list[SeatRecord], dict[str, Any], dict[str, Any]]] = []
        for index in range(count):
            name = game_names()[index % len(game_names())]
            engine = game(name).engine
            players = engine.spec.max_players
            seats = [SeatRecord(i, 10 * index + i, f"P{i + 1}") for i in range(players)]
            state = samples[name][index % len(samples[name])]
            batch.append((index, name, seats, engine.options_for({}, players), state))
            if len(batch) == 100 or index == count - 1:
                await store.transaction(functools.partial(store_games, games=batch))
                batch = []
    finally:
        await store.close()


MEMORY_PROBE = """
import asyncio, json, resource, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {bench!r})
from bench import Harness, Load
from bot.storage import Store
def peak_kib(pid="self"):
    # VmHWM is a process's own peak. ru_maxrss survives exec on Linux: it would report the
    # benchmark process that started this one.
    try:
        for line in open(f"/proc/{{pid}}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
def peaks(harness):
    # The drawing processes, and the resource tracker that multiprocessing starts beside them.
    from multiprocessing import resource_tracker
    drawer = getattr(getattr(harness.service, "painter", None), "drawer", None)
    pids = drawer.worker_pids() if hasattr(drawer, "worker_pids") else []
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    return [peak_kib(), sum(peak_kib(pid) for pid in pids + ([tracker] if pids and tracker else []))]
async def main():
    store = await Store.open({path!r})
    harness = Harness(store, {processes})
    await harness.started()
    service = harness.service
    await service.resume(harness.sender)
    for game_id in (await store.game_ids(status=["active"]))[:50]:
        await service.status((await service.record(game_id)).channel_id)
    figures = {{"resumed": peaks(harness)}}
    if {load_rate}:
        load = Load(harness, {load_games})
        await load.start()
        step = await load.step({load_rate}, {load_seconds})
        figures["under_load"] = peaks(harness) + [step["actions_per_s"]]
    harness.close()
    await store.close()
    print(json.dumps(figures))
asyncio.run(main())
"""
"""Run with ``-c``: a script run by path is imported again by every process ``spawn`` starts (as
``__mp_main__``), which would count this benchmark's imports in the drawing processes; the bot,
started with ``python -m bot``, is not."""


def bench_memory(
    count: int,
    workdir: Path,
    render_processes: int = 0,
    load_rate: float = 0.0,
    load_seconds: float = 20.0,
    load_games: int = 500,
) -> dict[str, Any]:
    path = workdir / "stored.db"
    started = time.perf_counter()
    asyncio.run(build_stored(path, count))
    built = time.perf_counter() - started
    processes = render_processes if process_painter is not None else 0
    code = MEMORY_PROBE.format(
        root=str(ROOT),
        bench=str(ROOT / "bench"),
        path=str(path),
        processes=processes,
        load_rate=load_rate,
        load_games=load_games,
        load_seconds=load_seconds,
    )
    probe = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    figures = json.loads(probe.stdout.strip().splitlines()[-1])
    peak_kib, workers_kib = figures["resumed"]
    report: dict[str, Any] = {
        "stored_games": count,
        "database_mb": round(path.stat().st_size / 2**20, 1),
        "peak_rss_mb": round(peak_kib / 1024, 1),
        "render_processes": processes,
        "render_workers_peak_rss_mb": round(workers_kib / 1024, 1),
        "peak_rss_in_all_mb": round((peak_kib + workers_kib) / 1024, 1),
        "fill_seconds": round(built, 1),
    }
    if "under_load" in figures:
        peak_kib, workers_kib, achieved = figures["under_load"]
        report["under_load"] = {
            "games": load_games,
            "target_actions_per_s": load_rate,
            "actions_per_s": achieved,
            "seconds": load_seconds,
            "peak_rss_mb": round(peak_kib / 1024, 1),
            "render_workers_peak_rss_mb": round(workers_kib / 1024, 1),
            "peak_rss_in_all_mb": round((peak_kib + workers_kib) / 1024, 1),
        }
    return report


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "load_average_before": round(os.getloadavg()[0], 1),
    }


def print_report(report: dict[str, Any]) -> None:
    m = report["machine"]
    print(
        f"Machine: {m['cpus']} CPUs, Python {m['python']}, {m['platform']}, load average {m['load_average_before']}; "
        f"boards drawn by {report['render_processes'] or 'a thread, no'} worker processes"
    )
    print("\nPer action (engine + render + PNG encode + commit + delivery of its outbox), ms:")
    print(
        f"{'game':<8} {'n':>5} {'median':>8} {'p99':>8} {'max':>8} | {'apply p99':>9} {'render p99':>10} {'encode p99':>10} | {'PNG bytes (median/max)':>22}"
    )
    for name, r in report["per_game"].items():
        print(
            f"{name:<8} {r['actions']:>5} {r['per_action']['median_ms']:>8} {r['per_action']['p99_ms']:>8} {r['per_action']['max_ms']:>8} | "
            f"{r['engine_apply']['p99_ms']:>9} {r['render']['p99_ms']:>10} {r['png_encode']['p99_ms']:>10} | "
            f"{r['png_bytes']['median']:>10} / {r['png_bytes']['max']}"
        )
    if "load" in report:
        r = report["load"]
        print(
            f"\nLoad: {r['games']} concurrent games, target {r['target_actions_per_s']} actions/s for {r['seconds']} s: "
            f"{r['actions_per_s']} actions/s, latency median {r['latency']['median_ms']} ms, p99 {r['latency']['p99_ms']} ms, "
            f"max {r['latency']['max_ms']} ms; longest event-loop stall {r['longest_loop_stall_ms']} ms "
            f"(p99 {r['loop_stall_p99_ms']} ms); refused moves {r['refused']}"
        )
    if "sweep" in report:
        print_sweep(report["sweep"])
    if "memory" in report:
        r = report["memory"]
        print(
            f"\nMemory: {r['stored_games']} stored games ({r['database_mb']} MB database): "
            f"peak RSS {r['peak_rss_mb']} MB of a bot process that resumes them all and draws 50 boards, "
            f"{r['peak_rss_in_all_mb']} MB with its {r['render_processes']} drawing processes"
        )
        if "under_load" in r:
            u = r["under_load"]
            print(
                f"  then {u['games']} more games played at {u['actions_per_s']} actions/s for {u['seconds']} s: "
                f"peak RSS {u['peak_rss_mb']} MB, {u['peak_rss_in_all_mb']} MB with its drawing processes"
            )
    if "discord" in report:
        import discord_cost  # the sibling script (bench/ is on the path when this runs)

        print("\nWhat games cost a Discord channel (bench/discord_cost.py):")
        discord_cost.print_report(report["discord"])


def print_sweep(sweep: dict[str, Any]) -> None:
    knee = sweep["knee_actions_per_s"]
    print(
        f"\nSweep: {sweep['games']} concurrent games, {sweep['seconds_per_step']} s per rate; "
        f"knee (highest rate with p99 <= {sweep['p99_limit_ms']:.0f} ms): "
        + (f"{knee} actions/s (achieved {sweep['knee_achieved_actions_per_s']})" if knee else "none")
    )
    print(
        "| target/s | achieved/s | median ms | p99 ms | longest loop stall ms | bot process CPU ms/action "
        "| drawing processes CPU ms/action |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in sweep["steps"]:
        print(
            f"| {r['target_actions_per_s']:g} | {r['actions_per_s']} | {r['latency']['median_ms']} | "
            f"{r['latency']['p99_ms']} | {r['longest_loop_stall_ms']} | {r['bot_process_cpu_ms_per_action']} "
            f"| {r.get('drawing_processes_cpu_ms_per_action', 0)} |"
        )


async def main_async(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    report: dict[str, Any] = {
        "machine": machine(),
        "render_processes": args.render_processes,
        "per_game": {},
    }
    for name in args.games:
        report["per_game"][name] = await bench_actions(name, args.actions, workdir, args.render_processes)
    if args.concurrent and not args.sweep:
        report["load"] = await bench_load(args.concurrent, args.rate, args.duration, workdir, args.render_processes)
    if args.sweep and args.concurrent:
        report["sweep"] = await bench_sweep(
            args.concurrent, args.rates, args.sweep_seconds, workdir, args.render_processes
        )
    if args.discord:
        import discord_cost  # the sibling script (bench/ is on the path when this runs)

        report["discord"] = await discord_cost.main_async([s.key for s in discord_cost.SCENARIOS])
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "--games", type=lambda s: s.split(","), default=game_names(), help="comma-separated games (default: all)"
    )
    p.add_argument("--actions", type=int, default=400, help="actions timed per game")
    p.add_argument("--concurrent", type=int, default=500, help="games in the load run or the sweep (0 to skip)")
    p.add_argument("--rate", type=float, default=50, help="target actions per second in the load run")
    p.add_argument("--duration", type=float, default=30, help="seconds of the load run")
    p.add_argument("--stored", type=int, default=10_000, help="games stored for the memory figure (0 to skip)")
    p.add_argument(
        "--memory-load-rate",
        type=float,
        default=75.0,
        help="after resuming the stored games, the memory probe plays 500 more at this rate (0: no load)",
    )
    p.add_argument("--sweep", action="store_true", help="the load at rising rates (--rates) until p99 passes 250 ms")
    p.add_argument(
        "--rates",
        type=lambda s: [float(r) for r in s.split(",")],
        default=[25, 50, 75, 100, 125, 150, 200],
        help="the sweep's target rates, actions/s",
    )
    p.add_argument("--sweep-seconds", type=float, default=20, help="seconds at each rate of the sweep")
    p.add_argument(
        "--render-processes",
        type=int,
        default=default_render_processes(),
        help="worker processes drawing boards (0: a thread; default: RENDER_PROCESSES's, one per core)",
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help="small run: 60 actions, 50 games for 5 s, 500 stored; a sweep of 20 games at 5, 10 and 20/s, 1.5 s each",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    p.add_argument("--discord", action="store_true", help="add the Discord-cost figures (bench/discord_cost.py)")
    args = p.parse_args(argv)
    if args.quick:  # smaller figures for what the command line did not set itself
        quick: dict[str, Any] = {"actions": 60, "concurrent": 50, "duration": 5, "stored": 500, "rate": 20}
        if args.sweep:
            quick.update(concurrent=20, rates=[5, 10, 20], sweep_seconds=1.5)
        for key, value in quick.items():
            if getattr(args, key) == p.get_default(key):
                setattr(args, key, value)
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch)
        report = asyncio.run(main_async(args, workdir))
        if args.stored:
            under_load = (
                (min(args.memory_load_rate, 20.0), 2.0, 20) if args.quick else (args.memory_load_rate, 20.0, 500)
            )
            report["memory"] = bench_memory(args.stored, workdir, args.render_processes, *under_load)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
