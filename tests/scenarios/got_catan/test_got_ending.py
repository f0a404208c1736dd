"""Ending the base game: "If you have—or reach—10 victory points on your turn, the game ends
immediately and you win! You can only win during your turn. You cannot win during another player's
turn. If somehow you find that you have 10+ victory points during another player's turn, you must
wait until your next turn."
"""

from __future__ import annotations

import pytest

from ravenry.core.errors import GameOver
from ravenry.games.brotherhood.scenario import GiftPosition

RED, BLUE, BLACK = 0, 1, 2
LINE_0_1 = (14, 9, 15, 10, 16, 11, 17, 12, 18, 13, 19)
LINE_2_3 = (40, 33, 41, 34, 42, 35, 43, 36, 44, 37, 45, 38, 46)


def test_reaching_ten_on_your_turn_wins_at_once(one_event) -> None:
    """Red has 9 points and builds a settlement in the middle of her turn: she wins at once."""
    pos = GiftPosition("got-catan")
    pos.city(RED, 4, 1, 2).settlement(RED, 8, 20).settlement(RED, 43).road_path(RED, [20, 27, 21])
    pos.hand(RED, brick=2, lumber=2, grain=1, wool=1).turn(RED, "main")
    state = pos.state
    assert state.public_vp[RED] == 9
    events = state.apply(RED, ("build_settlement", 21))
    assert one_event(events, "game_over").data["winner"] == RED
    result = state.decision().result
    assert result is not None and result.winners == (RED,)
    assert result.reason == "10 victory points"
    with pytest.raises(GameOver):
        state.apply(RED, ("build_road", pos.edge_between(21, 28)))


def test_ten_points_on_another_players_turn_wait_for_your_own(one_event) -> None:
    """Red's settlement cuts Black's road: Longest Road passes to Blue, who now has 10 points — on
    Red's turn. The game goes on until Blue's turn begins; then Blue has 10 on her turn and wins."""
    pos = GiftPosition("got-catan")
    pos.settlement(BLACK, 43).road_path(BLACK, LINE_2_3[0:7])  # 6 roads: Longest Road
    pos.settlement(BLUE, 17, 26).city(BLUE, 4, 2, 8).road_path(BLUE, LINE_0_1[1:7])  # 8 points, 5 roads
    pos.settlement(RED, 54).road_path(RED, [54, 48, 41])
    pos.hand(RED, brick=1, lumber=1, grain=1, wool=1).turn(RED, "main")
    state = pos.state
    assert state.longest_road_holder == BLACK and state.public_vp[BLUE] == 8

    events = state.apply(RED, ("build_settlement", 41))
    assert one_event(events, "longest_road").data == {"player": BLUE, "length": 5, "previous": BLACK}
    assert state.total_vp(BLUE) == 10
    assert not state.decision().over and state.current == RED

    events = state.apply(RED, ("end_turn",))
    assert one_event(events, "game_over").data["winner"] == BLUE
    result = state.decision().result
    assert result is not None and result.winners == (BLUE,)
