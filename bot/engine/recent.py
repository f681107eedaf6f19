"""The legal choices of the positions asked about lately, so a position's are worked out once.

The table asks for one position's choices several times within a move (to check a click, to
compose the prompt, to tell whether the decision changed), and a search asks again before it
applies a move. For games whose choices are costly to list (the MCCC belt's placements, Catacombs'
guided turns) the answers are kept, keyed by the seat, the language their labels are written in
and the state's whole encoding, so a changed state is never answered from an old one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

import msgspec

from bot.engine.base import Choice
from bot.i18n import current_language

KEPT = 64
"""Positions remembered (one process serves many games at once; the oldest is dropped first)."""


class RecentChoices:
    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._found: OrderedDict[tuple[int, str, bytes], tuple[Choice, ...]] = OrderedDict()
        # A computer's search may ask from a worker thread while the event loop asks too.
        self._lock = threading.Lock()

    def choices(self, state: object, seat: int, work_out: Callable[[], list[Choice]]) -> list[Choice]:
        """The choices of ``seat`` in ``state``: remembered, or worked out by ``work_out`` now."""
        key = (seat, current_language(), msgspec.json.encode(state))
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
                return list(found)
        worked = work_out()
        with self._lock:
            self._found[key] = tuple(worked)
            while len(self._found) > self._kept:
                self._found.popitem(last=False)
        return list(worked)
