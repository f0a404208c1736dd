"""Game options and game records of every wrong type are refused with ``MalformedAction``, never
coerced and never a crash: ``new_game(players="4")``, a seed of ``1.5``, a record whose seat is
``1.9`` or ``true``, any JSON value as a config or a record."""

from __future__ import annotations

import contextlib
import copy
import json
from decimal import Decimal
from typing import Any

import pytest
from hardening_positions import position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ravenry
from ravenry.core.errors import IllegalAction, MalformedAction
from ravenry.core.record import GameRecord, replay, replay_to
from ravenry.core.registry import get_game

GAMES = ["catan", "got-catan", "brotherhood"]
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class IntLike(int):
    pass


BAD_OPTIONS: list[dict[str, Any]] = [
    {"players": "4"},
    {"players": 4.0},
    {"players": True},
    {"players": IntLike(4)},
    {"players": [4]},
    {"players": 2},
    {"players": 5},
    {"players": -4},
    {"seed": 1.5},
    {"seed": "1"},
    {"seed": True},
    {"seed": -1},
    {"seed": 2**64},
    {"seed": Decimal(1)},
    {"seed": IntLike(1)},
    {"board": 1},
    {"board": ["variable"]},
    {"board": "nowhere"},
    {"setup": None},
    {"setup": "random"},
    {"shortage_exception": "yes"},
    {"shortage_exception": 1},
    {"rng": "mt19937"},
    {"rng": None},
    {"rng": 0},
    {"no_such_option": 1},
    {"max_offers_per_turn": 2.5},
    {"max_offers_per_turn": True},
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("options", BAD_OPTIONS, ids=repr)
def test_options_of_the_wrong_type_are_refused(game: str, options: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction):
        ravenry.new_game(game, **options)
    as_json = {"seed": 1, **options}
    if all(type(v) in (int, str, float, bool, list) or v is None for v in options.values()):
        with pytest.raises(MalformedAction):
            get_game(game).config_from_json(as_json)


@pytest.mark.parametrize("game", GAMES)
def test_good_options_are_kept_exactly(game: str) -> None:
    state = ravenry.new_game(game, players=3, seed=2**64 - 1, board="variable", rng="keyed")
    config = state.config
    assert (config.players, config.seed, config.board, config.rng) == (3, 2**64 - 1, "variable", "keyed")
    assert get_game(game).config_from_json(config.to_json()) == config


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=12,
)
CONFIG_KEYS = st.sampled_from(["players", "seed", "board", "setup", "shortage_exception", "rng", "other"])


@FUZZ
@given(
    game=st.sampled_from(GAMES),
    obj=st.one_of(JSON_VALUES, st.dictionaries(CONFIG_KEYS, JSON_VALUES, max_size=6)),
)
def test_any_json_as_a_config_is_a_config_or_refused(game: str, obj: Any) -> None:
    try:
        config = get_game(game).config_from_json(obj)
    except MalformedAction as error:
        assert len(error.reason) <= 300
        return
    assert type(config.players) is int and type(config.seed) is int
    assert get_game(game).config_from_json(config.to_json()) == config


def _record() -> dict[str, Any]:
    state = position("brotherhood/hero_after_use")
    record: dict[str, Any] = GameRecord.of(state).to_json()
    return record


def test_a_record_survives_json_and_replays_exactly() -> None:
    state = position("brotherhood/hero_after_use")
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(state).to_json())))
    assert replay(record).to_json_text() == state.to_json_text()


def test_replay_to_a_step_is_the_game_after_that_many_actions() -> None:
    record = GameRecord.from_json(_record())
    state = get_game(record.game).new_state(get_game(record.game).config_from_json(record.config))
    heard: list[tuple[int, list[Any]]] = []
    replay_to(record, each_step=lambda n, events: heard.append((n, [e.view(None) for e in events])))
    assert [n for n, _events in heard] == list(range(1, len(record.actions) + 1))
    for k, (seat, action) in enumerate(record.actions, start=1):
        events = state.apply(seat, action)
        assert replay_to(record, k).to_json_text() == state.to_json_text()
        assert heard[k - 1][1] == [e.view(None) for e in events]
    assert (
        replay_to(record, 0).to_json_text()
        == replay(GameRecord(record.game, record.config, [])).to_json_text()
    )
    for step in (-1, len(record.actions) + 1, True, 1.0):
        with pytest.raises(MalformedAction):
            replay_to(record, step)


@pytest.mark.parametrize("seat", [1.9, True, False, -1, 4, 99, "1", None, [1], 2**70], ids=repr)
def test_a_record_whose_seat_is_not_a_seat_is_refused(seat: Any) -> None:
    record = _record()
    record["actions"][3][0] = seat
    with pytest.raises(MalformedAction, match="seat"):
        GameRecord.from_json(record)


BENT_RECORDS = [
    lambda r: r.pop("game"),
    lambda r: r.__setitem__("game", "chess"),
    lambda r: r.__setitem__("game", ["catan"]),
    lambda r: r.__setitem__("config", "players=4"),
    lambda r: r.__setitem__("config", {**r["config"], "players": "4"}),
    lambda r: r["config"].pop("seed"),
    lambda r: r.__setitem__("actions", {"0": []}),
    lambda r: r["actions"].append([0]),
    lambda r: r["actions"].append([0, {"type": "build_road", "edge": 1.5}]),
    lambda r: r["actions"].append([0, {"type": "build_road", "edge": True}]),
    lambda r: r["actions"].append([0, "roll"]),
    lambda r: r["actions"].append((0, {"type": "roll"})),
    lambda r: r.__setitem__("extra", 1),
]


@pytest.mark.parametrize("bend", range(len(BENT_RECORDS)))
def test_malformed_records_are_refused(bend: int) -> None:
    record = _record()
    BENT_RECORDS[bend](record)
    with pytest.raises(MalformedAction):
        GameRecord.from_json(record)


@FUZZ
@given(obj=JSON_VALUES, where=st.sampled_from(["whole", "config", "actions", "entry", "seat", "action"]))
def test_any_json_as_a_record_is_a_record_or_refused(obj: Any, where: str) -> None:
    record = copy.deepcopy(_RECORD)
    if where == "whole":
        record = obj
    elif where in ("config", "actions"):
        record[where] = obj
    elif where == "entry":
        record["actions"][2] = obj
    elif where == "seat":
        record["actions"][2][0] = obj
    else:
        record["actions"][2][1] = obj
    try:
        parsed = GameRecord.from_json(record)
    except MalformedAction as error:
        assert len(error.reason) <= 300
        return
    with contextlib.suppress(IllegalAction):  # parsed, but its actions may break the rules
        replay(parsed)


_RECORD = _record()


def test_replay_of_a_hand_made_record_refuses_junk() -> None:
    good = GameRecord.from_json(_record())
    for bent in (
        GameRecord("chess", good.config, []),
        GameRecord(good.game, {"players": "4", "seed": 1}, []),
        GameRecord(good.game, good.config, [(0, ("roll", 1.5))]),  # type: ignore[list-item]
        GameRecord(good.game, good.config, [(-1, ("roll",))]),
        GameRecord(good.game, good.config, [(True, ("roll",))]),
        GameRecord(good.game, good.config, [[0, ("roll",)]]),  # type: ignore[list-item]
    ):
        with pytest.raises(IllegalAction):
            replay(bent)
