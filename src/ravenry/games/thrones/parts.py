"""How a part of the Thrones state is saved: by the names in its one field list.

The state (:class:`~ravenry.games.thrones.state.ThronesData`) holds a record for each sub-step
that has data of its own: :class:`~ravenry.games.thrones.battle_state.BattleState`, and so on.
Each record lists its fields once, as ``FIELDS``: pairs of the attribute and its key in the saved
state. The keys are those of the flat state the records came from (``b_area``, ``bids``, ...), so
saved games and pinned digests read the same. A field holds an int or a list of ints; the
functions here save and load it by name. A record copies itself in its ``__init__``, one line a
field (its starting value, or its value in the record copied, ``of``): attribute by attribute,
which the compiled build runs natively, and without the starting work (mypyc's ``__new__`` runs
``__init__``, so a copy made by allocating and then setting fields by name paid for both). So
adding a field to a record means declaring it in the class, giving it its line in ``__init__``,
and naming it in ``FIELDS`` (a test checks that the three agree).
"""

from __future__ import annotations

from typing import Any

# (attribute, key in the saved state), one pair per field of a record.
Fields = tuple[tuple[str, str], ...]


def fields_to_json(part: object, fields: Fields, out: dict[str, Any]) -> None:
    """Write every field of ``part`` into ``out`` under its key."""
    for name, key in fields:
        value = getattr(part, name)
        out[key] = list(value) if isinstance(value, list) else int(value)


def fields_from_json(part: object, fields: Fields, obj: dict[str, Any]) -> None:
    """Read every field of ``part`` from ``obj``, by its key."""
    for name, key in fields:
        value = obj[key]
        setattr(part, name, [int(x) for x in value] if isinstance(value, list) else int(value))
