"""The load benchmark's rate sweep runs (its --quick form, in seconds) and reports every step.

No thresholds here: speed is judged by the benchmark's numbers on a quiet machine, never by a
timed test. This only proves the sweep runs end to end, drawing in worker processes as the bot
does, and that its report carries what the README quotes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_quick_sweep_reports_the_knee_and_each_rate():
    command = [sys.executable, str(ROOT / "bench" / "bench.py"), "--quick", "--sweep", "--json"]
    command += ["--games", "mutiny", "--actions", "3", "--stored", "0", "--render-processes", "1"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600, check=True)
    report = json.loads(done.stdout)
    sweep = report["sweep"]
    assert report["render_processes"] == 1 and "load" not in report, "the sweep replaces the single load run"
    assert sweep["games"] == 20 and sweep["p99_limit_ms"] == 250
    assert [step["target_actions_per_s"] for step in sweep["steps"]] == [5, 10, 20][: len(sweep["steps"])]
    for step in sweep["steps"]:
        assert step["actions"] > 0
        assert {"median_ms", "p99_ms"} <= step["latency"].keys() and step["longest_loop_stall_ms"] >= 0
        assert step["drawing_processes_cpu_ms_per_action"] > 0, "the drawing process's CPU is counted"
    within = [s["target_actions_per_s"] for s in sweep["steps"] if s["latency"]["p99_ms"] <= 250]
    assert sweep["knee_actions_per_s"] == (within[-1] if within else None)
    last = sweep["steps"][-1]
    assert last["latency"]["p99_ms"] > 250 or len(sweep["steps"]) == 3, "it stops at the first rate past 250 ms"
