"""Cache Me If You Can: one seat plays the rules of thumb with some of their constants changed, against
normal seats. Does a constant leave the normal player short of what it could win?

    .venv/bin/python bench/cmiyc_constants.py LOOKAHEAD=1.2                      # 300 games, seeds 1000-1299
    .venv/bin/python bench/cmiyc_constants.py "" GAMMA=0.9 "CURIOSITY=0.5,LATER=0.1" --games 300
    .venv/bin/python bench/cmiyc_constants.py "PENALTY[hospital]=2.0" --json

Each argument is one variant: comma-separated ``NAME=value`` of the module constants of
``bot/games/cmiyc/ai*.py`` (``NAME[key]=value`` for an entry of a table such as ``PENALTY``); the empty
variant is the normal player itself, whose share is the fair share give or take the noise. Game ``i``
uses seed ``i`` and seats the changed player in seat ``i mod players``, so every variant plays the same
deals. The constants are changed only while that seat decides, and put back after each decision.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai_play import MAX_ACTIONS
from ai_strength import wilson

from bot.engine import Choice, Rng
from bot.games.registry import game as registered

MODULES = ("bot.games.cmiyc.ai", "bot.games.cmiyc.ai_paths", "bot.games.cmiyc.ai_values", "bot.games.cmiyc.ai_trades")

Change = tuple[str, str | None, float]


def parse(variant: str) -> list[Change]:
    changes: list[Change] = []
    for part in filter(None, variant.split(",")):
        name, value = part.split("=")
        key = None
        if name.endswith("]"):
            name, key = name[:-1].split("[")
        changes.append((name.strip(), key, float(value)))
    modules = [importlib.import_module(m) for m in MODULES]
    for name, key, _ in changes:
        if not any(hasattr(m, name) for m in modules):
            raise SystemExit(f"no constant {name} in {', '.join(MODULES)}")
        if key is not None and not any(key in getattr(m, name, {}) for m in modules):
            raise SystemExit(f"{name} has no entry {key!r}")
    return changes


@contextmanager
def changed(changes: Sequence[Change]) -> Iterator[None]:
    saved: list[tuple[Any, str, str | None, Any]] = []
    for module in (importlib.import_module(m) for m in MODULES):
        for name, key, value in changes:
            if not hasattr(module, name):
                continue
            if key is None:
                saved.append((module, name, None, getattr(module, name)))
                setattr(module, name, value)
            else:
                table = getattr(module, name)
                saved.append((module, name, key, table[key]))
                table[key] = value
    try:
        yield
    finally:
        for module, name, key, old in reversed(saved):
            if key is None:
                setattr(module, name, old)
            else:
                getattr(module, name)[key] = old


def share(variant: str, games: int, first: int, players: int) -> dict[str, Any]:
    changes = parse(variant)
    loaded = registered("cmiyc")
    engine = loaded.engine
    normal, tested_player = loaded.computer("normal"), loaded.computer("normal")
    won = 0.0
    began = time.perf_counter()
    for seed in range(first, first + games):
        tested = seed % players
        state = engine.new_game(players, engine.options_for({}, players), seed)
        steps = 0
        while not engine.is_terminal(state) and steps < MAX_ACTIONS:
            seat = engine.current_seats(state)[0]
            choices: list[Choice] = engine.legal_actions(state, seat)
            rng = Rng.from_seed(seed, "bench", steps, seat)
            if seat == tested:
                with changed(changes):
                    action = tested_player.choose_in_state(engine, state, seat, choices, rng)
            else:
                action = normal.choose_in_state(engine, state, seat, choices, rng)
            state = engine.apply(state, seat, action).state
            steps += 1
        winners = engine.results(state).winners if engine.is_terminal(state) else ()
        if tested in winners:
            won += 1 / len(winners)
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "seeds": [first, first + games - 1],
        "win_share": round(won / games, 3),
        "ci95": wilson(won, games),
        "fair_share": round(1 / players, 3),
        "seconds": round(time.perf_counter() - began, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="+", help='"NAME=value,..." per variant ("" for the normal player)')
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [share(variant, args.games, args.seed, args.players) for variant in args.variants]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            low, high = row["ci95"]
            print(
                f"{row['variant'] or '(normal)':40} {row['win_share']:.1%} ({low:.1%}-{high:.1%}) "
                f"over {row['games']} games, fair share {row['fair_share']:.0%}, {row['seconds']} s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
