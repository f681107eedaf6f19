"""The contract between a game's rules and the table that runs it.

A game engine is a stateless object holding the game's validated data. All
game state lives in a state object the engine defines; the engine's methods
are pure functions of that state (``apply`` returns a new state and never
mutates its argument). Randomness comes only from the RNG whose state is part
of the game state, so replaying the action log from the seed reproduces the
game exactly (the shape of OpenSpiel's ``pyspiel.State``, with chance resolved
inside ``apply`` from the state's own RNG).

Hidden information follows boardgame.io's ``playerView``: ``view(state, seat)``
strips everything ``seat`` may not see *before* anything leaves the engine, and
everything public (messages, images) is built from ``view(state, None)`` only.

Text conventions for everything an engine returns to be shown to people
(choice labels, events, summaries):

* ``{p0}`` .. ``{p9}`` stand for the display name of that seat; the table
  substitutes them, so engines never see Discord names or ids.
* Markdown as Discord renders it (``**bold**``, ``*italic*``); keep lines short,
  most players read on a phone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Mapping, Sequence, TypeVar

State = TypeVar("State")


class RuleError(Exception):
    """A move the rules do not allow. The message is shown to the player as-is."""


@dataclass(frozen=True)
class Choice:
    """One legal action for one seat, as the table offers it.

    ``action`` is the canonical action string: what ``apply`` accepts and what
    the action log stores. It must be at most 80 characters, so that a button's
    custom id can carry it together with the game id and state version.
    """

    action: str
    label: str
    group: str = ""
    """Choices with the same group are offered together (one button row or one select menu)."""
    description: str = ""
    """Longer help for a select option (at most 100 characters)."""
    style: str = "secondary"
    """Button colour hint: ``primary``, ``secondary``, ``success`` or ``danger``."""
    public: bool = False
    """True when the label reveals nothing secret, so the button may sit on the public turn message."""
    emoji: str = ""


@dataclass(frozen=True)
class FormField:
    key: str
    label: str
    default: str = ""
    placeholder: str = ""
    max_length: int = 40
    required: bool = True


@dataclass(frozen=True)
class Form:
    """A parametric action entered as text fields (a Discord modal: at most 5 fields).

    The table shows a button labelled ``button_label``; submitting the form
    calls ``engine.form_action(state, seat, key, values)`` to build the action
    string, which is then applied like any other.
    """

    key: str
    title: str
    button_label: str
    fields: tuple[FormField, ...]
    group: str = ""


@dataclass(frozen=True)
class Event:
    """Something that happened, for the public (``seats is None``) or only for the listed seats."""

    text: str
    seats: tuple[int, ...] | None = None

    @property
    def public(self) -> bool:
        return self.seats is None


@dataclass
class Transition(Generic[State]):
    state: State
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True)
class GameResult:
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    """Seats that won (several on a shared victory); empty when nobody won, as in a lost solo game."""
    text: str
    """Markdown summary of the final scoring (with ``{pN}`` placeholders)."""


@dataclass(frozen=True)
class OptionSpec:
    """A variant or setting chosen when the game is created.

    ``choices`` are ``(value, label)`` pairs; an empty tuple means a free
    integer between ``minimum`` and ``maximum``.
    """

    key: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    description: str = ""


class GameEngine(ABC, Generic[State]):
    """One game's rules. Subclasses set the class attributes and implement the abstract methods."""

    name: ClassVar[str]
    """Registry key and slash-command value, e.g. ``"mutiny"``."""
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    summary: ClassVar[str]
    """A few lines of Markdown: what the game is and how a turn goes."""
    rules_url: ClassVar[str] = ""
    """Where the full rules are (the project's docs page)."""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    long_game: ClassVar[bool] = False
    """Long games get their own thread by default."""

    # --- set-up ---------------------------------------------------------

    def normalise_options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """Fill defaults and validate; raise RuleError naming the bad option."""
        known = {spec.key: spec for spec in self.options}
        for key in raw:
            if key not in known:
                raise RuleError(f"Unknown option `{key}` for {self.title}.")
        result: dict[str, Any] = {}
        for spec in self.options:
            value = raw.get(spec.key, spec.default)
            if spec.choices:
                allowed = [v for v, _ in spec.choices]
                if value not in allowed:
                    names = ", ".join(f"`{v}`" for v in allowed)
                    raise RuleError(f"Option **{spec.label}** must be one of {names}.")
            elif isinstance(spec.default, bool):
                if not isinstance(value, bool):
                    raise RuleError(f"Option **{spec.label}** must be true or false.")
            elif isinstance(spec.default, int):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise RuleError(f"Option **{spec.label}** must be a whole number.")
                if spec.minimum is not None and value < spec.minimum:
                    raise RuleError(f"Option **{spec.label}** must be at least {spec.minimum}.")
                if spec.maximum is not None and value > spec.maximum:
                    raise RuleError(f"Option **{spec.label}** must be at most {spec.maximum}.")
            result[spec.key] = value
        if not self.min_players <= players <= self.max_players:
            raise RuleError(self.player_count_text(players))
        return result

    def player_count_text(self, players: int) -> str:
        if self.min_players == self.max_players:
            wanted = f"exactly {self.min_players}"
        else:
            wanted = f"{self.min_players} to {self.max_players}"
        return f"{self.title} needs {wanted} players (this table has {players})."

    @abstractmethod
    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        """The initial state. ``options`` has been through ``normalise_options``."""

    # --- play -----------------------------------------------------------

    @abstractmethod
    def current_seats(self, state: State) -> list[int]:
        """Seats that must act now (several when a decision is simultaneous); empty when over."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        """Everything ``seat`` may do now; empty when it is not that seat's decision."""

    def forms(self, state: State, seat: int) -> list[Form]:
        """Parametric actions ``seat`` may enter now (see ``Form``)."""
        return []

    def form_action(self, state: State, seat: int, key: str, values: Mapping[str, str]) -> str:
        """Turn a submitted form into an action string, or raise RuleError saying what is wrong."""
        raise RuleError("That form is not available now.")

    @abstractmethod
    def apply(self, state: State, seat: int, action: str) -> Transition[State]:
        """Apply ``action`` for ``seat``; raise RuleError (and change nothing) if it is not legal.

        Must not mutate ``state``. Chance (dice, shuffles, draws) is resolved
        here from the state's RNG.
        """

    @abstractmethod
    def is_terminal(self, state: State) -> bool: ...

    @abstractmethod
    def results(self, state: State) -> GameResult:
        """Final scores and winners; only called on a terminal state."""

    # --- information ----------------------------------------------------

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: the public). JSON-compatible, secrets stripped."""

    @abstractmethod
    def status_text(self, public_view: Mapping[str, Any]) -> str:
        """Markdown for the public turn message: round/phase and what is awaited, from the public view."""

    @abstractmethod
    def private_text(self, seat_view: Mapping[str, Any]) -> str:
        """Markdown of the seat's secrets only (hand, dice under the cup, ...); empty if none.

        Sent by DM whenever it changes, so it must not include public or
        turn-by-turn details that change every move.
        """

    def has_private_information(self, players: int) -> bool:
        """False when nobody ever holds a secret at this table size (a solo puzzle, say):
        the table then sends no DMs and shows no "My private info" button."""
        return True

    def prompt_text(self, seat_view: Mapping[str, Any]) -> str:
        """One line telling the seat what it is asked to decide now (shown above its choices)."""
        return "Your move."

    # --- persistence ----------------------------------------------------

    @abstractmethod
    def dump(self, state: State) -> dict[str, Any]:
        """JSON-compatible dict; ``load(dump(s))`` must equal ``s``."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> State: ...

    # --- checks used by the test-suite ----------------------------------

    @abstractmethod
    def check_invariants(self, state: State) -> None:
        """Raise AssertionError when the state breaks a rule-level invariant (conservation, limits)."""

    @abstractmethod
    def shuffle_hidden(self, state: State, seed: int) -> State:
        """A state differing from ``state`` only in what no public observer can know.

        Used to prove that ``view(state, None)`` does not depend on secrets:
        the public view of both states must be identical.
        """


def seat_tokens(text: str, names: Sequence[str]) -> str:
    """Replace ``{pN}`` placeholders with names."""
    for seat, name in enumerate(names):
        text = text.replace("{p%d}" % seat, name)
    return text


class ComputerPlayer(ABC):
    """A computer seat. It sees only what its seat may see: the seat's view and its legal choices."""

    @abstractmethod
    def choose(
        self,
        view: Mapping[str, Any],
        choices: Sequence[Choice],
        rng: "Rng",
    ) -> str:
        """Return an action string: one of ``choices`` or a form action the engine accepts."""


from bot.engine.rng import Rng  # noqa: E402  (annotation only; rng has no dependency on base)
