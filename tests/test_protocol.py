"""The shared protocol's own promises, on a game of Catan: lists of legal actions the caller
may change, and the value semantics of Decision, Result and Event."""

from __future__ import annotations

import pytest

import ravenry
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Decision, Event, GameState, Result


def _main_phase(seed: int = 3) -> tuple[GameState, int]:
    """A game played by its first legal actions until a player is in the main phase."""
    state = ravenry.new_game("catan", players=4, seed=seed)
    while True:
        player = state.decision().players[0]
        actions = state.legal_actions(player)
        if ("end_turn",) in actions:
            return state, player
        state.apply(player, actions[0])


def test_asking_twice_returns_equal_new_lists() -> None:
    state, player = _main_phase()
    first = state.legal_actions(player)
    assert first == state.legal_actions(player)
    assert first is not state.legal_actions(player)
    state.forget_legal_actions()
    assert state.legal_actions(player) == first


def test_a_list_the_caller_shortened_does_not_refuse_a_legal_action() -> None:
    state, player = _main_phase()
    actions = state.legal_actions(player)
    actions.remove(("end_turn",))
    state.apply(player, ("end_turn",))
    assert state.history[-1] == (player, ("end_turn",))


def test_an_action_the_caller_added_to_the_list_is_refused_and_changes_nothing() -> None:
    state, player = _main_phase()
    forged = ("build_city", 0)
    actions = state.legal_actions(player)
    assert forged not in actions
    before = state.to_json()
    actions.append(forged)
    with pytest.raises(IllegalAction):
        state.apply(player, forged)
    assert state.to_json() == before


def test_an_excluded_type_is_checked_afresh() -> None:
    state, player = _main_phase()
    without_ending = state.legal_actions(player, frozenset({"end_turn"}))
    assert ("end_turn",) not in without_ending
    state.apply(player, ("end_turn",))
    assert state.history[-1] == (player, ("end_turn",))


def test_decision_result_and_event_compare_by_value() -> None:
    result = Result((1,), "10 victory points", (4, 10, 3))
    assert Decision((), False, result) == Decision((), False, Result((1,), "10 victory points", (4, 10, 3)))
    assert Decision((0, 2), True) != Decision((0, 2))
    assert hash(Decision((0,))) == hash(Decision((0,)))
    assert Decision((), False, result).over and not Decision((0,)).over
    assert "players=(0, 2)" in repr(Decision((0, 2), True))
    stole = Event("stole", {"player": 0, "victim": 2}, {"resource": "ore"}, (0, 2))
    assert stole == Event("stole", {"player": 0, "victim": 2}, {"resource": "ore"}, (0, 2))
    assert stole != Event("stole", {"player": 0, "victim": 2}, {"resource": "wool"}, (0, 2))
    assert Event("turn_ended") == Event("turn_ended", {}, {}, ())


def test_an_event_shows_its_secret_only_to_its_audience() -> None:
    stole = Event("stole", {"player": 0, "victim": 2}, {"resource": "ore"}, (0, 2))
    assert stole.view(0) == {"type": "stole", "player": 0, "victim": 2, "resource": "ore"}
    assert stole.view(1) == {"type": "stole", "player": 0, "victim": 2, "resource": None}
    assert stole.view(None)["resource"] is None
    assert stole.full()["resource"] == "ore"


@pytest.mark.parametrize("game_id", ["catan", "got-catan", "brotherhood", "thrones"])
def test_a_view_without_its_static_part_is_the_rest_of_the_full_view(game_id: str) -> None:
    state = ravenry.new_game(game_id, players=4, seed=5)
    for viewer in (None, 0, 3):
        full = state.observe(viewer)
        dynamic = state.observe(viewer, static=False)
        assert set(full) - set(dynamic) <= {"board"}
        assert {k: v for k, v in full.items() if k in dynamic} == dynamic
    assert "board" in state.observe(0)
