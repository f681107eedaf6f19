"""How well the computer players play at each level, what a strong decision costs, and whether the
event loop stalls while they think (issue 22). One command reproduces every figure:

    .venv/bin/python bench/ai_strength.py --json > ai.json     # the full run (hours: every search counts)
    .venv/bin/python bench/ai_strength.py --quick              # every section, small (under two minutes)

Sections:

* **strength**: head to head, one seat at a level against the others one level below (``strong``
  against ``normal``, ``normal`` against ``easy``), ``--games`` seeded games per row. Game ``i`` uses
  seed ``i`` and puts the tested seat in seat ``i mod players``. Its win share (a shared win counts
  as a share) beside the fair share and the issue's targets, in all and seat by seat.
* **seat baseline**: ``normal`` in every seat, ``--baseline-games`` games per row, so that a tested
  seat's share in each seat can be read against what a normal player wins there (the seat order's
  own advantage; 1000 games leave each seat's share within about ± 3 points).
* **teams**: every seat at one level: Catacombs solo and co-op mean scores with and without
  monsters, Muggles' team win rate with the longest round limit its option allows, MCCC's solo
  setups 1-4 and easier mode.
* **sides**: MCCC multiplayer, every seat at one level: each secret side's share of the wins.
* **cost**: a ``strong`` decision with the game's registered budget, clock included, in this one
  process (one core): p50, p99 and the longest, wall clock and CPU time (they differ when the
  machine is shared), on positions of seeded ``normal`` games.
* **stall**: the longest event-loop stall while four computers play through the table service
  (``bench/ai_stall.py``), with the computers in a worker process (the bot's default) and a thread.

A ``strong`` seat needs its game to sample what a seat does not know (``GameEngine.determinize``):
rows of games that do not yet are reported as such. Searches in the game sections stop at their
iteration budget, not the clock, so the figures are the same on any machine; the machine's load
(given in the output) affects only the cost and stall sections.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ai_play import Job, Outcome, play  # noqa: E402  (sibling scripts: bench/ is on the path)
from ai_stall import measure_stalls  # noqa: E402

from bench import percentile  # noqa: E402
from bot.engine import Rng  # noqa: E402
from bot.engine.levels import Level  # noqa: E402
from bot.games.registry import game as registered  # noqa: E402

HEAD_TO_HEAD = (
    ("mutiny", 4, {}),
    ("cmiyc", 2, {}),
    ("cmiyc", 4, {}),
    ("catacombs", 2, {"mode": "competitive"}),
    ("catacombs", 4, {"mode": "competitive"}),
    ("mccc", 2, {}),
    ("mccc", 4, {}),
)
PAIRS = ((Level.STRONG, Level.NORMAL), (Level.NORMAL, Level.EASY))
BASELINE = (Level.NORMAL, Level.NORMAL)
CATACOMBS_TEAMS = ((1, {}), (2, {"mode": "cooperative"}), (4, {"mode": "cooperative"}))
MONSTERS = ("0", "players")
MUGGLES_TABLES = (1, 2, 4)
MCCC_SOLO = (
    ("setup 1", {"setup": 1, "easier": False}),
    ("setup 2", {"setup": 2, "easier": False}),
    ("setup 3", {"setup": 3, "easier": False}),
    ("setup 4", {"setup": 4, "easier": False}),
    ("easier mode (setup 1)", {"setup": 1, "easier": True}),
)
MCCC_SIDES = (2, 3, 4)
COST_GAMES = (("mutiny", 4, {}), ("cmiyc", 4, {}), ("catacombs", 4, {"mode": "competitive"}), ("mccc", 4, {}))
COST_GAMES += (("catacombs", 2, {"mode": "cooperative"}), ("muggles", 2, {}), ("mccc", 1, {}))
NOT_SEARCHABLE = "strong needs determinize, not implemented for this game yet"


def searchable(name: str) -> bool:
    return registered(name).searchable


def wilson(wins: float, games: int, z: float = 1.96) -> list[float]:
    if not games:
        return [0.0, 0.0]
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def target(players: int) -> str:
    fair = 1 / players
    if players == 2:
        return ">= 80% (2-player)"
    return f">= {max(1.6 * fair, 0.4):.0%} (1.6x fair, 40% at 4 players)"


def no_limit(name: str) -> dict[str, Any]:
    """The game's round limit option at its largest (the house limit, until the rules drop it)."""
    spec = registered(name).spec
    for option in spec.options:
        if "limit" in option.key or option.key == "rounds":
            return {option.key: option.maximum}
    return {}


