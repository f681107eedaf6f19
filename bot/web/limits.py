"""Rate limits of the web table: a token bucket per key (a user, an address)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

KEYS_KEPT = 10_000
"""Buckets remembered (least recently used forgotten first: a forgotten one starts full)."""


class RateLimit:
    def __init__(self, burst: int, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Take one request from ``key``'s bucket; False when it is empty."""
        now = self._clock()
        tokens, then = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
        allowed = tokens >= 1
        self._buckets[key] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > KEYS_KEPT:
            self._buckets.popitem(last=False)
        return allowed
