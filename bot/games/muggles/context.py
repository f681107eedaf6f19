"""The rule context Muggles' functions work with: the base game's ``Ctx`` with Muggles' state and data.

The base game's rule functions receive the same object (a subclass of its ``Ctx``); Muggles'
functions can also read the Cache Groups (``ctx.team``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.cmiyc.context import Ctx
from bot.games.muggles.data import MugglesData, default
from bot.games.muggles.state import MugglesState


@dataclass
class Team(Ctx):
    state: MugglesState
    team: MugglesData = field(default_factory=default)
    board_before: frozenset[int] = frozenset()
    """The tiles on the board when the action began (a cache taken from the woods came from there)."""
    judged: tuple[object, ...] = ()
    """The position last found neither won nor lost (``losing.fingerprint``): not judged again."""


def team(ctx: Ctx) -> Team:
    """The Muggles context a base-game hook was called with."""
    assert isinstance(ctx, Team), "Muggles' hooks run with Muggles' context"
    return ctx
