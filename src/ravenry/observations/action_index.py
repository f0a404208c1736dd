"""The catalogue index of a legal action, worked out rather than looked up, compiled.

An RL catalogue (:mod:`ravenry.rl.catalogue`) numbers every action an agent may take: each
action type a block of indices, its fields' integers in mixed radix (the first field the most
significant: ``offset + (v1 - low1) * stride1 + (v2 - low2) * stride2 + ...``). Looking a legal
action up in a dict of every catalogue action hashes the whole tuple and, for Thrones' 21,025
actions, misses the cache: about 70 ns an action, a Thrones decision lists about 40. Working the
index out from the action's type and fields costs a fraction of that. Anything the arithmetic
does not cover (an action of a type without fields in the catalogue, such as an offer, a field
that is not an int or lies outside its domain) is looked up in the dict, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ravenry.core.protocol import Action

# An action type's block: its first index, and each field's lowest value, size and stride.
BlockTable = tuple[int, list[int], list[int], list[int]]
# The most fields a block worked out by arithmetic may have (a type with more is looked up).
MAX_FIELDS: Final = 3


class FieldBlock:
    """An action type's :data:`BlockTable` (``table``) as native ints, its fields unrolled (no
    list to index per field): :meth:`of` works an action's index out."""

    def __init__(self, table: BlockTable) -> None:
        self.table = table
        offset, lows, sizes, strides = table
        n = len(lows)
        if n > MAX_FIELDS or len(sizes) != n or len(strides) != n:
            raise ValueError(f"a block of {n} fields: at most {MAX_FIELDS}, each a low, size and stride")
        pad = [0] * (MAX_FIELDS - n)
        lows, sizes, strides = lows + pad, sizes + pad, strides + pad
        self.offset = offset
        self.n = n
        self.low0, self.low1, self.low2 = lows[0], lows[1], lows[2]
        self.size0, self.size1, self.size2 = sizes[0], sizes[1], sizes[2]
        self.stride0, self.stride1, self.stride2 = strides[0], strides[1], strides[2]

    def of(self, action: Action) -> int:
        """The index of ``action`` (of this block's type) by its fields, or -1 if a field is
        not an int within its domain or the action has another number of fields."""
        n = self.n
        if len(action) != n + 1:
            return -1
        at = self.offset
        if n == 0:
            return at
        value = action[1]
        if type(value) is not int:
            return -1
        d: int = value - self.low0
        if d < 0 or d >= self.size0:
            return -1
        at += d * self.stride0
        if n == 1:
            return at
        value = action[2]
        if type(value) is not int:
            return -1
        d = value - self.low1
        if d < 0 or d >= self.size1:
            return -1
        at += d * self.stride1
        if n == 2:
            return at
        value = action[3]
        if type(value) is not int:
            return -1
        d = value - self.low2
        if d < 0 or d >= self.size2:
            return -1
        return at + d * self.stride2


class ActionIndex:
    """Catalogue indices of actions: ``index`` (every catalogue action → its index) and
    ``blocks`` (action type → :data:`BlockTable`, for the types whose actions are their fields'
    integers; the arithmetic must give what ``index`` holds, which the RL tests check). The
    types of at most :data:`MAX_FIELDS` fields are worked out (``self.blocks``: type →
    :class:`FieldBlock`), the others looked up."""

    def __init__(self, index: dict[Action, int], blocks: dict[str, BlockTable]) -> None:
        self.index = index
        self.blocks = {
            kind: FieldBlock(table) for kind, table in blocks.items() if len(table[1]) <= MAX_FIELDS
        }

    def of(self, action: Action) -> int:
        """``action``'s catalogue index, or -1 if the catalogue has none."""
        block = self.blocks.get(action[0]) if action and type(action[0]) is str else None
        if block is not None:
            at = block.of(action)
            if at >= 0:
                return at
        found = self.index.get(action)
        return -1 if found is None else found

    def indices(self, legal: Sequence[Action], skip: frozenset[str]) -> list[int]:
        """The catalogue indices of ``legal``, leaving out the action types in ``skip``; an
        action neither in the catalogue nor skipped raises :class:`KeyError` with the action."""
        out: list[int] = []
        for action in legal:
            i = self.of(action)
            if i < 0:
                if action[0] in skip:
                    continue
                raise KeyError(action)
            out.append(i)
        return out
