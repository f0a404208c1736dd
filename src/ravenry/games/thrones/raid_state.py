"""The raid in progress (:class:`RaidState`, ``s.raid``): the area whose Raid order is being
resolved. The rules are in ``raids.py``.

Each field is written once, as its line in ``__init__``: its type, its starting value (or its
value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work) and
what it means. ``FIELDS`` (what ``parts.py`` saves, by name) is read from a fresh record, under
the keys the flat state used: ``raid_`` and the name.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields, saved_fields


class RaidState:
    """The raid being resolved (``area`` -1: none)."""

    def __init__(self, of: RaidState | None = None) -> None:
        # each field's starting value, or its value in ``of`` (the record this one copies)
        self.area: int = -1 if of is None else of.area  # the area whose Raid order is resolving
        self.hits: int = 0 if of is None else of.hits  # raids resolved so far this action phase

    def copy(self) -> RaidState:
        return RaidState(self)


FIELDS: Final[Fields] = saved_fields(RaidState(), "raid_")
