"""The memory probe reports the bot and its drawing processes at rest and under load (the README's
"Memory" table). No thresholds: the figures belong to the benchmark."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_memory_probe_counts_the_drawing_processes_at_rest_and_under_load():
    command = [sys.executable, str(ROOT / "bench" / "bench.py"), "--quick", "--json", "--games", "mutiny"]
    command += ["--actions", "1", "--concurrent", "0", "--stored", "60", "--render-processes", "1"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600, check=True)
    memory = json.loads(done.stdout)["memory"]
    assert memory["stored_games"] == 60 and memory["render_processes"] == 1
    assert memory["render_workers_peak_rss_mb"] > 0, "the drawing process (warmed up) is counted"
    both = memory["peak_rss_mb"] + memory["render_workers_peak_rss_mb"]
    assert abs(memory["peak_rss_in_all_mb"] - both) <= 0.11, "in all: the bot and its drawing processes"
    under_load = memory["under_load"]
    assert under_load["games"] == 20 and under_load["actions_per_s"] > 0
    # peaks only grow: the load comes after the resumed games
    assert under_load["peak_rss_mb"] >= memory["peak_rss_mb"]
    assert under_load["render_workers_peak_rss_mb"] >= memory["render_workers_peak_rss_mb"]
