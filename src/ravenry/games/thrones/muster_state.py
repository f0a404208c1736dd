"""The mustering in progress (:class:`MusterState`, ``s.mustering``): the points the current
house has left in each of its castles and strongholds. The rules are in ``mustering.py``.

Its fields are listed once, in ``FIELDS`` (``parts.py`` copies and saves them by name, under the
keys the flat state used). To add one: declare it below, give it its starting value in
``__init__`` and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.data import N_AREAS
from ravenry.games.thrones.parts import Fields, copy_fields

FIELDS: Final[Fields] = (("points", "muster_points"),)


class MusterState:
    """One house's mustering."""

    points: list[int]  # area → mustering points left there (for the current mustering house)

    def __init__(self) -> None:
        self.points = [0] * N_AREAS

    def copy(self) -> MusterState:
        other = MusterState.__new__(MusterState)
        copy_fields(self, other, FIELDS)
        return other
