"""The game state of Mouse Cheese Cat Cucumber and its JSON form.

Card tokens: maze cards are ints 1..28; ``"cat"`` and ``"cucumber"`` are the two
character cards that travel through the Maze Deck (the Mouse and the Cheese are
always in the grid); ``"agenda:<key>"`` are the secret agenda cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from bot.games.mccc import maze as mz

Token = int | str


@dataclass
class State:
    players: int
    setup: int
    easier: bool
    rng: int
    maze: dict[int, tuple[tuple[int, ...], int]]
    chars: dict[str, int]
    belt: list[Token]
    deck: list[Token]
    """Top card first. The bottom card is the final secret agenda (solo)."""
    aside: list[Token] = field(default_factory=list)
    """Cards set aside face up: revealed agendas, the Mouse's Studio in easier mode."""
    hidden_aside: list[Token] = field(default_factory=list)
    """Multiplayer: agenda cards nobody was dealt (face down)."""
    discard: list[Token] = field(default_factory=list)
    """Multiplayer: belt cards discarded when the maze is jammed."""
    secret: list[str] = field(default_factory=list)
    """Multiplayer: each seat's secret character (agenda key)."""
    revealed_seats: list[bool] = field(default_factory=list)
    agendas_revealed: list[str] = field(default_factory=list)
    abilities_used: list[str] = field(default_factory=list)
    pending: str | None = None
    """Solo: the agenda revealed last End Turn, whose ability starts the next turn."""
    effects: list[str] = field(default_factory=list)
    """Abilities in force for this turn: ``mouse`` (mouse holes), ``cucumber`` (special placement)."""
    turn: int = 0
    seat: int = 0
    phase: str = "pick"
    picked: int | None = None
    placed: int | None = None
    movers: list[str] = field(default_factory=list)
    active_set: list[str] = field(default_factory=list)
    starts: dict[str, int] = field(default_factory=dict)
    cat_options: list[int] = field(default_factory=list)
    last: dict[str, Any] = field(default_factory=dict)
    """What the latest turn did, for the picture and the status (labels only)."""
    result: dict[str, Any] | None = None

    def copy(self) -> State:
        return State(
            players=self.players,
            setup=self.setup,
            easier=self.easier,
            rng=self.rng,
            maze=dict(self.maze),
            chars=dict(self.chars),
            belt=list(self.belt),
            deck=list(self.deck),
            aside=list(self.aside),
            hidden_aside=list(self.hidden_aside),
            discard=list(self.discard),
            secret=list(self.secret),
            revealed_seats=list(self.revealed_seats),
            agendas_revealed=list(self.agendas_revealed),
            abilities_used=list(self.abilities_used),
            pending=self.pending,
            effects=list(self.effects),
            turn=self.turn,
            seat=self.seat,
            phase=self.phase,
            picked=self.picked,
            placed=self.placed,
            movers=list(self.movers),
            active_set=list(self.active_set),
            starts=dict(self.starts),
            cat_options=list(self.cat_options),
            last=_deep(self.last),
            result=_deep(self.result) if self.result is not None else None,
        )

    @property
    def solo(self) -> bool:
        return self.players == 1


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


def dump(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "maze":
            value = {mz.label(cell): [list(cards), rot] for cell, (cards, rot) in sorted(value.items())}
        elif f.name == "chars" or f.name == "starts":
            value = {name: mz.label(cell) for name, cell in value.items()}
        elif f.name in ("placed",):
            value = None if value is None else mz.label(value)
        elif f.name == "cat_options":
            value = [mz.label(cell) for cell in value]
        else:
            value = _deep(value)
        data[f.name] = value
    return data


def load(data: Mapping[str, Any]) -> State:
    values: dict[str, Any] = {}
    for f in fields(State):
        value = data[f.name]
        if f.name == "maze":
            value = {mz.parse_label(k): (tuple(v[0]), v[1]) for k, v in value.items()}
        elif f.name in ("chars", "starts"):
            value = {name: mz.parse_label(cell) for name, cell in value.items()}
        elif f.name == "placed":
            value = None if value is None else mz.parse_label(value)
        elif f.name == "cat_options":
            value = [mz.parse_label(cell) for cell in value]
        else:
            value = _deep(value)
        values[f.name] = value
    return State(**values)
