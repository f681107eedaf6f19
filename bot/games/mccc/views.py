"""What leaves the engine: the public view (everyone, every image) and the seat view (one
player's secrets on top). Frozen structs of tuples, built fresh from the state, shared by the
engine's texts, the computer player and the renderers. Cells are grid labels (``"C3"``), the
same labels the choices and the picture use."""

from __future__ import annotations

from typing import Literal

import msgspec

Cog = Literal["", "cw", "ccw"]


class Edge(msgspec.Struct, frozen=True):
    wall: bool
    hole: bool = False
    cog: Cog = ""


class CardView(msgspec.Struct, frozen=True):
    cell: str
    card: int
    rot: int
    """Quarter turns clockwise from the printed orientation."""
    name: str
    edges: tuple[Edge, ...]
    """North, east, south, west, as the card lies."""
    under: int | None = None
    """The card beneath, when this is a stack of two."""

    @property
    def stacked(self) -> bool:
        return self.under is not None


class BeltCard(msgspec.Struct, frozen=True):
    slot: int
    """1-4, from the start of the row."""
    card: int | None
    """None for the Cucumber."""
    name: str
    edges: tuple[Edge, ...] = ()
    """As printed (the Cucumber has none)."""


class Frame(msgspec.Struct, frozen=True):
    """The part of the grid where something can still go (the 5 x 5 limit)."""

    cols: str
    rows: tuple[int, ...]


class Characters(msgspec.Struct, frozen=True):
    mouse: str | None
    cheese: str | None
    cat: str | None

    def placed(self) -> tuple[tuple[str, str], ...]:
        """``(character, cell)`` of those in the grid."""
        return tuple((k, c) for k, c in (("mouse", self.mouse), ("cheese", self.cheese), ("cat", self.cat)) if c)


class Deck(msgspec.Struct, frozen=True):
    count: int
    cat_in_deck: bool
    cucumber_in_deck: bool
    agendas_in_deck: int


class Outlook(msgspec.Struct, frozen=True):
    """Chances (0-1) that the Cat / the Cucumber show up at the end of this turn, from public facts."""

    cat: float
    cucumber: float


class Agenda(msgspec.Struct, frozen=True):
    key: str
    title: str
    motive: str
    ability_text: str
    mouse_cheese: bool
    """The Mouse must (True) or must not (False) have a Path to the Cheese."""
    cat_mouse: bool


class TurnedView(msgspec.Struct, frozen=True):
    cell: str
    quarter_turns: int


class RunView(msgspec.Struct, frozen=True):
    character: str
    cells: tuple[str, ...]


class LastTurn(msgspec.Struct, frozen=True):
    turn: int
    seat: int
    card: int | None = None
    name: str = ""
    cell: str | None = None
    stacked: bool = False
    special: bool = False
    turned: tuple[TurnedView, ...] = ()
    runs: tuple[RunView, ...] = ()
    swap: tuple[str, str] | None = None
    cat_arrived: str | None = None
    discarded: str | None = None


class Position(msgspec.Struct, frozen=True):
    character: str
    cell: str


class Destination(msgspec.Struct, frozen=True):
    """A space the moving character may stop at, the way there, and whose card it runs onto
    (ending the game) if any."""

    cell: str
    route: tuple[str, ...]
    ends: str | None = None
    crossed: bool = False
    """Running onto the space the other mover just left: passing over each other."""


class PreviewMove(msgspec.Struct, frozen=True):
    """A character next to the previewed card: whether it can step onto it, and where it could
    stop if it moved first."""

    character: str
    can_move: bool
    destinations: tuple[Destination, ...] = ()


Verdict = Literal["plays", "loses", "ends"]
"""The placement keeps the game going (or may), always loses (solo), always ends it (multiplayer)."""


class Preview(msgspec.Struct, frozen=True):
    """A placement chosen but not confirmed: the maze as it would be after Place and Rotate,
    and the Move it causes. Nothing in the game has changed."""

    card: int
    name: str
    cell: str
    rot: int
    stacked: bool
    special: bool
    walls: str
    maze: tuple[CardView, ...]
    turned: tuple[TurnedView, ...]
    moves: tuple[PreviewMove, ...]
    verdict: Verdict


class Side(msgspec.Struct, frozen=True):
    seat: int
    agenda: Agenda


class Result(msgspec.Struct, frozen=True):
    ending: str
    won: bool | None
    agenda: Agenda | None
    traced: bool
    mouse_cheese: bool
    cat_mouse: bool
    mouse_cheese_path: tuple[str, ...]
    cat_mouse_path: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]


class PublicView(msgspec.Struct, frozen=True):
    players: int
    setup: int
    setup_name: str
    difficulty: str
    easier: bool
    turn: int
    seat: int
    phase: str
    awaiting: tuple[int, ...]
    active: tuple[str, ...]
    """Characters a card may be placed next to (the Active Character(s) in solo)."""
    frame: Frame
    maze: tuple[CardView, ...]
    characters: Characters
    belt: tuple[BeltCard, ...]
    picked: int | None
    """Belt slot (1-4) of the card being placed."""
    deck: Deck
    outlook: Outlook
    agendas: tuple[Agenda, ...]
    """The agendas revealed so far, in order."""
    forced: str | None
    """Solo: the agenda whose ability starts the next turn."""
    effects: tuple[str, ...]
    abilities_used: tuple[str, ...]
    abilities_ready: tuple[str, ...]
    """Solo easier mode: revealed abilities that may be used now."""
    placed: str | None
    moving: tuple[str, ...]
    movers: tuple[str, ...]
    active_set: tuple[str, ...]
    starts: tuple[Position, ...]
    cat_options: tuple[str, ...]
    destinations: tuple[Destination, ...]
    """Where the character to move may stop (while that is being decided)."""
    last: LastTurn | None
    preview: Preview | None
    discarded: int
    sides: tuple[Side, ...]
    """Multiplayer: secret sides shown so far (by using an ability, or at the end)."""
    result: Result | None
    first_round: bool = False
    """Balanced multiplayer: someone has not had a turn yet, so choices that end the game are held
    back while another way to play remains (``first_round.py``)."""

    @property
    def solo(self) -> bool:
        return self.players == 1


class SeatView(msgspec.Struct, frozen=True):
    public: PublicView
    seat: int
    secret: Agenda | None = None
    """Multiplayer: this seat's secret side."""
    ability_used: bool = False
    abilities: tuple[str, ...] = ()
    """Abilities this seat may use now."""
