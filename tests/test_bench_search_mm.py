"""The searching player's bench reports MCCC's sides at the table size asked for (issue 22: "MCCC
multiplayer balance with `strong` in every seat"), from games that end by the rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_sides_report_plays_the_table_size_asked_for():
    command = [sys.executable, str(ROOT / "bench" / "search_mm.py"), "mccc-sides", "--games", "2", "--players", "3"]
    command += ["--iterations", "2", "--rollout", "2", "--workers", "1"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600, check=True)
    report = json.loads(done.stdout)["mccc_sides"]
    assert report["row"] == "mccc 3p sides, strong in every seat" and report["games"] == 2
    games = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert [g["players"] for g in games] == [3, 3] and all(len(g["sides"]) == 3 for g in games)
    assert all(g["ending"] in {"no-place", "cheese", "caught", "crossed", "cucumber"} for g in games)
    held = {side for g in games for side in g["sides"]}
    assert set(report["win_share"]) == held and all(0 <= v <= 1 for v in report["win_share"].values())
    assert report["cost"]["decisions"] > 0
