"""Tormund the robber in the base game: his camp, rolling a "7" (Arnd, Siobhán and Klaus),
moving him (never staying, possibly home to his camp), stealing, blocking production, and the
ranger patrol, which in the base game only moves Tormund.
"""

from __future__ import annotations

import pytest

import ravenry
from ravenry.games.brotherhood.scenario import GiftPosition, rig_dice
from ravenry.games.catan.data import BRICK, GRAIN, ORE

RED, BLUE, BLACK, YELLOW = 0, 1, 2, 3
CAMP = -1


@pytest.mark.parametrize("board", ["standard", "variable", "random"])
@pytest.mark.parametrize("players", [3, 4])
def test_tormund_starts_in_his_camp(board: str, players: int) -> None:
    """ "Place Tormund on his camp." and "Tormund the robber begins the game in the Frostfangs in
    Tormund's Camp." Off the Gift, he blocks nothing."""
    state = ravenry.new_game("got-catan", players=players, seed=7, board=board)
    assert state.robber == CAMP
    assert all(state.hex_produces(h) for h in range(state.board.topo.n_hexes))


def hills8_position() -> GiftPosition:
    """Tormund on a fields hex; Red and Blue border the hills 8, Black the mountains 8."""
    pos = GiftPosition("got-catan")
    hills8, fields = pos.hex("hills", 8), pos.hex("fields", 11)
    pos.robber(fields)
    pos.settlement(RED, pos.node(hills8, "N")).settlement(BLUE, pos.node(hills8, "S"))
    pos.settlement(BLACK, pos.node(pos.hex("mountains", 8), "N"))
    pos.hand(RED, wool=2).hand(BLUE, grain=1)
    return pos


def test_tormund_example_moved_to_the_hills_eight(one_event) -> None:
    """ "You roll a "7." You must move Tormund. He was in a fields hex. You place him on the "8" number
    token of a hills hex. If an "8" is rolled in the coming turns, Red and Blue do not receive a
    brick resource card from this hex. ... You may also take 1 resource card at random from either
    Red or Blue.\""""
    pos = hills8_position().turn(YELLOW, "pre_roll")
    state = pos.state
    hills8, fields = pos.hex("hills", 8), pos.hex("fields", 11)
    rig_dice(state, 3, 4)
    events = state.apply(YELLOW, ("roll",))
    assert not [e for e in events if e.type == "produced"]
    assert state.phase_name() == "move_robber"
    robber_moves = [a for a in state.legal_actions(YELLOW) if a[0] == "move_robber"]
    assert ("move_robber", hills8, RED) in robber_moves and ("move_robber", hills8, BLUE) in robber_moves
    assert not [a for a in robber_moves if a[1] == hills8 and a[2] == -1]  # a victim must be chosen
    assert not [a for a in robber_moves if a[1] == fields]

    events = state.apply(YELLOW, ("move_robber", hills8, BLUE))
    stole = one_event(events, "stole")
    assert stole.full()["resource"] == "grain"
    assert stole.view(BLUE)["resource"] == "grain"
    assert stole.view(RED)["resource"] is None
    assert state.hands[YELLOW] == [0, 0, 0, 1, 0] and state.hands[BLUE] == [0, 0, 0, 0, 0]
    assert state.robber == hills8

    state.apply(YELLOW, ("end_turn",))
    rig_dice(state, 4, 4)
    state.apply(RED, ("roll",))
    assert state.hands[RED][BRICK] == 0 and state.hands[BLUE][BRICK] == 0
    assert state.hands[BLACK][ORE] == 1  # the other "8" still produces


def test_tormund_must_move_and_may_go_home_to_his_camp(one_event) -> None:
    """ "Then you ... must move Tormund to the number token of any other terrain hex (or to Tormund's
    Camp). ... Tormund must be moved. You may not choose to leave Tormund on the same hex.\""""
    pos = hills8_position().turn(YELLOW, "pre_roll")
    hills8 = pos.hex("hills", 8)
    pos.robber(hills8)
    state = pos.state
    rig_dice(state, 6, 1)
    state.apply(YELLOW, ("roll",))
    places = {a[1] for a in state.legal_actions(YELLOW)}
    assert places == ({h for h in range(21)} - {hills8}) | {CAMP}

    events = state.apply(YELLOW, ("move_robber", CAMP, -1))
    assert one_event(events, "robber_moved").data["hex"] is None
    assert state.robber == CAMP and state.phase_name() == "main"
    assert not [e for e in events if e.type == "stole"]

    state.apply(YELLOW, ("end_turn",))
    rig_dice(state, 5, 3)
    state.apply(RED, ("roll",))
    assert state.hands[RED][BRICK] == 1 and state.hands[BLUE][BRICK] == 1  # no longer blocked


