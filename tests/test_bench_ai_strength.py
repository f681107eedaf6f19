"""The strength bench's head-to-head rows: the tested seat's share of the wins, in all and in each
seat it sat in (README, "Computer players")."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from ai_play import Job, Outcome  # noqa: E402
from ai_strength import HEAD_TO_HEAD, parse, plan, strength_rows, text  # noqa: E402


def _game(seed: int, winners: tuple[int, ...]) -> Outcome:
    tested = seed % 2
    levels = tuple("strong" if seat == tested else "normal" for seat in range(2))
    return Outcome(Job("catacombs", 2, {}, seed, levels, tested=tested), winners, None, None, "escaped", 300)


def test_a_row_counts_the_tested_seat_s_wins_in_all_and_seat_by_seat():
    # seat 0 (even seeds): won 1 of 3; seat 1 (odd seeds): won 2 of 2, one of them shared
    games = [_game(0, (0,)), _game(2, (1,)), _game(4, (1,)), _game(1, (1,)), _game(3, (0, 1))]
    (row,) = strength_rows(games)
    assert (row["tested"], row["against"], row["games"]) == ("strong", "normal", 5)
    assert row["win_share"] == round(2.5 / 5, 3)
    assert row["by_seat"] == {0: {"games": 3, "win_share": 0.333}, 1: {"games": 2, "win_share": 0.75}}


def test_the_text_report_names_each_seat_s_share():
    games = [_game(0, (0,)), _game(1, (0,))]
    report = {"seconds": 1.0, "machine_before": {}, "machine_after": {"load_average_1m": 0.0}}
    report["strength"] = strength_rows(games)
    assert "by seat: seat 0 100% of 1  seat 1 0% of 1" in text(report)


def test_a_seat_baseline_row_is_normal_everywhere_and_reads_seat_by_seat():
    def normal_game(seed: int, winners: tuple[int, ...]) -> Outcome:
        job = Job("cmiyc", 2, {}, seed, ("normal", "normal"), tested=seed % 2)
        return Outcome(job, winners, None, None, "points", 130)

    # every game counts for both seats: the first seat wins 3 of 4, one of them shared
    games = [normal_game(0, (0,)), normal_game(1, (0,)), normal_game(2, (1,)), normal_game(3, (0, 1))]
    (row,) = strength_rows(games)
    assert row["target"] == "none: the seat baseline"
    assert row["by_seat"] == {0: {"games": 4, "win_share": 0.625}, 1: {"games": 4, "win_share": 0.375}}
    report = {"seconds": 1.0, "machine_before": {}, "machine_after": {"load_average_1m": 0.0}, "strength": [row]}
    assert "cmiyc 2p  seat baseline, normal everywhere: seat 0 62% of 4  seat 1 38% of 4" in text(report)


def test_the_plan_has_a_seat_baseline_for_every_head_to_head_game():
    args = parse(["--rows", "seat baseline", "--baseline-games", "4"])
    jobs = plan(args).jobs
    assert {(j.game, j.players) for j in jobs} == {(name, players) for name, players, _ in HEAD_TO_HEAD}
    assert all(set(j.levels) == {"normal"} for j in jobs) and len(jobs) == 4 * len(HEAD_TO_HEAD)
