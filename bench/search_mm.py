"""How strong the searching computer player (level ``strong``) is in Mutiny and in Mouse Cheese Cat
Cucumber, and what one of its decisions costs on one core (issue 22).

    .venv/bin/python bench/search_mm.py mutiny --games 200        # one strong seat against three normal
    .venv/bin/python bench/search_mm.py mccc-solo --games 200     # solo setups 1-4 and easier mode
    .venv/bin/python bench/search_mm.py mccc-sides --games 200    # 4 strong seats: wins by secret side
    .venv/bin/python bench/search_mm.py mccc-sides --players 3    # ... at a table of 3 (or 2)
    .venv/bin/python bench/search_mm.py all --quick               # a small run of everything
    .venv/bin/python bench/search_mm.py all --games 2 --clocked   # cost of a decision at the full budget

These are rows of ``bench/ai_strength.py`` (issue 22's bench of every game), played the same way:
game ``i`` uses seed ``i`` (``--seed`` adds to it), the tested seat is ``i mod players``, a decision's stream is
``Rng.from_seed(seed, "bench", step, seat)``, and a strong seat's search stops at its iteration budget
(not the clock), so a figure is the same on any machine. This script runs them alone (that one plays
every game, for hours) and adds what only these two games need: the verdicts on MCCC's printed
solo difficulty order and on its sides' balance, and the CPU time of every strong decision played.
``--iterations`` and ``--rollout`` shrink the budget (the figures in the player guides say which);
``--clocked`` keeps the game's time limit too, timed by the thread's CPU clock (one core's time).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mccc_winrate import ROWS as SOLO_ROWS  # (a sibling script: bench/ is on the path)
from mccc_winrate import wilson

from bot.engine import ComputerPlayer, Rng
from bot.engine.search import SearchBudget, SearchPlayer
from bot.games.mccc.ai import STRONG_BUDGET as MCCC_BUDGET
from bot.games.mutiny.ai import STRONG_BUDGET as MUTINY_BUDGET
from bot.games.registry import game as registered

BUDGETS = {"mutiny": MUTINY_BUDGET, "mccc": MCCC_BUDGET}
QUICK = {"games": 2, "iterations": 8, "rollout": 4}
SIDES_TOO_RARE, SIDES_TOO_OFTEN = 0.15, 0.40
"""Issue 22: a side winning less or more often than this (strong in every seat) calls for tuning."""


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    strong: tuple[int, ...]
    budget: SearchBudget


def play(job: Job) -> dict[str, Any]:
    """One game: the seats in ``strong`` search, the others play the normal heuristic."""
    loaded = registered(job.game)
    engine = loaded.engine
    normal: ComputerPlayer[Any] = loaded.computer("normal")
    searcher = SearchPlayer(engine, normal, job.budget, clock=time.thread_time)
    state = engine.new_game(job.players, engine.options_for(job.options, job.players), job.seed)
    costs: list[float] = []
    step = 0
    while not engine.is_terminal(state):
        seat = engine.current_seats(state)[0]
        choices = engine.legal_actions(state, seat)
        rng = Rng.from_seed(job.seed, "bench", step, seat)
        player = searcher if seat in job.strong else normal
        started = time.thread_time()
        action = player.choose_in_state(engine, state, seat, choices, rng)
        if seat in job.strong and len(choices) > 1:
            costs.append(time.thread_time() - started)
        state = engine.apply(state, seat, action).state
        step += 1
    result = engine.results(state)
    return {
        "winners": list(result.winners),
        "won": bool(result.team_won),
        "ending": result.ending,
        "costs": costs,
        "sides": list(getattr(state, "secret", [])),
    }


def run_all(jobs: list[Job], workers: int) -> list[dict[str, Any]]:
    """The games in order; each one's outcome is also printed to stderr as it comes (a line of JSON),
    so an interrupted run still shows its first games."""
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=max(workers, 1)) as pool:
        for job, result in zip(jobs, pool.map(play, jobs, chunksize=1)):
            results.append(result)
            progress = {"game": job.game, "players": job.players, "options": job.options, "seed": job.seed}
            print(json.dumps({**progress, **{k: v for k, v in result.items() if k != "costs"}}), file=sys.stderr)
    return results


def cost(games: list[dict[str, Any]]) -> dict[str, Any]:
    """CPU seconds of the strong decisions (those with more than one choice), on one core."""
    costs = sorted(c for g in games for c in g["costs"])
    if not costs:
        return {"decisions": 0}

    def at(q: float) -> float:
        return round(costs[min(len(costs) - 1, int(q * len(costs)))], 3)

    return {"decisions": len(costs), "p50_s": at(0.5), "p99_s": at(0.99), "max_s": round(costs[-1], 3)}


def mutiny(seeds: range, budget: SearchBudget, workers: int) -> dict[str, Any]:
    results = run_all([Job("mutiny", 4, {}, seed, (seed % 4,), budget) for seed in seeds], workers)
    share = sum(1 / len(g["winners"]) for seed, g in zip(seeds, results) if seed % 4 in g["winners"])
    games = len(seeds)
    return {
        "row": "mutiny 4p: one strong seat (seat = seed mod 4) against three normal",
        "games": games,
        "win_share": round(share / games, 3),
        "ci95": [round(bound, 3) for bound in wilson(share, games)],
        "fair_share": 0.25,
        "target": ">= 40%",
        "endings": dict(Counter(g["ending"] for g in results)),
        "cost": cost(results),
    }


def mccc_solo(seeds: range, budget: SearchBudget, workers: int) -> dict[str, Any]:
    rows = []
    games = len(seeds)
    for label, options in SOLO_ROWS:
        results = run_all([Job("mccc", 1, options, seed, (0,), budget) for seed in seeds], workers)
        wins = sum(1 for g in results if g["won"])
        endings = Counter("win" if g["won"] else g["ending"] for g in results)
        rows.append(
            {
                "row": label,
                "options": options,
                "games": games,
                "win_rate": round(wins / games, 3),
                "ci95": [round(bound, 3) for bound in wilson(wins, games)],
                "endings": dict(sorted(endings.items())),
                "cost": cost(results),
            }
        )
    return {"row": "mccc solo at strong", "setups": rows, "verdict": difficulty_order(rows)}


def difficulty_order(rows: list[dict[str, Any]]) -> dict[str, bool]:
    """The rule book's "This Solo Mode is hard" and its printed order (setups 2 and 4 Medium, 3 Hard):
    each Medium setup won at least as often as setup 3, and every setup lost more often than won."""
    rate = {row["options"]["setup"]: row["win_rate"] for row in rows if not row["options"]["easier"]}
    return {
        "setup 2 (Medium) >= setup 3 (Hard)": rate[2] >= rate[3],
        "setup 4 (Medium) >= setup 3 (Hard)": rate[4] >= rate[3],
        "every setup lost more often than won": all(rate[n] < 0.5 for n in (1, 2, 3, 4)),
    }


def mccc_sides(seeds: range, budget: SearchBudget, workers: int, players: int = 4) -> dict[str, Any]:
    games = len(seeds)
    jobs = [Job("mccc", players, {}, seed, tuple(range(players)), budget) for seed in seeds]
    results = run_all(jobs, workers)
    held: Counter[str] = Counter()
    won: dict[str, float] = defaultdict(float)
    for g in results:
        held.update(g["sides"])
        for seat in g["winners"]:
            won[g["sides"][seat]] += 1 / len(g["winners"])
    shares = {side: round(won[side] / held[side], 3) for side in sorted(held)}
    return {
        "row": f"mccc {players}p sides, strong in every seat",
        "games": games,
        "win_share": shares,
        "outside_15_to_40_percent": [s for s, v in shares.items() if not SIDES_TOO_RARE <= v <= SIDES_TOO_OFTEN],
        "endings": dict(Counter(g["ending"] for g in results)),
        "cost": cost(results),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("mutiny", "mccc-solo", "mccc-sides", "all"))
    parser.add_argument("--games", type=int, default=200, help="games per row (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="game i of a row uses seed SEED + i")
    parser.add_argument("--quick", action="store_true", help=f"a smoke run: {QUICK}")
    parser.add_argument("--iterations", type=int, help="a strong seat's iterations (default: the game's budget)")
    parser.add_argument("--rollout", type=int, help="a strong seat's rollout moves (default: the game's budget)")
    parser.add_argument("--clocked", action="store_true", help="keep the game's time limit (thread CPU time)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes playing the games")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="mccc-sides: the table's size")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.iterations, args.rollout = QUICK["games"], QUICK["iterations"], QUICK["rollout"]

    def budget(game: str) -> SearchBudget:
        chosen = BUDGETS[game] if args.clocked else replace(BUDGETS[game], seconds=1e9)
        if args.iterations:
            chosen = replace(chosen, iterations=args.iterations)
        if args.rollout:
            chosen = replace(chosen, rollout_moves=args.rollout)
        return chosen

    started = time.perf_counter()
    report: dict[str, Any] = {"settings": vars(args)}
    seeds = range(args.seed, args.seed + args.games)
    if args.what in ("mutiny", "all"):
        report["mutiny"] = mutiny(seeds, budget("mutiny"), args.workers)
    if args.what in ("mccc-solo", "all"):
        report["mccc_solo"] = mccc_solo(seeds, budget("mccc"), args.workers)
    if args.what in ("mccc-sides", "all"):
        report["mccc_sides"] = mccc_sides(seeds, budget("mccc"), args.workers, args.players)
    report["budgets"] = {game: vars(budget(game)) for game in BUDGETS}
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