def test_from_his_camp_tormund_must_go_onto_the_gift() -> None:
    """From the camp, "move Tormund away from his current spot": the camp is not a destination."""
    pos = hills8_position().robber(CAMP).turn(YELLOW, "pre_roll")
    state = pos.state
    rig_dice(state, 2, 5)
    state.apply(YELLOW, ("roll",))
    assert {a[1] for a in state.legal_actions(YELLOW)} == set(range(21))


def test_no_theft_from_a_player_without_cards() -> None:
    """ "If he has no cards, you get nothing!": a player with an empty hand is no victim."""
    pos = hills8_position().hand(BLUE).turn(YELLOW, "pre_roll")
    hills8 = pos.hex("hills", 8)
    state = pos.state
    rig_dice(state, 1, 6)
    state.apply(YELLOW, ("roll",))
    assert [a for a in state.legal_actions(YELLOW) if a[1] == hills8] == [("move_robber", hills8, RED)]
    pos = hills8_position().hand(BLUE).hand(RED).turn(YELLOW, "pre_roll")
    state = pos.state
    rig_dice(state, 1, 6)
    state.apply(YELLOW, ("roll",))
    assert [a for a in state.legal_actions(YELLOW) if a[1] == hills8] == [("move_robber", hills8, -1)]


def test_seven_example_arnd_siobhan_and_klaus(one_event, refused) -> None:
    """ "Arnd rolls a "7". He has only 6 cards in his hand. Siobhán has 8 cards and Klaus has 11.
    Siobhán must discard 4 cards and Klaus 5 (rounding down).\""""
    arnd, siobhan, klaus = 0, 1, 2
    pos = GiftPosition("got-catan", players=3)
    pos.hand(arnd, brick=2, lumber=2, ore=2)
    pos.hand(siobhan, grain=4, wool=4)
    pos.hand(klaus, brick=3, lumber=3, ore=3, grain=2)
    state = pos.turn(arnd, "pre_roll").state
    rig_dice(state, 2, 5)
    events = state.apply(arnd, ("roll",))
    assert one_event(events, "must_discard").data == {"owed": [0, 4, 5]}
    decision = state.decision()
    assert decision.players == (siobhan, klaus) and decision.simultaneous
    assert state.legal_actions(arnd) == []

    for _ in range(4):
        state.apply(siobhan, ("discard", GRAIN))
    assert state.legal_actions(siobhan) == []
    refused(state, siobhan, ("discard", GRAIN))
    assert state.decision().players == (klaus,)
    for resource in (BRICK, BRICK, BRICK, ORE, ORE):
        state.apply(klaus, ("discard", resource))
    assert [sum(h) for h in state.hands] == [6, 4, 6]
    assert state.phase_name() == "move_robber" and state.decision().players == (arnd,)


def test_ranger_patrol_moves_tormund_and_steals(one_event) -> None:
    """ "On Yellow's turn he plays a ranger patrol card and moves Tormund from the fields hex to the
    hills hex. Yellow may now steal a random card from Red or Blue." In the base game that is the
    only option: "Option 2 is not available in the base game. In the base game, you must move
    Tormund per Option 1.\""""
    pos = hills8_position().dev_cards(YELLOW, knight=1).turn(YELLOW, "pre_roll")
    hills8 = pos.hex("hills", 8)
    state = pos.state
    state.apply(YELLOW, ("play_knight",))
    assert state.phase_name() == "move_robber"
    assert {a[0] for a in state.legal_actions(YELLOW)} == {"move_robber"}
    state.apply(YELLOW, ("move_robber", hills8, RED))
    assert state.hands[YELLOW] == [0, 0, 0, 0, 1]
    assert state.knights_played[YELLOW] == 1
    assert state.phase_name() == "pre_roll"  # played before the roll: the roll is still to come


def test_the_base_game_has_no_wildling_patrol(refused) -> None:
    """Option 2 (return a wildling) does not exist in ``got-catan``: no such action."""
    pos = hills8_position().dev_cards(YELLOW, knight=1).turn(YELLOW, "main")
    state = pos.state
    assert "patrol_wildling" not in state.game.action_fields()
    refused(state, YELLOW, ("patrol_wildling", 0), "unknown action")


def test_largest_patrol_is_worth_two_points_in_the_base_game(one_event) -> None:
    """ "The first player to have 3 ranger patrol cards in front of himself receives the special card
    "Largest Patrol," which is worth 2 victory points.\""""
    pos = hills8_position().dev_cards(YELLOW, knight=1).knights(YELLOW, 2).turn(YELLOW, "main")
    state = pos.state
    assert state.largest_army_holder == -1 and state.public_vp[YELLOW] == 0
    events = state.apply(YELLOW, ("play_knight",))
    assert one_event(events, "largest_army").data == {"player": YELLOW, "knights": 3, "previous": None}
    assert state.public_vp[YELLOW] == 2
