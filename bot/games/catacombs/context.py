"""What every rule function works on: the state being changed, the data, the RNG and the events."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.engine import Event, Rng
from bot.games.catacombs import geometry as geo
from bot.games.catacombs.data import GameData, TileKind
from bot.games.catacombs.i18n import data_text
from bot.games.catacombs.passages import Layout
from bot.games.catacombs.state import Seat, State, Task

LAST_EVENTS = 6


@dataclass
class Ctx:
    s: State
    d: GameData
    rng: Rng
    events: list[Event] = field(default_factory=list)
    drew: bool = False
    """A tile was drawn or something shown (the action cannot be taken back)."""
    drawn: dict[int, list[str]] = field(default_factory=dict)
    """Names of the tiles each seat drew into its hand during this action (one message each)."""

    # --- events ---------------------------------------------------------

    def say(self, text: str, seats: Iterable[int] | None = None) -> None:
        if seats is None:
            self.events.append(Event(text))
            self.s.last = (self.s.last + [text])[-LAST_EVENTS:]
        else:
            self.events.append(Event(text, tuple(seats)))
            self.drew = True

    def note_draw(self, seat: int, name: str) -> None:
        self.drawn.setdefault(seat, []).append(name)
        self.drew = True

    def flush_draws(self, template: str) -> None:
        for seat, names in sorted(self.drawn.items()):
            self.events.append(Event(template.format(name=", ".join(names)), (seat,)))
        self.drawn = {}

    # --- tasks ----------------------------------------------------------

    def push(
        self, kind: str, seat: int = -1, a: int = -1, b: int = -1, tiles: Iterable[int] = (), text: str = ""
    ) -> None:
        self.s.tasks.append(Task(kind, seat, a, b, list(tiles), text))

    def pop(self) -> Task:
        return self.s.tasks.pop()

    @property
    def top(self) -> Task | None:
        return self.s.tasks[-1] if self.s.tasks else None

    # --- data -----------------------------------------------------------

    def kind(self, tile: int) -> TileKind:
        return self.d.kinds[tile]

    def seat(self, seat: int) -> Seat:
        return self.s.seats[seat]

    @property
    def active(self) -> Seat:
        return self.s.seats[self.s.turn]

    def capacity(self, seat: int) -> int:
        character = self.s.seats[seat].character
        return self.d.characters[character].equipment if character else 4

    def relics_of(self, seat: int) -> list[int]:
        return [t for t in self.s.seats[seat].equipment if self.d.kinds[t].cls == "relic"]

    def ability(self, seat: int) -> str:
        character = self.s.seats[seat].character
        return self.d.characters[character].ability if character else ""

    def name(self, tile: int) -> str:
        return data_text(self.d.kinds[tile].name)

    # --- the board as passages ---------------------------------------------

    def layout(self) -> Layout:
        return layout_of(self.s, self.d)

    def draw_one(self) -> int | None:
        """A random tile from the draw bag, or None when it is empty."""
        if not self.s.bag:
            return None
        self.drew = True
        return self.s.bag.pop(self.rng.below(len(self.s.bag)))


def layout_of(s: State, d: GameData) -> Layout:
    opens: dict[int, str] = {d.board.exit_cell: d.board.exit_open}
    obstacles: dict[int, str] = {}
    for cell, tile in s.board.items():
        kind = d.kinds[tile.id]
        opens[cell] = geo.rotate(kind.openings, tile.rot)
        if kind.obstacle:
            obstacles[cell] = kind.obstacle
    relic_opens = {
        cell: geo.rotate(d.kinds[stack[-1].id].openings, stack[-1].rot) for cell, stack in s.relics.items() if stack
    }
    blocked = set(opens) | set(relic_opens) | {m.cell for m in s.monsters}
    return Layout(d.board.grid, d.board.exit_cell, opens, obstacles, relic_opens, blocked)
