"""The march in progress (:class:`MarchState`, ``s.march``): the area whose March order is being
resolved. The rules are in ``marches.py``; a battle the march starts is ``s.battle``
(``battle_state.py``), which also keeps the order's strength bonus.

Its fields are listed once, in ``FIELDS`` (``parts.py`` saves them by name, under the keys the flat
state used). To add one: declare it below, give it its line in ``__init__`` (its starting value, or
its value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work)
and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields

FIELDS: Final[Fields] = (("area", "march_area"),)


class MarchState:
    """The march being resolved (``area`` -1: none this action phase yet)."""

    area: int  # the area whose March order is resolving; its units move out one at a time

    def __init__(self, of: MarchState | None = None) -> None:
        # the field's starting value, or its value in ``of`` (the record this one copies)
        self.area = -1 if of is None else of.area

    def copy(self) -> MarchState:
        return MarchState(self)
