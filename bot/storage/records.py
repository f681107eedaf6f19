"""The rows the store hands out: plain frozen records, no behaviour beyond reading them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OPEN_STATUSES = ("lobby", "active")
STATUSES = ("lobby", "active", "finished", "abandoned")


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    user_id: int | None
    name: str
    waiting_since: int | None = None
    """The state version at which this seat's current decision opened; None while nobody waits on it."""
    level: str | None = None
    """A computer seat's level (``easy``, ``normal``, ``strong``: ``bot.engine.levels``); None: the
    default for the kind of game. Always None for a person's seat."""
    language: str | None = None
    """The language the seat's person reads (``bot.i18n``), for what reaches them outside a click
    (direct messages); None: the table's. Always None for a computer's seat."""

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    game_type: str
    options: dict[str, Any]
    status: str
    seed: int
    state: dict[str, Any] | None
    version: int
    creator_id: int
    created_at: str
    updated_at: str
    finished_at: str | None
    seats: tuple[SeatRecord, ...] = field(default=())

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def human_ids(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


@dataclass(frozen=True)
class ActionRecord:
    game_id: int
    version: int
    seat: int
    user_id: int | None
    action: str
    events: list[str]
    created_at: str


@dataclass(frozen=True)
class PostRecord:
    """A message the table keeps on Discord (see migration 0003)."""

    id: int
    game_id: int
    kind: str
    channel_id: int
    message_id: int | None
    generation: int
    users: tuple[int, ...]
    card: str
    board: str
    shown_board: str
    log: tuple[str, ...]
    posted_at: str | None
    retired: bool


@dataclass(frozen=True)
class OutboxRow:
    id: int
    game_id: int
    post_id: int | None
    op: str
    user_id: int | None
    card: str
    board: str
    attempts: int


@dataclass(frozen=True)
class TableRecord:
    """Everything one request needs about a game, read at once: the game, its open posts, the
    digests of the secrets its players were last sent, and which of them refuse DMs."""

    game: GameRecord
    posts: tuple[PostRecord, ...]
    secrets_sent: dict[int, str]
    refusing_dms: frozenset[int]
    timing: GameTiming | None = None
    """The game's time settings (None: never set, the defaults)."""
    clocks: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Seat -> (the decision's ``waiting_since``, due at) of each running clock timer."""

    def post(self, kind: str) -> PostRecord | None:
        return next((p for p in self.posts if p.kind == kind), None)

    @property
    def prompts(self) -> list[PostRecord]:
        return [p for p in self.posts if p.kind == "prompt"]


@dataclass(frozen=True)
class ResultRecord:
    """A finished game's result as stored for statistics (the engine's ``GameResult`` fields)."""

    relation: str
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    team_won: bool | None = None
    team_score: float | None = None
    variant: str = ""
    ending: str = ""


@dataclass(frozen=True)
class StatLine:
    """One line of statistics: games of one type, relation and variant."""

    game_type: str
    relation: str
    variant: str
    played: int
    won: int
    best_score: float | None


# --- long games (migration 0004) ------------------------------------------------------------


@dataclass(frozen=True)
class GameTiming:
    """A game's table settings, chosen at ``/game new`` and in the lobby: its clocks, and its language."""

    remind_after: int = 12 * 3600
    """Seconds a decision waits before its player is reminded (0: never)."""
    turn_clock: int | None = None
    """Seconds per decision before the computer takes it (None: no turn clock)."""
    missed_limit: int | None = None
    """Time-outs in a row after which the computer takes the seat (None: never)."""
    stand_in_level: str | None = None
    """The level of a computer that takes over a seat (its player ran out of time too often, or
    left); None: the default for the kind of game."""
    language: str | None = None
    """The table's language (``bot.i18n``), chosen in the lobby: its lobby, board, prompts and
    results are written in it. None: English, as for every game stored before languages."""

    @property
    def answer_within(self) -> int:
        """Seconds a decision taken during another player's turn (a slide's tile, an answer to a
        trade offer) may wait before its default is played: the turn clock when there is one, else
        twice the reminder delay (a reminder, then as long again), 24 hours with reminders off."""
        if self.turn_clock:
            return self.turn_clock
        return 2 * self.remind_after if self.remind_after else 24 * 3600


@dataclass(frozen=True)
class TimerRecord:
    """A due reminder or turn clock, as claimed by a worker."""

    id: int
    game_id: int
    seat: int
    since: int
    kind: str
    """``remind`` or ``clock``."""
    stage: int
    due_at: str
    claimed_until: str | None


@dataclass(frozen=True)
class SeatTiming:
    seat: int
    since: int | None
    wait_started: str | None
    missed: int
    away_user: int | None
    away_name: str | None


@dataclass(frozen=True)
class UserSettings:
    user_id: int
    time_zone: str = "UTC"
    quiet_start: int | None = None
    """Quiet hours, in minutes after local midnight (None: no quiet hours)."""
    quiet_end: int | None = None
    language: str | None = None
    """The language the player chose with ``/game settings``; None: their Discord client's."""


@dataclass(frozen=True)
class MyGame:
    """One game of ``/game mine``: where it is, whom it waits on and since when."""

    game_id: int
    guild_id: int | None
    channel_id: int
    game_type: str
    status: str
    version: int
    state: str | None
    """The state as stored (JSON text): decoded by whoever shows it, off the writing thread."""
    seats: tuple[SeatRecord, ...]
    waiting: tuple[tuple[int, str | None], ...]
    """(seat, wait started) of the seats the game waits on."""
    away_seats: tuple[int, ...] = ()
    """Seats of the user that a computer plays for now."""
    updated_at: str = ""


@dataclass(frozen=True)
class LoggedAction:
    """An action-log row as replays and undo read it."""

    version: int
    seat: int
    user_id: int | None
    action: str
    undoable: bool
    undone: bool
    created_at: str
