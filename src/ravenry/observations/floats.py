"""Numbers for numpy as bytes, written natively: the RL observations' last step.

numpy turns a list of Python numbers into an array at about 15 ns a number, more than the
compiled encoders take to work the numbers out. So they write the bytes of the array instead
(``librt.strings.BytesWriter``: compiled by mypyc, each number is a store, not a Python object),
and numpy reads them in one call (``np.frombuffer(..., "<f4")``). This module holds what the
encoders share: float32 runs, tables of one-hot and flag runs worked out once, and the check
that an encoding's fields lie in the order an encoder writes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from librt.strings import BytesWriter, write_f32_le


def f32_bytes(values: Sequence[float]) -> bytes:
    """``values`` as float32 little-endian bytes (what ``np.frombuffer(b, "<f4")`` reads)."""
    w = BytesWriter()
    for v in values:
        write_f32_le(w, float(v))
    return w.getvalue()


def counts_bytes(counts: list[int]) -> bytes:
    """Whole numbers as float32 little-endian bytes (:func:`f32_bytes` of ints, typed: a
    compiled loop without a float object per number)."""
    w = BytesWriter()
    for count in counts:
        write_f32_le(w, float(count))
    return w.getvalue()


# The bytes of the float32 numbers 0-255 (the counts an encoder rewrites one at a time).
_SMALL_COUNTS: Final = [f32_bytes([float(i)]) for i in range(256)]


def count_bytes(count: int) -> bytes:
    """One whole number's float32 bytes (a small one from a table)."""
    if 0 <= count < 256:
        return _SMALL_COUNTS[count]
    return f32_bytes([float(count)])


def joined(head: bytes, middle: bytes | bytearray, tail: bytes) -> bytearray:
    """``head``, ``middle`` and ``tail`` one after another in a new bytearray, allocated once:
    an encoder writes the short runs around a long kept one (a board's) and hands numpy the
    result to read in place (``np.frombuffer`` of a bytearray is a writable array)."""
    return bytearray().join((head, middle, tail))


def mask_bytes(size: int, places: tuple[int, ...]) -> bytearray:
    """``size`` int8 numbers, 1 at each of ``places`` and 0 elsewhere, as a new bytearray (an
    action mask: numpy reads it in place, writable, with ``np.frombuffer(b, np.int8)``);
    :class:`IndexError` for a place outside 0..size-1."""
    out = bytearray(size)
    for place in places:
        if not 0 <= place < size:
            raise IndexError(f"place {place} is outside a mask of {size}")
        out[place] = 1
    return out


def hot_table(size: int) -> list[bytes]:
    """The bytes of a one-hot run of ``size`` numbers, by the place of its 1; the last entry,
    ``size``, is all 0 (nothing to mark)."""
    return [f32_bytes([1.0 if i == k else 0.0 for i in range(size)]) for k in range(size + 1)]


def flags_table(size: int) -> list[bytes]:
    """The bytes of a run of ``size`` 0/1 flags, by the bit mask of the 1s (bit i: number i)."""
    return [f32_bytes([float((mask >> i) & 1) for i in range(size)]) for mask in range(1 << size)]


def seat_mask(seats: Sequence[int], n: int) -> int:
    """The bit mask of ``seats`` (those in 0..n-1), an index into :func:`flags_table`."""
    out = 0
    for p in seats:
        if 0 <= p < n:
            out |= 1 << p
    return out


def fields_end(starts: Mapping[str, int], order: Sequence[tuple[str, int]], at: int, size: int = -1) -> int:
    """Where the fields of ``order`` (name, length; a length of -1: up to the next field's start)
    end, checking that each starts right where the one before ends, the first at ``at``, and,
    unless ``size`` is -1, that the last ends at ``size``. :class:`ValueError` otherwise: an
    encoder writes the fields in this order, so an encoding laid out otherwise is refused."""
    for i, (name, length) in enumerate(order):
        if starts[name] != at:
            raise ValueError(f"field {name!r} starts at {starts[name]}, not {at}: not the order written")
        at = starts[order[i + 1][0]] if length < 0 else at + length
    if size >= 0 and at != size:
        raise ValueError(f"the fields written end at {at}, the observation at {size}")
    return at
