"""Scoring: "Each Island that a Captain has conquered is worth 1 Infamy", Fierceness in Battle, Notorious
Drunk and face-up Mystery Cards. "The player with the most Infamy is the winner. In the event of a tie,
players celebrate in their shared victory." """

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mutiny.data import GameData
from bot.games.mutiny.state import FinalScore, MutinyState


def award(counts: Sequence[int], alone: int, tied: int, need_one: bool = False) -> tuple[int, ...]:
    """``alone`` Infamy for the single player with the most, ``tied`` each when several share the most."""
    most = max(counts)
    if need_one and most == 0:
        return (0,) * len(counts)
    top = [q for q, n in enumerate(counts) if n == most]
    return tuple((alone if len(top) == 1 else tied) if q in top else 0 for q in range(len(counts)))


def islands_owned(s: MutinyState, seat: int) -> int:
    return sum(1 for owner in s.status if owner == seat)


def score(data: GameData, s: MutinyState) -> FinalScore:
    rules = data.scoring
    islands = tuple(islands_owned(s, q) * rules["island"] for q in range(4))
    cannons = tuple(played.count("cannon") for played in s.played)
    # House: with no Cannon played nobody "has played the most Cannons".
    fierce = award(cannons, rules["fierceness"], rules["fierceness_tie"], need_one=True)
    drunk = award(s.rum, rules["drunk"], rules["drunk_tie"])
    peg_leg = tuple(played.count("pegleg") * data.cards["pegleg"].amount for played in s.played)
    totals = tuple(islands[q] + fierce[q] + drunk[q] + peg_leg[q] for q in range(4))
    winners = tuple(q for q in range(4) if totals[q] == max(totals))
    return FinalScore(totals, islands, fierce, drunk, peg_leg, cannons, winners)
