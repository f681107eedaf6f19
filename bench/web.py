"""The web table under watchers: page load and live-update latency with many pages open on one game.

    .venv/bin/python bench/web.py                  # 100 watchers, 20 page loads, 20 moves
    .venv/bin/python bench/web.py --watchers 200 --moves 40 --game cmiyc --json

One process, as in production: the bot's table service and web server, and here also the watchers
(aiohttp clients on the same event loop, so the figures include their own cost). Each watcher keeps
the game's Server-Sent Events stream open and, on every change, reads the page from the event and
fetches its new board, as the page's script does.

* page load: a new visitor's page with the watchers connected (the HTML, then the stylesheet,
  the script, the page's JSON and the board, the last four at once, as a browser asks for them);
* live update: from the moment a move is committed (as a Discord click or a private page commits
  it) until a watcher has the new JSON and board, for every watcher and move.

Targets (issue 24): page load under 300 ms, live update under 500 ms with 100 watchers.
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

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Rng
from bot.storage import Store
from bot.table import Person, TableService
from bot.web.limits import RateLimit
from bot.web.server import WebServer
from bot.web.table import WebTable

PLAYERS = {"mutiny": 4, "cmiyc": 3, "mccc": 3, "catacombs": 3, "muggles": 2}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(share * len(ordered)), len(ordered) - 1)]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values) * 1000, 1),
        "p95_ms": round(percentile(values, 0.95) * 1000, 1),
        "max_ms": round(max(values) * 1000, 1),
        "count": len(values),
    }


async def new_game(service: TableService, game: str) -> int:
    players = PLAYERS[game]
    people = [Person(seat + 1, f"Player {seat + 1}") for seat in range(players)]
    lobby = await service.create(
        guild_id=1, channel_id=1, parent_channel_id=None, game_name=game, options={}, creator=people[0]
    )
    await service.arrange(lobby.game_id, 1, list(people))
    await service.start(lobby.game_id, 1)
    return lobby.game_id


async def move(service: TableService, game_id: int) -> bool:
    """One sensible move by whoever the game waits on (the computer player's choice for that seat)."""
    waiting = await service.waiting_on(game_id)
    if not waiting:
        return False
    user = waiting[0]
    table = await service.web_table(game_id)
    state, seat = table.state(), user - 1
    choices = table.engine.legal_actions(state, seat)
    rng = Rng.from_seed(table.record.seed, "bench", table.record.version, seat)
    chosen = table.game.computer("normal").choose_in_state(table.engine, state, seat, choices, rng)
    action = chosen if chosen in {c.action for c in choices} else choices[0].action
    panel = await service.panel(game_id, user)
    await service.act(game_id, user, panel.version, action)
    return True


class Watcher:
    def __init__(self, session: aiohttp.ClientSession, base: str) -> None:
        self.session = session
        self.base = base
        self.updated: dict[str, float] = {}
        self.ready = asyncio.Event()

    async def run(self) -> None:
        async with self.session.get(f"{self.base}/events") as events:
            async for raw in events.content:
                line = raw.decode()
                if not line.startswith("data: "):
                    continue
                page = json.loads(line[6:])
                stamp = page["stamp"]
                async with self.session.get(f"{self.base}/board.png?s={page['stamp']}") as response:
                    await response.read()
                self.updated.setdefault(stamp, time.perf_counter())
                self.ready.set()


async def page_load(session: aiohttp.ClientSession, url: str, base: str) -> float:
    started = time.perf_counter()
    async with session.get(base) as response:
        await response.read()

    async def fetch(path: str) -> bytes:
        async with session.get(url + path) as response:
            return await response.read()

    page = json.loads(
        (
            await asyncio.gather(
                fetch("/static/table.css"), fetch("/static/table.js"), fetch(base.removeprefix(url) + "/page.json")
            )
        )[2]
    )
    await fetch(base.removeprefix(url) + f"/board.png?s={page['stamp']}")
    return time.perf_counter() - started


async def run(args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(Path(scratch) / "bench.db")
        service = TableService(store, seed_source=lambda: args.seed)
        table = WebTable(service, store, "http://127.0.0.1:0")
        server = WebServer(table, "127.0.0.1", 0, secure_cookies=False)
        # Every watcher here comes from 127.0.0.1: the limit per address would count them as one visitor.
        server.app.limits.pages = RateLimit(burst=10**9, per_second=10**9)
        await server.start()
        table.public_url = url = f"http://127.0.0.1:{server.port}"
        connector = aiohttp.TCPConnector(limit=0)
        try:
            async with aiohttp.ClientSession(connector=connector) as session:
                game_id = await new_game(service, args.game)
                base = await table.board_url(game_id)
                watchers = [Watcher(session, base) for _ in range(args.watchers)]
                tasks = [asyncio.create_task(w.run()) for w in watchers]
                await asyncio.wait_for(asyncio.gather(*(w.ready.wait() for w in watchers)), 60)
                loads = [await page_load(session, url, base) for _ in range(args.loads)]
                updates: list[float] = []
                for _ in range(args.moves):
                    if not await move(service, game_id):
                        break
                    committed = time.perf_counter()
                    stamp = await table.stamp(game_id)
                    assert stamp is not None
                    deadline = committed + 10
                    while any(stamp not in w.updated for w in watchers) and time.perf_counter() < deadline:
                        await asyncio.sleep(0.005)
                    updates += [w.updated.get(stamp, deadline) - committed for w in watchers]
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            await server.stop()
            await store.close()
    return {
        "game": args.game,
        "watchers": args.watchers,
        "page_load": summary(loads),
        "live_update": summary(updates),
        "targets": {"page_load_ms": 300, "live_update_ms": 500},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), default="mutiny")
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"{result['game']}, {result['watchers']} watchers on one game")
    for name in ("page_load", "live_update"):
        figures = result[name]
        assert isinstance(figures, dict)
        print(
            f"  {name.replace('_', ' '):12} median {figures['median_ms']:7.1f} ms · p95 {figures['p95_ms']:7.1f} ms"
            f" · max {figures['max_ms']:7.1f} ms  ({figures['count']} samples)"
        )
    print("  targets: page load < 300 ms, live update < 500 ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
