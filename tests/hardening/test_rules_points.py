"""Rules points from the adversarial review: Road Building may stop after the first free road;
Year of Plenty's two resources in either order are one action (Mance Rayder's count of the
user's own hidden cards is in tests/scenarios/brotherhood_heroes/test_brotherhood_heroes_north.py)."""

from __future__ import annotations

import pytest

from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import GameState
from ravenry.games.catan.data import BRICK, GRAIN, LUMBER, ORE, ROAD_BUILDING, WOOL
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position


def _stored_actions_read_back(state: GameState) -> None:
    codec = state.game.codec
    assert [(p, codec.from_json(codec.to_json(a))) for p, a in state.history] == state.history


def _road_building(game: str = "catan") -> tuple[Position, CatanState, int]:
    pos = Position(game, players=4)
    h = pos.hexes("forest")[0]
    pos.settlement(0, pos.node(h, "N")).road(0, pos.edge(h, "NE")).dev_cards(0, road_building=1)
    return pos, pos.state, h


@pytest.mark.parametrize("game", ["catan", "got-catan", "brotherhood"])
def test_road_building_may_stop_after_the_first_free_road(game: str) -> None:
    """FAQ: "you may immediately place 2 free roads": the second is the player's choice."""
    _, state, _ = _road_building(game)
    state.apply(0, ("play_road_building",))
    assert ("end_road_building",) not in state.legal_actions(0)  # not before the first road
    first = next(a for a in state.legal_actions(0) if a[0] == "place_free_road")
    state.apply(0, first)
    assert state.phase_name() == "free_roads"
    assert ("end_road_building",) in state.legal_actions(0)
    events = state.apply(0, ("end_road_building",))
    assert [(e.type, dict(e.data)) for e in events] == [("free_roads_ended", {"player": 0})]
    assert state.phase_name() == "main" and state.free_roads == 0
    assert state.roads_left[0] == state.rules.max_roads - 2
    assert state.dev_hands[0][ROAD_BUILDING] == 0
    _stored_actions_read_back(state)


def test_road_building_before_the_roll_returns_to_the_roll() -> None:
    pos, state, _ = _road_building()
    pos.turn(0, "pre_roll")
    state = pos.state
    state.apply(0, ("play_road_building",))
    state.apply(0, next(a for a in state.legal_actions(0) if a[0] == "place_free_road"))
    state.apply(0, ("end_road_building",))
    assert state.phase_name() == "pre_roll" and ("roll",) in state.legal_actions(0)


def test_road_building_cannot_stop_before_its_first_road() -> None:
    _, state, _ = _road_building()
    state.apply(0, ("play_road_building",))
    before = state.to_json_text()
    with pytest.raises(IllegalAction, match="only after its first free road"):
        state.apply(0, ("end_road_building",))
    assert state.to_json_text() == before
    with pytest.raises(IllegalAction, match="Road Building may stop early"):
        state.apply_json(0, {"type": "end_road_building"})


def test_ending_road_building_outside_it_is_refused() -> None:
    _, state, _ = _road_building()
    with pytest.raises(IllegalAction):
        state.apply(0, ("end_road_building",))


def _year_of_plenty() -> CatanState:
    pos = Position("catan", players=4)
    pos.dev_cards(0, year_of_plenty=1)
    return pos.state


@pytest.mark.parametrize(("first", "second"), [(BRICK, WOOL), (WOOL, BRICK), (ORE, GRAIN), (GRAIN, ORE)])
def test_year_of_plenty_takes_two_resources_in_either_order(first: int, second: int) -> None:
    """Either order names the same two cards: one canonical action (lowest first) is listed and
    stored, and both forms are accepted."""
    state = _year_of_plenty()
    listed = [a for a in state.legal_actions(0) if a[0] == "play_year_of_plenty"]
    low, high = sorted((first, second))
    assert ("play_year_of_plenty", low, high) in listed
    assert ("play_year_of_plenty", high, low) not in listed  # one form only
    state.apply(0, ("play_year_of_plenty", first, second))
    assert state.history[-1] == (0, ("play_year_of_plenty", low, high))
    assert state.hands[0][first] == 1 and state.hands[0][second] == 1
    _stored_actions_read_back(state)


def test_year_of_plenty_in_either_order_through_json() -> None:
    one, other = _year_of_plenty(), _year_of_plenty()
    one.apply_json(0, {"type": "play_year_of_plenty", "first": "wool", "second": "lumber"})
    other.apply_json(0, {"type": "play_year_of_plenty", "first": "lumber", "second": "wool"})
    assert one.to_json_text() == other.to_json_text()
    assert one.history[-1] == (0, ("play_year_of_plenty", LUMBER, WOOL))


def test_year_of_plenty_the_same_resource_twice_and_a_single_card() -> None:
    state = _year_of_plenty()
    state.apply(0, ("play_year_of_plenty", ORE, ORE))
    assert state.hands[0][ORE] == 2
    pos = Position("catan", players=4)
    pos.dev_cards(0, year_of_plenty=1).bank(brick=0, lumber=1, ore=0, grain=0, wool=0)
    single = pos.state
    with pytest.raises(IllegalAction, match="bank does not hold"):
        single.apply(0, ("play_year_of_plenty", LUMBER, LUMBER))
    single.apply(0, ("play_year_of_plenty", LUMBER, -1))
    assert single.hands[0][LUMBER] == 1
