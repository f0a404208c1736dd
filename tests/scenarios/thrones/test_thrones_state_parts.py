"""The parts of the Thrones state (``battle_state.py``, ...): each record's one field list
(``FIELDS``) names every field the class declares, so a field added in one place but not the
other fails here; each record sets every field in ``__init__`` and copies every one (no list
shared with the original); and it saves by those names, under the keys of the saved state."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import ravenry
from ravenry.games.thrones import (
    battle_state,
    bidding_state,
    march_state,
    muster_state,
    raid_state,
    retreat_state,
)
from ravenry.games.thrones.parts import Fields, fields_from_json, fields_to_json

SRC = Path(__file__).resolve().parents[3] / "src" / "ravenry" / "games" / "thrones"
# record module → its class
RECORDS: list[tuple[ModuleType, str]] = [
    (raid_state, "RaidState"),
    (march_state, "MarchState"),
    (battle_state, "BattleState"),
    (retreat_state, "RetreatState"),
    (muster_state, "MusterState"),
    (bidding_state, "BiddingState"),
]


def _fresh(module: ModuleType, cls: str) -> Any:
    return getattr(module, cls)(4) if cls == "BiddingState" else getattr(module, cls)()


def _declared(module: ModuleType, cls: str) -> list[str]:
    """The attributes the class body declares, read from the source (the build may be compiled)."""
    tree = ast.parse((SRC / f"{module.__name__.rsplit('.', 1)[1]}.py").read_text())
    (body,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == cls]
    return [
        node.target.id
        for node in body.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    ]


@pytest.mark.parametrize(("module", "cls"), RECORDS, ids=[c for _, c in RECORDS])
def test_field_list_names_every_declared_field(module: ModuleType, cls: str) -> None:
    fields: Fields = module.FIELDS
    assert sorted(name for name, _ in fields) == sorted(_declared(module, cls))
    assert len({key for _, key in fields}) == len(fields)


@pytest.mark.parametrize(("module", "cls"), RECORDS, ids=[c for _, c in RECORDS])
def test_record_copies_and_saves_by_name(module: ModuleType, cls: str) -> None:
    fields: Fields = module.FIELDS
    record: Any = _fresh(module, cls)
    # every field is set from the start, to an int or a list of ints
    saved: dict[str, Any] = {}
    fields_to_json(record, fields, saved)
    assert sorted(saved) == sorted(key for _, key in fields)
    # change every field, then copy: equal values, no shared lists
    for name, _ in fields:
        value = getattr(record, name)
        setattr(record, name, [x + 1 for x in value] + [7] if isinstance(value, list) else value + 1)
    twin: Any = record.copy()
    assert type(twin) is type(record)
    again: Any = _fresh(module, cls)
    fields_from_json(again, fields, _saved(record, fields))
    for name, _ in fields:
        assert getattr(twin, name) == getattr(record, name) == getattr(again, name)
        if isinstance(getattr(record, name), list):
            assert getattr(twin, name) is not getattr(record, name)
    # the copy is its own: changing it leaves the original as it was
    before = _saved(record, fields)
    for name, _ in fields:
        value = getattr(twin, name)
        if isinstance(value, list):
            value.append(9)
        else:
            setattr(twin, name, value + 1)
    assert _saved(record, fields) == before


def _saved(record: object, fields: Fields) -> dict[str, Any]:
    out: dict[str, Any] = {}
    fields_to_json(record, fields, out)
    return out


def test_state_saves_each_part_under_the_flat_keys() -> None:
    state = ravenry.new_game("thrones", players=4, seed=3)
    saved = state.to_json()
    for module, _ in RECORDS:
        for _, key in module.FIELDS:
            assert key in saved
