"""Which games the table can run."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Callable

from bot.engine.base import ComputerPlayer, GameEngine, RuleError


@dataclass(frozen=True)
class GameEntry:
    engine: GameEngine
    computer: ComputerPlayer


def _loaders() -> dict[str, Callable[[], GameEntry]]:
    # Imported lazily so a broken data file names itself when its game is first used,
    # and the registry module stays importable for listing.
    def mutiny() -> GameEntry:
        from bot.games.mutiny import entry

        return entry()

    def mccc() -> GameEntry:
        from bot.games.mccc import entry

        return entry()

    return {"mutiny": mutiny, "mccc": mccc}


@cache
def game(name: str) -> GameEntry:
    loaders = _loaders()
    if name not in loaders:
        known = ", ".join(f"`{n}`" for n in loaders)
        raise RuleError(f"There is no game called `{name}`. Games: {known}.")
    return loaders[name]()


def game_names() -> list[str]:
    return list(_loaders())


def all_games() -> list[GameEntry]:
    return [game(name) for name in game_names()]
