"""The ``undo`` option: a misclick taken back where it hides nothing and nobody has reacted.

With ``undo`` on, the current player may take back their last build (road, settlement, city),
bank or harbor trade, or set-up placement, as long as nothing else has happened since: no dice,
no development card bought or played, no robber, no offer to the other players, no turn passed.
Several in a row go back one at a time. Off (the default, the rulebook): never.
"""

from __future__ import annotations

import json

import pytest

from ravenry.core.errors import NotYourTurn
from ravenry.core.record import GameRecord, replay
from ravenry.core.registry import get_game
from ravenry.games.catan.data import GRAIN, LUMBER, ORE, WOOL
from ravenry.games.catan.rules import MAX_UNDO_LEVELS, CatanState
from ravenry.games.catan.scenario import Position, rig_dice
from ravenry.games.catan.state import MAIN, SETUP_ROAD, SETUP_SETTLEMENT

UNDO = ("undo",)
ROW3 = (27, 33, 28, 34, 29, 35, 30, 36, 31, 37, 32)  # see test_catan_special_cards.py


def west_field(undo: bool = True) -> tuple[Position, int]:
    """Player 0's settlement on the north corner of fields 9, with a road to its east corner, in
    player 0's main phase; plenty of cards to build with."""
    pos = Position("catan", players=4, undo=undo)
    fields9 = pos.hex("fields", 9)
    pos.settlement(0, pos.node(fields9, "N")).road_path(0, [pos.node(fields9, "N"), pos.node(fields9, "NE")])
    pos.hand(0, brick=3, lumber=3, ore=3, grain=3, wool=5)
    return pos, fields9


def views(state: CatanState) -> list[dict[str, object]]:
    return [state.observe(seat) for seat in (*range(state.n), None)]


def without_history(state: CatanState) -> dict[str, object]:
    return state.to_json(history=False)


def test_a_road_taken_back_gives_back_the_cards_and_the_path(one_event) -> None:
    pos, fields9 = west_field()
    state = pos.state
    before, seen_before = without_history(state), views(state)
    assert UNDO not in state.legal_actions(0)  # nothing done yet
    edge = pos.edge(fields9, "E")
    state.apply(0, ("build_road", edge))
    assert state.legal_actions(0)[-1] == UNDO
    assert all(v["undoable"] == {"type": "build_road", "edge": edge} for v in views(state))
    events = state.apply(0, UNDO)
    assert one_event(events, "undone").data == {"player": 0, "action": {"type": "build_road", "edge": edge}}
    # Public: every seat and a spectator see what was taken back.
    assert all(events[0].view(seat)["action"]["edge"] == edge for seat in (1, 2, 3, None))
    assert state.edge_owner[edge] == -1 and state.hands[0] == [3, 3, 3, 3, 5]
    # Every seat and a spectator see exactly what they saw before the road; only the history
    # remembers it (and the undo), so that a replay makes this very game.
    assert without_history(state) == before
    assert views(state) == seen_before
    assert state.history == [(0, ("build_road", edge)), (0, UNDO)]
    assert ("build_road", edge) in state.legal_actions(0)  # the path is free again


def test_a_road_that_took_longest_road_gives_it_back(one_event) -> None:
    """Longest Road and its 2 points go back where they were (here: to nobody)."""
    pos = Position("catan", players=4, undo=True)
    pos.settlement(0, ROW3[0]).road_path(0, ROW3[:5]).hand(0, brick=1, lumber=1)
    state = pos.state
    assert state.road_length[0] == 4 and state.longest_road_holder == -1
    before = without_history(state)
    events = state.apply(0, ("build_road", state.board.topo.edge_between(ROW3[4], ROW3[5])))
    assert one_event(events, "longest_road").data["player"] == 0 and state.public_vp[0] == 3
    state.apply(0, UNDO)
    assert state.longest_road_holder == -1 and state.public_vp[0] == 1 and state.road_length[0] == 4
    assert without_history(state) == before


def test_a_city_and_a_settlement_taken_back_restore_points_and_pieces() -> None:
    pos, fields9 = west_field()
    north = pos.node(fields9, "N")
    pos.road_path(0, [pos.node(fields9, "NE"), pos.node(fields9, "SE")])
    state = pos.state
    start = without_history(state)
    state.apply(0, ("build_city", north))
    assert state.public_vp[0] == 2 and state.cities_left[0] == 3
    state.apply(0, UNDO)
    assert state.node_level[north] == 1 and state.public_vp[0] == 1 and state.cities_left[0] == 4
    spot = pos.node(fields9, "SE")
    state.apply(0, ("build_settlement", spot))
    assert state.public_vp[0] == 2 and ("build_settlement", spot) not in state.legal_actions(0)
    state.apply(0, UNDO)
    assert state.node_owner[spot] == -1 and state.settlements_left[0] == 4
    assert without_history(state) == start


def test_several_in_a_row_go_back_one_at_a_time() -> None:
    """A bank trade, then a road built with what it brought: undo the road, then the trade."""
    pos, fields9 = west_field()
    pos.hand(0, brick=1, wool=4)
    state = pos.state
    start = without_history(state)
    state.apply(0, ("maritime_trade", WOOL, 4, LUMBER))
    after_trade = without_history(state)
    state.apply(0, ("build_road", pos.edge(fields9, "E")))
    assert state.observe(2)["undoable"]["type"] == "build_road"
    state.apply(0, UNDO)
    assert without_history(state) == after_trade
    assert state.observe(2)["undoable"] == {
        "type": "maritime_trade",
        "give": "wool",
        "rate": 4,
        "get": "lumber",
    }
    state.apply(0, UNDO)
    assert without_history(state) == start and state.observe(2)["undoable"] is None
    assert UNDO not in state.legal_actions(0)


