"""The parts of the Thrones state (``battle_state.py``, ...): each record writes a field once, as
its line in ``__init__``; the saved field list (``FIELDS``, read from a fresh record, in the
compiled build through mypyc's list of the class's attributes) names every field those lines
set, under distinct keys; each record copies every field (no list shared with the original);
and it saves by those names, under the keys of the saved state."""

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
    """The fields the class's ``__init__`` sets (``self.name: type = ...``), read from the
    source (the build may be compiled)."""
    tree = ast.parse((SRC / f"{module.__name__.rsplit('.', 1)[1]}.py").read_text())
    (body,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == cls]
    (init,) = [node for node in body.body if isinstance(node, ast.FunctionDef) and node.name == "__init__"]
    assert not [node for node in body.body if isinstance(node, ast.AnnAssign)], (
        "a field is its line in __init__"
    )
    return [
        node.target.attr
        for node in init.body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Attribute)
        and isinstance(node.target.value, ast.Name)
        and node.target.value.id == "self"
    ]


@pytest.mark.parametrize(("module", "cls"), RECORDS, ids=[c for _, c in RECORDS])
def test_field_list_names_every_declared_field(module: ModuleType, cls: str) -> None:
    fields: Fields = module.FIELDS
    assert _declared(module, cls)
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


def test_a_battle_restarts_its_fields_to_their_starting_values() -> None:
    """``begin_march``, ``begin_steps`` and ``end`` put their groups of fields back to the values
    ``__init__`` starts with, and leave the others as they were."""
    fresh = battle_state.BattleState()
    fields: Fields = battle_state.FIELDS
    start = _saved(fresh, fields)

    def changed() -> battle_state.BattleState:
        record = battle_state.BattleState()
        for name, _ in fields:
            value = getattr(record, name)
            setattr(record, name, [x + 5 for x in value] + [5] if isinstance(value, list) else value + 5)
        return record

    moments = {
        "begin_steps": (
            {"b_support", "b_cards", "b_revealed", "b_blade", "b_winner", "b_loser", "b_casualties"}
        ),
        "end": {
            "b_area",
            "b_origin",
            "b_attacker",
            "b_defender",
            "b_neutral",
            "b_att",
            "b_support_queue",
            "b_cards",
            "b_revealed",
            "b_blade",
            "b_step",
        },
    }
    for moment, reset in moments.items():
        record = changed()
        before = _saved(record, fields)
        getattr(record, moment)()
        after = _saved(record, fields)
        assert {k for k in after if after[k] == start[k]} == reset, moment
        assert all(after[k] == before[k] for k in after if k not in reset), moment
    record = changed()
    record.begin_march(2)
    after = _saved(record, fields)
    disengaged = {"b_area", "b_origin", "b_attacker", "b_defender", "b_neutral", "b_att"}
    assert {k for k in after if after[k] == start[k]} == disengaged
    assert after["b_march_bonus"] == 2
