"""The game state of Mouse Cheese Cat Cucumber (no rules here).

Cells are ``maze.py``'s integers (``y * 9 + x``). Card tokens: maze cards are ints 1..28;
``"cat"`` and ``"cucumber"`` are the two character cards that travel through the Maze Deck
(the Mouse and the Cheese are always in the grid); ``"agenda:<key>"`` are the secret
agenda cards. JSON and copies come from the engine base class (msgspec).
"""

from __future__ import annotations

from typing import Literal

import msgspec

Token = int | str
Phase = Literal["pick", "place", "confirm", "order", "dest", "cat", "cheese", "over"]
"""pick a belt card · choose where it goes · confirm the preview · who moves first · where a
mover stops · where the Cat arrives · the Cheese's ability · game over."""
Ending = Literal["no_place", "stuck", "cheese", "caught", "crossed", "endgame", "cucumber"]
"""How a game ended: no card could be placed, the Active Character could not move, the Mouse
ran onto the Cheese, the Cat and the Mouse met, they passed over each other, the solo Endgame,
the Cucumber's arrival in multiplayer."""


class Placement(msgspec.Struct, frozen=True):
    """Where the picked card goes: ``place`` in an empty space or ``stack`` on a card."""

    kind: Literal["place", "stack"]
    cell: int
    rot: int


class Turned(msgspec.Struct, frozen=True):
    cell: int
    quarter_turns: int
    """1 clockwise, 2 half a turn, 3 counter-clockwise."""


class Run(msgspec.Struct, frozen=True):
    character: str
    cells: tuple[int, ...]


class TurnRecord(msgspec.Struct):
    """What the latest turn did, for the picture and the status."""

    turn: int
    seat: int
    card: int | None = None
    cell: int | None = None
    stacked: bool = False
    special: bool = False
    turned: list[Turned] = msgspec.field(default_factory=list)
    runs: list[Run] = msgspec.field(default_factory=list)
    swap: tuple[int, int] | None = None
    """The Cat's ability: where the Cat and the Cheese were before swapping."""
    cat_arrived: int | None = None
    discarded: int | None = None


class Outcome(msgspec.Struct, frozen=True):
    ending: Ending
    won: bool | None
    """Solo: did the player win? None in multiplayer."""
    agenda: str | None = None
    """Solo Endgame: the bottom agenda. Multiplayer: the agenda whose conditions hold."""
    traced: bool = False
    """Were the Paths traced (the Endgame, any multiplayer ending)?"""
    mouse_cheese: bool = False
    cat_mouse: bool = False
    mouse_cheese_path: tuple[int, ...] = ()
    cat_mouse_path: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    winners: tuple[int, ...] = ()


class State(msgspec.Struct):
    players: int
    setup: int
    easier: bool
    rng: int
    maze: dict[int, tuple[tuple[int, ...], int]]
    """Cell -> (cards bottom-first, quarter turns clockwise of the top card)."""
    chars: dict[str, int]
    belt: list[Token]
    deck: list[Token]
    """Top card first. Solo: the bottom card is the final secret agenda."""
    balanced: bool = False
    """Multiplayer: the house balance is played (nobody ends the game in the first round, the
    setup's multiplayer deck). False in games dealt before it existed, so their logs replay."""
    aside: list[Token] = msgspec.field(default_factory=list)
    """Cards set aside face up: revealed agendas, the Mouse's Studio in easier mode."""
    hidden_aside: list[Token] = msgspec.field(default_factory=list)
    """Multiplayer: agenda cards nobody was dealt (face down)."""
    discard: list[Token] = msgspec.field(default_factory=list)
    """Multiplayer: belt cards discarded when the maze is jammed."""
    secret: list[str] = msgspec.field(default_factory=list)
    """Multiplayer: each seat's secret character (agenda key)."""
    revealed_seats: list[bool] = msgspec.field(default_factory=list)
    agendas_revealed: list[str] = msgspec.field(default_factory=list)
    abilities_used: list[str] = msgspec.field(default_factory=list)
    forced: str | None = None
    """Solo: the agenda revealed last End Turn, whose ability starts the next turn."""
    effects: list[str] = msgspec.field(default_factory=list)
    """Abilities in force for this turn: ``mouse`` (mouse holes), ``cucumber`` (special placement)."""
    turn: int = 0
    seat: int = 0
    phase: Phase = "pick"
    picked: int | None = None
    """Belt index (0-3) of the card being placed."""
    chosen: Placement | None = None
    """The placement shown in the preview, waiting for confirmation (nothing changed yet)."""
    placed: int | None = None
    moving: list[str] = msgspec.field(default_factory=list)
    """Characters that move through this turn's card (both: they move at the same time)."""
    movers: list[str] = msgspec.field(default_factory=list)
    """Those still to move, in order."""
    active_set: list[str] = msgspec.field(default_factory=list)
    """Solo: this turn's Active Character(s), one of whom must end somewhere new."""
    starts: dict[str, int] = msgspec.field(default_factory=dict)
    cat_options: list[int] = msgspec.field(default_factory=list)
    last: TurnRecord | None = None
    outcome: Outcome | None = None

    @property
    def solo(self) -> bool:
        return self.players == 1
