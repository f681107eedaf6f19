"""Mouse Cheese Cat Cucumber (registry name ``mccc``): solo "Who Done It?" and house multiplayer."""

from __future__ import annotations

from functools import lru_cache

from bot.games.registry import GameEntry


@lru_cache(maxsize=1)
def entry() -> GameEntry:
    from bot.games.mccc.ai import MCCCComputer
    from bot.games.mccc.data import default
    from bot.games.mccc.engine import MCCCEngine

    data = default()
    return GameEntry(engine=MCCCEngine(data), computer=MCCCComputer(data))
