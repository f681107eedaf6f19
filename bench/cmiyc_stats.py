"""Cache Me If You Can between computer players: game length, win rates by seat and by character.

    .venv/bin/python bench/cmiyc_stats.py                  # 1,000 seeded games (200 each for 2-6 players)
    .venv/bin/python bench/cmiyc_stats.py --games 200 --json
    .venv/bin/python bench/cmiyc_stats.py --victory short

Game ``i`` seats ``2 + i % 5`` computer players and uses seed ``i`` for the deal and the computer
players, so every figure is reproducible on any machine. A character's win rate is compared with
what an average character would win at the same tables (the sum of 1/players over its games); a
character winning far more (ratio above ``--flag``) is flagged. Ties share a win.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Rng
from bot.games.cmiyc.ai import build_computer
from bot.games.cmiyc.engine import build_engine

PLAYER_COUNTS = (2, 3, 4, 5, 6)


def play_one(seed: int, victory: str) -> dict[str, Any]:
    engine = build_engine()
    computer = build_computer(engine)
    players = PLAYER_COUNTS[seed % len(PLAYER_COUNTS)]
    state = engine.new_game(players, engine.options_for({"victory": victory}, players), seed)
    rng = Rng.from_seed(seed, "cmiyc-bench")
    actions = 0
    while not engine.is_terminal(state):
        seat = engine.current_seats(state)[0]
        action = computer.choose(engine.seat_view(state, seat), engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action).state
        actions += 1
    result = engine.results(state)
    return {
        "players": players,
        "rounds": state.round,
        "actions": actions,
        "reason": state.end_reason,
        "winners": list(result.winners),
        "characters": [p.character for p in state.seats],
        "scores": list(result.scores),
    }


def _chunk(args: tuple[list[int], str]) -> list[dict[str, Any]]:
    seeds, victory = args
    return [play_one(seed, victory) for seed in seeds]


def measure(games: int, jobs: int, victory: str) -> list[dict[str, Any]]:
    seeds = list(range(games))
    if jobs <= 1:
        return _chunk((seeds, victory))
    chunks = [(seeds[i::jobs], victory) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        found = [game for part in pool.map(_chunk, chunks) for game in part]
    return sorted(found, key=lambda g: (g["players"], g["rounds"]))


def summarise(games: list[dict[str, Any]], flag: float) -> dict[str, Any]:
    by_count: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for game in games:
        by_count[game["players"]].append(game)
    lengths = {n: sum(g["rounds"] for g in gs) / len(gs) for n, gs in sorted(by_count.items())}
    seat_wins: dict[int, list[float]] = {}
    for n, gs in sorted(by_count.items()):
        shares = [0.0] * n
        for game in gs:
            for seat in game["winners"]:
                shares[seat] += 1 / len(game["winners"])
        seat_wins[n] = [round(s / len(gs), 3) for s in shares]
    won: Counter[str] = Counter()
    expected: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for game in games:
        for seat, character in enumerate(game["characters"]):
            played[character] += 1
            expected[character] += 1 / game["players"]
            if seat in game["winners"]:
                won[character] += 1 / len(game["winners"])
    characters = {
        c: {
            "games": played[c],
            "win_rate": round(won[c] / played[c], 3),
            "ratio": round(won[c] / expected[c], 2),
        }
        for c in sorted(played, key=lambda c: -won[c] / expected[c])
    }
    return {
        "games": len(games),
        "average_rounds": round(sum(g["rounds"] for g in games) / len(games), 1),
        "rounds_by_players": {n: round(v, 1) for n, v in lengths.items()},
        "endings": dict(Counter(g["reason"] for g in games)),
        "win_rate_by_seat": seat_wins,
        "characters": characters,
        "flagged": [c for c, v in characters.items() if v["ratio"] > flag],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--victory", default="standard", choices=("standard", "short", "advanced"))
    parser.add_argument("--flag", type=float, default=1.3, help="flag a character winning this many times the average")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    summary = summarise(measure(args.games, args.jobs, args.victory), args.flag)
    summary["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{summary['games']} games ({args.victory}), {summary['seconds']} s")
    print(f"average length: {summary['average_rounds']} rounds; by players: {summary['rounds_by_players']}")
    print(f"endings: {summary['endings']}")
    for players, shares in summary["win_rate_by_seat"].items():
        print(f"  {players} players, wins by seat (seat 1 moves first): {shares}")
    print("characters (win rate; ratio to an average character at the same tables):")
    for character, row in summary["characters"].items():
        mark = "  ⚑ far above the others" if character in summary["flagged"] else ""
        print(f"  {character:15} {row['win_rate']:.3f}  x{row['ratio']:.2f}  ({row['games']} games){mark}")


if __name__ == "__main__":
    main()
