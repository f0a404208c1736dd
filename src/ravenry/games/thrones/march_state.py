"""The march in progress (:class:`MarchState`, ``s.march``): the area whose March order is being
resolved. The rules are in ``marches.py``; a battle the march starts is ``s.battle``
(``battle_state.py``), which also keeps the order's strength bonus.

Each field is written once, as its line in ``__init__``: its type, its starting value (or its
value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work) and
what it means. ``FIELDS`` (what ``parts.py`` saves, by name) is read from a fresh record, under
the keys the flat state used: ``march_`` and the name.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields, saved_fields


class MarchState:
    """The march being resolved (``area`` -1: none this action phase yet)."""

    def __init__(self, of: MarchState | None = None) -> None:
        # the field's starting value, or its value in ``of`` (the record this one copies)
        # the area whose March order is resolving; its units move out one at a time
        self.area: int = -1 if of is None else of.area

    def copy(self) -> MarchState:
        return MarchState(self)


FIELDS: Final[Fields] = saved_fields(MarchState(), "march_")
