"""A small seeded random generator whose whole state is one integer kept inside a game state.

PCG32 (O'Neill 2014, XSH-RR output). It is tiny to copy and to serialise, identical on every
platform, and never touches module-level randomness.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

_MASK64: Final = (1 << 64) - 1
_MULT: Final = 6364136223846793005
_INC: Final = 1442695040888963407

T = TypeVar("T")


class Rng:
    """Deterministic generator; ``state`` is the only thing to save."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        rng = cls(0)
        rng.next_u32()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
        rng.next_u32()
        return rng

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias (Lemire's method)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        m = self.next_u32() * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = self.next_u32() * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
