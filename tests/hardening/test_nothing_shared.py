"""Nothing a caller receives is shared with the state, with other returned objects, or with other
games: views, events (and their views), decisions, legal action lists, action templates, public
helpers' lists, ``to_json()`` and clones are each changed in every way we can think of, and
nothing else moves.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hardening_positions import deciding, labels, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ravenry
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import GameState
from ravenry.core.record import GameRecord
from ravenry.games.catan.rules import CatanState

LABELS = labels()
MARK = "scribbled"


def scribble(value: Any) -> None:
    """Change a JSON-like value in place, all the way down: nested containers are changed in
    place too (so a shared inner list would show it), scalars replaced, keys added."""
    if type(value) is dict:
        for key in list(value):
            inner = value[key]
            scribble(inner)
            if type(inner) not in (dict, list, set):
                value[key] = MARK
        value[MARK] = [MARK]
    elif type(value) is list:
        for i, inner in enumerate(value):
            scribble(inner)
            if type(inner) not in (dict, list, set):
                value[i] = MARK
        value.append(MARK)
    elif type(value) is set:
        value.add(-12345)


def text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _outputs(state: GameState) -> dict[str, Any]:
    """Everything the public API hands out for this state, keyed by what it is."""
    n = state.config.players
    out: dict[str, Any] = {"to_json": state.to_json(), "decision": state.decision().to_json()}
    for viewer in [None, *range(n)]:
        out[f"observe {viewer}"] = state.observe(viewer)
    for p in range(n):
        out[f"legal {p}"] = state.legal_actions(p)
        out[f"templates {p}"] = state.action_templates(p)
    if isinstance(state, CatanState):
        out["hex_owners"] = state.hex_owners()
        out["hex_yields"] = state.hex_yields()
        for p in range(n):
            out[f"frontier {p}"] = state.road_frontier(p)
            out[f"spots {p}"] = state.settlement_spots(p)
    out["record"] = GameRecord.of(state).to_json()
    return out


def _snapshot(state: GameState) -> dict[str, str]:
    return {key: text(value) for key, value in _outputs(state).items()}


@pytest.mark.parametrize("label", LABELS)
def test_changing_any_returned_object_changes_nothing_else(label: str) -> None:
    state = position(label)
    before = state.to_json_text()
    reference = _snapshot(state)
    outputs = _outputs(state)
    for key in sorted(outputs):
        scribble(outputs[key])
        assert state.to_json_text() == before, f"changing {key} changed the state"
        for other, value in outputs.items():
            if other != key and not _scribbled(other, key, outputs):
                assert text(value) == reference[other], f"changing {key} changed {other}"
    assert _snapshot(state) == reference


def _scribbled(other: str, key: str, outputs: dict[str, Any]) -> bool:
    return sorted(outputs).index(other) < sorted(outputs).index(key)


@pytest.mark.parametrize("label", LABELS)
def test_a_replaced_element_of_a_legal_list_is_judged_on_its_own_merits(label: str) -> None:
    state = position(label)
    for player in deciding(state):
        legal = state.legal_actions(player)
        forged = ("build_city", _empty_node(state))
        if not legal or forged in legal:
            continue
        legal[0] = forged
        legal.append(forged)
        before = state.to_json_text()
        with pytest.raises(IllegalAction):
            state.apply(player, forged)
        assert state.to_json_text() == before


def _empty_node(state: GameState) -> int:
    assert isinstance(state, CatanState)
    return state.node_owner.index(-1)


def test_a_city_on_an_empty_intersection_from_a_doctored_list_is_refused() -> None:
    state = position("catan/main")
    (player,) = deciding(state)
    state.hands[player][:] = [0, 0, 3, 2, 0]
    state.forget_legal_actions()
    legal = state.legal_actions(player)
    empty = _empty_node(state)
    for i, action in enumerate(legal):
        if action[0] == "end_turn":
            legal[i] = ("build_city", empty)
    before = state.to_json_text()
    with pytest.raises(IllegalAction, match="your own settlements"):
        state.apply(player, ("build_city", empty))
    assert state.to_json_text() == before


@pytest.mark.parametrize("label", LABELS)
def test_events_and_their_views_share_nothing(label: str) -> None:
    state = position(label)
    if state.decision().over:
        return
    player = deciding(state)[0]
    action = state.legal_actions(player)[0]
    events = state.apply(player, action)
    after = state.to_json_text()
    viewers = [None, *range(state.config.players)]
    views = [e.view(v) for e in events for v in viewers]
    reference = [text(view) for view in views]
    fulls = [text(e.full()) for e in events]
    for i, view in enumerate(views):
        scribble(view)
        for j in range(i + 1, len(views)):
            assert text(views[j]) == reference[j], f"changing view {i} changed view {j}"
    assert [text(e.full()) for e in events] == fulls
    assert [text(e.view(v)) for e in events for v in viewers] == reference
    for e in events:
        for fields in (e.data, e.secret):
            if type(fields) is dict:
                for value in fields.values():
                    scribble(value)
                scribble(fields)
    assert state.to_json_text() == after, f"changing the events of {action!r} changed the state"


@pytest.mark.parametrize("label", LABELS)
def test_a_clone_shares_nothing_with_its_original(label: str) -> None:
    state = position(label)
    before = state.to_json_text()
    views = {v: text(state.observe(v)) for v in [None, *range(state.config.players)]}
    twin = state.clone()
    assert twin.to_json_text() == before
    assert isinstance(twin, CatanState)
    names = {
        *type(twin)._LIST_FIELDS,
        *type(twin)._NESTED_FIELDS,
        *type(twin)._SCALAR_FIELDS,
        "starting_rolls",
        "network",
        "harbors",
        "counters",
        "_frontier",
    }
    for name in sorted(names):
        value = getattr(twin, name)
        if type(value) in (list, dict):
            scribble(value)
    for _ in range(5):
        twin.rng.next_u32()
    assert state.to_json_text() == before
    assert {v: text(state.observe(v)) for v in views} == views
    # And the other way round: playing on the original leaves a fresh clone as it was.
    fresh = state.clone()
    if not state.decision().over:
        player = deciding(state)[0]
        state.apply(player, state.legal_actions(player)[0])
        assert fresh.to_json_text() == before


def test_decisions_and_results_are_new_objects() -> None:
    for label in ("catan/main", "catan/discard", "catan/over", "brotherhood/over"):
        state = position(label)
        first = state.decision()
        second = state.decision()
        assert first == second and first is not second
        # The compiled build may refuse the assignment outright.
        with contextlib.suppress(AttributeError, TypeError):
            first.players = (99,)  # type: ignore[misc]
        assert state.decision() == second


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["catan", "got-catan", "brotherhood"]), seed=st.integers(0, 2**64 - 1))
def test_games_in_one_process_share_nothing(game: str, seed: int) -> None:
    """Everything handed out by one game is changed; a second game of the same config is still
    the same as a third made afterwards (module-level tables and caches are not reachable)."""
    first = ravenry.new_game(game, players=3, seed=seed)
    second = ravenry.new_game(game, players=3, seed=seed)
    outputs = _outputs(first)
    for value in outputs.values():
        scribble(value)
    player = deciding(first)[0]
    for e in first.apply(player, first.legal_actions(player)[0]):
        scribble(e.view(player))
        if type(e.data) is dict:
            scribble(e.data)
    third = ravenry.new_game(game, players=3, seed=seed)
    assert second.to_json_text() == third.to_json_text()
    assert _snapshot(second) == _snapshot(third)