def test_only_the_last_few_are_kept() -> None:
    pos, _ = west_field()
    pos.hand(0, wool=4 * (MAX_UNDO_LEVELS + 2))
    state = pos.state
    for _ in range(MAX_UNDO_LEVELS + 2):
        state.apply(0, ("maritime_trade", WOOL, 4, GRAIN))
    for _ in range(MAX_UNDO_LEVELS):
        state.apply(0, UNDO)
    assert UNDO not in state.legal_actions(0)
    assert state.hands[0][GRAIN] == 2  # the two oldest trades stay


@pytest.mark.parametrize(
    "then",
    [
        pytest.param([(0, ("buy_dev",))], id="a development card bought"),
        pytest.param(
            [(0, ("offer_trade", (0, 0, 0, 0, 1), (0, 0, 1, 0, 0)))]
            + [(q, ("decline_trade",)) for q in (1, 2, 3)],
            id="an offer declined",
        ),
        pytest.param([(0, ("play_monopoly", ORE))], id="a card played"),
    ],
)
def test_refused_once_something_else_happened(then, refused) -> None:
    """A card drawn, a card played, or an offer the others may have answered: the build before
    it stays."""
    pos, fields9 = west_field()
    pos.dev_cards(0, monopoly=1).hand(1, ore=1)
    state = pos.state
    state.apply(0, ("build_road", pos.edge(fields9, "E")))
    for seat, action in then:
        state.apply(seat, action)
    assert state.phase == MAIN and UNDO not in state.legal_actions(0)
    assert state.observe(1)["undoable"] is None
    refused(state, 0, UNDO, "nothing to take back")


def test_refused_after_the_dice_and_in_the_next_turn(refused) -> None:
    pos, fields9 = west_field()
    state = pos.state
    state.apply(0, ("build_road", pos.edge(fields9, "E")))
    state.apply(0, ("end_turn",))
    with pytest.raises(NotYourTurn):
        state.apply(0, UNDO)
    refused(state, 1, UNDO, "nothing to take back")  # player 1, before their roll
    rig_dice(state, 2, 3)
    state.apply(1, ("roll",))
    assert state.phase == MAIN
    refused(state, 1, UNDO, "nothing to take back")


def test_only_the_player_who_built_may_take_it_back(refused) -> None:
    pos, fields9 = west_field()
    state = pos.state
    state.apply(0, ("build_road", pos.edge(fields9, "E")))
    for seat in (1, 2, 3):
        assert state.legal_actions(seat) == []
        before = state.to_json()
        with pytest.raises(NotYourTurn):
            state.apply(seat, UNDO)
        assert state.to_json() == before


def test_a_winning_build_stays(one_event) -> None:
    pos, fields9 = west_field()
    pos.settlement(0, *ROW3[::2][:4]).city(0, ROW3[8], ROW3[10])  # 1 + 4 + 4 = 9 points
    state = pos.state
    events = state.apply(0, ("build_city", pos.node(fields9, "N")))
    assert one_event(events, "game_over").data["winner"] == 0
    assert state.undo_stack == [] and state.legal_actions(0) == []


def test_off_by_default_and_then_never_legal(refused) -> None:
    pos, fields9 = west_field(undo=False)
    state = pos.state
    state.apply(0, ("build_road", pos.edge(fields9, "E")))
    assert UNDO not in state.legal_actions(0)
    refused(state, 0, UNDO, "undo is off")
    assert "undoable" not in state.observe(0) and "undo" not in state.to_json()
    assert "undo" not in state.config.to_json()  # records made before the option read the same
    assert get_game("catan").make_config(players=4, seed=1).undo is False


def test_a_set_up_settlement_may_be_taken_back_while_its_road_is_placed() -> None:
    game = get_game("catan")
    state = game.new_state(game.make_config(players=3, seed=5, undo=True))
    assert isinstance(state, CatanState)
    first = state.current
    assert state.phase == SETUP_SETTLEMENT and UNDO not in state.legal_actions(first)
    before = without_history(state)
    node = state.legal_actions(first)[0][1]
    state.apply(first, ("place_settlement", node))
    assert state.phase == SETUP_ROAD and state.legal_actions(first)[-1] == UNDO
    state.apply(first, UNDO)
    assert without_history(state) == before
    state.apply(first, ("place_settlement", node))
    state.apply(first, state.legal_actions(first)[0])  # the road: the next player's turn
    assert state.current != first and UNDO not in state.legal_actions(state.current)
    # The record keeps the settlement, its undo and the settlement again: a replay is this game.
    assert [a[0] for _, a in state.history] == ["place_settlement", "undo", "place_settlement", "place_road"]
    assert replay(GameRecord.of(state)).to_json_text() == state.to_json_text()


def test_the_snapshots_survive_json_and_clones() -> None:
    """The state's JSON carries what may be undone, so a rebuilt or cloned state undoes alike."""
    pos, fields9 = west_field()
    state = pos.state
    state.apply(0, ("maritime_trade", WOOL, 4, GRAIN))
    state.apply(0, ("build_road", pos.edge(fields9, "E")))
    text = json.dumps(state.to_json())
    rebuilt = get_game("catan").state_from_json(json.loads(text))
    twin = state.clone()
    assert rebuilt == state == twin
    for copy in (rebuilt, twin):
        copy.apply(0, UNDO)
        copy.apply(0, UNDO)
    state.apply(0, UNDO)
    assert twin.to_json() != state.to_json()  # the clone went on alone: nothing is shared
    state.apply(0, UNDO)
    assert rebuilt == state == twin
    assert GameRecord.from_json(json.loads(json.dumps(GameRecord.of(state).to_json()))).config["undo"] is True
