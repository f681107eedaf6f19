"""Benchmark long games: ``/game mine`` with many games, and the replay GIF of a whole game.

    python bench/long_games.py            # both, human-readable
    python bench/long_games.py --json     # the same figures as one JSON object

mine:   one user sits in ``--games`` running games (default 200) across ``--servers`` servers (20),
        of every registered game, each a few moves in, with other people at the table. Timed: the
        table's answer (``TableService.my_games``: one read transaction for all games and seats,
        then each game's status line from its public view) plus the text, and the same through the
        fake Discord (the real bot, command parsing and the ephemeral reply included).
        Discord wants an answer (or a defer) within 3 seconds.
replay: a whole Mutiny game (one person and three computer players, played to its end),
        replayed from its action log into an animated GIF of the real boards: build time and
        size against Discord's 10 MiB upload limit.
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

from bot.devtools.memory_sender import NullSender  # noqa: E402
from bot.engine import Rng  # noqa: E402
from bot.games.registry import game, game_names  # noqa: E402
from bot.storage import Store  # noqa: E402
from bot.table import Person, TableService  # noqa: E402
from bot.table.mine import mine_text  # noqa: E402
from render.replay import UPLOAD_LIMIT  # noqa: E402

ME = Person(1, "me")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def timing(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values) * 1000, 2),
        "p99_ms": round(percentile(values, 99) * 1000, 2),
        "max_ms": round(max(values) * 1000, 2),
    }


async def computer_turns(service: TableService, game_id: int, moves: int) -> None:
    """People at the table play what the computer player would, ``moves`` times (or to the end)."""
    for _ in range(moves):
        waiting = await service.waiting_on(game_id)
        if not waiting:
            return
        user = waiting[0]
        panel = await service.panel(game_id, user)
        record = await service.record(game_id)
        loaded = game(record.game_type)
        assert record.state is not None, "a game that waits on someone has started"
        state = loaded.engine.load(record.state)
        choices = loaded.engine.legal_actions(state, panel.seat)
        rng = Rng.from_seed(record.seed, "bench", record.version, panel.seat)
        action = loaded.computer.choose(loaded.engine.seat_view(state, panel.seat), choices, rng)
        await service.act(game_id, user, panel.version, action)


async def build_games(service: TableService, count: int, servers: int) -> None:
    """``count`` running games (a game that ends during its opening moves does not count)."""
    names = game_names()
    running, index = 0, 0
    while running < count:
        name = names[index % len(names)]
        spec = game(name).spec
        others = [Person(1000 + index * 10 + k, f"player {k}") for k in range(spec.max_players - 1)]
        # Half the games are hosted by the user, half by someone else with the user in seat 2.
        people = [ME, *others] if index % 2 or not others else [others[0], ME, *others[1:]]
        people = people[: max(spec.min_players, 2)]
        outcome = await service.create(
            guild_id=100 + index % servers,
            channel_id=10_000 + index,
            parent_channel_id=None,
            game_name=name,
            options={},
            creator=people[0],
        )
        await service.arrange(outcome.game_id, people[0].user_id, people)
        await service.start(outcome.game_id, people[0].user_id)
        await computer_turns(service, outcome.game_id, index % 7)
        running += (await service.record(outcome.game_id)).status == "active"
        index += 1


async def bench_mine(count: int, servers: int, rounds: int, workdir: Path) -> dict[str, Any]:
    store = await Store.open(workdir / "mine.db")
    try:
        service = TableService(store, renderer=None, seed_source=lambda: 11)
        started = time.perf_counter()
        await build_games(service, count, servers)
        await service.deliverer.flush_all(NullSender())  # as the bot would have sent it all by now
        built = time.perf_counter() - started
        times, text = [], ""
        for _ in range(rounds):
            began = time.perf_counter()
            games = await service.my_games(ME.user_id)
            text = mine_text(games)
            times.append(time.perf_counter() - began)
        waiting = sum(1 for g in games if g.on_me)
        discord_times = await _through_discord(workdir / "mine.db", rounds)
    finally:
        await store.close()
    return {
        "games": len(games),
        "servers": servers,
        "waiting_on_me": waiting,
        "answer_chars": len(text),
        "table": timing(times),
        "through_discord": timing(discord_times),
        "setup_s": round(built, 1),
    }


async def _through_discord(database: Path, rounds: int) -> list[float]:
    """``/game mine`` through the real bot on the fake Discord (the store is copied: the bot opens its own)."""
    from bot.devtools.fake_discord import FakeDiscord, FakeUser, logged_in_bot

    fake = FakeDiscord()
    times = []
    with fake.patched_webhooks():
        bot = await logged_in_bot(fake, database, seed=11)
        try:
            user = FakeUser(ME.user_id, "me", False)
            fake.users[user.id] = user
            fake.join_server(user, fake.guild_id)
            for _ in range(rounds):
                began = time.perf_counter()
                answer = await fake.command(bot, user, "game mine")
                times.append(time.perf_counter() - began)
                assert answer.reply.ephemeral and "Your games" in answer.reply.text
        finally:
            await bot.close()
    return times


async def bench_replay(seed: int, workdir: Path) -> dict[str, Any]:
    store = await Store.open(workdir / "replay.db")
    try:
        service = TableService(store, renderer=None, seed_source=lambda: seed)
        outcome = await service.create(
            guild_id=1, channel_id=1, parent_channel_id=None, game_name="mutiny", options={}, creator=ME, computers=3
        )
        await service.start(outcome.game_id, ME.user_id)
        await computer_turns(service, outcome.game_id, 100_000)
        record = await service.record(outcome.game_id)
        began = time.perf_counter()
        replay = await service.replay(1)
        seconds = time.perf_counter() - began
    finally:
        await store.close()
    return {
        "game": "mutiny",
        "status": record.status,
        "actions": record.version,
        "frames": replay.frames,
        "gif_bytes": len(replay.gif),
        "limit_bytes": UPLOAD_LIMIT,
        "build_s": round(seconds, 2),
    }


def print_report(report: dict[str, Any]) -> None:
    mine = report.get("mine")
    if mine:
        print(f"/game mine: {mine['games']} games on {mine['servers']} servers, {mine['waiting_on_me']} waiting on me")
        table, discord = mine["table"], mine["through_discord"]
        print(f"  table answer   median {table['median_ms']} ms, p99 {table['p99_ms']} ms, max {table['max_ms']} ms")
        print(
            f"  via Discord    median {discord['median_ms']} ms, p99 {discord['p99_ms']} ms, "
            f"max {discord['max_ms']} ms (limit 3000 ms)"
        )
        print(f"  answer {mine['answer_chars']} characters (limit 2000); setup {mine['setup_s']} s")
    replay = report.get("replay")
    if replay:
        print(
            f"Replay GIF of a whole {replay['game']} game ({replay['status']}, {replay['actions']} actions): "
            f"{replay['frames']} frames, {replay['gif_bytes']:,} bytes (limit {replay['limit_bytes']:,}), "
            f"built in {replay['build_s']} s (target 10 s)"
        )


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch)
        if args.games:
            report["mine"] = await bench_mine(args.games, args.servers, args.rounds, workdir)
        if not args.no_replay:
            report["replay"] = await bench_replay(args.seed, workdir)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200, help="games the user sits in (0 to skip)")
    p.add_argument("--servers", type=int, default=20)
    p.add_argument("--rounds", type=int, default=30, help="times /game mine is asked")
    p.add_argument("--seed", type=int, default=7, help="seed of the replayed Mutiny game")
    p.add_argument("--no-replay", action="store_true")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
