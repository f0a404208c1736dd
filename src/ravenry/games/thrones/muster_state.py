"""The mustering in progress (:class:`MusterState`, ``s.mustering``): the points the current
house has left in each of its castles and strongholds. The rules are in ``mustering.py``.

Its fields are listed once, in ``FIELDS`` (``parts.py`` saves them by name, under the keys the flat
state used). To add one: declare it below, give it its line in ``__init__`` (its starting value, or
its value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work)
and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.data import N_AREAS
from ravenry.games.thrones.parts import Fields

FIELDS: Final[Fields] = (("points", "muster_points"),)


class MusterState:
    """One house's mustering."""

    points: list[int]  # area → mustering points left there (for the current mustering house)

    def __init__(self, of: MusterState | None = None) -> None:
        # the field's starting value, or its value in ``of`` (the record this one copies)
        self.points = [0] * N_AREAS if of is None else of.points[:]

    def copy(self) -> MusterState:
        return MusterState(self)
