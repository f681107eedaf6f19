"""The game state of Catacombs of Mu (a ``msgspec.Struct``; no rules here).

Tiles are ints 0..110 (their kinds in ``data.GameData.kinds``). Every tile is always in exactly
one place: the draw bag, a hand, a character's equipment, the board (passage tiles, relic
stacks, monsters), the discards of this turn, the relics left at the Exit, the tiles drawn and
not yet placed (slides, Torch, Path Marker, "keep 1"), or set aside out of the game.

The turn runs as a stack of ``Task``s (the top is the last): a task either runs by itself or
waits for one seat's decision. Handlers pop their task and push what comes next, so a slide's
choice by the player on the left, a perished character's new card or a monster's return space
are decisions like any other.
"""

from __future__ import annotations

import msgspec


class Tile(msgspec.Struct):
    """A passage tile on the board."""

    id: int
    rot: int
    slid: bool = False
    """Placed in the slide being made this turn: crossed without damage while sliding."""
    new: bool = False
    """Placed this turn (drawn highlighted)."""


class Relic(msgspec.Struct):
    id: int
    rot: int


class Monster(msgspec.Struct):
    id: int
    cell: int


class Seat(msgspec.Struct):
    character: str = ""
    health: int = 0
    bullets: int = 0
    hand: list[int] = msgspec.field(default_factory=list)
    equipment: list[int] = msgspec.field(default_factory=list)
    cell: int = -1
    side: str = "C"
    """Where on the tile: ``C`` anywhere, or the end (N/E/S/W) of an obstacle tile the pawn is on."""
    start: str = ""
    """Before the first move: the end the first tile must be placed on ("" once moved)."""
    skip: int = 0
    """Turns to lose (Traps, the Adventurer's crossings)."""
    perished: int = 0
    pickup: list[int] = msgspec.field(default_factory=list)
    """Relics of a character who perished on this character's tile, picked up next turn."""
    characters_used: list[str] = msgspec.field(default_factory=list)
    standing: dict[str, str] = msgspec.field(default_factory=dict)
    """The player's standing answers to questions asked during any turn (``reactions.KINDS`` ->
    yes / ask / no; missing means yes), set at any time by a private action."""


class Task(msgspec.Struct):
    kind: str
    seat: int = -1
    a: int = -1
    b: int = -1
    tiles: list[int] = msgspec.field(default_factory=list)
    text: str = ""


class Play(msgspec.Struct):
    """The Passage Tiles being played this action."""

    source: str = "hand"
    """hand, marker (Path Marker), extra (the extra turn's one tile)."""
    picked: int = -1
    chain: list[int] = msgspec.field(default_factory=list)
    """Spaces of the tiles on the player's own passage, in the order played."""
    entries: list[str] = msgspec.field(default_factory=list)
    """For each tile of ``chain``: its end that joins the passage before it."""
    moved: int = 0
    """How many tiles of ``chain`` the pawn has already moved along."""
    placed: int = 0
    limit: int = 0
    """Most own tiles this play (0: no limit)."""
    base: list[int] = msgspec.field(default_factory=list)
    """Seats whose pawns were already on the player's passage when the play began."""
    link: list[int] = msgspec.field(default_factory=list)
    """Seats whose passage the last tile linked to."""
    slides: int = 0
    """Slide tiles played in a row that still wait for their draws."""
    slide_cells: list[int] = msgspec.field(default_factory=list)
    drawn: list[int] = msgspec.field(default_factory=list)
    """Passage tiles drawn for a slide, a Torch or a Path Marker, not yet placed (public)."""
    to_place: int = 0
    after_slide: int = 0
    """Tiles placed since the slide tiles (the first may not be a Dead End nor face a wall)."""
    torch_ends: list[int] = msgspec.field(default_factory=list)
    """Torch: ``cell * 4 + direction`` of the passage ends still to get a tile."""
    torch_cells: list[int] = msgspec.field(default_factory=list)
    mate_done: bool = False
    rival_done: bool = False


class Move(msgspec.Struct):
    movers: list[int]
    route: list[list[int]]
    """Nodes ``[cell, part]`` (part: 4 = anywhere on the tile, 0-3 = that end of an obstacle tile)."""
    pos: int = 0
    purpose: str = "play"
    """play, link, relic, exit."""
    target: int = -1
    """link: the other seat; relic: the relic stack's space."""
    start: list[int] = msgspec.field(default_factory=list)
    """link: the active pawn's node before moving (the other pawn goes there)."""
    paid: list[int] = msgspec.field(default_factory=list)
    """Movers who already paid for the obstacle at ``pos``."""
    stopped: bool = False


class TurnFlags(msgspec.Struct):
    encounter: bool = False
    """An Encounter was drawn this turn (no Torch to light the way)."""
    encounters: list[int] = msgspec.field(default_factory=list)
    extra: bool = False
    """An extra turn is earned (acquiring relics) and not yet taken."""
    in_action: bool = False
    """Phase 2 is under way (a perishing active player loses the rest of it)."""
    vacate_after: bool = False
    """A character perished during a move: discard vacated tiles once it ends."""
    vacated: int = 0
    aside: list[int] = msgspec.field(default_factory=list)
    """Encounters set aside while refilling a hand, returned to the bag in Phase 6."""


class State(msgspec.Struct):
    players: int
    rng: int
    mode: str
    """competitive, cooperative or solo."""
    relics_to_win: int
    relic_count: int
    round_limit: int
    """The house lamps limit (option ``rounds``); 0: none, the game is played to its end."""
    board: dict[int, Tile]
    relics: dict[int, list[Relic]]
    """Space -> relic stack, bottom first."""
    monsters: list[Monster]
    bag: list[int]
    seats: list[Seat]
    tasks: list[Task]
    discards: list[int] = msgspec.field(default_factory=list)
    aside: list[int] = msgspec.field(default_factory=list)
    exit_relics: list[int] = msgspec.field(default_factory=list)
    turn: int = 0
    round: int = 1
    turns: int = 0
    flags: TurnFlags = msgspec.field(default_factory=TurnFlags)
    play: Play | None = None
    move: Move | None = None
    over: str = ""
    """Why the game ended: escaped, perished, delivered, expedition, limit ("" while it runs)."""
    winners: list[int] = msgspec.field(default_factory=list)
    last: list[str] = msgspec.field(default_factory=list)
    """The latest public events, for the status line."""

    @property
    def team(self) -> bool:
        return self.mode != "competitive"
