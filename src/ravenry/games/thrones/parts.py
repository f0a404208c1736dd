"""How a part of the Thrones state is saved: by the names in its one field list.

The state (:class:`~ravenry.games.thrones.state.ThronesData`) holds a record for each sub-step
that has data of its own: :class:`~ravenry.games.thrones.battle_state.BattleState`, and so on.
Each record writes each field once, as its line in ``__init__``: its type, its starting value
or its value in the record copied (``of``), and what it means. A copy is that constructor with
``of`` given: attribute by attribute, which the compiled build runs natively, and without the
starting work (mypyc's ``__new__`` runs ``__init__``, so a copy made by allocating and then
setting fields by name paid for both). The saved keys (``FIELDS``) are read from a fresh record
(:func:`saved_fields`): the key is the record's prefix and the attribute's name (``b_`` +
``area``), but for the few whose key in the flat state the records came from was another
(``attacking`` is saved as ``b_att``), so saved games and pinned digests read the same. So
adding a field to a record is adding its line to ``__init__``. A field holds an int or a list of
ints; the functions here save and load it by name.
"""

from __future__ import annotations

from typing import Any

# (attribute, key in the saved state), one pair per field of a record.
Fields = tuple[tuple[str, str], ...]


def saved_fields(fresh: object, prefix: str, keys: dict[str, str] | None = None) -> Fields:
    """(attribute, saved key) for every field of the record ``fresh`` (one just made), once at
    import: the attributes its ``__init__`` set (a compiled class lists them in
    ``__mypyc_attrs__``, an interpreted record holds them in its ``__dict__``). A field's key is
    ``prefix`` and its name, or ``keys[name]`` where the saved state has another."""
    declared: object = getattr(type(fresh), "__mypyc_attrs__", None)
    names = [str(n) for n in declared] if isinstance(declared, tuple) else list(vars(fresh))
    renamed = keys or {}
    return tuple((n, renamed.get(n, prefix + n)) for n in names if not n.startswith("__"))


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
