"""What holds the event loop: the bench's load run, with a watchdog that samples the loop's stack.

    .venv/bin/python bench/stall_profile.py                       # 500 games at 25 actions/s for 20 s
    .venv/bin/python bench/stall_profile.py --rate 50 --seconds 30 --threshold 10

A thread watches a heartbeat the loop beats every 2 ms. While the beat is older than the threshold,
the thread samples the loop thread's Python stack every millisecond. The report groups the samples
by the innermost project frames (the code that ran instead of the loop) and prints the longest
stalls with where they were spent. Sampling costs the loop nothing: the watchdog only reads frames.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench import Harness, Load  # noqa: E402
from bot.storage import Store  # noqa: E402


class Watchdog(threading.Thread):
    """Samples the loop thread's stack whenever the loop has not beaten for `threshold` seconds."""

    def __init__(self, loop_thread: int, threshold: float, depth: int) -> None:
        super().__init__(daemon=True)
        self.loop_thread, self.threshold, self.depth = loop_thread, threshold, depth
        self.beat = time.perf_counter()
        self.stopping = False
        self.samples: Counter[tuple[str, ...]] = Counter()
        self.stalls: list[tuple[float, Counter[tuple[str, ...]]]] = []

    def where(self) -> tuple[str, ...]:
        frame = sys._current_frames().get(self.loop_thread)
        if frame is None:
            return ("?",)
        stack = traceback.extract_stack(frame)
        ours = [f for f in stack if str(ROOT) in f.filename and "/.venv/" not in f.filename]
        inner = stack[-1]
        lines = [f"{Path(f.filename).relative_to(ROOT)}:{f.lineno} {f.name}" for f in ours[-self.depth :]]
        if not ours or ours[-1] is not inner:
            lines.append(f"… {Path(inner.filename).name}:{inner.lineno} {inner.name}")
        return tuple(lines)

    def run(self) -> None:
        while not self.stopping:
            time.sleep(0.001)
            if time.perf_counter() - self.beat < self.threshold:
                continue
            began, here = self.beat, Counter[tuple[str, ...]]()
            while time.perf_counter() - self.beat >= self.threshold and self.beat == began and not self.stopping:
                here[self.where()] += 1
                time.sleep(0.001)
            self.samples.update(here)
            self.stalls.append((time.perf_counter() - began, here))


async def heartbeat(dog: Watchdog, stop: asyncio.Event) -> None:
    while not stop.is_set():
        dog.beat = time.perf_counter()
        await asyncio.sleep(0.002)


async def profile(games: int, rate: float, seconds: float, threshold: float, depth: int) -> Watchdog:
    with tempfile.TemporaryDirectory() as workdir:
        store = await Store.open(Path(workdir) / "stalls.db")
        harness = Harness(store, render_processes=2)
        try:
            await harness.started()
            load = Load(harness, games)
            await load.start()
            dog = Watchdog(threading.get_ident(), threshold, depth)
            stop = asyncio.Event()
            beating = asyncio.create_task(heartbeat(dog, stop))
            dog.start()
            result = await load.step(rate, seconds)
            stop.set()
            await beating
            dog.stopping = True
            dog.join()
            print(
                f"{result['actions_per_s']}/s, p99 {result['latency']['p99_ms']} ms, "
                f"longest stall {result['longest_loop_stall_ms']} ms, stalls over {threshold * 1000:.0f} ms: "
                f"{len(dog.stalls)}"
            )
            return dog
        finally:
            harness.close()
            await store.close()


def report(dog: Watchdog, top: int) -> None:
    total = sum(dog.samples.values()) or 1
    print(f"\nwhere the loop was held ({total} samples of 1 ms):")
    for stack, count in dog.samples.most_common(top):
        print(f"\n{count:5d} ({100 * count / total:.0f}%)")
        for line in stack:
            print(f"        {line}")
    print("\nlongest stalls:")
    for length, here in sorted(dog.stalls, key=lambda s: -s[0])[:5]:
        spot = here.most_common(1)[0][0][-1] if here else "?"
        print(f"  {length * 1000:6.1f} ms  mostly {spot}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--rate", type=float, default=25)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--threshold", type=float, default=10, help="a stall, in ms")
    p.add_argument("--depth", type=int, default=6, help="project frames shown per stack")
    p.add_argument("--top", type=int, default=15)
    args = p.parse_args()
    dog = asyncio.run(profile(args.games, args.rate, args.seconds, args.threshold / 1000, args.depth))
    report(dog, args.top)


if __name__ == "__main__":
    main()
