"""The game state (a ``msgspec.Struct``): where everything is. No rules here.

Ids: tiles 0-103, equipment cards 0-27, event cards 0-17, geocoins 0-11 (the order of the data
files). Squares are board labels (``D9``). Secrets in the state: the order of the stock and the
decks, face-down tiles on the board, saved event cards, each player's peeks and a trade offer's
contents; ``views.py`` strips them.
"""

from __future__ import annotations

import msgspec


class Gear(msgspec.Struct):
    """An equipment card in front of a player; ``side`` (0 or 1) faces the board, -1 while choosing."""

    card: int
    side: int = -1


class Player(msgspec.Struct):
    character: str
    square: str
    came_from: str = ""
    """The square the last move came from (a Pond sends the player back there)."""
    gear: list[Gear] = msgspec.field(default_factory=list)
    gps: bool = True
    """The GPS/PEN token face up (False: lost GPS or pen, no caches can be taken)."""
    caches: list[int] = msgspec.field(default_factory=list)
    coins: list[int] = msgspec.field(default_factory=list)
    events: list[int] = msgspec.field(default_factory=list)
    """Saved event cards, face down (secret)."""
    skip: int = 0
    """Turns to lose."""
    ivy: int = 0
    """Turns of Poison Ivy still to come."""
    itchy: bool = False
    """Poison Ivy itches this turn (set at step 3 of the turn's order, cleared at its end)."""
    peeked: list[int] = msgspec.field(default_factory=list)
    """Tile ids this player has peeked at (secret; forgotten when the tile moves)."""
    used_square: str = ""
    """The square whose action was used on this visit (a building acts once per visit)."""
    flipped: list[int] = msgspec.field(default_factory=list)
    """Cards flipped in the Swag Store on this visit."""


class Prompt(msgspec.Struct):
    """A decision the game waits for; ``State.prompts`` is a stack (the last one is asked first)."""

    kind: str
    seat: int
    card: int = -1
    count: int = 0
    partner: int = -1
    give: str = ""
    want: str = ""
    squares: list[str] = msgspec.field(default_factory=list)
    answer: str = ""
    """A simultaneous decision's answer, kept until everyone asked has answered (the bear's question)."""


class Turn(msgspec.Struct):
    """What the player on turn has done so far this turn."""

    seat: int = 0
    moved: bool = False
    landed: str = ""
    """The square the move ended on (empty until the player moves or stays)."""
    landed_tile: int = -1
    """The face-down tile found on arrival: only this one is turned (a replacement laid this turn is not)."""
    acted: bool = False
    """Interacted with a square: no more movement."""
    ability_used: bool = False
    flips: list[int] = msgspec.field(default_factory=list)
    """Cards the Swag Hunter flipped this turn (each at most once a turn)."""
    ivy_done: bool = False
    offers: int = 0
    offered_to: list[int] = msgspec.field(default_factory=list)
    played: list[int] = msgspec.field(default_factory=list)


class State(msgspec.Struct):
    players: int
    rng: int
    victory: str
    round_limit: int
    seats: list[Player]
    board: dict[str, int]
    """Woods square -> the tile lying there (squares without a tile are left out)."""
    faceup: list[int]
    """Tiles lying face up on the board."""
    stock: list[int]
    """Face-down tiles not on the board; the last one is drawn first."""
    discard: list[int] = msgspec.field(default_factory=list)
    trail_since: dict[int, int] = msgspec.field(default_factory=dict)
    """Revealed trail tile -> the round it was revealed (it acts as trail from the next round)."""
    known: list[int] = msgspec.field(default_factory=list)
    """Face-down tiles everyone knows (the Cave turned face down again by the Snack)."""
    equipment_deck: list[int] = msgspec.field(default_factory=list)
    equipment_discard: list[int] = msgspec.field(default_factory=list)
    event_deck: list[int] = msgspec.field(default_factory=list)
    event_discard: list[int] = msgspec.field(default_factory=list)
    coin_stack: list[int] = msgspec.field(default_factory=list)
    coins_flipped: list[int] = msgspec.field(default_factory=list)
    coins_claimed: list[int] = msgspec.field(default_factory=list)
    """Tiles whose geocoin has been taken out of the cache."""
    ammo: list[list[int]] = msgspec.field(default_factory=list)
    """[tile, event card] pairs: a Golden Ammo Can lying under a cache."""
    bear_awake: bool = False
    round: int = 1
    turn: Turn = msgspec.field(default_factory=Turn)
    prompts: list[Prompt] = msgspec.field(default_factory=list)
    last_move: list[str] = msgspec.field(default_factory=list)
    over: bool = False
    winners: list[int] = msgspec.field(default_factory=list)
    end_reason: str = ""
