"""The Thrones state's fields are listed once (``state.py``): each is its line in
``ThronesData._fields``, with its type, its starting value and how it is copied; a new state and
a copy are both made by those lines, and JSON saves every field by the names they set (read from
a state they made, in the compiled build through mypyc's list of the class's attributes). So the
lines, the copy and the saved names cannot drift apart: every field is copied (no list shared with
the original) and saved and read back."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import ravenry
from ravenry.core.rng import Rng
from ravenry.games.thrones import state as thrones_state
from ravenry.games.thrones.battle_tally import BattleTally

SOURCE = Path(__file__).resolve().parents[3] / "src" / "ravenry" / "games" / "thrones" / "state.py"
# What the class annotates itself: which game, which seats, which randomness; and the kept legal
# actions (never copied). Everything else is a line of _fields.
IDENTITY = {"game", "config", "n", "houses", "rng", "_kept_legal"}


def _class() -> ast.ClassDef:
    tree = ast.parse(SOURCE.read_text())
    (cls,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "ThronesData"]
    return cls


def _method(name: str) -> ast.FunctionDef:
    (method,) = [n for n in _class().body if isinstance(n, ast.FunctionDef) and n.name == name]
    return method


def _fields_lines() -> list[str]:
    """The fields ``_fields`` sets (``self.name: type = ...``), in order, read from the source
    (the build may be compiled)."""
    return [
        node.target.attr
        for node in _method("_fields").body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Attribute)
        and isinstance(node.target.value, ast.Name)
        and node.target.value.id == "self"
    ]


def _assigned(method: str) -> set[str]:
    """Attributes a method assigns (``x.name = ...``)."""
    return {
        target.attr
        for node in ast.walk(_method(method))
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
    }


def test_each_field_is_one_line_and_saved_by_its_name() -> None:
    lines = _fields_lines()
    assert len(lines) == len(set(lines)) > 40
    annotated = {
        n.target.id for n in _class().body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    assert annotated == IDENTITY, "a field of the game's data is its line in _fields, not annotated apart"
    # a new state and a copy set the fields through _fields alone
    assert not _assigned("_init_empty") & set(lines)
    assert not _assigned("_copy_into") & set(lines)
    # the saved names are the lines' (all but the parts and the tally, saved apart), each once
    state = ravenry.new_game("thrones", players=4, seed=3)
    saved = [name for name, _ in thrones_state._saved_fields(state)]
    assert set(lines) >= thrones_state.SAVED_APART
    assert sorted(saved) == sorted(set(lines) - thrones_state.SAVED_APART)
    assert set(saved) <= set(state.to_json())


def _changed(state: Any) -> Any:
    """``state`` with every field of ``_fields`` changed (ints, lists and the lists in lists; the
    parts' fields and the last battle's tally), still savable."""
    for name in _fields_lines():
        value = getattr(state, name)
        if isinstance(value, bool):
            setattr(state, name, not value)
        elif isinstance(value, int):
            setattr(state, name, value + 3)
        elif isinstance(value, list) and value and isinstance(value[0], list):
            setattr(state, name, [[*v, 5] for v in value] + [[6]])
        elif isinstance(value, list):
            setattr(state, name, [x + 1 for x in value] + [4])
        elif name == "last_battle":
            saved = value.to_list() if isinstance(value, BattleTally) else list(range(28))
            setattr(state, name, BattleTally.from_list([x + 1 for x in saved]))
        else:  # a part: each of its fields
            for field, _ in _part_fields(name):
                v = getattr(value, field)
                setattr(value, field, [x + 2 for x in v] + [2] if isinstance(v, list) else v + 2)
    return state


def _part_fields(name: str) -> tuple[tuple[str, str], ...]:
    (fields,) = [f for n, f in thrones_state._PARTS if n == name]
    return fields


def _values(state: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in _fields_lines():
        value = getattr(state, name)
        if name in thrones_state.SAVED_APART and value is not None:
            value = (
                value.to_list()
                if name == "last_battle"
                else {f: getattr(value, f) for f, _ in _part_fields(name)}
            )
        out[name] = value
    return out


def _mid_game() -> Any:
    state = ravenry.new_game("thrones", players=5, seed=11)
    policy = Rng.from_seed(11)
    for _ in range(150):
        decision = state.decision()
        seat = policy.choice(decision.players)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[policy.below(len(legal))])
    return state


def test_a_clone_copies_every_field_and_shares_no_list() -> None:
    state = _changed(_mid_game())
    before = _values(state)
    twin = state.clone()
    assert _values(twin) == before
    for name in _fields_lines():
        mine, theirs = getattr(state, name), getattr(twin, name)
        if not isinstance(mine, (int, bool)):
            assert mine is not theirs, name
        if isinstance(mine, list) and mine and isinstance(mine[0], list):
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name
    # the clone is its own: changing it leaves the original as it was
    _changed(twin)
    assert _values(twin) != before
    assert _values(state) == before


def test_a_saved_state_reads_back_every_field() -> None:
    state = _changed(_mid_game())
    again = state.game.state_from_json(state.to_json())
    assert _values(again) == _values(state)
    assert again.to_json_text() == state.to_json_text()
