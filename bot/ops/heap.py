"""The process's long-lived objects kept out of the garbage collector's full passes.

A full (oldest-generation) collection walks every tracked object. In a bot process that is mostly
what importing discord.py, the engines and the renderers made: some 55,000 objects that live as long
as the process, whose walk takes about 60 ms. Run on the event loop in the middle of a move, that walk
was the longest loop stall under load (issue 23). Freezing the heap once the process has started
moves those objects to the permanent generation, which no collection walks, so a full pass only
sees what the games made since. Objects frozen here are still freed by reference counting when
they are dropped; only a cycle among them would wait for the process to end.
"""

from __future__ import annotations

import gc


def settle_heap() -> int:
    """Collect once, then freeze what survived; the number of objects now frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


_SETTLED: set[str] = set()


def settle_heap_once(stage: str) -> bool:
    """Settle the heap the first time the process reaches ``stage`` (``started``: everything
    imported and the cogs loaded; ``connected``: the servers' channels and members cached too).
    Only once per stage: a process that builds a second bot (tests do, many times) must not freeze
    what the first one left, which freed later would wait for the process to end."""
    if stage in _SETTLED:
        return False
    _SETTLED.add(stage)
    settle_heap()
    return True
