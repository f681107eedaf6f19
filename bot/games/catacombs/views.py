"""What players see: the public view (everyone, every image) and a seat's view (plus its hand).

Hands are private ("Each player draws 5 Tiles"); Relics in Equipment are "face down", so others
see how many a character carries, not which. Everything else is on the table.
"""

from __future__ import annotations

import msgspec


class TileView(msgspec.Struct, frozen=True):
    cell: int
    key: str
    name: str
    openings: str
    obstacle: str
    slide: bool
    rival: bool
    new: bool


class RelicStackView(msgspec.Struct, frozen=True):
    cell: int
    names: tuple[str, ...]
    """Bottom first; the last is on top."""
    openings: str
    """The passage ends of the top relic."""


class MonsterView(msgspec.Struct, frozen=True):
    key: str
    name: str
    letter: str
    cell: int
    movement: int


class SeatPublic(msgspec.Struct, frozen=True):
    seat: int
    character: str
    character_name: str
    health: int
    health_cap: int
    bullets: int
    bullet_cap: int
    items: tuple[str, ...]
    """Item keys in the Equipment (face up)."""
    relics: int
    capacity: int
    hand: int
    cell: int
    side: str
    start: str
    """Before the first move: the end its first tile must be placed on."""
    skip: int
    perished: int
    pickup: int


class BoardView(msgspec.Struct, frozen=True):
    arrows: str
    archways: tuple[tuple[int, int], ...]
    exit_cell: int
    exit_open: str
    yaoguai: tuple[int, ...]
    relic_spaces: tuple[int, ...]


class PublicView(msgspec.Struct, frozen=True):
    players: int
    mode: str
    relics_to_win: int
    relic_count: int
    round: int
    round_limit: int
    turn: int
    acting: tuple[int, ...]
    step: str
    """The decision awaited (its kind), "" when the game is over."""
    step_cell: int
    """The space the decision is about (an obstacle, a relic, a monster), or -1."""
    tiles: tuple[TileView, ...]
    relics: tuple[RelicStackView, ...]
    monsters: tuple[MonsterView, ...]
    seats: tuple[SeatPublic, ...]
    exit_relics: int
    bag: int
    discards: int
    drawn: tuple[str, ...]
    """Tiles drawn face up for a slide, a Torch or a Path Marker, not yet placed."""
    chain: tuple[int, ...]
    """Spaces of the tiles played so far in this play."""
    over: str
    winners: tuple[int, ...]
    last: tuple[str, ...]
    board: BoardView


class HandTile(msgspec.Struct, frozen=True):
    id: int
    key: str
    name: str
    cls: str


class SeatView(msgspec.Struct, frozen=True):
    public: PublicView
    seat: int
    hand: tuple[HandTile, ...]
    relics: tuple[str, ...]
    """Names of the Relics this character carries."""
    offer: tuple[HandTile, ...]
    """Draw 3, keep 1: the tiles to choose from (only while choosing)."""
    decision: str
    """The kind of decision this seat must take now, or ""."""
    subject: str
    """What the decision is about: the tile being placed, the obstacle, the monster..."""
    tile: int
    """The tile being placed (a tile id), or -1."""


class PlacesView(msgspec.Struct, frozen=True):
    """The picture of the places a player chooses among now (shown only to them): the board as
    everyone sees it, and each place's grid label as the menu names it, in the menu's order."""

    board: PublicView
    places: tuple[str, ...]
