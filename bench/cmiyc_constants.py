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

Two more kinds of part:

* ``peek_aisle=3,store=0.85,peeked=5``: the fields of the seat's ``Inquisitiveness`` (``ai_values.py``; the
  normal player's pulls are 0 and its ``peeked`` 1, the strong player's rules of thumb are
  ``INQUISITIVE``);
* ``knows=all`` (or ``caches``, ``problems``): *a seat that cheats*, to measure what hidden information
  is worth: its view shows it every face-down tile (or those of caches, or of problems) as if it had
  peeked at them.

    .venv/bin/python bench/cmiyc_constants.py "" "peek_aisle=3,store=0.85,peeked=5" --games 1000 --seed 2000 --jobs 2
    .venv/bin/python bench/cmiyc_constants.py knows=all knows=caches knows=problems
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec
from ai_play import MAX_ACTIONS
from ai_strength import wilson

from bot.engine import Choice, ComputerPlayer, Rng
from bot.games.cmiyc.ai import CacheComputer
from bot.games.cmiyc.ai_values import Inquisitiveness
from bot.games.cmiyc.components import TileKind
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import State
from bot.games.cmiyc.views import SeatView
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


INQUISITIVENESS = frozenset(f.name for f in dataclasses.fields(Inquisitiveness))
KNOWS = ("all", "caches", "problems")


@dataclass(frozen=True)
class Variant:
    changes: list[Change]
    inquisitiveness: Inquisitiveness
    knows: str
    """"" (fair), or which face-down tiles the seat is shown: ``KNOWS``."""


def variant_of(text: str) -> Variant:
    own: dict[str, str] = {}
    constants: list[str] = []
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        if name in INQUISITIVENESS or name == "knows":
            own[name] = value
        else:
            constants.append(part)
    knows = own.pop("knows", "")
    if knows and knows not in KNOWS:
        raise SystemExit(f"knows= takes one of {', '.join(KNOWS)}")
    return Variant(parse(",".join(constants)), Inquisitiveness(**{k: float(v) for k, v in own.items()}), knows)


def _group(kind: TileKind) -> str:
    """Which ``knows=`` shows a tile of this kind, besides ``all``."""
    return "caches" if kind.is_cache else "problems" if kind.category == "problem" else ""


def shown(data: GameData, state: State, view: SeatView, knows: str) -> SeatView:
    """The seat's view with the face-down tiles it is to be shown added to what it peeked at."""
    if not knows:
        return view
    faceup = set(state.faceup)
    tiles = {
        (square, data.tiles[tile].kind)
        for square, tile in state.board.items()
        if tile not in faceup and knows in ("all", _group(data.kind(tile)))
    }
    return msgspec.structs.replace(view, peeked=tuple(sorted(set(view.peeked) | tiles)))


Watch = Callable[[State, str], None]
"""Called with the state before each of the tested seat's actions, and the action."""


@cache
def _players(inquisitiveness: Inquisitiveness) -> tuple[ComputerPlayer[SeatView], CacheComputer]:
    """The normal player and the tested one, built once a process: each works out the board's turn
    distances, which costs a sixth of a game."""
    loaded = registered("cmiyc")
    return loaded.computer("normal"), CacheComputer(loaded.engine.data, inquisitiveness)


def play(variant: Variant, seed: int, players: int, watch: Watch | None = None) -> State:
    """One game, the tested seat (``seed mod players``) playing ``variant``, the others normal: the end
    state (or the state at ``MAX_ACTIONS``)."""
    engine = registered("cmiyc").engine
    normal, tested_player = _players(variant.inquisitiveness)
    tested = seed % players
    state = engine.new_game(players, engine.options_for({}, players), seed)
    steps = 0
    while not engine.is_terminal(state) and steps < MAX_ACTIONS:
        seat = engine.current_seats(state)[0]
        choices: list[Choice] = engine.legal_actions(state, seat)
        rng = Rng.from_seed(seed, "bench", steps, seat)
        if seat == tested:
            view = shown(engine.data, state, engine.seat_view(state, seat), variant.knows)
            with changed(variant.changes):
                action = tested_player.choose(view, choices, rng)
            if watch is not None:
                watch(state, action)
        else:
            action = normal.choose(engine.seat_view(state, seat), choices, rng)
        state = engine.apply(state, seat, action).state
        steps += 1
    return state


def _games(task: tuple[str, list[int], int]) -> float:
    text, seeds, players = task
    variant = variant_of(text)
    engine = registered("cmiyc").engine
    won = 0.0
    for seed in seeds:
        state = play(variant, seed, players)
        winners = engine.results(state).winners if engine.is_terminal(state) else ()
        if seed % players in winners:
            won += 1 / len(winners)
    return won


def share(variant: str, games: int, first: int, players: int, jobs: int = 1) -> dict[str, Any]:
    variant_of(variant)  # refused before any game is played
    began = time.perf_counter()
    seeds = list(range(first, first + games))
    tasks = [(variant, seeds[i::jobs], players) for i in range(jobs)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            won = sum(pool.map(_games, tasks))
    else:
        won = _games(tasks[0])
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
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [share(variant, args.games, args.seed, args.players, args.jobs) for variant in args.variants]
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
