"""Muggles between computer teams: how often the team wins, how the games end, and how many tiles are
left in the stock.

    .venv/bin/python bench/muggles_stats.py                      # 1,000 seeded games each for 1, 2 and 4 players
    .venv/bin/python bench/muggles_stats.py --games 200 --players 1 2 4 6 --json
    .venv/bin/python bench/muggles_stats.py --requirements advanced --players 2 4
    .venv/bin/python bench/muggles_stats.py --round-limit 1000   # with a house safety stop (off by default)
    .venv/bin/python bench/muggles_stats.py --data bench/muggles_levers/board  # a balance lever tried (docs/games/muggles.md)
    .venv/bin/python bench/muggles_stats.py --level strong --games 20 --players 2   # the strong team (searches)

The games are played out by the rules (no round limit unless ``--round-limit`` sets the table's
house safety stop); ``endings`` counts them by their result key (``requirements-met``,
``group-trashed``, ``coins-impossible``, ``round-limit`` ...), ``a_group_gone`` is the share of games
that ended with a group the team lacked trashed whole (``won_with_a_group_gone``: and still won, as the
solitaire player may, who needs six groups of seven), and ``stopped_seeds`` names the games
a safety stop ended (a stalled team: replay that seed to see why). ``--level strong`` plays every
seat with the strong team partner (the registered search budget without its clock, so the figures
do not depend on the machine), about a second of CPU a decision. The text's intent: "The game is
designed to make it slightly more likely to win than lose" and "Often, the games go until just a
few tiles are left in stock." Game ``i`` of a player count uses seed ``i`` for the deal, the dice and
the computer players, so every figure is reproducible.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Rng
from bot.engine.base import ComputerPlayer
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.muggles import goals, losing
from bot.games.muggles.ai import build_computer
from bot.games.muggles.data import OWN_DIR, load
from bot.games.muggles.engine import MugglesEngine, build_engine


def overlay(lever: Path) -> Path:
    """Muggles' own data folder with the lever's files laid over it (a temporary copy)."""
    folder = Path(tempfile.mkdtemp(prefix="muggles-lever-"))
    for source in (OWN_DIR, lever):
        for file in source.glob("*.json"):
            shutil.copy(file, folder / file.name)
    return folder


@dataclass(frozen=True)
class Setup:
    players: int
    requirements: str = "basic"
    round_limit: int | None = None
    data: str | None = None
    """A folder of Muggles-only data files (a lever tried for the balance: a ``tiles.json``,
    ``board.json`` or ``equipment.json`` there replaces the base game's), validated as the bot's own."""
    level: str = "normal"


def team_player(engine: MugglesEngine, level: str) -> ComputerPlayer[Any]:
    """Every seat's player: the normal team, or the strong one searching with the registered budget,
    its clock off (``bench/ai_play.py``'s rule)."""
    normal = build_computer(engine)
    if level == "normal":
        return normal
    from bot.games.registry import game

    budget = replace(game("muggles").spec.search_budget or SearchBudget(), seconds=float("inf"))
    return SearchPlayer(engine, normal, budget)


def play_one(seed: int, setup: Setup) -> dict[str, Any]:
    engine = MugglesEngine(load(own=overlay(Path(setup.data)))) if setup.data else build_engine()
    computer = team_player(engine, setup.level)
    chosen: dict[str, Any] = {"requirements": setup.requirements}
    if setup.round_limit is not None:
        chosen["round_limit"] = setup.round_limit
    options = engine.options_for(chosen, setup.players)
    state = engine.new_game(setup.players, options, seed)
    rng = Rng.from_seed(seed, "muggles-bench")
    actions = 0
    stock_out = 0
    started = time.process_time()
    while not engine.is_terminal(state):
        seat = engine.current_seats(state)[0]
        action = computer.choose_in_state(engine, state, seat, engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action).state
        actions += 1
        if not stock_out and not state.stock:
            stock_out = state.round
    return {
        "seed": seed,
        "players": setup.players,
        "won": state.outcome == "won",
        "groups_gone": groups_gone(engine, state),
        "ending": engine.results(state).ending,
        "rounds": state.round,
        "stock": len(state.stock),
        "stock_out_round": stock_out,
        "cpu": time.process_time() - started,
        "actions": actions,
    }


def groups_gone(engine: MugglesEngine, state: Any) -> int:
    """The groups the team lacks at the end and could no longer get, as the loss check counts them
    (``losing.outlook``: no cache or whole Multi set of theirs left held, carried, in the stock or on
    the board; "Watch for completely trashed groups")."""
    held = goals.team_groups(engine.team, state)
    anywhere = losing.outlook(engine.team, state).anywhere
    return sum(1 for group in engine.team.groups if group.id not in held and not anywhere[group.id])


def _chunk(args: tuple[list[int], Setup]) -> list[dict[str, Any]]:
    seeds, setup = args
    return [play_one(seed, setup) for seed in seeds]


def measure(games: int, setup: Setup, jobs: int) -> list[dict[str, Any]]:
    seeds = list(range(games))
    if jobs <= 1:
        return _chunk((seeds, setup))
    chunks = [(seeds[i::jobs], setup) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        return [game for part in pool.map(_chunk, chunks) for game in part]


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    count = len(games)
    stock = sorted(g["stock"] for g in games)
    return {
        "games": count,
        "win_rate": round(sum(g["won"] for g in games) / count, 3),
        "endings": dict(Counter(g["ending"] for g in games).most_common()),
        "average_rounds": round(sum(g["rounds"] for g in games) / count, 1),
        "a_group_gone": round(sum(g["groups_gone"] > 0 for g in games) / count, 3),
        "won_with_a_group_gone": round(sum(g["won"] and g["groups_gone"] > 0 for g in games) / count, 3),
        "most_rounds": max(g["rounds"] for g in games),
        "stopped_seeds": sorted(g["seed"] for g in games if g["ending"] == "round-limit"),
        "longest": [[g["seed"], g["rounds"]] for g in sorted(games, key=lambda g: -g["rounds"])[:3]],
        "stock_left_average": round(sum(stock) / count, 1),
        "stock_left_median": stock[count // 2],
        "stock_left_at_most_5": round(sum(s <= 5 for s in stock) / count, 3),
        "stock_used_up": round(sum(s == 0 for s in stock) / count, 3),
        "cpu_seconds": round(sum(g["cpu"] for g in games), 1),
        "stock_out_round_average": round(
            sum(g["stock_out_round"] for g in games if g["stock_out_round"])
            / max(1, sum(1 for g in games if g["stock_out_round"])),
            1,
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--requirements", default="basic", choices=("basic", "advanced"))
    parser.add_argument(
        "--round-limit", type=int, default=None, help="the table's house safety stop (default: the game's, off)"
    )
    parser.add_argument(
        "--data", help="a folder of data files laid over Muggles' own (a balance lever, bench/muggles_levers/)"
    )
    parser.add_argument("--level", default="normal", choices=("normal", "strong"), help="how every seat plays")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {}
    for players in args.players:
        started = time.perf_counter()
        setup = Setup(players, args.requirements, args.round_limit, args.data, args.level)
        summary = summarise(measure(args.games, setup, args.jobs))
        summary["seconds"] = round(time.perf_counter() - started, 1)
        report[str(players)] = summary
        if not args.json:
            print(
                f"{players} player{'s' if players > 1 else ''} ({args.requirements}, {args.level}): {json.dumps(summary)}",
                flush=True,
            )
    if args.json:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
