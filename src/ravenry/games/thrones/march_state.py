"""The march in progress (:class:`MarchState`, ``s.march``): the area whose March order is being
resolved. The rules are in ``marches.py``; a battle the march starts is ``s.battle``
(``battle_state.py``), which also keeps the order's strength bonus.

Its fields are listed once, in ``FIELDS`` (``parts.py`` copies and saves them by name, under the
keys the flat state used). To add one: declare it below, give it its starting value in
``__init__`` and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields, copy_fields

FIELDS: Final[Fields] = (("area", "march_area"),)


class MarchState:
    """The march being resolved (``area`` -1: none this action phase yet)."""

    area: int  # the area whose March order is resolving; its units move out one at a time

    def __init__(self) -> None:
        self.area = -1

    def copy(self) -> MarchState:
        other = MarchState.__new__(MarchState)
        copy_fields(self, other, FIELDS)
        return other
