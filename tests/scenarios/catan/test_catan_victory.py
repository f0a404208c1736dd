"""Ending the game: 10 victory points during your own turn, hidden Victory Point cards included."""

from __future__ import annotations

import pytest

from ravenry.core.errors import GameOver
from ravenry.games.catan.data import BRICK, WOOL
from ravenry.games.catan.scenario import Position


def seven_points(pos: Position, p: int) -> Position:
    """Three cities around fields 6 and a settlement on forest 9 for player ``p``: 7 public points."""
    fields6 = pos.hex("fields", 6)
    pos.city(p, *(pos.node(fields6, c) for c in ("N", "SW", "SE")))
    pos.settlement(p, pos.node(pos.hex("forest", 9), "NE"))
    return pos


def test_ten_points_during_your_turn_wins_hidden_cards_included(one_event) -> None:
    """Rulebook: "If you have 10 or more victory points during your turn, the game ends and you are the
    winner!" — a hidden Victory Point card counts."""
    pos = seven_points(Position("catan", players=4), 0)
    mountains10 = pos.hex("mountains", 10)
    top, north_west, south_west = (pos.node(mountains10, c) for c in ("N", "NW", "SW"))
    pos.settlement(0, top).road_path(0, [top, north_west, south_west]).dev_cards(0, victory_point=1)
    pos.hand(0, brick=1, lumber=1, grain=1, wool=1).dev_cards(2, victory_point=1)
    state = pos.state
    assert (state.public_vp[0], state.total_vp(0)) == (8, 9)
    assert not state.decision().over
    events = state.apply(0, ("build_settlement", south_west))
    over = one_event(events, "game_over").data
    assert over["winner"] == 0 and over["scores"][0] == 10
    assert over["victory_point_cards"] == [1, 0, 1, 0]  # "you can play them at the end of the game"
    decision = state.decision()
    assert decision.over and decision.result is not None
    assert decision.result.winners == (0,) and decision.result.scores == (10, 0, 1, 0)
    assert all(state.legal_actions(p) == [] for p in range(4))
    with pytest.raises(GameOver):
        state.apply(0, ("end_turn",))
    view = state.observe(1)
    assert view["result"]["winners"] == [0]
    assert view["players"][0]["victory_point_cards"] == 1  # revealed at the end
    assert view["players"][2]["victory_point_cards"] == 1 and view["players"][2]["vp"] == 1


def test_buying_the_tenth_point_as_a_victory_point_card_wins_at_once(one_event) -> None:
    """FAQ: "You may play any number of Victory Point cards on the turn the game ends, even those just
    purchased" — buying the 10th point wins without waiting."""
    pos = seven_points(Position("catan", players=4), 0)
    pos.settlement(0, pos.node(pos.hex("mountains", 10), "N")).dev_cards(0, victory_point=1)
    pos.hand(0, ore=1, grain=1, wool=1)
    pos.deck("victory_point", "knight")  # the Victory Point card is on top
    state = pos.state
    assert state.total_vp(0) == 9
    events = state.apply(0, ("buy_dev",))
    assert one_event(events, "game_over").data["winner"] == 0
    assert state.decision().over


def test_several_victory_point_cards_on_the_winning_turn(one_event) -> None:
    """FAQ: "Can I play more than one Victory Point card on the turn the game ends? You may play any
    number" — besides the turn's one other development card."""
    pos = Position("catan", players=4)
    fields6 = pos.hex("fields", 6)
    pos.city(0, *(pos.node(fields6, c) for c in ("N", "SW", "SE")))
    pos.settlement(0, pos.node(pos.hex("forest", 9), "NE"))
    pos.dev_cards(0, victory_point=2, knight=1).hand(0, ore=1, grain=1, wool=1)
    pos.deck("victory_point")
    state = pos.state
    assert (state.public_vp[0], state.total_vp(0)) == (7, 9)
    assert state.observe(1)["players"][0]["visible_vp"] == 7  # the cards stay hidden until then
    state.apply(0, ("play_knight",))
    state.apply(0, ("move_robber", pos.hex("pasture", 2), -1))
    assert not state.decision().over
    events = state.apply(0, ("buy_dev",))
    over = one_event(events, "game_over").data
    assert over["winner"] == 0 and over["victory_point_cards"][0] == 3 and over["scores"][0] == 10


def test_ten_points_on_another_players_turn_waits_for_your_own(one_event) -> None:
    """FAQ: "What if I reach 10 points when it is not my turn? The game continues until any player
    (including you) has 10 points on his turn" — e.g. Longest Road passed to you on another's turn."""
    pos = Position("catan", players=4)
    # Player 2 holds Longest Road with six roads below fields 9 and forest 11 ...
    row3 = [27, 33, 28, 34, 29, 35, 30]
    assert row3[0] == pos.node(pos.hex("fields", 9), "SW")
    pos.settlement(2, row3[0]).road_path(2, row3)
    # ... player 1 has 8 points in cities and five roads further south ...
    row4 = [38, 43, 39, 44, 40, 45]
    assert row4[0] == pos.node(pos.hex("forest", 8), "SW")
    pos.city(1, row4[0]).road_path(1, row4)
    pos.city(1, pos.node(pos.hex("mountains", 10), "N"), pos.node(pos.hex("forest", 9), "NE"))
    pos.city(1, pos.node(pos.hex("hills", 10), "SE"))
    # ... and player 0, to move, can settle on the middle of player 2's road.
    forest11 = pos.hex("forest", 11)
    pos.settlement(0, pos.node(forest11, "N")).road_path(
        0, [pos.node(forest11, c) for c in ("N", "NE", "SE")]
    )
    pos.hand(0, brick=1, lumber=1, grain=1, wool=1).turn(0, "main")
    state = pos.state
    assert state.longest_road_holder == 2 and state.public_vp[1] == 8
    events = state.apply(0, ("build_settlement", pos.node(forest11, "SE")))
    assert one_event(events, "longest_road").data["player"] == 1
    assert state.total_vp(1) == 10
    assert not state.decision().over and state.decision().players == (0,)  # player 0 plays on
    events = state.apply(0, ("end_turn",))
    assert [e.type for e in events] == ["turn_ended", "turn_started", "game_over"]
    assert one_event(events, "game_over").data["winner"] == 1
    assert state.decision().result is not None and state.decision().result.winners == (1,)


def test_hidden_points_on_another_players_turn_win_at_the_start_of_your_own() -> None:
    """Rulebook: "If you have 10 or more victory points during your turn": 10 points counted with Victory
    Point cards on someone else's turn win only once your own turn begins."""
    pos = seven_points(Position("catan", players=4), 1)
    pos.dev_cards(1, victory_point=3).hand(0, wool=4).turn(0, "main")
    state = pos.state
    assert state.total_vp(1) == 10 and state.public_vp[1] == 7
    state.apply(0, ("maritime_trade", WOOL, 4, BRICK))
    assert not state.decision().over and state.decision().players == (0,)
    state.apply(0, ("end_turn",))
    assert state.decision().over and state.decision().result is not None
    assert state.decision().result.winners == (1,)
