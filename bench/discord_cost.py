"""What a game costs a Discord channel: posts, pings, uploads, REST calls, DMs.

    python bench/discord_cost.py            # the three scripted games, as a table
    python bench/discord_cost.py --json     # the same figures as one JSON object

Plays scripted full games through the project's fake Discord (``bot.devtools``):
the real bot, cogs and table, with only the network faked. People click as
``bot.devtools.fake_players`` describes: a random legal move each decision, made
with the buttons on the newest message that mentions them, or through "▶ Play"
(their own panel) when the move is private or a form. Each decision takes them 30
seconds of the fake clock (so boards grow old as in a real game). The same seed
gives the same game.

Scenarios: Mutiny with 4 humans (one refusing DMs); Mutiny with 2 humans and 2
computers; solo Mouse Cheese Cat Cucumber. Figures per human action and per game,
and the REST calls by kind (interaction answers, channel posts, edits, deletions, DMs).
These are counts, not timings: no assertion anywhere depends on them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.devtools import fake_discord, fake_players  # noqa: E402
from bot.games.registry import game  # noqa: E402

SEED = 20240611
SECONDS_PER_DECISION = 30
SILENT = 1 << 12


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    game: str
    humans: int
    computers: int
    refusing: int = -1
    """Index of the human whose DMs are closed (-1: nobody)."""


SCENARIOS = (
    Scenario("mutiny-4h", "Mutiny, 4 humans (one refusing DMs)", "mutiny", 4, 0, refusing=3),
    Scenario("mutiny-2h2c", "Mutiny, 2 humans + 2 computers", "mutiny", 2, 2),
    Scenario("mccc-solo", "Mouse Cheese Cat Cucumber, solo", "mccc", 1, 0),
)


@dataclass
class Meter:
    """Counts what the bot sends, by wrapping the fake Discord's message store."""

    fake: Any
    channel_id: int = 0
    created: list[dict[str, Any]] = field(default_factory=list)
    upload_bytes: int = 0
    request_start: int = 0

    def install(self) -> None:
        new_message, edit = self.fake._new_message, self.fake._edit

        def counted_new(channel_id: int, body: dict[str, Any], files: list[tuple[str, bytes]], **kw: Any) -> Any:
            message = new_message(channel_id, body, files, **kw)
            self.upload_bytes += sum(len(data) for _, data in files)
            self.created.append(
                {
                    "channel": channel_id,
                    "ephemeral": message.ephemeral,
                    "images": len(files),
                    "text": message.text,
                    "users": [int(u) for u in (body.get("allowed_mentions") or {}).get("users") or []],
                    "flags": int(body.get("flags") or 0),
                }
            )
            return message

        def counted_edit(message: Any, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
            self.upload_bytes += sum(len(data) for _, data in files)
            edit(message, body, files)

        self.fake._new_message = counted_new
        self.fake._edit = counted_edit

    def start(self) -> None:
        self.request_start = len(self.fake.requests)


def _human_actions(db: Path, game_id: int) -> int:
    with sqlite3.connect(db) as connection:
        return int(
            connection.execute(
                "SELECT COUNT(*) FROM actions WHERE game_id = ? AND user_id IS NOT NULL", (game_id,)
            ).fetchone()[0]
        )


async def play(fake: Any, bot: Any, scenario: Scenario, db: Path) -> int:
    """Open, fill, start and play the scenario's game to its end; returns the game id."""
    users = [fake.user(f"player{i + 1}") for i in range(scenario.humans)]
    if scenario.refusing >= 0:
        fake.close_dms(users[scenario.refusing])
    opened = await fake.command(
        bot, users[0], "game new", game=scenario.game, computers=scenario.computers or None, thread=False
    )
    assert "table is open" in opened.reply.text, opened.texts
    for user in users[1:]:
        await fake.click(bot, user, fake.last_post(), "Join")
    await fake.click(bot, users[0], fake.last_post(), "Start")
    with sqlite3.connect(db) as connection:
        game_id = int(connection.execute("SELECT MAX(id) FROM games").fetchone()[0])
    players = fake_players.Players(fake, bot, db, game, {u.id: u for u in users}, random.Random(SEED))
    players.think = lambda: fake.advance(seconds=SECONDS_PER_DECISION)  # people take a while to decide
    await players.play(game_id)
    return game_id


def rest_kinds(requests: list[tuple[str, str]], dm_channels: set[str]) -> dict[str, int]:
    """The game's REST calls by what they did (the setup's application and command calls apart)."""
    kinds: Counter[str] = Counter()
    for method, path in requests:
        parts = path.strip("/").split("/")
        if parts[0] == "interactions":
            kinds["interaction answers"] += 1
        elif parts[0] == "webhooks":
            kinds["interaction follow-ups"] += 1
        elif parts[:2] == ["users", "@me"]:
            kinds["DMs"] += 1  # opening the DM channel
        elif parts[0] == "channels" and len(parts) > 1 and parts[1] in dm_channels:
            kinds["DMs"] += 1
        elif parts[0] == "channels" and method == "POST":
            kinds["channel posts"] += 1
        elif parts[0] == "channels" and method == "PATCH":
            kinds["channel edits"] += 1
        elif parts[0] == "channels" and method == "DELETE":
            kinds["channel deletions"] += 1
        else:
            kinds["other"] += 1
    return dict(kinds)


def _figures(meter: Meter, fake: Any, scenario: Scenario, users: list[Any], actions: int) -> dict[str, Any]:
    channel = fake.channel_id
    public = [c for c in meter.created if c["channel"] == channel and not c["ephemeral"]]
    dm_channels = set(fake.dm_channels.values())
    dms = [c for c in meter.created if c["channel"] in dm_channels]
    requests = fake.requests[meter.request_start :]
    pings: Counter[int] = Counter()
    for message in public:
        if message["flags"] & SILENT:
            continue
        for user_id in message["users"]:
            if f"<@{user_id}>" in message["text"]:
                pings[user_id] += 1
    refused_attempts = 0
    if scenario.refusing >= 0:
        refuser = users[scenario.refusing]
        channel_of = fake.dm_channels.get(refuser.id)
        refused_attempts = sum(1 for m, p in requests if m == "POST" and p == f"/channels/{channel_of}/messages")
    board_posts = sum(1 for c in public if c["images"])
    kinds = rest_kinds(requests, {str(c) for c in dm_channels})
    per = max(actions, 1)
    return {
        "human_actions": actions,
        "public_posts_with_board": board_posts,
        "public_posts_with_board_per_action": round(board_posts / per, 2),
        "public_posts": len(public),
        "visible_bot_messages_at_end": len(fake.channel_messages(channel)),
        "rest_calls": len(requests),
        "rest_calls_per_action": round(len(requests) / per, 2),
        "rest_calls_by_kind": kinds,
        "upload_kb": round(meter.upload_bytes / 1024, 1),
        "upload_kb_per_action": round(meter.upload_bytes / 1024 / per, 1),
        "direct_messages": len(dms),
        "direct_messages_per_action": round(len(dms) / per, 2),
        "dm_attempts_to_refusing_player": refused_attempts,
        "mentions_of_most_pinged_player": max(pings.values(), default=0),
        "mentions_per_player": [pings.get(u.id, 0) for u in users],
    }


async def run_scenario(scenario: Scenario, workdir: Path) -> dict[str, Any]:
    fake = fake_discord.FakeDiscord()
    db = workdir / f"{scenario.key}.db"
    with fake.patched_webhooks():
        bot = await fake_discord.logged_in_bot(fake, db, seed=SEED)
        meter = Meter(fake)
        meter.install()
        meter.start()
        try:
            game_id = await play(fake, bot, scenario, db)
        finally:
            await bot.close()
    users = [u for u in fake.users.values() if u.name.startswith("player")]
    return _figures(meter, fake, scenario, users, _human_actions(db, game_id))


ROWS = (
    ("public posts with a board image, per human action", "public_posts_with_board_per_action"),
    ("bot messages visible in the channel at the end", "visible_bot_messages_at_end"),
    ("Discord REST calls per human action", "rest_calls_per_action"),
    ("uploaded image KB per human action", "upload_kb_per_action"),
    ("direct messages per human action", "direct_messages_per_action"),
    ("DM attempts to the player refusing DMs", "dm_attempts_to_refusing_player"),
    ("mentions of the most-pinged player", "mentions_of_most_pinged_player"),
    ("human actions", "human_actions"),
)


KINDS = (
    "interaction answers",
    "interaction follow-ups",
    "channel posts",
    "channel edits",
    "channel deletions",
    "DMs",
    "other",
)


def print_report(report: dict[str, Any]) -> None:
    keys = [s.key for s in SCENARIOS if s.key in report]
    print(f"{'per game':<52}" + "".join(f"{k:>14}" for k in keys))
    for label, key in ROWS:
        print(f"{label:<52}" + "".join(f"{report[k][key]!s:>14}" for k in keys))
    print("REST calls per human action, by kind")
    for kind in KINDS:
        counts = [report[k]["rest_calls_by_kind"].get(kind, 0) / max(report[k]["human_actions"], 1) for k in keys]
        if any(counts):
            print(f"{'  ' + kind:<52}" + "".join(f"{c:>14.2f}" for c in counts))


async def main_async(names: list[str]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for scenario in SCENARIOS:
            if scenario.key in names:
                report[scenario.key] = await run_scenario(scenario, Path(scratch))
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    p.add_argument(
        "--scenarios",
        type=lambda s: s.split(","),
        default=[s.key for s in SCENARIOS],
        help="comma-separated: " + ", ".join(s.key for s in SCENARIOS),
    )
    args = p.parse_args(argv)
    report = asyncio.run(main_async(args.scenarios))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
