"""Rule queries every phase shares, and ``Move``: what one action works with while it is applied."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine import Event, Rng, RuleError
from bot.games.mutiny import refusals
from bot.games.mutiny.data import Card, GameData
from bot.games.mutiny.state import DOWN, Die, DieKind, MutinyState, Phase, Role, Vote, dice_total
from bot.games.mutiny.views import CardInfo, IslandInfo


@dataclass
class Move:
    """One action being applied: the game's data, the state being changed, its RNG and what people learn.

    ``shown`` records that something hidden was shown (an island turned up, cups lifted, a card
    played from a hand), so ``apply`` can say honestly whether the action may be undone.
    """

    data: GameData
    state: MutinyState
    rng: Rng
    events: list[Event] = field(default_factory=list)
    shown: bool = False

    def say(self, text: str) -> None:
        self.events.append(Event(text))

    def tell(self, seat: int, text: str) -> None:
        """A private message: only ``seat`` reads it."""
        self.events.append(Event(text, seats=(seat,)))
        self.shown = True

    def roll(self, kind: DieKind) -> Die:
        return roll(self.data, kind, self.rng)


def roll(data: GameData, kind: DieKind, rng: Rng) -> Die:
    sides = data.qm_sides if kind is DieKind.D8 else data.crew_sides
    return Die(kind, rng.die(sides))


def refused(action: str) -> RuleError:
    return RuleError(refusals.not_legal(action))


def card_info(card: Card) -> CardInfo:
    return CardInfo(card.id, card.name, card.emoji, card.effect)


def seat_of(state: MutinyState, role: Role) -> int:
    return state.roles.index(role)


def roles_complete(state: MutinyState) -> bool:
    return all(role in state.roles for role in (Role.FIRST_MATE, Role.QUARTER_MASTER, Role.SCOUT))


def vote_order(state: MutinyState) -> list[int]:
    """ "first Scout, then Quarter Master, then First Mate, and then the Scout may change their vote" """
    scout = seat_of(state, Role.SCOUT)
    return [scout, seat_of(state, Role.QUARTER_MASTER), seat_of(state, Role.FIRST_MATE), scout]


def crew(data: GameData, state: MutinyState, seat: int) -> int:
    return data.red_dice + state.green[seat]


def side(state: MutinyState, vote: Vote) -> list[int]:
    return [seat for seat in range(4) if state.votes[seat] is vote]


def side_totals(state: MutinyState) -> tuple[int, int]:
    """(Mutineers, Captain's side)."""
    mutiny = sum(dice_total(state.dice[q]) for q in side(state, Vote.MUTINY))
    defend = sum(dice_total(state.dice[q]) for q in side(state, Vote.DEFEND))
    return mutiny, defend


def face_down(state: MutinyState) -> list[int]:
    return [space for space, status in enumerate(state.status) if status == DOWN]


def island_info(data: GameData, state: MutinyState, space: int) -> IslandInfo:
    island = data.islands[state.island_ids[space]]
    return IslandInfo(space + 1, island.name, island.loot)


def has(have: Sequence[int], need: Sequence[int]) -> bool:
    return all(have[c] >= need[c] for c in range(4))


def clockwise(start: int) -> list[int]:
    return [(start + k) % 4 for k in range(4)]


def acting_seats(state: MutinyState) -> list[int]:
    """Who must act now: every Mutiny decision is one seat's, so a table always knows whom it waits for."""
    match state.phase:
        case Phase.OVER:
            return []
        case Phase.ASSIGN | Phase.DIVIDE:
            return [state.captain]
        case Phase.LOOK | Phase.PICK | Phase.TAKE:
            return [seat_of(state, Role.SCOUT)]
        case Phase.PEEK:
            return [seat_of(state, Role.FIRST_MATE)]
        case Phase.VOTE:
            return [vote_order(state)[state.vote_step]]
    return [state.turn]
