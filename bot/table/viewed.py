"""Each state's views and choices, made once per language.

One change shows one state many times: on the board picture, in the live card, in the prompt, in
the actor's panel and in every other player's direct message, and it asks each waiting seat's
choices to compose the prompt and to tell whether their decision changed. A game's public view
costs a millisecond or two, each seat view holds one more, and some games' choices cost more; made
afresh at every call they were a third of the bot's CPU per action under load (bench/bench.py).
States at the table are never changed once made (``apply`` returns a new state), views are frozen
and choices are handed out as new lists, so what was made once can be handed out again.

Views and choice labels are made in the language they are read in (the texts inside are
translated as they are made), so the language is part of what names them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from bot.engine import Choice, GameEngine
from bot.i18n import current_language

KEPT = 16
"""States whose views are kept: the few a change or a click shows, with room for games that move at
the same time (older ones are made again if asked for)."""


class Viewed:
    """The views of one state, in one language, each made when first asked for."""

    __slots__ = ("_legal", "_offered", "_public", "_seats", "engine", "language", "state")

    def __init__(self, engine: GameEngine[Any, Any, Any], state: Any, language: str) -> None:
        self.engine = engine
        self.state = state
        self.language = language
        self._public: Any = None
        self._seats: dict[int, Any] = {}
        self._legal: dict[int, tuple[Choice, ...]] = {}
        self._offered: dict[int, tuple[Choice, ...]] = {}

    @property
    def public(self) -> Any:
        if self._public is None:
            self._public = self.engine.public_view(self.state)
        return self._public

    def seat(self, seat: int) -> Any:
        found = self._seats.get(seat)
        if found is None:
            found = self._seats[seat] = self.engine.seat_view_with(self.state, seat, self.public)
        return found

    def legal(self, seat: int) -> list[Choice]:
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = tuple(self.engine.legal_actions(self.state, seat))
        return list(found)

    def offered(self, seat: int) -> list[Choice]:
        found = self._offered.get(seat)
        if found is None:
            found = self._offered[seat] = tuple(self.engine.offered(self.state, seat))
        return list(found)


_recent: OrderedDict[tuple[int, str], Viewed] = OrderedDict()
_lock = threading.Lock()  # the table's worker threads may ask while the event loop does


def viewed(engine: GameEngine[Any, Any, Any], state: Any) -> Viewed:
    """The views of ``state`` in the current language (kept: the entry holds the state, so its id
    names no other object while it is kept)."""
    language = current_language()
    key = (id(state), language)
    with _lock:
        found = _recent.get(key)
        if found is not None and found.state is state and found.engine is engine:
            _recent.move_to_end(key)
            return found
        made = _recent[key] = Viewed(engine, state, language)
        _recent.move_to_end(key)
        while len(_recent) > KEPT:
            _recent.popitem(last=False)
        return made


def public_view(engine: GameEngine[Any, Any, Any], state: Any) -> Any:
    return viewed(engine, state).public


def seat_view(engine: GameEngine[Any, Any, Any], state: Any, seat: int) -> Any:
    return viewed(engine, state).seat(seat)


def legal_actions(engine: GameEngine[Any, Any, Any], state: Any, seat: int) -> list[Choice]:
    return viewed(engine, state).legal(seat)


def offered(engine: GameEngine[Any, Any, Any], state: Any, seat: int) -> list[Choice]:
    return viewed(engine, state).offered(seat)
