"""A tiny, portable random number generator for deals.

Python does not promise that ``random.shuffle`` or ``randrange`` keep their algorithms across
versions, so a seed would not always rebuild the same deal. SplitMix64 (Steele, Lea & Flood,
2014) is fully specified here: the same seed gives the same cards on every machine and version.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    """Deterministic 64-bit generator.

    >>> SplitMix64(0).next() == SplitMix64(0).next()
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias (rejection sampling)."""
        limit = _MASK + 1 - ((_MASK + 1) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def derive_seed(seed: int, *parts: int) -> int:
    """A seed for a sub-stream (a later round, a bot): depends only on ``seed`` and ``parts``.

    >>> derive_seed(7, 2) == derive_seed(7, 2) != derive_seed(7, 3)
    True
    """
    rng = SplitMix64(seed)
    for part in parts:
        rng = SplitMix64(rng.next() ^ (part & _MASK))
    return rng.next()


SEED_LIMIT = 1 << 64


def check_seed(seed: object) -> int:
    """``seed`` checked (a whole number in ``[0, 2**64)``), or a fresh random one for ``None``.

    >>> check_seed(5), 0 <= check_seed(None) < SEED_LIMIT
    (5, True)
    """
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is a whole number, not {seed!r}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed must be between 0 and 2**64 - 1, not {seed}")
    return seed
