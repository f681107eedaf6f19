"""The strength bench's head-to-head rows: the tested seat's share of the wins, in all and in each
seat it sat in (README, "Computer players")."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from ai_play import Job, Outcome  # noqa: E402
from ai_strength import strength_rows, text  # noqa: E402


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
