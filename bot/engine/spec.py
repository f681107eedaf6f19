"""A game's registration: everything the table needs to know about a game, in one place.

Each game package (``bot/games/<name>/__init__.py``) defines one ``GAME =
GameSpec(...)``, like OpenSpiel's ``GameType`` plus ``register_game``. The
engine, computer player and renderers are named by import path
(``"package.module:attribute"``) and loaded on first use, so listing the games
loads no data file and the game packages never import the renderers
(``render`` depends on the games, never the reverse).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.engine import options as game_options
from bot.engine.errors import RuleError
from bot.engine.options import OptionSpec
from bot.engine.results import Relation
from bot.engine.seats import COLOUR_MARKS
from bot.i18n.games import game_domain
from bot.i18n.table import _, _n

if TYPE_CHECKING:
    from bot.engine.loaded import LoadedGame
    from bot.engine.search import SearchBudget


def resolve(path: str) -> Any:
    """The object at ``"package.module:attribute"``."""
    module_name, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"{path!r} is not of the form 'package.module:attribute'")
    target: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        target = getattr(target, part)
    return target


def players_text(low: int, high: int) -> str:
    """``4 players``, ``1 player``, ``1-4 players``: the one way the bot writes a player count."""
    if low == high:
        return _n("{n} player", "{n} players", low).format(n=low)
    return _("{low}-{high} players").format(low=low, high=high)


@dataclass(frozen=True)
class GameSpec:
    name: str
    """Registry key and the value of ``/game new game:``, e.g. ``"mutiny"``."""
    title: str
    summary: str
    """A few lines of Markdown: what the game is and how a turn goes."""
    min_players: int
    max_players: int
    relations: frozenset[Relation]
    """The kinds of game it can be. Which one a table plays is ``relation(players, options)``."""
    hidden_information: bool
    """Does any player ever hold a secret (dice under a cup, a hand)? False: no DMs, no 🔒 button."""
    chance: bool
    """Dice, shuffles or draws."""
    engine: str
    """``"module:callable"`` returning the ``GameEngine`` (called once; it may load data files)."""
    computer: str
    """``"module:callable"`` taking the engine and returning its ``ComputerPlayer``: the game's
    heuristic, which plays the ``normal`` level (``bot.engine.levels``)."""
    renderer: str
    """``"module:callable"``: ``(public_view, seats) -> PIL.Image`` (see ``render``)."""
    text_board: str = ""
    """``"module:callable"``: ``(public_view, seats) -> str``, a plain-text board for the terminal."""
    places_renderer: str = ""
    """``"module:callable"``: ``(places_view, seats) -> PIL.Image``, the picture of the places a
    player chooses among (``GameEngine.places_view``), shown on their private panel."""
    docs: str = ""
    """The player guide in this repository (``docs/games/<name>.md``): rules and house decisions."""
    options: tuple[OptionSpec, ...] = ()
    mode_option: str = ""
    """For games that are competitive or cooperative by choice: the option whose value is a
    ``Relation`` value (``"competitive"`` / ``"cooperative"``)."""
    seat_colours: tuple[str, ...] = ()
    """Colour names of the seats' pieces (``"Purple"``...), used beside names in every text."""
    long_game: bool = False
    """Long games get their own thread by default."""
    newcomers_take_computer_seats: frozenset[Relation] = frozenset()
    """The kinds of table (competitive, cooperative) at which someone who never held a seat may take
    a computer's seat once the game runs, when the game has hidden information (without it, anyone
    may). Whoever held a seat may only ever take back a seat they held (``bot.table.lobby``); the
    player guide says which tables are open and why."""
    easy_computer: str = ""
    """``"module:callable"`` like ``computer``, for a game with its own ``easy`` player; empty: the
    heuristic making a share of random moves (``bot.engine.levels.MistakenPlayer``)."""
    search_budget: SearchBudget | None = None
    """What one ``strong`` decision may cost (``bot.engine.search.SearchBudget``; None: its defaults)."""
    search_policy: str = ""
    """``"module:callable"`` like ``computer``: the heuristic a ``strong`` seat searches with (its
    prior and rollout policy); empty: the ``normal`` player."""
    random_play_options: tuple[tuple[str, Any], ...] = ()
    """Options a game of random moves (``bot.engine.playout``) plays with where its caller left the
    option at its default: a house limit that a real table leaves off, so random play ends."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: bad player counts {self.min_players}-{self.max_players}")
        if not self.relations:
            raise ValueError(f"{self.name}: a game is competitive, cooperative or solo")
        if Relation.SOLO in self.relations and self.min_players != 1:
            raise ValueError(f"{self.name}: a solo game seats one player")
        unknown = [c for c in self.seat_colours if c not in COLOUR_MARKS]
        if unknown:
            raise ValueError(f"{self.name}: seat colours must be among {sorted(COLOUR_MARKS)}, not {unknown}")
        if self.mode_option and self.mode_option not in {o.key for o in self.options}:
            raise ValueError(f"{self.name}: mode option {self.mode_option!r} is not declared")
        self._check_conditions()

    def _check_conditions(self) -> None:
        """Each option's "applies when" names kinds this game has and an earlier option's own values."""
        earlier: dict[str, OptionSpec] = {}
        for option in self.options:
            if not option.relations <= self.relations:
                raise ValueError(f"{self.name}: option {option.key!r} names a kind of game it is never")
            condition = option.only_if
            if condition is not None:
                source = earlier.get(condition.key)
                if source is None:
                    raise ValueError(
                        f"{self.name}: option {option.key!r} depends on {condition.key!r}, not declared before it"
                    )
                values = {value for value, _ in source.choices} if source.choices else None
                if not condition.values or (values is not None and not set(condition.values) <= values):
                    raise ValueError(
                        f"{self.name}: option {option.key!r} waits for values {condition.key!r} never takes"
                    )
            earlier[option.key] = option

    @property
    def players_text(self) -> str:
        return players_text(self.min_players, self.max_players)

    def relation(self, players: int, options: Mapping[str, Any]) -> Relation:
        """The kind of game a table of ``players`` with these options plays."""
        if players == 1 and Relation.SOLO in self.relations:
            return Relation.SOLO
        if self.mode_option and self.mode_option in options:
            return Relation(options[self.mode_option])
        for kind in (Relation.COMPETITIVE, Relation.COOPERATIVE):
            if kind in self.relations:
                return kind
        raise RuleError(_("{title} is played by one player.").format(title=self.title))

    def seat_colour(self, seat: int) -> str:
        return self.seat_colours[seat] if seat < len(self.seat_colours) else ""

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise RuleError(
                _("{title} needs {players} (this table has {seated}).").format(
                    title=self.title, players=self.players_text, seated=players
                )
            )

    def parse_options(self, text: str | None) -> dict[str, Any]:
        return game_options.parse(text, self.options, self.title)

    def normalise_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Each option checked on its own, defaults filled in (player-count checks come at Start)."""
        return game_options.normalise(raw, self.options, self.title)

    def applicable_options(self, players: int, values: Mapping[str, Any]) -> tuple[OptionSpec, ...]:
        """The options that apply to a table of ``players`` with these (normalised) values: the
        only ones shown, in the lobby's text and its form."""
        return game_options.applicable(self.options, self.relation(players, values), values)

    def options_in_use(self, players: int, values: Mapping[str, Any]) -> dict[str, Any]:
        """``values`` with every option that does not apply to this table back at its default."""
        used = {option.key for option in self.applicable_options(players, values)}
        return {o.key: values[o.key] if o.key in used else o.default for o in self.options if o.key in values}

    def options_text(self, values: Mapping[str, Any], players: int) -> str:
        """The options that apply to a table of ``players``, as people read them."""
        return game_options.summary(values, self.applicable_options(players, values), self.text)

    def text(self, text: str) -> str:
        """One of the game's own texts marked in its catalogue (its summary, an option's label), in
        the current language."""
        return game_domain(self.name).data_text(text)

    def load(self) -> LoadedGame:
        """The game with its engine and computer players (one per registration, built on first use)."""
        from bot.engine.loaded import loaded

        return loaded(self)
