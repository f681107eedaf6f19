"""What players may see: the public view and each seat's view, as frozen structs of tuples.

Built fresh from the state by ``viewing.py`` for every call (records and scores are frozen
structs themselves), so nothing a caller does to a view can reach the game. The engine's
texts, the computer player and the renderer all read these types.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from bot.games.mutiny.state import Die, FinalScore, Phase, Role, RoundRecord, Vote, dice_total

Loot = tuple[int, ...]
"""Counts of Sugar, Orange, Gold, Plantain."""


class IslandState(StrEnum):
    DOWN = "down"
    UP = "up"
    TAKEN = "taken"


class CardInfo(msgspec.Struct, frozen=True):
    id: str
    name: str
    emoji: str
    effect: str


class IslandInfo(msgspec.Struct, frozen=True):
    """An island card's face: public once turned up, private while only the Scout has seen it."""

    space: int
    """1..12, as players number the map."""
    name: str
    loot: Loot


class IslandView(msgspec.Struct, frozen=True):
    space: int
    state: IslandState
    name: str | None
    printed: Loot | None
    """The cubes printed on the card (face-up and conquered islands only)."""
    loot: Loot | None
    """The cubes still lying on the island (this round's island only)."""
    owner: int | None
    looking: bool
    """The Scout is looking at this face-down island now."""


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    role: Role
    rum: int
    red: int
    green: int
    loot: Loot
    cards: int
    """Mystery cards in hand (how many, never which)."""
    played: tuple[str, ...]
    """Card ids played face up, in the order played."""
    cannons: int
    islands: int
    infamy: int
    """Infamy already certain: islands and face-up Peg-Legs (the awards come at the end)."""
    share: Loot | None
    vote: Vote
    cup: int
    """Dice under the cup (0 when none are hidden)."""
    dice: tuple[Die, ...] | None
    """Revealed dice, in a battle."""
    lost: tuple[Die, ...] | None
    peeked: bool
    """The First Mate lifted this player's cup this round."""

    @property
    def crew(self) -> int:
        return self.red + self.green


class BattleView(msgspec.Struct, frozen=True):
    votes: tuple[Vote, ...]
    dice: tuple[tuple[Die, ...], ...]
    lost: tuple[tuple[Die, ...], ...]
    mutiny_total: int
    defend_total: int

    def total(self, side: Vote) -> int:
        return self.mutiny_total if side is Vote.MUTINY else self.defend_total

    def sum(self, seat: int) -> int:
        return dice_total(self.dice[seat])


class Supply(msgspec.Struct, frozen=True):
    rum: int
    green: int
    deck: int
    bank: Loot


class CardWindow(msgspec.Struct, frozen=True):
    turn: int
    passed: tuple[int, ...]


class PublicView(msgspec.Struct, frozen=True):
    round: int
    rounds: int
    phase: Phase
    captain: int
    awaiting: tuple[int, ...]
    players: tuple[PlayerView, ...]
    islands: tuple[IslandView, ...]
    island: IslandInfo | None
    """This round's island once the Scout picked it."""
    island_loot: Loot | None
    """Cubes still on this round's island (before they are divided)."""
    looking: tuple[int, ...]
    """Spaces (1..12) the Scout is looking at, before picking."""
    divided: bool
    vote_order: tuple[int, ...]
    """Scout, Quarter Master, First Mate (then the Scout again); empty before the roles are handed out."""
    vote_step: int
    battle: BattleView | None
    last: RoundRecord | None
    window: CardWindow | None
    buy_queue: tuple[int, ...]
    supply: Supply
    first_rolls: tuple[tuple[int, ...], ...]
    final: FinalScore | None

    def seat_of(self, role: Role) -> int | None:
        return next((p.seat for p in self.players if p.role is role), None)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def last_round(self) -> bool:
        return self.round >= self.rounds


class PeekView(msgspec.Struct, frozen=True):
    seat: int
    dice: tuple[Die, ...]


class SeatView(msgspec.Struct, frozen=True):
    public: PublicView
    seat: int
    acting: bool
    hand: tuple[CardInfo, ...]
    dice: tuple[Die, ...] | None
    """Your dice under the cup (before any reveal)."""
    looking: tuple[IslandInfo, ...]
    """The two islands you look at as Scout, before picking."""
    known: tuple[IslandInfo, ...]
    """Face-down islands you saw as Scout in earlier rounds."""
    peek: PeekView | None
    fair_split: tuple[Loot, ...] | None
    """The Captain's fair split while dividing."""

    @property
    def me(self) -> PlayerView:
        return self.public.players[self.seat]

    def holds(self, card_id: str) -> bool:
        return any(card.id == card_id for card in self.hand)
