"""Catacombs of Mu played by its computer explorers: length, character win rates, what monsters do,
solo and co-op scores.

    .venv/bin/python bench/catacombs_stats.py                  # 1,008 seeded games (48 per row)
    .venv/bin/python bench/catacombs_stats.py --per-row 10     # a quick look
    .venv/bin/python bench/catacombs_stats.py --json

Rows: competitive 2, 3 and 4 players, solo, co-op 2, 3 and 4 players, each with 0, 2 and 4
monsters (21 rows). Characters are dealt at random. Game ``i`` of a row uses seed ``i`` for the
game and salts the computer's stream by game, step and seat, so every figure is reproducible.
The computer players see only their seat's view and legal choices, as at a Discord table.
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
from bot.games.catacombs.ai import build_computer
from bot.games.catacombs.engine import build_engine

MONSTERS = (0, 2, 4)
TABLES = (("competitive", 2), ("competitive", 3), ("competitive", 4), ("solo", 1))
TABLES += (("cooperative", 2), ("cooperative", 3), ("cooperative", 4))

_ENGINE: Any = None
_COMPUTER: Any = None


def _players() -> tuple[Any, Any]:
    global _ENGINE, _COMPUTER
    if _ENGINE is None:
        _ENGINE = build_engine()
        _COMPUTER = build_computer(_ENGINE)
    return _ENGINE, _COMPUTER


def play_one(job: tuple[str, int, int, int]) -> dict[str, Any]:
    mode, players, monsters, seed = job
    engine, computer = _players()
    options: dict[str, Any] = {"monsters": str(monsters), "characters": "random"}
    if players > 1:
        options["mode"] = mode
    state = engine.new_game(players, engine.options_for(options, players), seed)
    steps = 0
    while not engine.is_terminal(state):
        seat = engine.current_seats(state)[0]
        view = engine.seat_view(state, seat)
        action = computer.choose(view, engine.legal_actions(state, seat), Rng.from_seed(seed, "cpu", steps, seat))
        state = engine.apply(state, seat, action).state
        steps += 1
    result = engine.results(state)
    return {
        "mode": mode,
        "players": players,
        "monsters": monsters,
        "seed": seed,
        "over": state.over,
        "rounds": min(state.round, state.round_limit),
        "turns": state.turns,
        "actions": steps,
        "winners": [state.seats[w].character for w in result.winners] if mode == "competitive" else [],
        "escaped": state.over == "escaped",
        "played": sorted({c for p in state.seats for c in p.characters_used}),
        "score": result.team_score,
        "won": bool(result.team_won),
    }


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    competitive = [g for g in games if g["mode"] == "competitive"]
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for game in competitive:
        played.update(game["played"])
        if game["escaped"]:
            wins.update(game["winners"])
    by_monsters: dict[str, dict[str, Any]] = {}
    for count in MONSTERS:
        rows = [g for g in competitive if g["monsters"] == count]
        team = [g for g in games if g["mode"] != "competitive" and g["monsters"] == count]
        by_monsters[str(count)] = {
            "competitive_escape_rate": _mean([g["escaped"] for g in rows]),
            "competitive_rounds": _mean([g["rounds"] for g in rows]),
            "team_win_rate": _mean([g["won"] for g in team]),
            "team_score": _mean([g["score"] for g in team]),
            "team_rounds": _mean([g["rounds"] for g in team]),
        }
    tables: dict[str, dict[str, Any]] = defaultdict(dict)
    for mode, players in TABLES:
        for count in MONSTERS:
            rows = [g for g in games if (g["mode"], g["players"], g["monsters"]) == (mode, players, count)]
            if rows:
                tables[f"{mode} {players}p"][str(count)] = {
                    "rounds": _mean([g["rounds"] for g in rows]),
                    "turns": _mean([g["turns"] for g in rows]),
                    "escape_or_win": _mean([g["escaped"] or g["won"] for g in rows]),
                    "score": _mean([g["score"] or 0 for g in rows]) if mode != "competitive" else None,
                }
    return {
        "games": len(games),
        "average_rounds": _mean([g["rounds"] for g in games]),
        "average_turns": _mean([g["turns"] for g in games]),
        "character_win_rate": {c: wins[c] / played[c] for c in sorted(played)},
        "monsters": by_monsters,
        "solo_score": _mean([g["score"] for g in games if g["mode"] == "solo"]),
        "coop_score": _mean([g["score"] for g in games if g["mode"] == "cooperative"]),
        "tables": tables,
    }


def report(summary: dict[str, Any], seconds: float) -> str:
    lines = [f"{summary['games']} games in {seconds:.0f} s"]
    lines.append(f"average length: {summary['average_rounds']:.1f} rounds, {summary['average_turns']:.1f} player turns")
    lines.append("")
    lines.append("table          monsters  rounds  turns  escaped/won  score")
    for table, rows in summary["tables"].items():
        for count, row in rows.items():
            score = "" if row["score"] is None else f"{row['score']:.2f}"
            lines.append(
                f"{table:<15}{count:>6}  {row['rounds']:>6.1f} {row['turns']:>6.1f}  {row['escape_or_win']:>10.0%}  {score:>5}"
            )
    lines.append("")
    lines.append("competitive win rate by character (wins / games the character took part in):")
    for character, rate in sorted(summary["character_win_rate"].items(), key=lambda kv: -kv[1]):
        lines.append(f"  {character:<13}{rate:6.1%}")
    lines.append("")
    lines.append("monsters  competitive: escaped  rounds | solo+co-op: won  score  rounds")
    for count, row in summary["monsters"].items():
        lines.append(
            f"{count:>8}  {row['competitive_escape_rate']:>20.0%}  {row['competitive_rounds']:>6.1f} |"
            f" {row['team_win_rate']:>14.0%}  {row['team_score']:>5.2f}  {row['team_rounds']:>6.1f}"
        )
    lines.append("")
    lines.append(f"average score: solo {summary['solo_score']:.2f} relics, co-op {summary['coop_score']:.2f} relics")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-row", type=int, default=48, help="games per table and monster count (21 rows)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    jobs = [
        (mode, players, monsters, seed)
        for mode, players in TABLES
        for monsters in MONSTERS
        for seed in range(args.per_row)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        games = list(pool.map(play_one, jobs, chunksize=4))
    summary = summarise(games)
    elapsed = time.perf_counter() - start
    print(json.dumps(summary, indent=2) if args.json else report(summary, elapsed))


if __name__ == "__main__":
    main()
