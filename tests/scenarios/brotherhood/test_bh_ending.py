"""Ending Brotherhood of the Watch: "If the Wall has been breached 3 times, the game ends
immediately. ... If the number of wildlings in the Gift exceeds 7 (8 or more) the game ends
immediately. ... If you have 10 VPs at the END of your turn, you win." After a siege ending the
player with the most guards on the Wall wins; ties go to the most VP, then the oldest guard, then
the most western guard.
"""

from __future__ import annotations

import pytest

from ravenry.core.errors import GameOver
from ravenry.core.protocol import Event
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.brotherhood.scenario import BrotherhoodPosition, rig_dice, wildling_token
from ravenry.games.brotherhood.wildlings import column_hexes

RED, BLUE, BLACK, YELLOW = 0, 1, 2, 3
LINE_0_1 = (14, 9, 15, 10, 16, 11, 17, 12, 18, 13, 19)
LINE_2_3 = (40, 33, 41, 34, 42, 35, 43, 36, 44, 37, 45, 38, 46)


def position() -> BrotherhoodPosition:
    """Four players; seat 1 holds Yoren instead of Samwell Tarly (his after-roll question would
    interrupt these scenarios)."""
    return BrotherhoodPosition(players=4).hero(BLUE, "yoren")


def roll(state: BrotherhoodState, player: int, wildling_die: int, d1: int = 1, d2: int = 2) -> list[Event]:
    rig_dice(state, d1, d2, wildling_die)
    return state.apply(player, ("roll",))


def reds_ten_points(pos: BrotherhoodPosition, vp_cards: int = 2) -> BrotherhoodPosition:
    """Red: 2 settlements, 2 keeps, Longest Road (5 roads), 2 victory point cards, 2 guards = 9."""
    pos.settlement(RED, 40, 35).road_path(RED, LINE_2_3[0:6]).city(RED, 4, 8)
    pos.dev_cards(RED, victory_point=vp_cards).guards(0, RED).guards(1, RED)
    return pos


def test_reds_ten_points_win_at_the_end_of_her_turn(one_event) -> None:
    """ "Red has 2 settlements (2 points), 2 keeps (4 points), the Longest Road special VP card (1
    point), 2 victory point cards (2 points), and 3 guards on the Wall (1 point). On her turn, she
    reveals her 2 victory point cards, giving her the 10 points needed to win the game!
    Important: Unlike most Catan games, you only win at the END of your turn." Red builds her third
    guard: 10 points, but the game goes on until she ends her turn."""
    pos = reds_ten_points(position()).hand(RED, brick=1, lumber=1, wool=1).turn(RED, "main")
    state = pos.state
    assert state.longest_road_holder == RED and state.total_vp(RED) == 9
    state.apply(RED, ("build_guard", 2))
    assert state.total_vp(RED) == 10 and state.public_vp[RED] == 8
    assert not state.decision().over and state.current == RED

    events = state.apply(RED, ("end_turn",))
    over = one_event(events, "game_over").data
    assert over["winner"] == RED and over["victory_point_cards"][RED] == 2
    result = state.decision().result
    assert result is not None and result.winners == (RED,) and result.scores[RED] == 10
    assert result.reason == "10 victory points"


def test_ten_points_do_not_save_red_from_the_third_breach(one_event) -> None:
    """ "You must still advance the wildlings as usual throughout your entire turn. This could cause the
    game to end immediately." Red starts her turn with 10 points; her wildling roll brings the third
    breach, which takes her guard; Blue, with the most guards, wins."""
    pos = reds_ten_points(position()).guards(2, RED).breaches(2)
    pos.clearing(0, "regular").camp("ice river", "regular").guards(3, BLUE, BLUE, BLUE, BLUE)
    state = pos.turn(RED, "pre_roll").state
    assert state.total_vp(RED) == 10
    events = roll(state, RED, 1)
    assert one_event(events, "wall_breached").data["breaches"] == 3
    result = state.decision().result
    assert result is not None and result.winners == (BLUE,)
    assert result.reason == "the Wall was breached 3 times"
    assert state.total_vp(RED) == 9  # the breach took her third guard and its VP token


def test_the_third_breach_ends_the_game_at_once(one_event) -> None:
    """ "If the Wall has been breached 3 times, the game ends immediately. If you have the most guards on
    the wall at this point, you win." In a rush, the second wildling never advances."""
    pos = position().breaches(2).camp("cave people", "regular", "climber", "regular", "regular")
    pos.settlement_tokens(RED, wildling_token("cave people", "regular"))
    pos.guards(2, BLACK).guards(3, BLACK).guards(0, BLUE)
    pos.settlement(RED, 21).road_path(RED, [21, 28, 22]).hand(RED, brick=2, lumber=2, grain=1, wool=1)
    state = pos.turn(RED, "main").state
    events = state.apply(RED, ("build_settlement", 22))
    assert one_event(events, "wall_breached").data == {"clearing": 2, "wildlings": 1, "breaches": 3}
    assert "climber_jumped" not in [e.type for e in events]
    assert one_event(events, "game_over").data["winner"] == BLACK
    assert state.phase_name() == "over"
    with pytest.raises(GameOver):
        state.apply(RED, ("build_road", pos.edge_between(22, 29)))


def eight_wildlings(pos: BrotherhoodPosition) -> BrotherhoodPosition:
    """Seven wildlings in the Gift, none south of wall section 3; a Hornfoot climber at camp 1.
    Yellow's wildling roll "7" brings the climber over: the eighth."""
    for h in (0, 1, 2, 4, 5, 6, 8):
        pos.gift_wildlings(h, "regular")
    return pos.camp("hornfoot", "climber").turn(YELLOW, "pre_roll")


