"""Any input through ``apply``, ``apply_json``, ``legal_actions``, ``observe`` and
``action_templates``: a legal action is applied; anything else raises an ``IllegalAction``
subclass with a short reason and leaves the state byte-identical (``to_json_text()``).

Positions: every phase the seeded playouts of ``hardening_positions`` reach, in all three games.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hardening_positions import deciding, labels, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ravenry.core.errors import ECHO_LIMIT, GameOver, IllegalAction, InvalidSeat, MalformedAction
from ravenry.core.protocol import Action, GameState
from ravenry.games.catan.scenario import Position, rig_dice

LABELS = labels()
MAX_REASON = 300  # characters: reasons name a rule, and quote at most ECHO_LIMIT of the input
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class IntLike(int):
    """An int subclass: equal to a legal index, but not an exact int."""


class StrLike(str):
    pass


class TupleLike(tuple):  # type: ignore[type-arg]
    pass


class Hostile:
    """Everything a careless check might call on it raises."""

    def __repr__(self) -> str:
        raise RuntimeError("repr called")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq called")

    def __hash__(self) -> int:
        raise RuntimeError("hash called")

    def __index__(self) -> int:
        raise RuntimeError("index called")

    def __len__(self) -> int:
        raise RuntimeError("len called")


LONG_TEXT = "z" * 5000


def _deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=80),
    st.integers(),
    st.sampled_from([2**16, 2**63, 2**64, -(2**64), 10**400]),
    st.floats(),
    st.decimals(allow_nan=False, allow_infinity=False, places=1, min_value=-100, max_value=100),
    st.fractions(max_denominator=4),
    st.text(max_size=12),
    st.sampled_from(["brick", "ore", "wool", "Brick", "", LONG_TEXT]),
    st.binary(max_size=4),
    st.builds(IntLike, st.integers(min_value=0, max_value=60)),
    st.builds(StrLike, st.sampled_from(["brick", "roll", "end_turn"])),
    st.builds(Hostile),
    st.builds(complex, st.integers(0, 3), st.integers(0, 3)),
)
COUNTS = st.one_of(
    st.tuples(*[st.integers(min_value=-1, max_value=3)] * 5),
    st.lists(st.integers(min_value=0, max_value=3), min_size=4, max_size=6),
    st.tuples(*[st.sampled_from([0, 1, True, 1.0, IntLike(1)])] * 5),
    st.builds(TupleLike, st.lists(st.integers(0, 2), min_size=5, max_size=5)),
)
ARGUMENTS = st.one_of(
    SCALARS, COUNTS, st.lists(SCALARS, max_size=3), st.dictionaries(st.text(max_size=4), SCALARS)
)


def _kinds(state: GameState) -> list[str]:
    return sorted(state.game.codec.fields)


def _near_miss(action: Action, data: st.DataObject) -> object:
    """A legal action bent one way: one value of the wrong kind, a list, a tuple subclass, an
    extra or a missing value."""
    how = data.draw(st.sampled_from(["value", "list", "subclass", "extra", "missing", "nested"]))
    if how == "list":
        return list(action)
    if how == "subclass":
        return TupleLike(action)
    if how == "extra":
        return (*action, data.draw(SCALARS))
    if how == "missing":
        return action[:-1]
    if how == "nested":
        return (action,)
    if len(action) == 1:
        return (data.draw(SCALARS),)
    i = data.draw(st.integers(min_value=1, max_value=len(action) - 1))
    value = action[i]
    if type(value) is int:
        replacement = data.draw(
            st.sampled_from(
                [float(value), bool(value % 2), Decimal(value), IntLike(value), -value - 1, str(value)]
            )
        )
    else:
        replacement = data.draw(ARGUMENTS)
    return (*action[:i], replacement, *action[i + 1 :])


def _junk_action(state: GameState, player: int, data: st.DataObject) -> object:
    legal = state.legal_actions(player)
    choice = data.draw(st.sampled_from(["any", "typed", "near"] if legal else ["any", "typed"]))
    if choice == "near":
        return _near_miss(legal[data.draw(st.integers(0, len(legal) - 1))], data)
    if choice == "typed":
        kind = data.draw(st.sampled_from([*_kinds(state), "no_such_action", "_apply", "__init__"]))
        args = data.draw(st.lists(ARGUMENTS, max_size=6))
        return (kind, *args)
    return data.draw(st.one_of(SCALARS, COUNTS, st.lists(ARGUMENTS, max_size=3), st.tuples(ARGUMENTS)))


def _check_reason(error: IllegalAction, sent: object) -> None:
    assert isinstance(error.reason, str) and error.reason
    assert len(error.reason) <= MAX_REASON, error.reason
    assert LONG_TEXT[: ECHO_LIMIT + 1] not in error.reason


def _try(state: GameState, player: object, action: object, via_json: bool = False) -> None:
    """Apply; then either the action was legal (and is stored in a replayable form) or it was
    refused with a bounded reason and the state is byte-identical."""
    before = state.to_json_text()
    seat_legal = state.legal_actions(player) if player in deciding(state) and type(player) is int else None
    try:
        if via_json:
            state.apply_json(player, action)
        else:
            state.apply(player, action)
    except IllegalAction as error:
        _check_reason(error, action)
        assert state.to_json_text() == before, "a refused action changed the state"
        if seat_legal is not None:
            assert state.legal_actions(player) == seat_legal, "a refusal changed the legal actions"
        return
    seat, stored = state.history[-1]
    assert seat == player
    assert type(stored) is tuple
    assert seat_legal is not None
    assert stored in seat_legal or stored[0] in state.parametric_types
    codec = state.game.codec
    assert codec.from_json(json.loads(json.dumps(codec.to_json(stored)))) == stored


@FUZZ
@given(label=st.sampled_from(LABELS), data=st.data())
def test_any_object_through_apply_is_applied_if_legal_or_refused_cleanly(
    label: str, data: st.DataObject
) -> None:
    state = position(label)
    seats = deciding(state) or [0]
    player = data.draw(st.sampled_from(seats))
    _try(state, player, _junk_action(state, player, data))


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=10),
    st.sampled_from(["brick", LONG_TEXT]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=10,
)


def _junk_json(state: GameState, player: int, data: st.DataObject) -> object:
    codec = state.game.codec
    legal = state.legal_actions(player)
    choice = data.draw(st.sampled_from(["any", "typed", "near"] if legal else ["any", "typed"]))
    if choice == "any":
        return data.draw(JSON_VALUES)
    if choice == "typed":
        kind = data.draw(st.sampled_from(_kinds(state)))
        fields = {name: data.draw(JSON_VALUES) for name, _ in codec.fields[kind] if data.draw(st.booleans())}
        return {"type": kind, **fields}
    obj = codec.to_json(legal[data.draw(st.integers(0, len(legal) - 1))])
    keys = [k for k in obj if k != "type"]
    how = data.draw(st.sampled_from(["replace", "drop", "add", "type"]))
    if how == "replace" and keys:
        obj[data.draw(st.sampled_from(keys))] = data.draw(JSON_VALUES)
    elif how == "drop" and keys:
        del obj[data.draw(st.sampled_from(keys))]
    elif how == "add":
        obj[data.draw(st.text(max_size=6))] = data.draw(JSON_VALUES)
    else:
        obj["type"] = data.draw(JSON_VALUES)
    return obj


@FUZZ
@given(label=st.sampled_from(LABELS), data=st.data())
def test_any_json_through_apply_json_is_applied_if_legal_or_refused_cleanly(
    label: str, data: st.DataObject
) -> None:
    state = position(label)
    seats = deciding(state) or [0]
    player = data.draw(st.sampled_from(seats))
    _try(state, player, _junk_json(state, player, data), via_json=True)


def test_deep_nesting_and_hostile_objects_are_refused_without_recursion() -> None:
    state = position("catan/main")
    (player,) = deciding(state)
    deep = _deep(100_000)
    deep_json: dict[str, Any] = {"type": "build_road", "edge": deep}
    for junk in (deep, (deep,), ("build_road", deep), ("build_road", Hostile()), (Hostile(),), Hostile()):
        _try(state, player, junk)
    _try(state, player, deep_json, via_json=True)
    _try(state, player, {"type": Hostile()}, via_json=True)
    _try(state, player, {IntLike(1): 1, (0,): 2}, via_json=True)


def test_the_build_road_with_a_float_edge_bug() -> None:
    """A float equal to a legal edge used to pass the check, charge the road and then crash."""
    state = position("catan/main")
    (player,) = deciding(state)
    state.hands[player][:2] = [3, 3]
    state.forget_legal_actions()
    roads = [a for a in state.legal_actions(player) if a[0] == "build_road"]
    assert roads
    edge = roads[0][1]
    before = state.to_json_text()
    for bent in (float(edge), Decimal(edge), Fraction(edge), IntLike(edge), edge + 0j):
        with pytest.raises(MalformedAction, match="must be an integer"):
            state.apply(player, ("build_road", bent))
        assert state.to_json_text() == before
    state.apply(player, ("build_road", edge))
    assert state.edge_owner[edge] == player


def test_resources_are_exact_indices_and_names() -> None:
    state = position("catan/main")
    (player,) = deciding(state)
    before = state.to_json_text()
    for bent in (True, 0.0, -2, 5, "brick", StrLike("brick")):
        with pytest.raises(MalformedAction):
            state.apply(player, ("maritime_trade", bent, 4, 1))
    for bent in (True, 0, "Brick", "brick ", StrLike("brick"), None):
        with pytest.raises(MalformedAction):
            state.apply_json(player, {"type": "maritime_trade", "give": bent, "rate": 4, "get": "ore"})
    assert state.to_json_text() == before


BAD_SEATS: list[object] = [
    -1,
    -4,
    4,
    5,
    99,
    2**64,
    True,
    False,
    0.0,
    1.0,
    "0",
    "1",
    b"0",
    Decimal(0),
    IntLike(0),
    IntLike(1),
    [0],
    (0,),
    {0: 0},
    Hostile(),
    object(),
]


@pytest.mark.parametrize("label", LABELS)
def test_seats_of_every_wrong_kind_are_refused_everywhere(label: str) -> None:
    state = position(label)
    n = state.config.players
    before = state.to_json_text()
    lists = {p: state.legal_actions(p) for p in range(n)}
    views = {p: state.observe(p) for p in [None, *range(n)]}
    for seat in [*BAD_SEATS, n, -n]:
        for call in (state.legal_actions, state.observe, state.action_templates):
            with pytest.raises(InvalidSeat):
                call(seat)
        with pytest.raises((InvalidSeat, GameOver)):
            state.apply(seat, ("end_turn",))
        with pytest.raises((InvalidSeat, GameOver)):
            state.apply_json(seat, {"type": "end_turn"})
    for call in (state.legal_actions, state.action_templates):
        with pytest.raises(InvalidSeat):
            call(None)
    assert state.to_json_text() == before
    assert {p: state.legal_actions(p) for p in range(n)} == lists
    assert {p: state.observe(p) for p in [None, *range(n)]} == views


def test_a_negative_seat_is_not_a_python_index_during_discards() -> None:
    state = position("catan/discard")
    last = state.config.players - 1
    with pytest.raises(InvalidSeat):
        state.legal_actions(-1)
    with pytest.raises(InvalidSeat):
        state.observe(-1)
    assert "hand" not in str(state.observe(None)["players"])
    assert state.legal_actions(last) == state.legal_actions(last)


def test_legal_actions_with_a_bad_exclude_changes_nothing() -> None:
    state = position("catan/main")
    (player,) = deciding(state)
    legal = state.legal_actions(player)
    before = state.to_json_text()
    for exclude in (5, "end_turn", [1], {None}, Hostile()):
        with pytest.raises(MalformedAction):
            state.legal_actions(player, exclude)  # type: ignore[arg-type]
    assert state.to_json_text() == before
    assert state.legal_actions(player) == legal
    assert state.legal_actions(player, frozenset({"end_turn"})) == [a for a in legal if a[0] != "end_turn"]


def test_a_finished_game_refuses_everything_with_game_over() -> None:
    for game in ("catan", "got-catan", "brotherhood"):
        state = position(f"{game}/over")
        before = state.to_json_text()
        for p in range(state.config.players):
            assert state.legal_actions(p) == []
            with pytest.raises(GameOver):
                state.apply(p, ("end_turn",))
            with pytest.raises(GameOver):
                state.apply_json(p, {"type": "roll"})
        assert state.to_json_text() == before


# -- reasons that name the rule ------------------------------------------------------------------


def _reason(state: GameState, player: int, action: object) -> str:
    before = state.to_json_text()
    with pytest.raises(IllegalAction) as refused:
        state.apply(player, action)
    assert state.to_json_text() == before
    return refused.value.reason


def test_a_knight_while_the_robber_waits_says_so() -> None:
    pos = Position("catan", players=4)
    pos.dev_cards(0, knight=2).hand(0, brick=1).turn(0, "pre_roll")
    state = pos.state
    rig_dice(state, 3, 4)
    state.apply(0, ("roll",))
    assert state.phase_name() == "move_robber"
    assert "robber waits to be moved" in _reason(state, 0, ("play_knight",))
    assert "robber waits to be moved" in _reason(state, 0, ("end_turn",))


def test_each_step_names_what_comes_first() -> None:
    expected = {
        "catan/discard": "discard",
        "catan/move_robber": "robber waits to be moved",
        "got-catan/move_robber": "Tormund waits to be moved",
        "catan/free_roads": "free roads of Road Building",
        "catan/trade_responses": "answer the open trade offer",
        "catan/trade_confirm": "close your trade offer",
        "catan/setup_settlement": "place a settlement",
        "catan/setup_road": "place a road",
        "brotherhood/hero_after_use": "flip it to its B side or swap",
    }
    for label, words in expected.items():
        state = position(label)
        player = deciding(state)[0]
        action = ("roll",) if label.endswith("/main") else ("buy_dev",)
        assert words in _reason(state, player, action), label


def test_play_and_build_reasons_after_the_roll() -> None:
    state = position("catan/main")
    (player,) = deciding(state)
    state.hands[player][:] = [0, 0, 0, 0, 0]
    state.forget_legal_actions()
    assert "not enough resources" in _reason(state, player, ("build_city", 0))
    assert "no such playable card" in _reason(state, player, ("play_monopoly", 0))
    assert "once, at the start of your turn" in _reason(state, player, ("roll",))
