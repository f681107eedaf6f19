"""The contract between a game's rules and the table that runs it.

A game engine is a stateless object holding the game's validated data. All
game state lives in a state object the game defines (a ``msgspec.Struct``);
the engine's methods are pure functions of that state: ``apply`` returns a new
state and never mutates its argument. Randomness comes only from the RNG whose
state is part of the game state, so replaying the action log from the seed
reproduces the game exactly (the shape of OpenSpiel's ``pyspiel.State``, with
chance resolved inside ``apply`` from the state's own RNG).

Hidden information follows boardgame.io's ``playerView``: ``seat_view(state,
seat)`` strips everything ``seat`` may not see *before* anything leaves the
engine, and everything public (messages, images) is built from
``public_view(state)`` only. Views are typed structures (the game's
``views.py``), shared by the engine, its computer player and its renderer,
and always detached copies.

Text conventions for everything an engine returns to be shown to people
(choice labels, events, summaries):

* ``{p0}`` .. ``{p9}`` stand for the seat's player; the table substitutes the
  display name (with the seat colour), so engines never see Discord names or ids.
* Markdown as Discord renders it (``**bold**``, ``*italic*``), never around a
  whole prompt or status (the table decides emphasis); keep lines short, most
  players read on a phone. The terminal front end turns the Markdown into plain
  text.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from bot.engine import codec
from bot.engine.errors import RuleError
from bot.engine.results import GameResult, Relation, result_returns
from bot.engine.rng import Rng
from bot.engine.spec import GameSpec
from bot.i18n.table import _

State = TypeVar("State")
PublicView = TypeVar("PublicView")
SeatView = TypeVar("SeatView")

ACTION_LIMIT = 80
"""Longest action string: a button's custom id carries it with the game id and version (100 in all)."""


