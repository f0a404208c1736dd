"""The raid in progress (:class:`RaidState`, ``s.raid``): the area whose Raid order is being
resolved. The rules are in ``raids.py``.

Its fields are listed once, in ``FIELDS`` (``parts.py`` saves them by name, under the keys the flat
state used). To add one: declare it below, give it its line in ``__init__`` (its starting value, or
its value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work)
and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields

FIELDS: Final[Fields] = (("area", "raid_area"), ("hits", "raid_hits"))


class RaidState:
    """The raid being resolved (``area`` -1: none)."""

    area: int  # the area whose Raid order is resolving
    hits: int  # raids resolved so far this action phase

    def __init__(self, of: RaidState | None = None) -> None:
        # each field's starting value, or its value in ``of`` (the record this one copies)
        self.area = -1 if of is None else of.area
        self.hits = 0 if of is None else of.hits

    def copy(self) -> RaidState:
        return RaidState(self)
