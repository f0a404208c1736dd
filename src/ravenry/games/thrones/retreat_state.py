"""A retreat (or an attacker's return) that breaks supply (:class:`RetreatState`,
``s.retreat``): the area the units went to and those the house may still pick to destroy
(phase ``P_RETREAT_LOSS``). The rules are in ``battle.py``.

Each field is written once, as its line in ``__init__``: its type, its starting value (or its
value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work) and
what it means. ``FIELDS`` (what ``parts.py`` saves, by name) is read from a fresh record, under
the keys the flat state used: ``r_`` and the name.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields, saved_fields


class RetreatState:
    """The retreated units still to be cut down to supply (``area`` -1: none)."""

    def __init__(self, of: RetreatState | None = None) -> None:
        # each field's starting value, or its value in ``of`` (the record this one copies)
        self.area: int = -1 if of is None else of.area  # where the units retreated (or returned) to
        # the retreated units by type, still choosable as losses
        self.units: list[int] = [0, 0, 0] if of is None else of.units[:]

    def copy(self) -> RetreatState:
        return RetreatState(self)


FIELDS: Final[Fields] = saved_fields(RetreatState(), "r_")
