"""Seeded random generators whose whole state is kept inside a game state.

Two kinds, named by a game's ``rng`` option:

- ``pcg32`` (:class:`Rng`): PCG32 (O'Neill 2014, XSH-RR output). Tiny to copy and to serialise,
  identical on every platform, fast: the default for simulations. Its state is 64 bits and its
  outputs reveal it: whoever sees enough dice can predict the rest.
- ``keyed`` (:class:`KeyedRng`): BLAKE2b in counter mode, keyed with 32 bytes derived from the
  seed. Its future outputs cannot be predicted from its past ones without the key (nor the key
  recovered from them): for games strangers play online. About ten times slower per number, which
  a game drawing a few dozen numbers a turn never notices.

Neither touches module-level randomness; :func:`make_rng` builds one from a seed,
:meth:`Rng.to_json` and :func:`rng_from_json` store and restore either exactly.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

_MASK64: Final = (1 << 64) - 1
_MULT: Final = 6364136223846793005
_INC: Final = 1442695040888963407

PCG32: Final = "pcg32"
KEYED: Final = "keyed"
RNG_KINDS: Final = (PCG32, KEYED)

_KEYED_PREFIX: Final = "keyed:"
_KEY_DOMAIN: Final = b"ravenry keyed rng v1:"
_WORDS_PER_BLOCK: Final = 16  # a 64-byte BLAKE2b digest gives 16 32-bit words

T = TypeVar("T")


# PCG32's 64-bit state is kept in three limbs of 22, 22 and 20 bits (low to high): every product
# and sum of a step then stays below 2**62, a machine word in mypyc's compiled code, where the
# 64-bit state itself (and its 128-bit product) would be Python long objects made and freed at
# every draw. The compiled draw is about three times faster; interpreted, it is slower than the
# one-line formula (more operations), which ``tests/hardening/test_randomness.py`` checks it against.
_M22: Final = (1 << 22) - 1
_M20: Final = (1 << 20) - 1
_MULT0: Final = _MULT & _M22
_MULT1: Final = (_MULT >> 22) & _M22
_MULT2: Final = _MULT >> 44
_INC0: Final = _INC & _M22
_INC1: Final = (_INC >> 22) & _M22
_INC2: Final = _INC >> 44


class Rng:
    """PCG32; ``state`` (the 64-bit number) is the only thing to save."""

    __slots__ = ("_hi", "_lo", "_mid")

    def __init__(self, state: int) -> None:
        self.state = state

    @property
    def state(self) -> int:
        return (self._hi << 44) | (self._mid << 22) | self._lo

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK64
        self._lo = value & _M22
        self._mid = (value >> 22) & _M22
        self._hi = value >> 44

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        rng = Rng(0)
        rng.next_u32()
        rng.state = rng.state + seed
        rng.next_u32()
        return rng

    @property
    def kind(self) -> str:
        return PCG32

    def copy(self) -> Rng:
        """An independent generator that continues exactly as this one would."""
        return Rng(self.state)

    def to_json(self) -> str:
        """The generator's state as a string (exact for either kind; see :func:`rng_from_json`)."""
        return str(self.state)

    def next_u32(self) -> int:
        # state = state * _MULT + _INC (mod 2**64), limb by limb with carries; the products of
        # limbs that land at 2**66 and above drop out.
        lo = self._lo
        mid = self._mid
        hi = self._hi
        c = lo * _MULT0 + _INC0
        self._lo = c & _M22
        c = lo * _MULT1 + mid * _MULT0 + _INC1 + (c >> 22)
        self._mid = c & _M22
        c = lo * _MULT2 + mid * _MULT1 + hi * _MULT0 + _INC2 + (c >> 22)
        self._hi = c & _M20
        # XSH-RR of the old state: ((old >> 18) ^ old) >> 27 is (old >> 45) ^ (old >> 27), the
        # low 32 bits rotated right by old >> 59 (the rotation's left part kept within 32 bits).
        xorshifted = (hi >> 1) ^ (mid >> 5) ^ ((hi & 0x7FFF) << 17)
        rot = hi >> 15
        if rot == 0:
            return xorshifted
        return (xorshifted >> rot) | ((xorshifted & ((1 << rot) - 1)) << (32 - rot))

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


class KeyedRng(Rng):
    """BLAKE2b in counter mode: word ``i`` of the stream is the ``i % 16``-th little-endian
    32-bit word of ``BLAKE2b-512(key=key, data=(i // 16) as 8 little-endian bytes)``.

    ``state`` counts the words drawn so far; with ``key`` it is all there is to save. The current
    block is kept only to save hashing (rebuilt from key and counter when needed)."""

    __slots__ = ("_block", "_block_index", "counter", "key")

    def __init__(self, key: bytes, counter: int = 0) -> None:
        self.counter = counter
        self.key = key
        self._block_index = -1
        self._block = b""

    @property
    def state(self) -> int:
        return self.counter

    @state.setter
    def state(self, value: int) -> None:
        self.counter = value

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        key = hashlib.blake2b(_KEY_DOMAIN + str(seed).encode(), digest_size=32).digest()
        return KeyedRng(key, 0)

    @property
    def kind(self) -> str:
        return KEYED

    def copy(self) -> Rng:
        other = KeyedRng(self.key, self.state)
        other._block_index = self._block_index
        other._block = self._block
        return other

    def to_json(self) -> str:
        return f"{_KEYED_PREFIX}{self.key.hex()}:{self.state}"

    def next_u32(self) -> int:
        i = self.counter
        block = i // _WORDS_PER_BLOCK
        if block != self._block_index:
            self._block = hashlib.blake2b(block.to_bytes(8, "little"), key=self.key, digest_size=64).digest()
            self._block_index = block
        self.counter = i + 1
        offset = (i % _WORDS_PER_BLOCK) * 4
        return int.from_bytes(self._block[offset : offset + 4], "little")


def make_rng(kind: str, seed: int) -> Rng:
    """The generator a game's ``rng`` option names, seeded with ``seed``."""
    if kind == KEYED:
        return KeyedRng.from_seed(seed)
    if kind == PCG32:
        return Rng.from_seed(seed)
    raise ValueError(f"unknown generator {kind!r}; choose {', '.join(RNG_KINDS)}")


def rng_from_json(text: object) -> Rng:
    """The generator :meth:`Rng.to_json` saved (a decimal PCG32 state, or ``keyed:KEY:COUNTER``)."""
    if not isinstance(text, str) or len(text) > 200:
        raise ValueError("a generator state is a short string")
    if text.startswith(_KEYED_PREFIX):
        parts = text[len(_KEYED_PREFIX) :].split(":")
        if len(parts) != 2 or len(parts[0]) != 64 or not (parts[1].isascii() and parts[1].isdigit()):
            raise ValueError("a keyed generator state is keyed:<64 hex digits>:<counter>")
        return KeyedRng(bytes.fromhex(parts[0]), int(parts[1]))
    if not (text.isascii() and text.isdigit()):
        raise ValueError("a PCG32 generator state is a decimal number")
    return Rng(int(text))
