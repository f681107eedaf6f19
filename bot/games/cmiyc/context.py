"""What every rule function works with: the data, the rule parameters, the state being changed.

``RuleSet`` holds the numbers and switches a variant may change (Muggles builds its own: four
public reveals instead of six private peeks, no hidden event cards, ...). Rule functions take a
``Ctx`` and change ``ctx.state`` in place; the engine hands them a clone, so nothing is
half-applied when a rule raises ``RuleError``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, Rng
from bot.games.cmiyc.data import GameData
from bot.games.cmiyc.state import Player, State

VICTORIES = {"standard": 15, "short": 12, "advanced": 18}
"""Points to win: "Sei der Erste, der 15 Punkte erreicht" (short game 12; advanced victory 18)."""


@dataclass(frozen=True)
class RuleSet:
    target: int = 15
    advanced: bool = False
    """The advanced victory: the target AND ending your turn on the Mega Event space."""
    round_limit: int = 0
    """A house rule a group may choose (0: off, the default): the game ends after this round, the highest
    score winning. The text's only ending is "Sei der Erste, der 15 Punkte erreicht"."""
    fast_steps: int = 3
    """Squares a turn on roads and trails."""
    peek_count: int = 6
    """Tiles seen by one peek in the store or from Trail Notes."""
    peeks_public: bool = False
    """Muggles: peeks become reveals, left face up."""
    events_public: bool = False
    """Muggles: event cards are kept face up."""
    poison_ivy_turns: int = 2
    max_offers: int = 5
    """Trade offers a player may send in one turn: "kann jedem anderen Spieler Handelsangebote machen",
    so one to each other player (five at six players); a variant may allow fewer (Muggles: none of these)."""
    snack_choice: bool = False
    """The Snack's holder decides whether to throw it ("darf"), asked privately with everyone else the
    bear threatens who might hold it (``bear``); without it the Snack is played for its holder (a
    variant without secret cards: Muggles' "unless one has the Snack card")."""
    borrower_caches: bool = True
    """The Borrower swaps caches too, not only equipment: what makes the FAQ's "Wenn ich von einem
    Spieler ein Cacheplättchen nehme" possible (a variant may keep him to equipment)."""
    tile_effects: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    """Extra or replaced problem-tile effects by effect name (a variant's small override)."""
    landing: Mapping[str, Callable[[Ctx, int, str, bool], None]] = field(default_factory=dict)
    """A variant's own resolution of a face-up tile by tile category, called as
    ``(ctx, seat, square, fresh)`` instead of the base game's (Muggles: blank tiles are Construction
    Sites, Maps reveal Construction Sites too)."""
    cache_blocker: Callable[[Ctx, int, int], str] | None = None
    """A variant's extra reason why ``seat`` cannot take cache ``tile`` now ("" when none), asked
    after the base game's reasons (Muggles' stealth)."""
    next_seat: Callable[[Ctx, int], int | None] | None = None
    """A variant's turn order: the seat whose turn follows ``seat``'s, or None when no turn starts
    now (the game ended, or the variant waits for a decision between rounds). It replaces the base
    game's round counting and round limit (Muggles' muggles move after every round)."""
    turn_open: Callable[[Ctx, int], bool] | None = None
    """A variant's test whether a turn stays open after the square acted (something is left to do),
    replacing the base game's (Muggles: swaps with muggles, its own trades, no secret cards to hide)."""
    fixed_squares: Callable[[State], Collection[str]] | None = None
    """Woods squares whose tile never moves (Muggles' concrete slabs): Muggles Mess Things Up skips them."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> RuleSet:
        victory = str(options.get("victory", "standard"))
        return cls(
            target=VICTORIES[victory],
            advanced=victory == "advanced",
            round_limit=int(options.get("round_limit", 0)),
            snack_choice=True,
        )


@dataclass
class Ctx:
    data: GameData
    rules: RuleSet
    state: State
    rng: Rng
    events: list[Event] = field(default_factory=list)
    revealed: bool = False
    """Something was drawn, turned or shown: the action cannot be taken back."""

    def say(self, text: str, seats: tuple[int, ...] | None = None) -> None:
        self.events.append(Event(text, seats))
        if seats is not None:
            self.revealed = True

    def player(self, seat: int) -> Player:
        return self.state.seats[seat]


# ---------------------------------------------------------------------- small facts about players


def items_of(data: GameData, player: Player) -> list[str]:
    """The equipment items a player has: the chosen side of each card."""
    return [data.equipment[g.card].sides[g.side] for g in player.gear if g.side >= 0]


def has_item(data: GameData, player: Player, item: str) -> bool:
    return any(g.side >= 0 and data.equipment[g.card].sides[g.side] == item for g in player.gear)


def ability(data: GameData, player: Player) -> str:
    return data.character(player.character).ability


def insured(data: GameData, player: Player) -> bool:
    """Health insurance facing the board, or the Medic."""
    return has_item(data, player, "insurance") or ability(data, player) == "medic"


def holds_event(data: GameData, player: Player, effect: str) -> int | None:
    """A saved event card with this effect, if the player holds one."""
    return next((card for card in player.events if data.events[card].effect == effect), None)


def contagious(player: Player) -> bool:
    """Poison Ivy: nobody wants to share a square with this player."""
    return player.ivy > 0 or player.itchy