def test_eight_wildlings_in_the_gift_end_the_game_at_once(one_event) -> None:
    """ "If the number of wildlings in the Gift exceeds 7 (8 or more) the game ends immediately. If you
    have the most guards on the wall at this point, you win.\""""
    pos = eight_wildlings(position()).guards(0, BLUE, RED).guards(1, BLUE)
    state = pos.state
    trial = state.clone()
    roll(trial, YELLOW, 10)  # the die moves no one: 7 wildlings do not end the game
    assert not trial.decision().over

    events = roll(state, YELLOW, 7)
    assert state.north.wildlings_in_gift() == 8 and state.north.gift[column_hexes(state.board, 3)[0]] != []
    over = one_event(events, "game_over").data
    assert over["winner"] == BLUE and over["reason"] == "8 wildlings in the Gift"
    assert state.north.breaches == 0  # a climber is no breach


def test_breaching_wildlings_that_bring_the_gift_past_seven_end_the_game() -> None:
    """Six wildlings in the Gift and a breach of two: eight."""
    pos = position().guards(1, RED, BLACK).guards(3, RED).clearing(1, "regular", "regular")
    for h in (0, 4, 9, 2, 6, 11):
        pos.gift_wildlings(h, "regular")
    state = pos.camp("ice river", "giant").turn(YELLOW, "pre_roll").state
    roll(state, YELLOW, 3)  # the giant takes Red's guard; 2 wildlings against 1 guard breach
    assert state.north.wildlings_in_gift() == 8 and state.north.breaches == 1
    result = state.decision().result
    assert result is not None and result.winners == (RED,)


def test_ten_points_reached_on_another_players_turn_win_only_at_the_end_of_your_own(one_event) -> None:
    """ "If you have 10 VPs at the END of your turn, you win." Red's settlement passes Longest Road to
    Blue, who reaches 10 on Red's turn: nothing happens when Red ends her turn; Blue wins when she
    ends hers."""
    pos = position()
    pos.settlement(BLACK, 43).road_path(BLACK, LINE_2_3[0:7])  # Longest Road
    pos.settlement(BLUE, 17, 26).city(BLUE, 4, 2, 8).road_path(BLUE, LINE_0_1[1:7])  # 8 points, 5 roads
    pos.guards(0, BLUE, BLUE, BLUE)  # and a guard VP token: 9
    pos.settlement(RED, 54).road_path(RED, [54, 48, 41]).hand(RED, brick=1, lumber=1, grain=1, wool=1)
    state = pos.turn(RED, "main").state
    assert state.total_vp(BLUE) == 9
    state.apply(RED, ("build_settlement", 41))
    assert state.longest_road_holder == BLUE and state.total_vp(BLUE) == 10
    state.apply(RED, ("end_turn",))
    assert not state.decision().over and state.current == BLUE
    roll(state, BLUE, 9)
    assert not state.decision().over
    events = state.apply(BLUE, ("end_turn",))
    assert one_event(events, "game_over").data["winner"] == BLUE


def test_a_victory_point_card_bought_waits_for_the_end_of_the_turn() -> None:
    """The base game lets a bought victory point card that makes 10 win at once; Brotherhood of the
    Watch says "you only win at the END of your turn". We read the Brotherhood rule as overriding the
    exception: the card counts, and Red wins when she ends her turn."""
    pos = reds_ten_points(position(), vp_cards=1).guards(2, RED)
    pos.hand(RED, ore=1, grain=1, wool=1).deck("victory_point").turn(RED, "main")
    state = pos.state
    assert state.total_vp(RED) == 9
    state.apply(RED, ("buy_dev",))
    assert state.total_vp(RED) == 10 and not state.decision().over
    state.apply(RED, ("end_turn",))
    result = state.decision().result
    assert result is not None and result.winners == (RED,)


# -- ties for the most guards -------------------------------------------------------------------------


def siege(pos: BrotherhoodPosition) -> BrotherhoodState:
    """End the game with the eighth wildling in the Gift and return the finished state."""
    state = eight_wildlings(pos).state
    roll(state, YELLOW, 7)
    assert state.decision().over
    return state


def test_tied_guards_most_victory_points_wins() -> None:
    """ "The tied player with the most VPs wins." Victory point cards are revealed and count: Blue's 2
    settlements and 2 cards beat Red's 3 settlements."""
    pos = position().guards(0, RED, BLUE).guards(1, BLUE, RED).guards(2, BLACK)
    pos.settlement(RED, 20, 22, 24).settlement(BLUE, 35, 37).dev_cards(BLUE, victory_point=2)
    state = siege(pos)
    assert state.siege_winners() == (BLUE,)
    result = state.decision().result
    assert result is not None and result.winners == (BLUE,) and result.scores[:2] == (3, 4)


def test_tied_guards_and_points_oldest_guard_wins() -> None:
    """ "If still tied, the tied player with the oldest guard on the wall wins (guard on the lowest
    number in any wall section)." Blue's guard on space 1 beats Red's, though Red's are further west."""
    pos = position().guards(0, BLACK, RED).guards(1, YELLOW, RED).guards(3, BLUE, BLUE)
    state = siege(pos)
    result = state.decision().result
    assert result is not None and result.winners == (BLUE,)


def test_tied_guards_points_and_age_most_western_guard_wins() -> None:
    """ "If still tied, the player with the guard in the most western location wins (closest to the
    Frostfangs)." Red and Blue both have a guard on space 1; Blue's section 2 lies west of Red's 3.

    Read as: each player's westernmost guard, wherever it stands (the rulebook says "the guard in the
    most western location", not "the oldest guard")."""
    pos = position().guards(0, BLACK).guards(1, BLUE).guards(2, RED).guards(3, RED, BLUE)
    state = siege(pos)
    result = state.decision().result
    assert result is not None and result.winners == (BLUE,)
