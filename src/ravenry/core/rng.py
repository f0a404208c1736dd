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


class Rng:
    """PCG32; ``state`` is the only thing to save."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        rng = Rng(0)
        rng.next_u32()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
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


class KeyedRng(Rng):
    """BLAKE2b in counter mode: word ``i`` of the stream is the ``i % 16``-th little-endian
    32-bit word of ``BLAKE2b-512(key=key, data=(i // 16) as 8 little-endian bytes)``.

    ``state`` counts the words drawn so far; with ``key`` it is all there is to save. The current
    block is kept only to save hashing (rebuilt from key and counter when needed)."""

    __slots__ = ("_block", "_block_index", "key")

    def __init__(self, key: bytes, counter: int = 0) -> None:
        self.state = counter
        self.key = key
        self._block_index = -1
        self._block = b""

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
        i = self.state
        block = i // _WORDS_PER_BLOCK
        if block != self._block_index:
            self._block = hashlib.blake2b(block.to_bytes(8, "little"), key=self.key, digest_size=64).digest()
            self._block_index = block
        self.state = i + 1
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
