"""What a new drawing process draws before its first real board.

Importing the renderers is not enough: a process's first board of a game loads its fonts, builds
its palette and fills the caches of text masks and stamps, which costs 80-125 ms against about 10 ms
for the next one. Drawn at a start, that is a wait after every restart; drawn here, in the worker's
initializer, the workers pay it before the first click. One board per game, from its seeded opening,
and one picture of places for the games that draw them (the first seeded position that offers a
choice of places, found by playing the game on at random from a fixed seed).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any

from bot.engine import Rng
from bot.engine.loaded import LoadedGame
from bot.engine.playout import random_action
from bot.engine.seats import SeatTag, plain_tags
from bot.engine.spec import resolve

log = logging.getLogger(__name__)

PLACES_SEARCH = 200
"""Random moves played at most to find a position whose decision chooses among places."""


def sample_pictures(loaded: LoadedGame) -> Iterator[tuple[str, Any, tuple[SeatTag, ...]]]:
    """The renderer, view and seat tags of each warm-up picture of a game."""
    spec, engine = loaded.spec, loaded.engine
    players = spec.max_players
    state = engine.new_game(players, engine.options_for({}, players), 0)
    tags = plain_tags(players, spec.seat_colours)
    yield spec.renderer, engine.public_view(state), tags
    if not spec.places_renderer:
        return
    rng = Rng.from_seed(0, "warm-up")
    for _ in range(PLACES_SEARCH):
        for seat in range(players):
            view = engine.places_view(state, seat)
            if view is not None:
                yield spec.places_renderer, view, tags
                return
        if engine.is_terminal(state):
            return
        seat, action = random_action(engine, state, rng)
        state = engine.apply(state, seat, action).state


def warm(renderer_paths: Sequence[str], games: Sequence[str] = ()) -> None:
    """A drawing worker's initializer: import the renderers, then draw each game's warm-up pictures.
    A warm-up that fails is logged and skipped: an initializer that raises would break the pool, and
    the boards would never be drawn."""
    for path in renderer_paths:
        resolve(path)
    if not games:
        return
    from bot.games.registry import game
    from render import render_png_at

    for name in games:
        try:
            for path, view, tags in sample_pictures(game(name)):
                render_png_at(path, view, tags)
        except Exception:
            log.exception("Warming up the drawing of %s failed; its first board will be drawn cold", name)
