"""Catacombs of Mu played by its computer explorers at default settings: how games end (by ending
key), their length, character win rates, what monsters do, solo and co-op scores.

    .venv/bin/python bench/catacombs_stats.py                  # 200 seeded games per row (21 rows)
    .venv/bin/python bench/catacombs_stats.py --per-row 10     # a quick look
    .venv/bin/python bench/catacombs_stats.py --monsters 0,players --jobs 1   # without and with
    .venv/bin/python bench/catacombs_stats.py --json

Rows: competitive 2, 3 and 4 players, solo, co-op 2, 3 and 4 players, each with no monster, the
default (one per player) and all 6. Characters are dealt at random; every other option is the
default, so no round limit (the lamps limit is a house rule, off by default). Endings are the keys
of ``GameResult.ending`` (as ``/game stats`` counts them). A game still running after
``--safety`` rounds is stopped and counted as ``stalled``: the rules would still be playing it,
and a sound computer player never gets there.

Game ``i`` of a row uses seed ``i`` for the game and salts the computer's stream by game, step and
seat, so every figure is reproducible. The computer players see only their seat's view and legal
choices, as at a Discord table.
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

MONSTERS = ("0", "players", "6")
TABLES = (("competitive", 2), ("competitive", 3), ("competitive", 4), ("solo", 1))
TABLES += (("cooperative", 2), ("cooperative", 3), ("cooperative", 4))
STALLED = "stalled"

_ENGINE: Any = None
_COMPUTER: Any = None


def _players() -> tuple[Any, Any]:
    global _ENGINE, _COMPUTER
    if _ENGINE is None:
        _ENGINE = build_engine()
        _COMPUTER = build_computer(_ENGINE)
    return _ENGINE, _COMPUTER


def play_one(job: tuple[str, int, str, int, int]) -> dict[str, Any]:
    mode, players, monsters, seed, safety = job
    engine, computer = _players()
    options: dict[str, Any] = {"monsters": monsters, "characters": "random"}
    if players > 1:
        options["mode"] = mode
    state = engine.new_game(players, engine.options_for(options, players), seed)
    steps = 0
    while not engine.is_terminal(state) and state.round <= safety:
        seat = engine.current_seats(state)[0]
        view = engine.seat_view(state, seat)
        action = computer.choose(view, engine.legal_actions(state, seat), Rng.from_seed(seed, "cpu", steps, seat))
        state = engine.apply(state, seat, action).state
        steps += 1
    game = {
        "mode": mode,
        "players": players,
        "monsters": monsters,
        "seed": seed,
        "rounds": state.round,
        "turns": state.turns,
        "actions": steps,
        "played": sorted({c for p in state.seats for c in p.characters_used}),
    }
    if not engine.is_terminal(state):
        return {**game, "ending": STALLED, "winners": [], "score": None, "won": False}
    result = engine.results(state)
    return {
        **game,
        "ending": result.ending,
        "winners": [state.seats[w].character for w in result.winners] if mode == "competitive" else [],
        "score": result.team_score,
        "won": bool(result.team_won),
    }


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _row(rows: list[dict[str, Any]], team: bool) -> dict[str, Any]:
    rounds = sorted(g["rounds"] for g in rows)
    return {
        "games": len(rows),
        "endings": dict(Counter(g["ending"] for g in rows).most_common()),
        "rounds": _mean(rounds),
        "rounds_median": rounds[len(rounds) // 2] if rounds else 0,
        "rounds_max": rounds[-1] if rounds else 0,
        "turns": _mean([g["turns"] for g in rows]),
        "team_won": _mean([g["won"] for g in rows]) if team else None,
        "score": _mean([g["score"] or 0 for g in rows]) if team else None,
    }


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    competitive = [g for g in games if g["mode"] == "competitive"]
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for game in competitive:
        played.update(game["played"])
        if game["ending"] == "escaped":
            wins.update(game["winners"])
    tables: dict[str, dict[str, Any]] = defaultdict(dict)
    for mode, players in TABLES:
        for count in MONSTERS:
            rows = [g for g in games if (g["mode"], g["players"], g["monsters"]) == (mode, players, count)]
            if rows:
                tables[f"{mode} {players}p"][count] = _row(rows, mode != "competitive")
    return {
        "games": len(games),
        "endings": dict(Counter(g["ending"] for g in games).most_common()),
        "stalled": sum(1 for g in games if g["ending"] == STALLED),
        "ended_by_a_round_limit": sum(1 for g in games if g["ending"] == "lamps-out"),
        "average_rounds": _mean([g["rounds"] for g in games]),
        "average_turns": _mean([g["turns"] for g in games]),
        "character_win_rate": {c: wins[c] / played[c] for c in sorted(played)},
        "solo_score": _mean([g["score"] or 0 for g in games if g["mode"] == "solo"]),
        "coop_score": _mean([g["score"] or 0 for g in games if g["mode"] == "cooperative"]),
        "tables": tables,
    }


def _endings_text(endings: dict[str, int], games: int) -> str:
    return ", ".join(f"{key} {count / games:.0%}" for key, count in endings.items())


def report(summary: dict[str, Any], seconds: float) -> str:
    lines = [f"{summary['games']} games in {seconds:.0f} s"]
    lines.append(f"endings: {_endings_text(summary['endings'], summary['games'])}")
    lines.append(
        f"ended by a round limit: {summary['ended_by_a_round_limit']}; stalled (stopped by the bench): {summary['stalled']}"
    )
    lines.append(f"average length: {summary['average_rounds']:.1f} rounds, {summary['average_turns']:.1f} player turns")
    lines.append("")
    lines.append("table           monsters  rounds (median, max)  turns  team won  score  endings")
    for table, rows in summary["tables"].items():
        for count, row in rows.items():
            won = "" if row["team_won"] is None else f"{row['team_won']:.0%}"
            score = "" if row["score"] is None else f"{row['score']:.2f}"
            length = f"{row['rounds']:6.1f} ({row['rounds_median']}, {row['rounds_max']})"
            lines.append(
                f"{table:<16}{count:>8}  {length:<20} {row['turns']:6.1f}  {won:>8}  {score:>5}  "
                + _endings_text(row["endings"], row["games"])
            )
    lines.append("")
    lines.append("competitive win rate by character (wins / games the character took part in):")
    for character, rate in sorted(summary["character_win_rate"].items(), key=lambda kv: -kv[1]):
        lines.append(f"  {character:<13}{rate:6.1%}")
    lines.append("")
    lines.append(f"average score: solo {summary['solo_score']:.2f} relics, co-op {summary['coop_score']:.2f} relics")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-row", type=int, default=200, help="games per table and monster setting (7 tables)")
    parser.add_argument("--jobs", "--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument(
        "--monsters", default=",".join(MONSTERS), help=f"comma-separated monster settings of {', '.join(MONSTERS)}"
    )
    parser.add_argument("--safety", type=int, default=1000, help="rounds after which a game counts as stalled")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    monster_rows = [count for count in args.monsters.split(",") if count]
    unknown = set(monster_rows) - set(MONSTERS)
    if unknown:
        parser.error(f"--monsters: unknown setting {', '.join(sorted(unknown))}; choose from {', '.join(MONSTERS)}")
    jobs = [
        (mode, players, monsters, seed, args.safety)
        for mode, players in TABLES
        for monsters in monster_rows
        for seed in range(args.per_row)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(play_one, jobs, chunksize=4))
    summary = summarise(games)
    elapsed = time.perf_counter() - start
    print(json.dumps(summary, indent=2) if args.json else report(summary, elapsed))


if __name__ == "__main__":
    main()
