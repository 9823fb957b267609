"""A tiny seeded generator whose whole state is one integer kept in the game state.

``random.Random`` cannot be stored as a small JSON value, so engines use this
xorshift64* generator instead: replaying a game from its seed and answers reproduces
every shuffle and draw.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a non-zero generator state (splitmix64 scramble)."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return z or 0x2545F4914F6CDD1D


class Rng:
    """Mutable view over an integer state; read ``.state`` back to store it."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state or 0x2545F4914F6CDD1D

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed_state(seed))

    def next64(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK + 1) % n
        while True:
            r = self.next64()
            if r <= limit:
                return r % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates with ``below(i + 1)`` for each ``i`` from the end (inlined: the
        same draws, without two calls per card)."""
        x = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                x ^= x >> 12
                x ^= (x << 25) & _MASK
                x ^= x >> 27
                r = (x * 0x2545F4914F6CDD1D) & _MASK
                if r <= limit:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = x

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
