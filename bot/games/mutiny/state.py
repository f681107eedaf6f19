"""Mutiny's game state: one ``msgspec.Struct`` (copied and stored by ``bot.engine.codec``), no rules.

Seats 0..3 sit clockwise. Island spaces 0..11 on the map (shown to players as 1..12).
Loot counts are always 4-lists in the order Sugar, Orange, Gold, Plantain.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

DOWN = -2
"""Island space status: the card lies face down."""
UP = -1
"""Island space status: face up, this round's island. 0..3: conquered, owned by that seat."""
SEATS = 4


class Phase(StrEnum):
    ASSIGN = "assign"
    LOOK = "look"
    PICK = "pick"
    TAKE = "take"
    DIVIDE = "divide"
    PEEK = "peek"
    VOTE = "vote"
    CARDS = "cards"
    BUY = "buy"
    OVER = "over"


class Role(StrEnum):
    NONE = ""
    CAPTAIN = "captain"
    FIRST_MATE = "first_mate"
    QUARTER_MASTER = "quarter_master"
    SCOUT = "scout"


class Vote(StrEnum):
    NONE = ""
    MUTINY = "mutiny"
    DEFEND = "defend"


class DieKind(StrEnum):
    RED = "r"
    GREEN = "g"
    D8 = "q"
    """The Quarter Master's eight-sided die."""
    CANNON = "c"
    """The d6 a Cannon card adds to its player's side."""


class Die(msgspec.Struct, frozen=True, array_like=True):
    kind: DieKind
    value: int

    @property
    def crew(self) -> bool:
        return self.kind in (DieKind.RED, DieKind.GREEN)


def dice_total(dice: tuple[Die, ...] | list[Die]) -> int:
    return sum(die.value for die in dice)


class PeaceRecord(msgspec.Struct, frozen=True, tag="peace", tag_field="kind"):
    """A round in which everyone defended: no dice were shown."""

    round: int
    island: str
    captain: int


class BattleRecord(msgspec.Struct, frozen=True, tag="battle", tag_field="kind"):
    """A resolved battle, as everyone saw it."""

    round: int
    island: str
    votes: tuple[Vote, ...]
    dice: tuple[tuple[Die, ...], ...]
    lost: tuple[tuple[Die, ...], ...]
    mutiny_total: int
    defend_total: int
    winner: Vote
    old_captain: int
    captain: int
    rolloffs: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Each roll-off among tied mutineers: (seat, d6) pairs."""
    draws: tuple[tuple[int, int], ...] = ()
    """Cubes drawn from the cup, in order: (seat, loot colour)."""


RoundRecord = PeaceRecord | BattleRecord


class HiddenRoll(msgspec.Struct, frozen=True):
    """Dice that stayed under the cups because everyone defended (shown after the game)."""

    round: int
    dice: tuple[tuple[Die, ...], ...]


class FinalScore(msgspec.Struct, frozen=True):
    totals: tuple[int, ...]
    islands: tuple[int, ...]
    fierceness: tuple[int, ...]
    drunk: tuple[int, ...]
    peg_leg: tuple[int, ...]
    cannons: tuple[int, ...]
    winners: tuple[int, ...]


def _per_seat_lists() -> list[list[int]]:
    return [[] for _ in range(SEATS)]


class MutinyState(msgspec.Struct):
    rng: int
    captain: int
    island_ids: list[int]
    """Data index of the island card lying on each map space."""
    cubes: list[list[int]]
    """Cubes lying on each island space."""
    bank: list[int]
    deck: list[str]
    rum: list[int]
    rum_supply: int
    green_supply: int
    first_rolls: list[list[int]]
    """The first-Captain rolls (public): one row of 4 sums per roll, 0 = that seat did not roll."""
    round: int = 1
    phase: Phase = Phase.ASSIGN
    roles: list[Role] = msgspec.field(default_factory=lambda: [Role.NONE] * SEATS)
    status: list[int] = msgspec.field(default_factory=lambda: [DOWN] * 12)
    current: int = -1
    """Map space of this round's island, -1 before the Scout picks."""
    look: list[int] = msgspec.field(default_factory=list)
    """Spaces the Scout is looking at this round."""
    known: list[list[int]] = msgspec.field(default_factory=_per_seat_lists)
    """Per seat: face-down spaces that seat has looked at as Scout."""
    mat: list[list[int]] = msgspec.field(default_factory=lambda: [[0] * 4 for _ in range(SEATS)])
    """The Loot Distribution Mat: each seat's share."""
    divided: bool = False
    loot: list[list[int]] = msgspec.field(default_factory=lambda: [[0] * 4 for _ in range(SEATS)])
    green: list[int] = msgspec.field(default_factory=lambda: [0] * SEATS)
    hands: list[list[str]] = msgspec.field(default_factory=lambda: [[] for _ in range(SEATS)])
    played: list[list[str]] = msgspec.field(default_factory=lambda: [[] for _ in range(SEATS)])
    """Played cards, kept face up in front of the player."""
    dice: list[list[Die]] = msgspec.field(default_factory=lambda: [[] for _ in range(SEATS)])
    """Dice under the cup, or in the battle once revealed."""
    lost: list[list[Die]] = msgspec.field(default_factory=lambda: [[] for _ in range(SEATS)])
    """Dice lost to Drunken Madness in this battle."""
    peek: int = -1
    """The seat whose cup the First Mate lifted this round, -1 for none."""
    votes: list[Vote] = msgspec.field(default_factory=lambda: [Vote.NONE] * SEATS)
    vote_step: int = 0
    """0 Scout, 1 Quarter Master, 2 First Mate, 3 the Scout may change."""
    battle: bool = False
    """A battle is being fought: the dice are revealed."""
    turn: int = 0
    """The seat to act in the card window or the buying phase."""
    passed: list[int] = msgspec.field(default_factory=list)
    """Seats that passed in the card window since the last card."""
    queue: list[int] = msgspec.field(default_factory=list)
    """Seats still to buy this round, in order."""
    record: RoundRecord | None = None
    """What happened in the last resolved round (replaced, never changed)."""
    unseen: list[HiddenRoll] = msgspec.field(default_factory=list)
    result: FinalScore | None = None
