"""How a part of the Thrones state is copied and saved: by the names in its one field list.

The state (:class:`~ravenry.games.thrones.state.ThronesData`) holds a record for each sub-step
that has data of its own: :class:`~ravenry.games.thrones.battle_state.BattleState`, and so on.
Each record lists its fields once, as ``FIELDS``: pairs of the attribute and its key in the saved
state. The keys are those of the flat state the records came from (``b_area``, ``bids``, ...), so
saved games and pinned digests read the same. A field holds an int or a list of ints; the
functions here copy and save it by name, so adding a field to a record means declaring it in the
class, giving it its starting value in ``__init__``, and naming it in ``FIELDS`` (a test checks
that the three agree).
"""

from __future__ import annotations

from typing import Any

# (attribute, key in the saved state), one pair per field of a record.
Fields = tuple[tuple[str, str], ...]


def copy_fields(source: object, target: object, fields: Fields) -> None:
    """Copy every field of ``source`` onto ``target`` (lists copied, never shared)."""
    for name, _ in fields:
        value = getattr(source, name)
        setattr(target, name, value[:] if isinstance(value, list) else value)


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