@dataclass(frozen=True)
class Choice:
    """One legal action for one seat, as the table offers it.

    ``action`` is the canonical action string: what ``apply`` accepts and what
    the action log stores (at most ``ACTION_LIMIT`` characters, no spaces at
    either end, no newline).
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
    listed: bool = True
    """False: a legal move the table does not list for people, because another control reaches it
    (another turn of a previewed card, a ``MultiChoice``, a copy of an identical tile). Computer
    players and the action log may still use it."""


MULTI_SEPARATOR = "+"
"""Joins the values of a ``MultiChoice`` in its action (never part of a value)."""


@dataclass(frozen=True)
class MultiChoice:
    """Several options taken at once as one action (a Discord select with ``max_values`` > 1).

    The action is ``verb:value+value...`` (the values in the order offered); ``apply`` checks the
    whole set and applies it in one step, so nothing is ever half-applied. ``options`` are
    ``Choice``s whose ``action`` is the option's value and whose labels say what tells equal-looking
    options apart."""

    verb: str
    placeholder: str
    options: tuple[Choice, ...]
    min_values: int = 1
    max_values: int = 1
    public: bool = False

    def action(self, values: Sequence[str]) -> str:
        order = {c.action: i for i, c in enumerate(self.options)}
        ranked = sorted(set(values), key=lambda v: order.get(v, len(order)))
        return f"{self.verb}:{MULTI_SEPARATOR.join(ranked)}"

    def values(self, action: str) -> tuple[str, ...] | None:
        """The chosen values of ``action`` if it is a valid choice of this menu, else None."""
        verb, colon, rest = action.partition(":")
        if verb != self.verb or not colon:
            return None
        chosen = tuple(rest.split(MULTI_SEPARATOR)) if rest else ()
        offered = {c.action for c in self.options}
        if len(set(chosen)) != len(chosen) or not set(chosen) <= offered:
            return None
        if not self.min_values <= len(chosen) <= self.max_values or action != self.action(chosen):
            return None
        return chosen


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
    reveals: bool = True
    """False only when the action showed nobody anything new: no die rolled, no card or tile
    drawn, turned or shown. Only such an action may be taken back (undo)."""


class GameEngine(ABC, Generic[State, PublicView, SeatView]):
    """One game's rules. Subclasses set ``spec`` and ``state_type`` and implement the abstract methods."""

    spec: ClassVar[GameSpec]
    """The game's registration (``bot/games/<name>/__init__.py``)."""
    state_type: ClassVar[type[Any]]
    """The state's class; ``dump``/``load``/``clone`` use it."""

    # --- set-up ---------------------------------------------------------

    def options_for(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """Options checked for a table of ``players``: what ``new_game`` receives."""
        self.spec.check_players(players)
        # An option that does not apply to this table (hidden in its lobby) is played at its default.
        values = self.spec.options_in_use(players, self.spec.normalise_options(raw))
        self.check_options(values, players)
        return values

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        """Raise RuleError when options that are each valid do not fit this table together (a goal
        needing more geocoins than there are, say). Options that apply only to some kinds of game
        are declared so (``OptionSpec.relations``) and arrive here at their defaults elsewhere.
        Runs when the host presses Start."""

    @abstractmethod
    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        """The initial state. ``options`` has been through ``options_for``."""

    def relation(self, players: int, options: Mapping[str, Any]) -> Relation:
        return self.spec.relation(players, options)

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

    def offered(self, state: State, seat: int) -> list[Choice]:
        """What people are offered for ``seat``'s decision: the listed legal actions. A game may put
        shortcuts in their place, several steps of one turn in one tap (a tile and where it goes),
        which ``apply`` takes whole like any action. Computer players keep ``legal_actions``."""
        return one_per_look([choice for choice in self.legal_actions(state, seat) if choice.listed])

    def multi_choices(self, state: State, seat: int) -> list[MultiChoice]:
        """Several-at-once choices ``seat`` may make now (see ``MultiChoice``); the one-at-a-time
        moves they stand for stay in ``legal_actions``, unlisted, for computer players."""
        return []

    def places_on_the_board(self, state: State) -> bool:
        """The open decision chooses a place on a picture the board must show first: a placement
        previewed and not confirmed yet, the tiles laid so far this turn. The live board then shows
        every step, even in the middle of a player's turn."""
        return False

    def places_view(self, state: State, seat: int) -> Any | None:
        """A view for a picture of the places the seat's open decision chooses among (drawn by
        ``GameSpec.places_renderer`` and shown only to that seat), built from what the seat may see;
        None when the decision is not a choice of places."""
        return None

    def form_action(self, state: State, seat: int, key: str, values: Mapping[str, str]) -> str:
        """Turn a submitted form into an action string, or raise RuleError saying what is wrong."""
        raise RuleError(_("That form is not available now."))

    @abstractmethod
    def apply(self, state: State, seat: int, action: str) -> Transition[State]:
        """Apply ``action`` for ``seat``; raise RuleError (and change nothing) if it is not legal.

        Must not mutate ``state``. Chance (dice, shuffles, draws) is resolved
        here from the state's RNG.
        """

    def default_action(self, state: State, seat: int) -> str | None:
        """What a seat's decision becomes when its time runs out, when the rules or the game's
        docs name a default (a slide's tile, a refused trade); None lets the computer player decide."""
        return None

    def answers_another(self, state: State, seat: int) -> bool:
        """Whether the seat's open decision is one it takes during another player's turn (the
        next tile of a slide, an answer to a trade offer). Such a decision must never hold the game
        forever: the table times it out to ``default_action`` even when the game has no turn clock."""
        return False

    def answer_within(self, state: State, seat: int) -> int | None:
        """Seconds at most that such an answer may wait before its default (a quick reaction the
        player asked to be asked), or None for the table's usual time."""
        return None

    def standing_choices(self, state: State, seat: int) -> list[Choice]:
        """Settings ``seat`` may change at any time, also while the game waits on others: standing
        answers to questions asked during other players' turns ("use First Aid when it would save
        me": yes / ask me / never). ``apply`` accepts them from that seat whoever is to act, and
        they change that setting only (the game does not move); the table offers them on the
        seat's own panel while it waits."""
        return []

    @abstractmethod
    def is_terminal(self, state: State) -> bool: ...

    @abstractmethod
    def results(self, state: State) -> GameResult:
        """Final scores and the outcome; only called on a terminal state."""

    # --- information ----------------------------------------------------

    @abstractmethod
    def public_view(self, state: State) -> PublicView:
        """What everyone may know; a detached copy. Every public message and image is built from it."""

    @abstractmethod
    def seat_view(self, state: State, seat: int) -> SeatView:
        """What ``seat`` may know (the public part and its own secrets); a detached copy."""

    def seat_view_with(self, state: State, seat: int, public: PublicView) -> SeatView:
        """``seat_view`` given ``public_view`` of this same state: the table shows one state to
        every seat of a change, and a game whose seat view holds its public view reuses it."""
        return self.seat_view(state, seat)

    @abstractmethod
    def status_text(self, public_view: PublicView) -> str:
        """Markdown for the public turn message: round/phase and what is awaited."""

    @abstractmethod
    def private_text(self, seat_view: SeatView) -> str:
        """Markdown of the seat's secrets only (hand, dice under the cup, ...); empty if none.

        Sent by DM whenever it changes, so it must not include public or
        turn-by-turn details that change every move.
        """

    def prompt_text(self, seat_view: SeatView) -> str:
        """What the seat is asked to decide now, and on a second line what that decision means
        for them ("Mutineers win if their total beats the Captain's side; ties re-roll")."""
        return _("Your move.")

    def rule_help(self, seat_view: SeatView) -> str:
        """Under "❓", privately: what the seat's current decision is about, with the sentence of
        the rule text it comes from as a Markdown quote (``> ...``); "" when the game has nothing
        for it (the table then points to the player guide). It may mention the seat's own
        secrets, never another seat's."""
        return ""

    def has_private_information(self, players: int) -> bool:
        """False when nobody ever holds a secret at this table size (a solo puzzle, say):
        the table then sends no DMs and shows no "My private info" button."""
        return self.spec.hidden_information

    def reveal_text(self, state: State) -> str:
        """After the game: what was hidden (dice, cards, sides), if the rules let it be shown; else ""."""
        return ""

    def variant_text(self, variant: str) -> str:
        """A result's variant (``GameResult.variant``, an English key the stats group by) as the
        reader reads it: the game's catalogue word for it."""
        return self.spec.text(variant) if variant else variant

    # --- search (computer players that look ahead) -----------------------

    def seat_count(self, state: State) -> int:
        """How many seats the game has (states carry it as ``players``)."""
        return int(getattr(state, "players"))  # noqa: B009 (every state names it; mypy cannot know)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """A state that agrees with everything ``seat`` can know (its own secrets, everything public,
        what it has been told) and redeals everything else from ``seed``: other hands and cups, draw
        order, future dice. The result depends only on what ``seat`` knows and on ``seed``, so a
        search over such samples never learns a secret (OpenSpiel's ``resample_from_infostate``).

        The default fits games whose only unknown is the future: it keeps the state and reseeds its
        RNG. Games with secrets or a shuffled stack in the state must override it."""
        if self.spec.hidden_information:
            raise NotImplementedError(f"{self.spec.name} holds secrets, so it must redeal them in determinize")
        sample = self.clone(state)
        sample.rng = Rng.from_seed(seed, "determinize").state  # type: ignore[attr-defined]
        return sample

    def search_choices(self, state: State, seat: int) -> list[Choice]:
        """The moves a search weighs for ``seat`` (and hands its rollout policy): ``legal_actions``
        unless the game says otherwise. A game may build them without the labels a person reads
        (the search reads only the actions), leave out moves that only step back inside a
        multi-step turn (they lead to a position already weighed) and add form actions ``apply``
        accepts (a split its heuristic would type into a form)."""
        return self.legal_actions(state, seat)

    def estimate(self, state: State) -> tuple[float, ...]:
        """How good an unfinished position is for each seat, in 0..1 (a search scores its rollouts
        with it). The default knows nothing: every seat an equal share."""
        players = self.seat_count(state)
        share = 0.5 if self.spec.relation(players, {}).is_team else 1.0 / players
        return (share,) * players

    def final_value(self, state: State) -> tuple[float, ...]:
        """What a finished game is worth to each seat, in 0..1, to a search (on the scale of
        ``estimate``). The default: a win most, a better score a little more (``result_returns``)."""
        return result_returns(self.results(state))

    # --- persistence ----------------------------------------------------

    def dump(self, state: State) -> dict[str, Any]:
        """JSON-compatible dict; ``load(dump(s))`` must equal ``s``."""
        return codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        loaded: State = codec.load(data, self.state_type)
        return loaded

    def clone(self, state: State) -> State:
        """A deep copy, for ``apply`` to change."""
        return codec.clone(state)

    # --- checks used by the test-suite ----------------------------------

    @abstractmethod
    def check_invariants(self, state: State) -> None:
        """Raise AssertionError when the state breaks a rule-level invariant (conservation, limits)."""

    @abstractmethod
    def shuffle_hidden(self, state: State, seed: int) -> State:
        """A state differing from ``state`` only in what no public observer can know.

        Used to prove that ``public_view`` does not depend on secrets: the
        public view of both states must be identical.
        """


def one_per_look(choices: Sequence[Choice]) -> list[Choice]:
    """Choices that look the same to a person (group, label and description) are one entry: two
    copies of one card or tile are the same move for them (the others stay legal)."""
    looks: set[tuple[str, str, str]] = set()
    out = []
    for choice in choices:
        look = (choice.group, choice.label, choice.description)
        if look not in looks:
            looks.add(look)
            out.append(choice)
    return out


def seat_tokens(text: str, names: Sequence[str]) -> str:
    """Replace ``{pN}`` placeholders with names."""
    for seat, name in enumerate(names):
        text = text.replace("{p%d}" % seat, name)
    return text


class ComputerPlayer(ABC, Generic[SeatView]):
    """A computer seat. It sees only what its seat may see: the seat's view and its legal choices."""

    @abstractmethod
    def choose(self, view: SeatView, choices: Sequence[Choice], rng: Rng) -> str:
        """Return an action string: one of ``choices`` or a form action the engine accepts."""

    def choose_in_state(
        self, engine: GameEngine[Any, Any, SeatView], state: Any, seat: int, choices: Sequence[Choice], rng: Rng
    ) -> str:
        """What the table calls. A heuristic looks only at the seat's view; a searching player may
        pass the state to ``engine.determinize`` (and nowhere else)."""
        return self.choose(engine.seat_view(state, seat), choices, rng)

    def searches(self, choices: Sequence[Choice]) -> bool:
        """Whether deciding among ``choices`` takes a search (up to its time budget, where a heuristic
        takes milliseconds): the table then makes that decision the first move of a commit of its own."""
        return False
