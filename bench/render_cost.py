"""What a board costs the drawing processes, stage by stage, per game.

    python bench/render_cost.py              # a table: median ms to render, quantize and write the PNG
    python bench/render_cost.py --json       # the same as one JSON object
    python bench/render_cost.py --quick      # fewer boards
    python bench/render_cost.py mutiny cmiyc # some games only
    valgrind --tool=callgrind python bench/render_cost.py mutiny --draw-only --boards 20 --rounds 2
                                             # instructions (less those of --rounds 0: per 40 boards)

Each game's boards are the public views of a seeded random game (seed 7, the most players, at most
``--boards`` positions). Every stage is timed on every board, ``--rounds`` times over (the boards in
turn, as the drawing processes see them); a board's figure is its fastest round (the others were
slowed by whatever else the machine ran), and the median over the boards is printed: ``render`` is the
renderer's drawing, ``quantize`` the mapping onto the board's fixed palette, ``png`` the writing
(``render/png.py``), ``total`` the three together, then what the stamps keep after all the boards; ``plain`` is the same drawing with every stamp
turned off (``render.stamps.drawn_plainly``: what a board cost before the stamps), timed board by
board beside it (first in one round, second in the next) so both see the same machine. Times are the drawing thread's CPU time (what the
drawing processes spend, and steadier than the clock on a shared machine). Every board
is drawn once before timing, so its texts are rasterised and its stamps made, as in a process that
has drawn for a while.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from bot.engine import Rng, SeatTag  # noqa: E402
from bot.engine.playout import random_action  # noqa: E402
from bot.engine.seats import plain_tags  # noqa: E402
from bot.games.registry import game, game_names  # noqa: E402
from render import Renderer, board_palette, png_filter_up, renderer  # noqa: E402
from render.png import write_png  # noqa: E402

if (ROOT / "render" / "stamps.py").exists():
    from render import stamps
    from render.stamps import drawn_plainly
else:  # a tree from before the stamps (this script copied there to measure it): plain is all there is
    stamps = None  # type: ignore[assignment]
    drawn_plainly = nullcontext  # type: ignore[assignment]


def views(name: str, count: int) -> tuple[list[Any], Sequence[SeatTag]]:
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
    for view in boards:  # every text rasterised, every stamp made: what a process has after a while
        _stages(draw, view, tags, palette, up, plain_first=True)
    fastest: list[dict[str, float]] = [{} for _ in boards]
    for round_ in range(rounds):
        for view, best in zip(boards, fastest, strict=True):
            for stage, seconds in _stages(draw, view, tags, palette, up, plain_first=round_ % 2 == 0).items():
                best[stage] = min(seconds, best.get(stage, seconds))
    return {stage: round(statistics.median(b[stage] for b in fastest) * 1000, 2) for stage in fastest[0]}


def draw_only(name: str, count: int, rounds: int) -> None:
    """Each board drawn once, then ``rounds`` times more: under ``valgrind --tool=callgrind``, the
    instructions of two round counts differ by what the drawing costs, without the clock's noise."""
    draw = renderer(game(name).spec)
    boards, tags = views(name, count)
    for _ in range(1 + rounds):
        for view in boards:
            draw(view, tags)


def _stages(
    draw: Renderer, view: Any, tags: Sequence[SeatTag], palette: Image.Image, up: bool, *, plain_first: bool
) -> dict[str, float]:
    if plain_first:
        plain = _plain(draw, view, tags)
    started = time.thread_time()
    image = draw(view, tags)
    drawn = time.thread_time()
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    quantized = time.thread_time()
    write_png(indexed, up=up)
    written = time.thread_time()
    if not plain_first:
        plain = _plain(draw, view, tags)
    return {
        "plain": plain,
        "render": drawn - started,
        "quantize": quantized - drawn,
        "png": written - quantized,
        "total": written - started,
    }


def _plain(draw: Renderer, view: Any, tags: Sequence[SeatTag]) -> float:
    with drawn_plainly():
        started = time.thread_time()
        draw(view, tags)
        return time.thread_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (all by default)")
    parser.add_argument("--boards", type=int, default=60, help="positions drawn per game")
    parser.add_argument("--rounds", type=int, default=5, help="times each board is drawn")
    parser.add_argument("--quick", action="store_true", help="8 positions per game, once")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--draw-only", action="store_true", help="draw, time nothing, print nothing")
    args = parser.parse_args()
    count, rounds = (8, 1) if args.quick else (args.boards, args.rounds)
    if args.draw_only:
        for name in args.games or game_names():
            draw_only(name, count, rounds)
        return
    results = {name: measure(name, count, rounds) for name in args.games or game_names()}
    kept = _kept()
    if args.json:
        print(json.dumps({**results, "stamps kept": kept}, indent=2))
        return
    print(f"{'game':10} {'plain':>7} {'render':>8} {'quantize':>9} {'png':>6} {'total':>7}   (CPU ms, median board)")
    for name, f in results.items():
        cells = f"{f['plain']:7.2f} {f['render']:8.2f} {f['quantize']:9.2f} {f['png']:6.2f} {f['total']:7.2f}"
        print(f"{name:10} {cells}")
    if kept:
        print(
            ", ".join(
                f"{kind}: {k['stamps']} stamps, {k['pixels']:,} of {k['limit']:,} pixels" for kind, k in kept.items()
            )
        )


def _kept() -> dict[str, dict[str, int]]:
    """What the stamps keep after all the boards (bounded: ``render.stamps.KEPT_PIXELS``)."""
    if stamps is None:
        return {}
    return {
        kind: {"stamps": len(found), "pixels": found.pixels, "limit": found.limit}
        for kind, found in (("shapes and tiles", stamps.shapes), ("sheets", stamps.sheets), ("texts", stamps.texts))
    }


if __name__ == "__main__":
    main()
