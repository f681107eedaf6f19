"""Setup (rule text 002, "Setup"): islands face down, the bank, the deck, and the first Captain."""

from __future__ import annotations

from bot.engine import Rng
from bot.games.mutiny.data import GameData
from bot.games.mutiny.state import DOWN, SEATS, MutinyState, Role


def first_captain_rolls(data: GameData, rng: Rng) -> list[list[int]]:
    """ "all players roll their dice in their cups and reveal them. The player who rolls the highest is the
    first Captain." Each player rolls their red dice; tied highest players roll again."""
    rolling = list(range(SEATS))
    rows: list[list[int]] = []
    while len(rolling) > 1:
        row = [0] * SEATS
        for seat in rolling:
            row[seat] = sum(rng.die(data.crew_sides) for _ in range(data.red_dice))
        rows.append(row)
        best = max(row)
        rolling = [seat for seat in rolling if row[seat] == best]
    return rows


def new_state(data: GameData, seed: int) -> MutinyState:
    rng = Rng.from_seed(seed)
    ids = list(range(len(data.islands)))
    rng.shuffle(ids)
    cubes = [list(data.islands[i].loot) for i in ids]
    bank = [data.cubes[c] - sum(row[c] for row in cubes) for c in range(4)]
    deck = list(data.deck)
    rng.shuffle(deck)
    rows = first_captain_rolls(data, rng)
    captain = rows[-1].index(max(rows[-1]))
    roles = [Role.NONE] * SEATS
    roles[captain] = Role.CAPTAIN
    return MutinyState(
        rng=rng.state,
        captain=captain,
        island_ids=ids,
        cubes=cubes,
        bank=bank,
        deck=deck,
        rum=[data.start_rum] * SEATS,
        rum_supply=data.rum_total - SEATS * data.start_rum,
        green_supply=data.green_dice,
        first_rolls=rows,
        roles=roles,
        status=[DOWN] * len(ids),
        turn=captain,
    )
