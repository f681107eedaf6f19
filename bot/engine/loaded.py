"""A registered game with its engine and its computer players, built once on first use."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from bot.engine.base import ComputerPlayer, GameEngine
from bot.engine.levels import LEVELS, Level, MistakenPlayer, default_level
from bot.engine.results import Relation
from bot.engine.search import SearchBudget, SearchPlayer
from bot.engine.spec import GameSpec, resolve

PlayerFactory = Callable[[GameEngine[Any, Any, Any]], ComputerPlayer[Any]]

_LOADED: dict[GameSpec, LoadedGame] = {}


def loaded(spec: GameSpec) -> LoadedGame:
    """The one ``LoadedGame`` of a registration."""
    game = _LOADED.get(spec)
    if game is None:
        game = _LOADED[spec] = LoadedGame(spec)
    return game


class LoadedGame:
    """A registered game with its engine and computer players built (once, on first use)."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self._players: dict[Level, ComputerPlayer[Any]] = {}
        self._policy: ComputerPlayer[Any] | None = None

    @cached_property
    def engine(self) -> GameEngine[Any, Any, Any]:
        factory: Callable[[], GameEngine[Any, Any, Any]] = resolve(self.spec.engine)
        built = factory()
        # Equal rather than identical: a worker process rebuilds the game from a copy of its spec.
        if built.spec != self.spec:
            raise TypeError(f"{self.spec.engine} built an engine for {built.spec.name!r}, not {self.spec.name!r}")
        return built

    @cached_property
    def searchable(self) -> bool:
        """Whether a search may play this game: its engine samples what a seat does not know
        (it overrides ``determinize``; the contract tests check every game that does)."""
        return type(self.engine).determinize is not GameEngine.determinize

    @property
    def levels(self) -> tuple[Level, ...]:
        """The levels its computer seats may play: ``strong`` only where a search may play."""
        return LEVELS if self.searchable else tuple(level for level in LEVELS if level is not Level.STRONG)

    def default_level(self, relation: Relation) -> Level:
        return default_level(relation, self.levels)

    def computer(self, level: str = "normal") -> ComputerPlayer[Any]:
        """The computer player of ``level`` (one of ``levels``; built once per level)."""
        chosen = Level(level)
        if chosen not in self.levels:
            raise ValueError(f"{self.spec.title} has no {chosen} computer player (its levels: {self.levels})")
        player = self._players.get(chosen)
        if player is None:
            player = self._players[chosen] = self._build(chosen)
        return player

    def _build(self, level: Level) -> ComputerPlayer[Any]:
        if level is Level.NORMAL:
            factory: PlayerFactory = resolve(self.spec.computer)
            return factory(self.engine)
        if level is Level.EASY:
            if self.spec.easy_computer:
                easy: PlayerFactory = resolve(self.spec.easy_computer)
                return easy(self.engine)
            return MistakenPlayer(self.computer(Level.NORMAL))
        return SearchPlayer(self.engine, self.search_policy(), self.spec.search_budget or SearchBudget())

    def search_policy(self) -> ComputerPlayer[Any]:
        """The heuristic a ``strong`` seat searches with (``GameSpec.search_policy``, else ``normal``)."""
        if not self.spec.search_policy:
            return self.computer(Level.NORMAL)
        if self._policy is None:
            factory: PlayerFactory = resolve(self.spec.search_policy)
            self._policy = factory(self.engine)
        return self._policy

    def options_for_start(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """Options checked for this many players: what ``engine.new_game`` receives."""
        return self.engine.options_for(raw, players)

    def relation(self, players: int, options: Mapping[str, Any]) -> Relation:
        return self.spec.relation(players, options)
