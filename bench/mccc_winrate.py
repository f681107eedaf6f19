"""Solo win rate of Mouse Cheese Cat Cucumber's computer player, per setup and in easier mode.

    .venv/bin/python bench/mccc_winrate.py                 # 1,000 seeded games per row
    .venv/bin/python bench/mccc_winrate.py --games 200 --json
    .venv/bin/python bench/mccc_winrate.py --multiplayer --games 100   # sides' win shares
    .venv/bin/python bench/mccc_winrate.py --multiplayer --setup 3     # ... with another setup's maze and deck
    .venv/bin/python bench/mccc_winrate.py --multiplayer --as-played   # ... without the Balanced start

Game ``i`` of every row uses seed ``i`` for the deal and for the computer player, so a
row is reproducible on any machine. The computer player sees only the solo view and
its legal choices, exactly as at a Discord table (including the preview step, where it
confirms the placement it chose).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Rng
from bot.games.registry import game as registered

ROWS = (
    ("setup 1 · Cat's Crossing", {"setup": 1, "easier": False}),
    ("setup 2 · Mouse's Mirror", {"setup": 2, "easier": False}),
    ("setup 3 · Cheese's Cottage", {"setup": 3, "easier": False}),
    ("setup 4 · Cucumber's Cradle", {"setup": 4, "easier": False}),
    ("easier mode (setup 1)", {"setup": 1, "easier": True}),
)


def play_one(options: dict[str, Any], seed: int) -> tuple[bool, str, int]:
    """One solo game with the computer player: (won, how it ended, turns)."""
    game = registered("mccc")
    engine, computer = game.engine, game.computer()
    state = engine.new_game(1, engine.options_for(options, 1), seed)
    rng = Rng.from_seed(seed, "mccc-bench")
    while not engine.is_terminal(state):
        choices = engine.legal_actions(state, 0)
        action = computer.choose(engine.seat_view(state, 0), choices, rng)
        state = engine.apply(state, 0, action).state
    outcome = state.outcome
    return bool(outcome.won), outcome.ending, state.turn


def _chunk(args: tuple[dict[str, Any], list[int]]) -> list[tuple[bool, str, int]]:
    options, seeds = args
    return [play_one(options, seed) for seed in seeds]


Table = tuple[list[str], list[int], str, int]
"""A multiplayer game's secret sides, winners, how it ended and the turns it lasted."""


def play_table(players: int, seed: int, setup: int = 1, balanced: bool = True) -> Table:
    """One multiplayer game between computer players: (secret sides, winners, how it ended, turns
    begun, the last one included). ``balanced``: the lobby's Balanced start (its default)."""
    game = registered("mccc")
    engine, computer = game.engine, game.computer()
    state = engine.new_game(players, engine.options_for({"setup": setup, "balanced": balanced}, players), seed)
    rng = Rng.from_seed(seed, "mccc-bench-table")
    while not engine.is_terminal(state):
        seat = engine.current_seats(state)[0]
        action = computer.choose(engine.seat_view(state, seat), engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action).state
    return list(state.secret), list(engine.results(state).winners), state.outcome.ending, state.turn


def _tables(args: tuple[int, int, bool, list[int]]) -> list[Table]:
    players, setup, balanced, seeds = args
    return [play_table(players, seed, setup, balanced) for seed in seeds]


def measure_tables(players: int, games: int, jobs: int, setup: int = 1, balanced: bool = True) -> dict[str, Any]:
    """Share of the wins by secret side (a shared win counts as a fraction) at one table size, how
    the games ended, how many turns they lasted, and how many ended before every player had a turn."""
    started = time.perf_counter()
    seeds = list(range(games))
    size = max(1, games // (max(jobs, 1) * 4))
    parts = [(players, setup, balanced, seeds[i : i + size]) for i in range(0, games, size)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = [o for part in pool.map(_tables, parts) for o in part]
    else:
        outcomes = [o for part in parts for o in _tables(part)]
    held: Counter[str] = Counter()
    won: dict[str, float] = {}
    endings: Counter[str] = Counter()
    for secret, winners, kind, _ in outcomes:
        held.update(secret)
        endings[kind] += 1
        for seat in winners:
            won[secret[seat]] = won.get(secret[seat], 0.0) + 1 / len(winners)
    turns = [t for *_, t in outcomes]
    return {
        "players": players,
        "setup": setup,
        "balanced": balanced,
        "games": games,
        "fair_share": round(1 / players, 3),
        "win_share": {side: round(won.get(side, 0.0) / held[side], 3) for side in sorted(held)},
        "endings": dict(sorted(endings.items())),
        "mean_turns": round(sum(turns) / games, 1) if games else 0.0,
        "ended_on_turn_1": sum(1 for t in turns if t == 1),
        "ended_in_first_round": sum(1 for t in turns if t <= players),
        "seconds": round(time.perf_counter() - started, 1),
    }


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return 0.0, 0.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def measure(options: dict[str, Any], games: int, jobs: int) -> dict[str, Any]:
    started = time.perf_counter()
    seeds = list(range(games))
    if jobs > 1:
        size = max(1, games // (jobs * 4))
        parts = [(options, seeds[i : i + size]) for i in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = [o for part in pool.map(_chunk, parts) for o in part]
    else:
        outcomes = _chunk((options, seeds))
    wins = sum(1 for won, _, _ in outcomes if won)
    low, high = wilson(wins, games)
    endings = Counter(kind if not won else "win" for won, kind, _ in outcomes)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "reached_endgame": sum(1 for _, kind, _ in outcomes if kind == "endgame") / games if games else 0.0,
        "mean_turns": sum(t for _, _, t in outcomes) / games if games else 0.0,
        "endings": dict(sorted(endings.items())),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument(
        "--multiplayer",
        action="store_true",
        help="instead: computer-only tables of 2, 3 and 4 players, share of wins by secret side",
    )
    parser.add_argument("--setup", type=int, default=1, help="multiplayer: the setup played (default 1)")
    parser.add_argument(
        "--as-played", action="store_true", help="multiplayer: without the Balanced start (the lobby's option)"
    )
    args = parser.parse_args(argv)
    if args.multiplayer:
        balanced = not args.as_played
        tables = [measure_tables(players, args.games, args.jobs, args.setup, balanced) for players in (2, 3, 4)]
        if args.json:
            print(
                json.dumps({"games": args.games, "setup": args.setup, "balanced": balanced, "tables": tables}, indent=2)
            )
        else:
            for row in tables:
                shares = "  ".join(f"{side} {share:.0%}" for side, share in row["win_share"].items())
                print(
                    f"{row['players']} players (fair {row['fair_share']:.0%}): {shares}  endings {row['endings']}  "
                    f"turns {row['mean_turns']}  ended on turn 1: {row['ended_on_turn_1']}, "
                    f"in the first round: {row['ended_in_first_round']}"
                )
        return 0
    report = []
    for name, options in ROWS:
        row = {"row": name, "options": options, **measure(options, args.games, args.jobs)}
        report.append(row)
        if not args.json:
            low, high = row["ci95"]
            print(
                f"{name:30} win {row['win_rate']:6.1%}  (95% CI {low:.1%}-{high:.1%})  "
                f"endgame reached {row['reached_endgame']:5.1%}  turns {row['mean_turns']:4.1f}  "
                f"[{row['seconds']} s]",
                flush=True,
            )
    if args.json:
        print(json.dumps({"games": args.games, "rows": report}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
