"""The mustering in progress (:class:`MusterState`, ``s.mustering``): the points the current
house has left in each of its castles and strongholds. The rules are in ``mustering.py``.

Each field is written once, as its line in ``__init__``: its type, its starting value (or its
value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work) and
what it means. ``FIELDS`` (what ``parts.py`` saves, by name) is read from a fresh record, under
the keys the flat state used: ``muster_`` and the name.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.data import N_AREAS
from ravenry.games.thrones.parts import Fields, saved_fields


class MusterState:
    """One house's mustering."""

    def __init__(self, of: MusterState | None = None) -> None:
        # the field's starting value, or its value in ``of`` (the record this one copies)
        # area → mustering points left there (for the current mustering house)
        self.points: list[int] = [0] * N_AREAS if of is None else of.points[:]

    def copy(self) -> MusterState:
        return MusterState(self)


FIELDS: Final[Fields] = saved_fields(MusterState(), "muster_")
