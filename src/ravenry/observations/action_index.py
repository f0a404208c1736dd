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

from ravenry.core.protocol import Action

# An action type's block: its first index, and each field's lowest value, size and stride.
BlockTable = tuple[int, list[int], list[int], list[int]]


class ActionIndex:
    """Catalogue indices of actions: ``index`` (every catalogue action → its index) and
    ``blocks`` (action type → :data:`BlockTable`, for the types whose actions are their fields'
    integers; the arithmetic must give what ``index`` holds, which the RL tests check)."""

    def __init__(self, index: dict[Action, int], blocks: dict[str, BlockTable]) -> None:
        self.index = index
        self.blocks = blocks

    def of(self, action: Action) -> int:
        """``action``'s catalogue index, or -1 if the catalogue has none."""
        block = self.blocks.get(action[0]) if action and type(action[0]) is str else None
        if block is not None:
            offset, lows, sizes, strides = block
            n = len(lows)
            if len(action) == n + 1:
                at = offset
                k = 0
                while k < n:
                    value = action[k + 1]
                    if type(value) is not int:
                        break
                    d: int = value - lows[k]
                    if d < 0 or d >= sizes[k]:
                        break
                    at += d * strides[k]
                    k += 1
                if k == n:
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
