"""The win-rate report script runs and reports what the docs page quotes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path


def load_bench():
    path = Path(__file__).resolve().parents[3] / "bench" / "mccc_winrate.py"
    spec = importlib.util.spec_from_file_location("mccc_winrate", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_report_has_a_row_per_setup_and_easier_mode(capsys):
    bench = load_bench()
    assert bench.main(["--games", "1", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = report["rows"]
    assert [r["options"] for r in rows] == [
        {"setup": 1, "easier": False},
        {"setup": 2, "easier": False},
        {"setup": 3, "easier": False},
        {"setup": 4, "easier": False},
        {"setup": 1, "easier": True},
    ]
    for row in rows:
        assert row["games"] == 1 and 0.0 <= row["win_rate"] <= 1.0 and len(row["ci95"]) == 2


def test_games_are_reproducible_by_seed():
    bench = load_bench()
    assert bench.play_one({"setup": 2, "easier": False}, 5) == bench.play_one({"setup": 2, "easier": False}, 5)
    low, high = bench.wilson(30, 1000)
    assert 0.02 < low < 0.03 < high < 0.045


def test_the_multiplayer_report():
    bench = load_bench()
    row = bench.measure_tables(2, 2, jobs=1)
    assert row["players"] == 2 and sum(row["endings"].values()) == 2
    assert row["setup"] == 1 and row["mean_turns"] >= 1


def test_the_multiplayer_report_counts_the_games_over_before_everyone_played():
    """Without the Balanced start, a game the first player ends at once is counted as ended on turn 1
    (and in the first round); one that lasts is counted by its turns."""
    bench = load_bench()
    lasts = {seed: bench.play_table(4, seed, balanced=False)[3] for seed in range(12)}
    quick = [seed for seed, turns in lasts.items() if turns == 1]
    assert quick and len(quick) < len(lasts), "setup 1 at 4 players: some games end on the first turn, not all"
    row = bench.measure_tables(4, 12, jobs=1, balanced=False)
    assert row["ended_on_turn_1"] == len(quick) and row["balanced"] is False
    assert row["ended_in_first_round"] == sum(1 for turns in lasts.values() if turns <= 4)
    assert row["mean_turns"] == round(sum(lasts.values()) / 12, 1)


def test_with_the_balanced_start_everyone_plays_before_the_game_can_end():
    """The games the first player ended at once, played again with the lobby's default: they last past
    the first round."""
    bench = load_bench()
    quick = [seed for seed in range(12) if bench.play_table(4, seed, balanced=False)[3] == 1]
    assert quick
    for seed in quick:
        *_, turns = bench.play_table(4, seed)
        assert turns > 4
