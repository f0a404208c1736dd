"""The raid in progress (:class:`RaidState`, ``s.raid``): the area whose Raid order is being
resolved. The rules are in ``raids.py``.

Its fields are listed once, in ``FIELDS`` (``parts.py`` copies and saves them by name, under the
keys the flat state used). To add one: declare it below, give it its starting value in
``__init__`` and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields, copy_fields

FIELDS: Final[Fields] = (("area", "raid_area"), ("hits", "raid_hits"))


class RaidState:
    """The raid being resolved (``area`` -1: none)."""

    area: int  # the area whose Raid order is resolving
    hits: int  # raids resolved so far this action phase

    def __init__(self) -> None:
        self.area = -1
        self.hits = 0

    def copy(self) -> RaidState:
        other = RaidState.__new__(RaidState)
        copy_fields(self, other, FIELDS)
        return other
