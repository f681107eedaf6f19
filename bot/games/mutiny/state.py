"""Mutiny's game state: plain lists and ints (JSON-compatible), with a fast copy.

Seats 0..3 sit clockwise. Island spaces 0..11 on the map (shown to players as 1..12).
Loot counts are always 4-lists in the order Sugar, Orange, Gold, Plantain.
Dice are short strings: kind + value, kind ``r`` red crew d6, ``g`` green crew d6,
``q`` the Quarter Master's d8, ``c`` a Cannon's d6.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

DOWN = -2  # island space status: face down
UP = -1  # face up (this round's island); 0..3 = conquered, owned by that seat

ROLE_NAMES = {"C": "Captain", "F": "First Mate", "Q": "Quarter Master", "S": "Scout"}


@dataclass(slots=True)
class MutinyState:
    rng: int
    round: int
    phase: str
    captain: int
    roles: list[str]  # per seat: "C", "F", "Q", "S" or "" (before the first assignment)
    island_ids: list[int]  # data index of the island card lying on each map space
    cubes: list[list[int]]  # cubes lying on each island space
    status: list[int]  # DOWN, UP or owner seat
    current: int  # map space of this round's island, -1 before the Scout picks
    look: list[int]  # spaces the Scout is looking at this round
    known: list[list[int]]  # per seat: face-down spaces that seat has looked at as Scout
    mat: list[list[int]]  # loot distribution mat: share per seat
    divided: bool
    bank: list[int]
    loot: list[list[int]]  # per seat, on the player mat
    rum: list[int]
    rum_supply: int
    green: list[int]
    green_supply: int
    deck: list[str]
    hands: list[list[str]]
    played: list[list[str]]  # played cards, kept face up in front of the player
    dice: list[list[str]]  # dice under the cup / in the battle
    lost: list[list[str]]  # dice lost to Drunken Madness in this battle
    peek: int  # seat the First Mate peeked at this round, -1 none
    votes: list[str]  # "", "M" or "D"
    vote_step: int  # 0 Scout, 1 Quarter Master, 2 First Mate, 3 Scout may change
    revealed: bool  # votes (and, in a battle, dice) are public
    battle: bool  # a battle is being fought (dice revealed)
    turn: int  # seat to act in the card window or the buying phase
    passed: list[int]  # seats that passed in the card window since the last card
    queue: list[int]  # seats still to buy this round, in order
    setup: list[list[int]]  # the first-Captain rolls (public), one list of 4 sums per roll (0 = not rolling)
    record: dict[str, Any] | None  # public record of the last resolved battle (never mutated in place)
    result: dict[str, Any] | None  # final scoring (never mutated in place)

    def clone(self) -> MutinyState:
        return MutinyState(
            self.rng,
            self.round,
            self.phase,
            self.captain,
            self.roles[:],
            self.island_ids[:],
            [c[:] for c in self.cubes],
            self.status[:],
            self.current,
            self.look[:],
            [k[:] for k in self.known],
            [m[:] for m in self.mat],
            self.divided,
            self.bank[:],
            [row[:] for row in self.loot],
            self.rum[:],
            self.rum_supply,
            self.green[:],
            self.green_supply,
            self.deck[:],
            [h[:] for h in self.hands],
            [p[:] for p in self.played],
            [d[:] for d in self.dice],
            [d[:] for d in self.lost],
            self.peek,
            self.votes[:],
            self.vote_step,
            self.revealed,
            self.battle,
            self.turn,
            self.passed[:],
            self.queue[:],
            self.setup,  # immutable after new_game
            self.record,  # replaced, never mutated
            self.result,
        )

    def dump(self) -> dict[str, Any]:
        copy = self.clone()
        out = {f.name: getattr(copy, f.name) for f in fields(self)}
        out["setup"] = [row[:] for row in self.setup]
        return out

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> MutinyState:
        names = [f.name for f in fields(cls)]
        missing = [n for n in names if n not in data]
        if missing:
            raise ValueError(f"mutiny state is missing {', '.join(missing)}")
        import json

        # A JSON round trip gives fresh, independent containers.
        fresh = json.loads(json.dumps({n: data[n] for n in names}))
        return cls(**fresh)


def die_value(die: str) -> int:
    return int(die[1:])


def dice_total(dice: list[str]) -> int:
    return sum(int(d[1:]) for d in dice)
