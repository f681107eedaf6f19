"""Cache Me If You Can between computer players: how games end, game length, win rates by seat and by character.

    .venv/bin/python bench/cmiyc_stats.py                         # 1,000 seeded games (200 each for 2-6 players)
    .venv/bin/python bench/cmiyc_stats.py --players 2 4 6 --games 600 --json
    .venv/bin/python bench/cmiyc_stats.py --victory short
    .venv/bin/python bench/cmiyc_stats.py --round-limit 60        # with the house round limit a lobby may choose

Game ``i`` seats ``players[i % len(players)]`` computer players and uses seed ``i`` for the deal and the
computer players, so every figure is reproducible on any machine. Endings are counted by the result's
key (``points``, ``mega-event``, ``round-limit``); at default settings there is no round limit, and a
game still running after ``--stop-after`` rounds is counted as ``unfinished`` (the benchmark's own stop,
never a game's ending). A character's win rate is compared with what an average character would win at
the same tables (the sum of 1/players over its games); a character winning far more (ratio above
``--flag``) is flagged. Ties share a win.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Rng
from bot.games.cmiyc.ai import build_computer
from bot.games.cmiyc.engine import build_engine

PLAYER_COUNTS = (2, 3, 4, 5, 6)


UNFINISHED = "unfinished"
"""A game the benchmark stopped (still running after ``--stop-after`` rounds): not a game's ending."""


@dataclass(frozen=True)
class Settings:
    victory: str = "standard"
    players: tuple[int, ...] = PLAYER_COUNTS
    round_limit: int = 0
    """The house round limit (0: off, the lobby's default)."""
    stop_after: int = 300


def play_one(seed: int, settings: Settings) -> dict[str, Any]:
    engine = build_engine()
    computer = build_computer(engine)
    players = settings.players[seed % len(settings.players)]
    chosen = {"victory": settings.victory, "round_limit": settings.round_limit}
    state = engine.new_game(players, engine.options_for(chosen, players), seed)
    rng = Rng.from_seed(seed, "cmiyc-bench")
    actions = 0
    while not engine.is_terminal(state) and state.round <= settings.stop_after:
        seat = engine.current_seats(state)[0]
        action = computer.choose(engine.seat_view(state, seat), engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action).state
        actions += 1
    if not engine.is_terminal(state):
        return {"players": players, "seed": seed, "rounds": state.round, "actions": actions, "ending": UNFINISHED}
    result = engine.results(state)
    return {
        "players": players,
        "seed": seed,
        "rounds": state.round,
        "actions": actions,
        "ending": result.ending,
        "winners": list(result.winners),
        "characters": [p.character for p in state.seats],
        "scores": list(result.scores),
    }


def _chunk(args: tuple[list[int], Settings]) -> list[dict[str, Any]]:
    seeds, settings = args
    return [play_one(seed, settings) for seed in seeds]


def measure(games: int, jobs: int, settings: Settings) -> list[dict[str, Any]]:
    seeds = list(range(games))
    if jobs <= 1:
        return _chunk((seeds, settings))
    chunks = [(seeds[i::jobs], settings) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        found = [game for part in pool.map(_chunk, chunks) for game in part]
    return sorted(found, key=lambda g: (g["players"], g["rounds"]))


def endings(games: list[dict[str, Any]]) -> dict[str, Any]:
    """How games ended, by the result's key: overall and for each player count."""
    by_count: dict[int, Counter[str]] = defaultdict(Counter)
    for game in games:
        by_count[game["players"]][game["ending"]] += 1
    return {
        "all": dict(Counter(g["ending"] for g in games)),
        "by_players": {n: dict(c) for n, c in sorted(by_count.items())},
        "unfinished_seeds": [g["seed"] for g in games if g["ending"] == UNFINISHED],
    }


def summarise(all_games: list[dict[str, Any]], flag: float) -> dict[str, Any]:
    games = [g for g in all_games if g["ending"] != UNFINISHED]
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
    won: defaultdict[str, float] = defaultdict(float)
    expected: defaultdict[str, float] = defaultdict(float)
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
        "games": len(all_games),
        "average_rounds": round(sum(g["rounds"] for g in games) / max(1, len(games)), 1),
        "rounds_by_players": {n: round(v, 1) for n, v in lengths.items()},
        "longest_by_players": {n: max(g["rounds"] for g in gs) for n, gs in sorted(by_count.items())},
        "endings": endings(all_games),
        "win_rate_by_seat": seat_wins,
        "characters": characters,
        "flagged": [c for c, v in characters.items() if v["ratio"] > flag],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--victory", default="standard", choices=("standard", "short", "advanced"))
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYER_COUNTS), choices=PLAYER_COUNTS)
    parser.add_argument("--round-limit", type=int, default=0, help="the house round limit (default 0: off)")
    parser.add_argument("--stop-after", type=int, default=300, help="rounds after which a game counts as unfinished")
    parser.add_argument("--flag", type=float, default=1.3, help="flag a character winning this many times the average")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = Settings(args.victory, tuple(args.players), args.round_limit, args.stop_after)
    started = time.perf_counter()
    summary = summarise(measure(args.games, args.jobs, settings), args.flag)
    summary["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{summary['games']} games ({args.victory}), {summary['seconds']} s")
    print(f"average length: {summary['average_rounds']} rounds; by players: {summary['rounds_by_players']}")
    print(f"endings: {summary['endings']['all']}")
    for players, counted in summary["endings"]["by_players"].items():
        print(f"  {players} players: {counted}, longest game {summary['longest_by_players'].get(players, '-')} rounds")
    if summary["endings"]["unfinished_seeds"]:
        print(f"  unfinished (seeds): {summary['endings']['unfinished_seeds']}")
    for players, shares in summary["win_rate_by_seat"].items():
        print(f"  {players} players, wins by seat (seat 1 moves first): {shares}")
    print("characters (win rate; ratio to an average character at the same tables):")
    for character, row in summary["characters"].items():
        mark = "  ⚑ far above the others" if character in summary["flagged"] else ""
        print(f"  {character:15} {row['win_rate']:.3f}  x{row['ratio']:.2f}  ({row['games']} games){mark}")


if __name__ == "__main__":
    main()