# --- the games to play ------------------------------------------------------------------------


class Plan:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.jobs: list[Job] = []
        self.skipped: list[dict[str, Any]] = []

    def add(
        self, section: str, key: str, name: str, players: int, options: dict[str, Any], levels: Any, games: int
    ) -> None:
        """``levels``: one level for every seat, or (tested, others) for a head-to-head row."""
        if not wanted(self.args, key):
            return
        if Level.STRONG in (levels if isinstance(levels, tuple) else (levels,)) and not searchable(name):
            self.skipped.append({"section": section, "row": key, "status": NOT_SEARCHABLE})
            return
        for index in range(games):
            tested = index % players if isinstance(levels, tuple) else -1
            if isinstance(levels, tuple):
                seats = tuple(levels[0] if seat == tested else levels[1] for seat in range(players))
            else:
                seats = (levels,) * players
            seed = self.args.seed + index
            self.jobs.append(Job(name, players, options, seed, seats, self.args.iterations, self.args.rollout, tested))


def plan(args: argparse.Namespace) -> Plan:
    work = Plan(args)
    for name, players, options in HEAD_TO_HEAD:
        for tested, others in PAIRS:
            work.add(
                "strength",
                f"{name} {players}p {tested} v {others}",
                name,
                players,
                options,
                (tested, others),
                args.games,
            )
        work.add("strength", f"{name} {players}p seat baseline", name, players, options, BASELINE, args.baseline_games)
    levels = (Level.EASY, Level.NORMAL, Level.STRONG)
    for level in levels:
        for players, options in CATACOMBS_TEAMS:
            for monsters in MONSTERS:
                chosen = {**options, "monsters": monsters}
                work.add(
                    "teams",
                    f"catacombs {players}p {monsters} {level}",
                    "catacombs",
                    players,
                    chosen,
                    level,
                    args.team_games,
                )
        for players in MUGGLES_TABLES:
            work.add(
                "teams", f"muggles {players}p {level}", "muggles", players, no_limit("muggles"), level, args.team_games
            )
        for _, options in MCCC_SOLO:
            work.add("teams", f"mccc solo {options} {level}", "mccc", 1, options, level, args.team_games)
    for level in (Level.NORMAL, Level.STRONG):
        for players in MCCC_SIDES:
            work.add("sides", f"mccc {players}p {level}", "mccc", players, {}, level, args.side_games)
    return work


def wanted(args: argparse.Namespace, key: str) -> bool:
    """Whether ``--rows`` (substrings of a row's name) leaves this row in."""
    return not args.rows or any(part in key for part in args.rows)


def run_all(jobs: Sequence[Job], workers: int) -> list[Outcome]:
    if workers <= 1:
        return [play(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play, jobs, chunksize=1))


# --- summaries --------------------------------------------------------------------------------


