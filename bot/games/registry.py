"""Which games the table can run: the registrations found in ``bot/games/*/``.

The registry only collects. A game registers itself by defining ``GAME`` (a
``GameSpec``) in its package's ``__init__.py``; adding a game is adding a
package. Nothing is loaded until a game is used, so a broken data file names
itself when its game is first played, and listing games stays cheap.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from functools import cache

import bot.games
from bot.engine import GameSpec, LoadedGame, RuleError


class Registry:
    def __init__(self, specs: Iterable[GameSpec]) -> None:
        self._specs: dict[str, GameSpec] = {}
        for spec in specs:
            if spec.name in self._specs:
                raise ValueError(f"two games are registered as {spec.name!r}")
            self._specs[spec.name] = spec

    @classmethod
    def discover(cls) -> Registry:
        specs = []
        for found in sorted(pkgutil.iter_modules(bot.games.__path__), key=lambda m: m.name):
            if not found.ispkg:
                continue
            module = importlib.import_module(f"bot.games.{found.name}")
            spec = getattr(module, "GAME", None)
            if isinstance(spec, GameSpec):
                specs.append(spec)
        return cls(specs)

    def with_games(self, *specs: GameSpec) -> Registry:
        """This registry plus more games (tests add their toy games this way)."""
        return Registry([*self._specs.values(), *specs])

    def names(self) -> list[str]:
        return list(self._specs)

    def specs(self) -> list[GameSpec]:
        return list(self._specs.values())

    def spec(self, name: str) -> GameSpec:
        try:
            return self._specs[name]
        except KeyError:
            known = ", ".join(f"`{n}`" for n in self._specs)
            raise RuleError(f"There is no game called `{name}`. Games: {known}.") from None

    def game(self, name: str) -> LoadedGame:
        return self.spec(name).load()

    def find(self, text: str) -> GameSpec:
        """A game typed by registry name or title (any case)."""
        key = text.strip().lower()
        for spec in self._specs.values():
            if key in (spec.name.lower(), spec.title.lower()):
                return spec
        return self.spec(text.strip())


@cache
def default_registry() -> Registry:
    return Registry.discover()


def game(name: str) -> LoadedGame:
    return default_registry().game(name)


def game_names() -> list[str]:
    return default_registry().names()
