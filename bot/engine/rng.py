"""A small seeded random number generator whose whole state is one integer.

Game states carry their RNG state so that a saved game continues with exactly
the dice it would have rolled, and replaying the action log from the seed
reproduces every roll and shuffle. Python's ``random.Random`` keeps 625 words
of state; SplitMix64 keeps one, which serialises as a plain JSON number.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 (Steele, Lea & Flood 2014). Not for cryptography."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int, *salt: int | str) -> Rng:
        """A generator for ``seed``, optionally split into an independent stream by ``salt``.

        Salting lets, say, a computer player draw its own numbers without
        disturbing the game's dice stream.
        """
        rng = cls(seed)
        for part in salt:
            if isinstance(part, str):
                part = int.from_bytes(part.encode("utf-8")[:16].ljust(16, b"\0"), "big")
            rng = cls(rng.next_u64() ^ (part & _MASK64))
            rng.next_u64()
        return rng

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]`` (both ends included, like ``random.randint``)."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