def group(outcomes: Iterable[Outcome], key: Any) -> dict[Any, list[Outcome]]:
    groups: dict[Any, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[key(outcome.job)].append(outcome)
    return groups


def strength_rows(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    rows = []
    heads = [o for o in outcomes if o.job.tested >= 0]
    for (name, players, tested, others), games in group(heads, _head_key).items():
        share = sum(_won_share(o) for o in games)
        rows.append(
            {
                "game": name,
                "players": players,
                "tested": tested,
                "against": others,
                "games": len(games),
                "win_share": round(share / len(games), 3),
                "ci95": wilson(share, len(games)),
                "fair_share": round(1 / players, 3),
                "ratio_to_fair": round(share / len(games) * players, 2),
                "by_seat": seat_shares(games, players) if tested == others else by_seat(games),
                "target": _row_target(players, tested, others),
                "endings": dict(Counter(o.ending for o in games)),
                "mean_moves": round(sum(o.actions for o in games) / len(games), 1),
                "mean_rounds": _mean_rounds(games),
                "seconds": _seconds(games),
            }
        )
    return rows


def _row_target(players: int, tested: str, others: str) -> str:
    if tested == others:
        return "none: the seat baseline"
    return target(players) if tested == Level.STRONG else "clearly above fair"


def _won_share(outcome: Outcome) -> float:
    """The tested seat's share of one game's win (a shared win counts as a share)."""
    return 1 / len(outcome.winners) if outcome.job.tested in outcome.winners else 0.0


def by_seat(games: list[Outcome]) -> dict[int, dict[str, float]]:
    """The tested seat's games and win share in each seat it sat in, to be read against the seat
    baseline's (two normal Catacombs explorers split 1,000 games 46.8 to 53.2)."""
    seats: dict[int, list[Outcome]] = defaultdict(list)
    for outcome in games:
        seats[outcome.job.tested].append(outcome)
    return {
        seat: {"games": len(held), "win_share": round(sum(_won_share(o) for o in held) / len(held), 3)}
        for seat, held in sorted(seats.items())
    }


def seat_shares(games: list[Outcome], players: int) -> dict[int, dict[str, float]]:
    """A seat baseline (every seat alike): each seat's share of the wins over every game."""
    return {
        seat: {
            "games": len(games),
            "win_share": round(sum(1 / len(o.winners) for o in games if seat in o.winners) / len(games), 3),
        }
        for seat in range(players)
    }


def _mean_rounds(games: list[Outcome]) -> float | None:
    rounds = [o.rounds for o in games if o.rounds is not None]
    return round(sum(rounds) / len(rounds), 1) if rounds else None


def _seconds(games: list[Outcome]) -> float:
    """What the row's games took, one after another (each game's wall clock in its worker)."""
    return round(sum(o.seconds for o in games), 1)


def _head_key(job: Job) -> tuple[str, int, str, str]:
    tested = job.levels[job.tested]
    others = job.levels[(job.tested + 1) % job.players]
    return job.game, job.players, tested, others


def team_rows(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    rows = []
    teams = [o for o in outcomes if o.job.tested < 0 and (o.job.game != "mccc" or o.job.players == 1)]
    for (name, players, options, level), games in group(teams, _team_key).items():
        won = sum(1 for o in games if o.team_won)
        scores = [o.team_score for o in games if o.team_score is not None]
        rows.append(
            {
                "game": name,
                "players": players,
                "options": json.loads(options),
                "level": level,
                "games": len(games),
                "win_rate": round(won / len(games), 3),
                "ci95": wilson(won, len(games)),
                "mean_score": round(sum(scores) / len(scores), 3) if scores else None,
                "endings": dict(Counter(o.ending for o in games)),
                "seconds": _seconds(games),
            }
        )
    return rows


def _team_key(job: Job) -> tuple[str, int, str, str]:
    return job.game, job.players, json.dumps(job.options, sort_keys=True), job.levels[0]


def side_rows(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    rows = []
    sides = [o for o in outcomes if o.job.game == "mccc" and o.job.players > 1 and o.job.tested < 0]
    for (players, level), games in group(sides, lambda job: (job.players, job.levels[0])).items():
        held: Counter[str] = Counter()
        won: dict[str, float] = defaultdict(float)
        for outcome in games:
            held.update(outcome.secret)
            for seat in outcome.winners:
                won[outcome.secret[seat]] += 1 / len(outcome.winners)
        rows.append(
            {
                "players": players,
                "level": level,
                "games": len(games),
                "win_share": {side: round(won[side] / held[side], 3) for side in sorted(held)},
                "endings": dict(Counter(o.ending for o in games)),
                "seconds": _seconds(games),
            }
        )
    return rows


# --- the cost of a strong decision ---------------------------------------------------------------


def decision_cost(decisions: int, seed: int, only: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Positions from seeded normal games; each decided by the strong player with the game's own
    budget, clock included (as the table plays it)."""
    rows: list[dict[str, Any]] = []
    for name, players, options in COST_GAMES:
        if only and not any(part in f"cost {name} {players}p" for part in only):
            continue
        game = registered(name)
        if not game.searchable:
            rows.append({"game": name, "players": players, "status": NOT_SEARCHABLE})
            continue
        engine, normal, strong = game.engine, game.computer(Level.NORMAL), game.computer(Level.STRONG)
        times: list[float] = []
        cpu: list[float] = []
        state = engine.new_game(players, engine.options_for(options, players), seed)
        step, round_ = 0, 0
        while len(times) < decisions:
            if engine.is_terminal(state):
                round_ += 1
                state = engine.new_game(players, engine.options_for(options, players), seed + round_)
            seat = engine.current_seats(state)[0]
            choices = engine.legal_actions(state, seat)
            rng = Rng.from_seed(seed, "cost", step, seat)
            if strong.searches(choices):
                began, began_cpu = time.perf_counter(), time.process_time()
                strong.choose_in_state(engine, state, seat, choices, Rng.from_seed(seed, "search", step))
                times.append(time.perf_counter() - began)
                cpu.append(time.process_time() - began_cpu)
            state = engine.apply(state, seat, normal.choose_in_state(engine, state, seat, choices, rng)).state
            step += 1
        rows.append(
            {
                "game": name,
                "players": players,
                "decisions": len(times),
                "p50_s": round(percentile(times, 50), 3),
                "p99_s": round(percentile(times, 99), 3),
                "max_s": round(max(times), 3),
                "cpu_p50_s": round(percentile(cpu, 50), 3),
                "cpu_p99_s": round(percentile(cpu, 99), 3),
                "target_p99_s": 1.5,
            }
        )
    return rows


# --- the command -----------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {"cpus": os.cpu_count(), "load_average_1m": round(load[0], 2), "python": sys.version.split()[0]}


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="every section, a few games each (under two minutes)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    parser.add_argument("--games", type=int, help="games per head-to-head row (default 200)")
    parser.add_argument(
        "--baseline-games", type=int, help="games per seat baseline row, normal in every seat (default 1000)"
    )
    parser.add_argument("--team-games", type=int, help="games per team, solo and sides row (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="game i of a row uses seed SEED + i")
    parser.add_argument("--iterations", type=int, help="a strong seat's iterations (default: the game's budget)")
    parser.add_argument("--rollout", type=int, help="a strong seat's rollout moves (default: the game's budget)")
    parser.add_argument("--decisions", type=int, help="strong decisions timed per game (default 200)")
    parser.add_argument("--stall-seconds", type=float, help="how long each stall run watches (default 60)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes playing the games")
    parser.add_argument(
        "--rows",
        nargs="*",
        default=[],
        help='only the rows whose name contains one of these, e.g. "cmiyc 2p strong" "muggles 1p strong" "cost cmiyc"',
    )
    parser.add_argument(
        "--skip", nargs="*", default=[], choices=("games", "cost", "stall"), help="sections to leave out"
    )
    args = parser.parse_args(argv)
    quick = args.quick
    args.games = args.games or (2 if quick else 200)
    args.baseline_games = args.baseline_games or (2 if quick else 1000)
    args.team_games = args.team_games or (1 if quick else 200)
    args.side_games = args.team_games
    args.iterations = args.iterations or (3 if quick else 0)
    args.rollout = args.rollout or (4 if quick else 0)
    args.decisions = args.decisions or (3 if quick else 200)
    args.stall_seconds = args.stall_seconds or (3.0 if quick else 60.0)
    return args


def measure(args: argparse.Namespace) -> dict[str, Any]:
    started = time.perf_counter()
    report: dict[str, Any] = {"machine_before": machine(), "settings": {k: v for k, v in vars(args).items()}}
    if "games" not in args.skip:
        work = plan(args)
        outcomes = run_all(work.jobs, args.workers)
        report["strength"] = strength_rows(outcomes)
        report["teams"] = team_rows(outcomes)
        report["sides"] = side_rows(outcomes)
        report["not_measured"] = work.skipped
        report["stalled_games"] = sum(1 for o in outcomes if o.ending == "stalled")
    if "cost" not in args.skip:
        report["cost"] = decision_cost(args.decisions, args.seed, args.rows)
    if "stall" not in args.skip:
        report["stall"] = measure_stalls(args.stall_seconds)
    report["machine_after"] = machine()
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['seconds']} s; machine {report['machine_before']} -> load {report['machine_after']['load_average_1m']}"
    ]
    for row in report.get("strength", []):
        seats = "  ".join(f"seat {seat} {v['win_share']:.0%} of {v['games']}" for seat, v in row["by_seat"].items())
        if row["tested"] == row["against"]:
            lines.append(f"{row['game']:>9} {row['players']}p  seat baseline, {row['tested']} everywhere: {seats}")
            continue
        lines.append(
            f"{row['game']:>9} {row['players']}p  {row['tested']:>6} v {row['against']:<6} {row['games']:>4} games  "
            f"wins {row['win_share']:6.1%} {row['ci95']}  fair {row['fair_share']:.0%}  x{row['ratio_to_fair']}  "
            f"target {row['target']}  {row['mean_moves']} moves, {row['mean_rounds']} rounds on average"
        )
        lines.append(f"{'':>13}by seat: {seats}")
    for row in report.get("teams", []):
        score = "" if row["mean_score"] is None else f"  mean score {row['mean_score']}"
        lines.append(
            f"{row['game']:>9} {row['players']}p {json.dumps(row['options'])} {row['level']:>6}: "
            f"won {row['win_rate']:6.1%} of {row['games']}{score}  {row['endings']}"
        )
    for row in report.get("sides", []):
        shares = "  ".join(f"{side} {share:.0%}" for side, share in row["win_share"].items())
        lines.append(f"     mccc {row['players']}p sides at {row['level']}: {shares}  ({row['games']} games)")
    for row in report.get("not_measured", []):
        lines.append(f"  not measured: {row['row']}: {row['status']}")
    for row in report.get("cost", []):
        if "status" in row:
            lines.append(f"  cost {row['game']} {row['players']}p: {row['status']}")
        else:
            lines.append(
                f"  cost {row['game']} {row['players']}p: p50 {row['p50_s']} s, p99 {row['p99_s']} s, "
                f"max {row['max_s']} s (CPU p50 {row['cpu_p50_s']} s, p99 {row['cpu_p99_s']} s) over "
                f"{row['decisions']} strong decisions (target p99 <= 1.5 s)"
            )
    stall = report.get("stall")
    if stall:
        if stall["note"]:
            lines.append(f"  stall: {stall['note']}")
        for run in stall["runs"]:
            lines.append(
                f"  stall {run['game']} {run['players']} computers at {run['level']} in a {run['runner']}: longest "
                f"{run['longest_stall_ms']} ms, p99 {run['stall_p99_ms']} ms ({run['computer_moves']} moves in "
                f"{run['seconds']} s; target <= 25 ms)"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    report = measure(args)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
