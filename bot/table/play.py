"""Applying moves in memory: a person's action, then every computer move it lets happen.

Nothing is written here; the table commits the whole run in one transaction
(each move its own action-log row, versions contiguous).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, Rng, RuleError, Transition
from bot.table.context import Table

log = logging.getLogger(__name__)

COMPUTER_ACTION_LIMIT = 5_000
"""Computer seats never loop forever, even if a buggy engine keeps handing them the turn."""


@dataclass(frozen=True)
class Step:
    """One applied move: who, what, what it showed, and the version it produced."""

    seat: int
    user_id: int | None
    action: str
    events: tuple[Event, ...]
    version: int
    reveals: bool = True
    """What the engine's ``Transition.reveals`` said: False only for a move that showed nothing new."""
    logged: bool = True
    """False for a step that is no engine action (an undo): it changes the state but has no log row."""


@dataclass
class Run:
    """A run of moves from one state: the steps and where they lead."""

    before: Any
    after: Any
    start_version: int
    steps: list[Step] = field(default_factory=list)

    @property
    def version(self) -> int:
        return self.steps[-1].version if self.steps else self.start_version

    @property
    def events(self) -> list[Event]:
        return [event for step in self.steps for event in step.events]

    @property
    def actors(self) -> set[int]:
        return {step.seat for step in self.steps}

    @property
    def people(self) -> set[int]:
        """The people whose request this run is: its answer shows them what they learned."""
        return {step.user_id for step in self.steps if step.user_id is not None}

    def news_for(self, seat: int) -> list[Event]:
        """The private events ``seat`` was shown during the run."""
        return [event for event in self.events if event.seats is not None and seat in event.seats]

    def add(self, seat: int, user_id: int | None, action: str, transition: Transition[Any]) -> None:
        step = Step(seat, user_id, action, tuple(transition.events), self.version + 1, transition.reveals)
        self.steps.append(step)
        self.after = transition.state

    @property
    def undoable(self) -> bool:
        """One person's move that revealed nothing, and nothing moved after it: it may be taken back."""
        return len(self.steps) == 1 and self.steps[0].user_id is not None and not self.steps[0].reveals


def computers_move(table: Table, run: Run) -> Run:
    """Let computer seats take every decision that is theirs, one after the other."""
    engine, computer = table.engine, table.game.computer
    record = table.record
    computer_seats = {s.seat for s in record.seats if s.is_computer}
    if table.paused:
        return run
    for _ in range(COMPUTER_ACTION_LIMIT):
        state = run.after
        if engine.is_terminal(state):
            break
        to_act = [s for s in engine.current_seats(state) if s in computer_seats]
        if not to_act:
            break
        seat = to_act[0]
        rng = Rng.from_seed(record.seed, "computer", run.version, seat)
        choices = engine.legal_actions(state, seat)
        action = computer.choose_in_state(engine, state, seat, choices, rng)
        try:
            transition = engine.apply(state, seat, action)
        except RuleError:
            log.error("A computer player chose an illegal move in game %s; it takes its first choice", record.id)
            action = choices[0].action
            transition = engine.apply(state, seat, action)
        run.add(seat, None, action, transition)
    return run


def decision(table: Table, state: Any, seat: int) -> tuple[Sequence[tuple[str, str]], Sequence[str]]:
    """What a seat's decision looks like: its choices (action, label) and its forms' keys.
    While this stays the same, buttons built for it stay good."""
    engine = table.engine
    choices = tuple((c.action, c.label) for c in engine.legal_actions(state, seat))
    return choices, tuple(f.key for f in engine.forms(state, seat))
