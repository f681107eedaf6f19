"""Applying moves in memory: a person's action, then every computer move it lets happen.

Nothing is written here; the table commits the whole run in one transaction
(each move its own action-log row, versions contiguous).

A computer decision that searches (a ``strong`` seat with a choice to make, up to its time budget)
is always the first move of a commit of its own: a person's click commits their move and the quick
computer moves after it at once, and each search that follows is committed as it is made, in the
background (``bot.table.computers``), so the click is answered at once and the board shows every
computer's move as it comes. Computer runs are pure functions of the state and the game's seed
(``play_computers``), so they run in a worker thread or process and produce the same moves however
they are split into commits.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, GameEngine, LoadedGame, Rng, RuleError, Transition
from bot.engine.levels import Level
from bot.i18n import DEFAULT_LANGUAGE, current_language, using
from bot.table import viewed
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
    language: str = DEFAULT_LANGUAGE
    """The language its events are written in: the clicker's, or the table's for a computer's move."""


@dataclass
class Run:
    """A run of moves from one state: the steps and where they lead."""

    before: Any
    after: Any
    start_version: int
    steps: list[Step] = field(default_factory=list)
    more: bool = False
    """The run stopped before a computer's search: the search comes in a commit of its own."""
    origin: Any = None
    """The state the first step was applied to, where ``before`` is None: a game that begins showed
    nothing before, but the computers' first moves are applied to the new game (and applied again
    from it to word them in another reader's language)."""
    _worded: dict[str, list[tuple[Event, ...]]] = field(default_factory=dict, repr=False, compare=False)

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

    def news_for(self, seat: int, events: Sequence[Event] | None = None) -> list[Event]:
        """The private events ``seat`` was shown during the run (of ``events``, the run's in
        another language)."""
        shown = self.events if events is None else events
        return [event for event in shown if event.seats is not None and seat in event.seats]

    def step_events(self, engine: GameEngine[Any, Any, Any], language: str) -> list[tuple[Event, ...]]:
        """Each step's events written in ``language``. A step written in another is applied again
        from the same state: the engine is deterministic, so only the words differ."""
        if all(step.language == language for step in self.steps):
            return [step.events for step in self.steps]
        if language not in self._worded:
            self._worded[language] = self._reworded(engine, language)
        return self._worded[language]

    def events_in(self, engine: GameEngine[Any, Any, Any], language: str) -> list[Event]:
        return [event for events in self.step_events(engine, language) for event in events]

    def _reworded(self, engine: GameEngine[Any, Any, Any], language: str) -> list[tuple[Event, ...]]:
        if not all(step.logged for step in self.steps):  # an undo is no engine action: kept as it is
            return [step.events for step in self.steps]
        state, worded = self.before if self.before is not None else self.origin, []
        with using(language):
            for step in self.steps:
                transition = engine.apply(state, step.seat, step.action)
                worded.append(step.events if step.language == language else tuple(transition.events))
                state = transition.state
        return worded

    def add(self, seat: int, user_id: int | None, action: str, transition: Transition[Any]) -> None:
        step = Step(
            seat,
            user_id,
            action,
            tuple(transition.events),
            self.version + 1,
            transition.reveals,
            language=current_language(),
        )
        self.steps.append(step)
        self.after = transition.state

    @property
    def undoable(self) -> bool:
        """One person's move that revealed nothing, and nothing moved or is about to move after it (a
        computer's search): it may be taken back."""
        return (
            len(self.steps) == 1 and self.steps[0].user_id is not None and not self.steps[0].reveals and not self.more
        )


@dataclass(frozen=True)
class ComputerJob:
    """What the computer seats of one game are asked to play: everything a worker needs, nothing of
    the table (so it can travel to a worker process)."""

    game_id: int
    state: Any
    seed: int
    version: int
    levels: Mapping[int, Level]
    """Each computer seat's level."""
    search_first: bool = False
    """The run may open with a search (a follow-up's run); otherwise it stops before any search."""
    language: str = DEFAULT_LANGUAGE
    """The table's language: the computers' moves are written in it."""


@dataclass(frozen=True)
class Played:
    """The moves computer seats made: (seat, action, events, reveals) each, and the state after."""

    moves: tuple[tuple[int, str, tuple[Event, ...], bool], ...]
    state: Any
    more: bool
    language: str = DEFAULT_LANGUAGE


def play_computers(game: LoadedGame, job: ComputerJob) -> Played:
    """Let computer seats take every decision that is theirs, one after the other, up to a search
    (see the module's docstring). Each decision's randomness is salted by the game's seed, the
    version and the seat, so the moves do not depend on where the run was split."""
    with using(job.language):
        return _play_computers(game, job)


def _play_computers(game: LoadedGame, job: ComputerJob) -> Played:
    engine = game.engine
    state, version, search_first = job.state, job.version, job.search_first
    moves: list[tuple[int, str, tuple[Event, ...], bool]] = []
    for _ in range(COMPUTER_ACTION_LIMIT):
        if engine.is_terminal(state):
            break
        to_act = [s for s in engine.current_seats(state) if s in job.levels]
        if not to_act:
            break
        seat = to_act[0]
        computer = game.computer(job.levels[seat])
        choices = engine.legal_actions(state, seat)
        if computer.searches(choices):
            if moves or not search_first:
                return Played(tuple(moves), state, True, job.language)
            search_first = False
        rng = Rng.from_seed(job.seed, "computer", version, seat)
        action = computer.choose_in_state(engine, state, seat, choices, rng)
        try:
            transition = engine.apply(state, seat, action)
        except RuleError:
            log.error("A computer player chose an illegal move in game %s; it takes its first choice", job.game_id)
            action = choices[0].action
            transition = engine.apply(state, seat, action)
        version += 1
        moves.append((seat, action, tuple(transition.events), transition.reveals))
        state = transition.state
    return Played(tuple(moves), state, False, job.language)


def computer_job(table: Table, run: Run, *, search_first: bool = False) -> ComputerJob:
    """The computer seats' part of a run, as a worker plays it (none while the game waits for
    someone whose seat a computer keeps: ``Table.paused``)."""
    record = table.record
    levels = {seat.seat: level for seat in record.seats if (level := table.level_of(seat.seat)) is not None}
    if table.paused:
        levels = {}
    return ComputerJob(record.id, run.after, record.seed, run.version, levels, search_first, table.language)


def add_played(run: Run, played: Played) -> Run:
    """The run with the computers' moves after it."""
    for seat, action, events, reveals in played.moves:
        run.steps.append(Step(seat, None, action, events, run.version + 1, reveals, language=played.language))
    run.after = played.state
    run.more = played.more
    return run


def computers_move(table: Table, run: Run, *, search_first: bool = False) -> Run:
    """Computer moves played here and now (in this thread): for tests and tools. The table plays
    them in a worker (``TableCore._computers_move``)."""
    return add_played(run, play_computers(table.game, computer_job(table, run, search_first=search_first)))


def decision(table: Table, state: Any, seat: int) -> tuple[Sequence[tuple[str, str]], Sequence[str]]:
    """What a seat's decision looks like: its choices (action, label) and its forms' and
    several-at-once menus' keys. While this stays the same, buttons built for it stay good."""
    engine = table.engine
    with using(DEFAULT_LANGUAGE):  # the same decision whoever's language asks
        listed = [*viewed.legal_actions(engine, state, seat), *viewed.offered(engine, state, seat)]
        choices = tuple((c.action, c.label) for c in listed)
    keys = [f.key for f in engine.forms(state, seat)] + [f"multi:{m.verb}" for m in engine.multi_choices(state, seat)]
    return choices, tuple(keys)
