"""Cache Me If You Can: where the caches a player peeked at end up. One seat plays a variant of the rules
of thumb (``bench/cmiyc_constants.py``'s variants) against normal seats; for each face-down cache it
peeked at, the end of the game tells whether it took the cache, another player took it, or it still
lies on the board (face down, and whether it needs equipment the peeker lacks; or face up). It also
counts where the seat stood at the start of each turn it played (which woods, the store, the Hospital
or the rest of the Town), and the points of caches and of geocoins it ended with.

    .venv/bin/python bench/cmiyc_peeks.py "peek_aisle=3,store=0.85" --games 100 --seed 0
    .venv/bin/python bench/cmiyc_peeks.py "peek_aisle=3,store=0.85,peeked=5" --players 2 --json

Every figure is per game, averaged over the games; game ``i`` uses seed ``i`` and seats the tested
player in seat ``i mod players``, as the constants bench does.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cmiyc_constants import play, variant_of

from bot.games.cmiyc import scoring
from bot.games.cmiyc.context import has_item
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import State
from bot.games.registry import game as registered

PLACES = (
    "turns in the North Woods",
    "turns in the South Woods",
    "turns in the store",
    "turns in the Hospital",
    "turns elsewhere in the Town",
)
TOTALS = ("caches it took in all", "points of caches", "points of geocoins", "rounds", *PLACES)
FATES = ("taken by it", "taken by another", "face down, it lacks the equipment", "face down", "face up", "elsewhere")


def fate(state: State, seat: int, tile: int) -> str:
    """Where a tile the seat peeked at lies at the end: one of ``FATES``."""
    data = registered("cmiyc").engine.data
    if tile in state.seats[seat].caches:
        return FATES[0]
    if any(tile in player.caches for player in state.seats):
        return FATES[1]
    if tile not in state.board.values():
        return FATES[5]
    if tile in state.faceup:
        return FATES[4]
    needs = data.kind(tile).needs
    return FATES[2] if needs and not has_item(data, state.seats[seat], needs) else FATES[3]


def place(data: GameData, square: str) -> str:
    """Where a square lies, as the turn counts name it."""
    board = data.board
    part = board.woods_part(square)
    if part is not None:
        return f"turns in the {part.name}"
    if board.in_store(square):
        return "turns in the store"
    if board.in_hospital(square):
        return "turns in the Hospital"
    return "turns elsewhere in the Town"


def tally(variant: str, games: int, first: int, players: int) -> dict[str, Any]:
    """Per game: the tiles and caches the tested seat peeked at, where those caches ended, and its wins
    (a shared win counts as a share, as in the constants bench)."""
    chosen = variant_of(variant)
    engine = registered("cmiyc").engine
    data = engine.data
    counts: Counter[str] = Counter()
    won = 0.0
    for seed in range(first, first + games):
        seen: set[int] = set()
        rounds: set[int] = set()
        seat = seed % players

        def watch(
            state: State, action: str, seen: set[int] = seen, rounds: set[int] = rounds, seat: int = seat
        ) -> None:
            if state.round and state.round not in rounds:  # its first decision of a round starts its turn (0: set-up)
                rounds.add(state.round)
                counts[place(data, state.seats[seat].square)] += 1
            if action.startswith("peek:") and action != "peek:done":
                seen.add(state.board[action[5:]])

        end = play(chosen, seed, players, watch)
        caches = [tile for tile in seen if data.kind(tile).is_cache]
        counts["peeked tiles"] += len(seen)
        counts["peeked caches"] += len(caches)
        counts.update(fate(end, seat, tile) for tile in caches)
        counts["rounds"] += end.round
        counts["caches it took in all"] += len(end.seats[seat].caches)
        counts["points of caches"] += scoring.cache_points(data, end, end.seats[seat])
        counts["points of geocoins"] += scoring.coin_points(data, end, end.seats[seat])
        winners = engine.results(end).winners if engine.is_terminal(end) else ()
        won += 1 / len(winners) if seat in winners else 0.0
    per_game = {key: round(counts[key] / games, 2) for key in ("peeked tiles", "peeked caches", *FATES, *TOTALS)}
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "seeds": [first, first + games - 1],
        "won": round(won, 2),
        "per_game": per_game,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", help='"NAME=value,..." ("" for the normal player)')
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    row = tally(args.variant, args.games, args.seed, args.players)
    if args.json:
        print(json.dumps(row, indent=2))
    else:
        print(f"{row['variant'] or '(normal)'}: {row['games']} games, {row['players']} players, won {row['won']}")
        for key, value in row["per_game"].items():
            print(f"  {key:36} {value:6.2f} a game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
