"""What a board costs the drawing processes, stage by stage, per game.

    python bench/render_cost.py              # a table: median ms to render, quantize and write the PNG
    python bench/render_cost.py --json       # the same as one JSON object
    python bench/render_cost.py --quick      # fewer boards
    python bench/render_cost.py mutiny cmiyc # some games only

Each game's boards are the public views of a seeded random game (seed 7, the most players, at most
``--boards`` positions). Every stage is timed on every board, ``--rounds`` times over (the boards in
turn, as the drawing processes see them), and the median of all is printed: ``render`` is the
renderer's drawing, ``quantize`` the mapping onto the board's fixed palette, ``png`` the writing
(``render/png.py``), ``total`` the three together; ``plain`` is the same drawing with every stamp
turned off (``render.stamps.drawn_plainly``: what a board cost before the stamps), timed board by
board beside it so both see the same machine. Times are the drawing thread's CPU time (what
the drawing processes spend, and steadier than the clock on a shared machine). The first board of each game is drawn once before
timing, so fonts are loaded and every per-process cache is in the state it has after a while.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from bot.engine import Rng, SeatTag  # noqa: E402
from bot.engine.playout import random_action  # noqa: E402
from bot.engine.seats import plain_tags  # noqa: E402
from bot.games.registry import game, game_names  # noqa: E402
from render import board_palette, png_filter_up, renderer  # noqa: E402
from render.png import write_png  # noqa: E402
from render.stamps import drawn_plainly  # noqa: E402


def views(name: str, count: int) -> tuple[list[Any], list[SeatTag]]:
    loaded = game(name)
    engine, spec = loaded.engine, loaded.spec
    rng = Rng.from_seed(1, "bench")
    state = engine.new_game(spec.max_players, engine.options_for({}, spec.max_players), 7)
    found = []
    for _ in range(count):
        if engine.is_terminal(state):
            break
        seat, action = random_action(engine, state, rng)
        state = engine.apply(state, seat, action).state
        found.append(engine.public_view(state))
    return found, plain_tags(spec.max_players, spec.seat_colours)


def measure(name: str, count: int, rounds: int) -> dict[str, float]:
    spec = game(name).spec
    draw, palette, up = renderer(spec), board_palette(spec), png_filter_up(spec)
    boards, tags = views(name, count)
    draw(boards[0], tags)
    stages: dict[str, list[float]] = {"plain": [], "render": [], "quantize": [], "png": [], "total": []}
    for _ in range(rounds):
        for view in boards:
            with drawn_plainly():
                started = time.thread_time()
                draw(view, tags)
                stages["plain"].append(time.thread_time() - started)
            started = time.thread_time()
            image = draw(view, tags)
            drawn = time.thread_time()
            indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
            quantized = time.thread_time()
            write_png(indexed, up=up)
            written = time.thread_time()
            stages["render"].append(drawn - started)
            stages["quantize"].append(quantized - drawn)
            stages["png"].append(written - quantized)
            stages["total"].append(written - started)
    return {stage: round(statistics.median(times) * 1000, 2) for stage, times in stages.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (all by default)")
    parser.add_argument("--boards", type=int, default=60, help="positions drawn per game")
    parser.add_argument("--rounds", type=int, default=3, help="times each board is drawn")
    parser.add_argument("--quick", action="store_true", help="8 positions per game, once")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    count, rounds = (8, 1) if args.quick else (args.boards, args.rounds)
    results = {name: measure(name, count, rounds) for name in args.games or game_names()}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'game':10} {'plain':>7} {'render':>8} {'quantize':>9} {'png':>6} {'total':>7}   (median CPU ms a board)")
    for name, f in results.items():
        cells = f"{f['plain']:7.2f} {f['render']:8.2f} {f['quantize']:9.2f} {f['png']:6.2f} {f['total']:7.2f}"
        print(f"{name:10} {cells}")


if __name__ == "__main__":
    main()
