"""How well a computer seat plays: ``easy``, ``normal`` or ``strong``.

* ``normal`` is the game's own heuristic player (``GameSpec.computer``).
* ``easy`` is that heuristic making mistakes: a seeded share of its moves are random legal
  moves (``MistakenPlayer``), unless the game registers its own easy player
  (``GameSpec.easy_computer``).
* ``strong`` searches (``bot.engine.search.SearchPlayer`` over the heuristic, with the
  registration's ``search_budget``). It exists only for a game whose engine overrides
  ``GameEngine.determinize``: overriding it is how a game says a search may sample what a seat
  does not know (``LoadedGame.levels``).

A computer filling a seat plays ``normal``; a team partner in a co-op or solo game plays
``strong`` where the game offers it, so the team a person relies on plays as well as it can.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from bot.engine.base import Choice, ComputerPlayer
from bot.engine.results import Relation
from bot.engine.rng import Rng
from bot.engine.seats import level_name as level_name


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    STRONG = "strong"


LEVELS = tuple(Level)


def level_names() -> frozenset[str]:
    """Every level as people read it, in the current language."""
    return frozenset(level_name(level) for level in LEVELS)


MISTAKES = 0.3
"""Share of an easy player's decisions taken at random among its legal choices."""


def default_level(relation: Relation, levels: Sequence[Level]) -> Level:
    """``strong`` for team partners (co-op and solo) when the game offers it, else ``normal``."""
    if relation.is_team and Level.STRONG in levels:
        return Level.STRONG
    return Level.NORMAL


def read_level(text: str | None, levels: Sequence[Level], fallback: Level) -> Level:
    """A stored or submitted level among those this game offers; ``fallback`` for anything else
    (a seat stored before levels existed, or a level this game no longer offers)."""
    return Level(text) if text in {level.value for level in levels} else fallback


class MistakenPlayer(ComputerPlayer[Any]):
    """The heuristic with mistakes: each decision is, with probability ``share`` (drawn from the
    rng the table hands over, so the game stays reproducible), a random legal choice."""

    def __init__(self, policy: ComputerPlayer[Any], share: float = MISTAKES) -> None:
        self.policy = policy
        self.share = share

    def choose(self, view: Any, choices: Sequence[Choice], rng: Rng) -> str:
        if choices and rng.random() < self.share:
            return rng.choice(choices).action
        return self.policy.choose(view, choices, rng)
