"""A retreat (or an attacker's return) that breaks supply (:class:`RetreatState`,
``s.retreat``): the area the units went to and those the house may still pick to destroy
(phase ``P_RETREAT_LOSS``). The rules are in ``battle.py``.

Its fields are listed once, in ``FIELDS`` (``parts.py`` saves them by name, under the keys the flat
state used: ``r_area``, ``r_units``). To add one: declare it below, give it its line in
``__init__`` (its starting value, or its value in the record copied: ``copy()`` passes ``of``, so a
copy never runs the starting work) and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields

FIELDS: Final[Fields] = (("area", "r_area"), ("units", "r_units"))


class RetreatState:
    """The retreated units still to be cut down to supply (``area`` -1: none)."""

    area: int  # where the units retreated (or returned) to
    units: list[int]  # the retreated units by type, still choosable as losses

    def __init__(self, of: RetreatState | None = None) -> None:
        # each field's starting value, or its value in ``of`` (the record this one copies)
        self.area = -1 if of is None else of.area
        self.units = [0, 0, 0] if of is None else of.units[:]

    def copy(self) -> RetreatState:
        return RetreatState(self)
