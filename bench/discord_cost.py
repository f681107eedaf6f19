"""What a game costs a Discord channel and its players: posts, pings, uploads, REST calls, DMs, taps.

    python bench/discord_cost.py            # every scenario, as a table
    python bench/discord_cost.py --json     # the same figures as one JSON object
    python bench/discord_cost.py --scenarios catacombs-3h,catacombs-solo

Plays scripted full games through the project's fake Discord (``bot.devtools``):
the real bot, cogs and table, with only the network faked. People click as
``bot.devtools.fake_players`` describes: a random legal move each decision, made
with the buttons on the newest message that mentions them, or through "▶ Play"
(their own panel) when the move is private or a form. Each decision takes them 30
seconds of the fake clock (so boards grow old as in a real game). The same seed
gives the same game.

Scenarios: each of the five games with 3 humans, one of them refusing DMs (Mutiny
seats 4: a computer takes the fourth seat); Mutiny with 4 humans and with 2 humans
and 2 computers; solo Catacombs, Mouse Cheese Cat Cucumber and Muggles; a co-op
Catacombs game of one human and two computers. Figures per human action and per
game, the REST calls by kind (interaction answers, channel posts, edits, deletions,
DMs), DMs per player per own turn (a turn: a person's decisions in a row, until
someone else decides; for the players who accept DMs), and the taps a turn takes
(clicks, menu choices and form submissions; median and 95th percentile).
These are counts, not timings: no assertion anywhere depends on them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
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
    options: str | None = None


SCENARIOS = (
    Scenario("mutiny-3h1c", "Mutiny, 3 humans (one refusing DMs) + 1 computer", "mutiny", 3, 1, refusing=2),
    Scenario("mccc-3h", "Mouse Cheese Cat Cucumber, 3 humans (one refusing DMs)", "mccc", 3, 0, refusing=2),
    # Random players may wander the Catacombs for thousands of decisions: the house lamps limit ends the
    # game (the costs are per turn, so how it ends does not change them).
    Scenario(
        "catacombs-3h",
        "Catacombs of Mu, 3 humans (one refusing DMs)",
        "catacombs",
        3,
        0,
        refusing=2,
        options="rounds=60",
    ),
    Scenario("cmiyc-3h", "Cache Me If You Can!, 3 humans (one refusing DMs)", "cmiyc", 3, 0, refusing=2),
    Scenario("muggles-3h", "Muggles!, 3 humans (one refusing DMs)", "muggles", 3, 0, refusing=2),
    Scenario("mutiny-4h", "Mutiny, 4 humans (one refusing DMs)", "mutiny", 4, 0, refusing=3),
    Scenario("mutiny-2h2c", "Mutiny, 2 humans + 2 computers", "mutiny", 2, 2),
    Scenario("catacombs-solo", "Catacombs of Mu, solo", "catacombs", 1, 0),
    Scenario("mccc-solo", "Mouse Cheese Cat Cucumber, solo", "mccc", 1, 0),
    Scenario("muggles-solo", "Muggles!, solo", "muggles", 1, 0),
    Scenario(
        "catacombs-1h2c", "Catacombs of Mu, co-op: 1 human + 2 computers", "catacombs", 1, 2, options="mode=cooperative"
    ),
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


async def play(fake: Any, bot: Any, scenario: Scenario, db: Path) -> tuple[int, Any]:
    """Open, fill, start and play the scenario's game to its end; returns the game id and the players."""
    users = [fake.user(f"player{i + 1}") for i in range(scenario.humans)]
    if scenario.refusing >= 0:
        fake.close_dms(users[scenario.refusing])
    opened = await fake.command(
        bot,
        users[0],
        "game new",
        game=scenario.game,
        computers=scenario.computers or None,
        options=scenario.options,
        thread=False,
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
    return game_id, players


def percentile(values: list[int], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    if not values:
        return 0.0
    ranked = sorted(values)
    return float(ranked[min(len(ranked) - 1, max(0, round(fraction * len(ranked) + 0.5) - 1))])


def turn_figures(players: Any, dms_per_user: dict[int, int], accepting: list[int]) -> dict[str, Any]:
    """DMs per player per own turn (players who accept DMs) and taps per turn (everyone)."""
    taps = [count for _, count in players.turns()]
    rates = [dms_per_user.get(user, 0) / max(players.own_turns(user), 1) for user in accepting]
    return {
        "turns": len(taps),
        "dms_per_player_per_own_turn": round(statistics.mean(rates), 2) if rates else 0.0,
        "dms_per_player_per_own_turn_max": round(max(rates), 2) if rates else 0.0,
        "most_dms_to_one_player": max((dms_per_user.get(user, 0) for user in accepting), default=0),
        "taps_per_turn_median": statistics.median(taps) if taps else 0,
        "taps_per_turn_p95": percentile(taps, 0.95),
    }


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


def _figures(
    meter: Meter, fake: Any, scenario: Scenario, users: list[Any], actions: int, players: Any
) -> dict[str, Any]:
    channel = fake.channel_id
    public = [c for c in meter.created if c["channel"] == channel and not c["ephemeral"]]
    dm_channels = set(fake.dm_channels.values())
    dms = [c for c in meter.created if c["channel"] in dm_channels]
    user_of_channel = {channel_id: user for user, channel_id in fake.dm_channels.items()}
    dms_per_user = Counter(user_of_channel[c["channel"]] for c in dms)
    accepting = [u.id for i, u in enumerate(users) if i != scenario.refusing]
    ephemerals = [c for c in meter.created if c["ephemeral"]]
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
        "ephemeral_messages": len(ephemerals),
        **turn_figures(players, dms_per_user, accepting),
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
            game_id, players = await play(fake, bot, scenario, db)
        finally:
            await bot.close()
    users = [u for u in fake.users.values() if u.name.startswith("player")]
    return _figures(meter, fake, scenario, users, _human_actions(db, game_id), players)


ROWS = (
    ("public posts with a board image, per human action", "public_posts_with_board_per_action"),
    ("bot messages visible in the channel at the end", "visible_bot_messages_at_end"),
    ("Discord REST calls per human action", "rest_calls_per_action"),
    ("uploaded image KB per human action", "upload_kb_per_action"),
    ("direct messages per human action", "direct_messages_per_action"),
    ("DMs per player per own turn (mean of players)", "dms_per_player_per_own_turn"),
    ("DMs per player per own turn (most DMed player)", "dms_per_player_per_own_turn_max"),
    ("DMs to the most DMed player", "most_dms_to_one_player"),
    ("taps per turn, median", "taps_per_turn_median"),
    ("taps per turn, 95th percentile", "taps_per_turn_p95"),
    ("ephemeral messages (panels, answers)", "ephemeral_messages"),
    ("DM attempts to the player refusing DMs", "dm_attempts_to_refusing_player"),
    ("mentions of the most-pinged player", "mentions_of_most_pinged_player"),
    ("human actions", "human_actions"),
    ("turns", "turns"),
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
    """One block per scenario, so the table stays readable however many run."""
    keys = [s.key for s in SCENARIOS if s.key in report]
    for start in range(0, len(keys), 4):
        shown = keys[start : start + 4]
        print(f"{'per game':<50}" + "".join(f"{k:>16}" for k in shown))
        for label, key in ROWS:
            print(f"{label:<50}" + "".join(f"{report[k][key]!s:>16}" for k in shown))
        print("REST calls per human action, by kind")
        for kind in KINDS:
            counts = [report[k]["rest_calls_by_kind"].get(kind, 0) / max(report[k]["human_actions"], 1) for k in shown]
            if any(counts):
                print(f"{'  ' + kind:<50}" + "".join(f"{c:>16.2f}" for c in counts))
        print()


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
