"""What writing a board's PNG costs: Pillow's own encoder against render/png.py, per game.

    python bench/png_encoders.py            # a table
    python bench/png_encoders.py --json     # the same as one JSON object
    python bench/png_encoders.py --quick    # fewer boards

Each game's boards come from a seeded random game (seed 7, at most ``--boards`` positions), drawn
and quantized to the board's palette as the bot does; then each way of writing them is timed on the
same images (median milliseconds) and its PNG bytes counted (median kB), which is what a board
costs the drawing processes and what it uploads to Discord.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402
from render_cost import views as seeded_views  # noqa: E402

from bot.games.registry import game, game_names  # noqa: E402
from render import board_palette, png_filter_up, renderer  # noqa: E402
from render.png import write_png, zlib_compress  # noqa: E402

Writer = Callable[[Image.Image], bytes]


def _pillow(level: int) -> Writer:
    def write(indexed: Image.Image) -> bytes:
        buffer = io.BytesIO()
        indexed.save(buffer, format="PNG", compress_level=level)
        return buffer.getvalue()

    return write


def _boards(name: str, count: int) -> list[Image.Image]:
    spec = game(name).spec
    draw, palette = renderer(spec), board_palette(spec)
    views, tags = seeded_views(name, count)
    return [draw(view, tags).quantize(palette=palette, dither=Image.Dither.NONE) for view in views]


def measure(name: str, count: int) -> dict[str, dict[str, float]]:
    up = png_filter_up(game(name).spec)
    writers: dict[str, Writer] = {
        "pillow level 3": _pillow(3),
        "pillow level 6": _pillow(6),
        "render/png.py": lambda image: write_png(image, up=up),
        "render/png.py with zlib": lambda image: write_png(image, zlib_compress, up=up),
    }
    boards = _boards(name, count)
    figures = {}
    for label, write in writers.items():
        times, sizes = [], []
        for image in boards:
            started = time.perf_counter()
            png = write(image)
            times.append((time.perf_counter() - started) * 1000)
            sizes.append(len(png) / 1000)
        figures[label] = {"ms": round(statistics.median(times), 2), "kB": round(statistics.median(sizes), 1)}
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=40, help="positions drawn per game")
    parser.add_argument("--quick", action="store_true", help="8 positions per game")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    count = 8 if args.quick else args.boards
    results = {name: measure(name, count) for name in game_names()}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for name, figures in results.items():
        cells = "  ".join(f"{label}: {f['ms']} ms, {f['kB']} kB" for label, f in figures.items())
        print(f"{name:10} {cells}")


if __name__ == "__main__":
    main()
