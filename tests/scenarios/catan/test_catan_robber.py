"""Rolling a "7" and the robber: discards, Larry's example, stealing and blocked production.

Our board has no fields "3"; Larry's robber goes to the mountains "3" instead.
"""

from __future__ import annotations

from ravenry.core.rng import Rng
from ravenry.games.catan.data import BRICK, GRAIN, ORE, WOOL
from ravenry.games.catan.scenario import Position, rig_dice

LARRY, A_OWNER, B_OWNER, OTHER = 0, 1, 2, 3


def larrys_turn() -> tuple[Position, int]:
    """Rulebook: "It is Larry's turn and he rolls a "7." ... The robber was on a forest hex. Larry places it
    on the "3" number token" — settlements "A" and "B" of two other players border that hex."""
    pos = Position("catan", players=4)
    mountains3, forest11 = pos.hex("mountains", 3), pos.hex("forest", 11)
    pos.robber(forest11)
    pos.settlement(A_OWNER, pos.node(mountains3, "N")).settlement(B_OWNER, pos.node(mountains3, "SE"))
    pos.hand(A_OWNER, grain=2).hand(B_OWNER, wool=1, brick=1).hand(LARRY, ore=1)
    pos.settlement(OTHER, pos.node(pos.hex("pasture", 11), "S")).hand(OTHER, ore=2)
    pos.turn(LARRY, "pre_roll")
    return pos, mountains3


def test_seven_produces_nothing_and_the_robber_must_move(one_event, refused) -> None:
    """Rulebook: "If you roll a "7" as your production roll, no one receives any resources ... You must move
    the robber immediately to any other terrain hex" — FAQ: "You may not choose to leave the robber on the
    same hex"."""
    pos, _ = larrys_turn()
    state = pos.state
    hands = [list(h) for h in state.hands]
    rig_dice(state, 3, 4)
    events = state.apply(LARRY, ("roll",))
    assert one_event(events, "rolled").data["total"] == 7
    assert not [e for e in events if e.type == "produced"]
    assert state.hands == hands
    assert state.phase_name() == "move_robber" and state.decision().players == (LARRY,)
    moves = state.legal_actions(LARRY)
    forest11 = pos.hex("forest", 11)
    assert {a[1] for a in moves} == set(range(19)) - {forest11}  # every other hex, the desert too
    refused(state, LARRY, ("move_robber", forest11, -1), "another hex")
    refused(state, LARRY, ("end_turn",))
    refused(state, LARRY, ("build_road", 0), "robber waits to be moved")


def test_larry_steals_from_an_adjacent_opponent_of_his_choice(one_event) -> None:
    """Rulebook: "If the robber's terrain hex is adjacent to 2 or more players' settlements or cities, you
    choose which one you want to steal from" — only those players, never yourself."""
    pos, mountains3 = larrys_turn()
    pos.settlement(LARRY, pos.node(mountains3, "SW"))  # Larry's own settlement there too
    state = pos.state
    rig_dice(state, 4, 3)
    state.apply(LARRY, ("roll",))
    to_mountains = [a for a in state.legal_actions(LARRY) if a[1] == mountains3]
    assert to_mountains == [("move_robber", mountains3, A_OWNER), ("move_robber", mountains3, B_OWNER)]
    events = state.apply(LARRY, ("move_robber", mountains3, A_OWNER))
    assert one_event(events, "robber_moved").data == {"player": LARRY, "hex": mountains3}
    assert state.hands[A_OWNER] == [0, 0, 0, 1, 0] and state.hands[LARRY] == [0, 0, 1, 1, 0]
    assert state.phase_name() == "main"


def test_stolen_card_is_seen_only_by_the_thief_and_the_victim(one_event) -> None:
    """Rulebook: "The player who the robber steals from holds his resource card hand face down. You then take
    1 resource card at random" — only those two see which card moved."""
    pos, mountains3 = larrys_turn()
    state = pos.state
    rig_dice(state, 5, 2)
    state.apply(LARRY, ("roll",))
    events = state.apply(LARRY, ("move_robber", mountains3, B_OWNER))
    stole = one_event(events, "stole")
    stolen = stole.full()["resource"]
    assert stolen in ("wool", "brick")
    assert stole.view(LARRY)["resource"] == stolen and stole.view(B_OWNER)["resource"] == stolen
    assert stole.view(A_OWNER)["resource"] is None and stole.view(OTHER)["resource"] is None
    assert stole.view(None)["resource"] is None
    assert stole.view(A_OWNER)["victim"] == B_OWNER  # who was robbed is public
    assert sum(state.hands[B_OWNER]) == 1 and sum(state.hands[LARRY]) == 2
    assert state.observe(A_OWNER)["players"][LARRY]["resource_count"] == 2
    assert "hand" not in state.observe(A_OWNER)["players"][LARRY]


def test_steal_is_random_among_the_victims_cards() -> None:
    """Rulebook: "You then take 1 resource card at random": over many seeds both of B's cards get taken."""
    taken = set()
    for seed in range(12):
        pos, mountains3 = larrys_turn()
        state = pos.state
        rig_dice(state, 6, 1)
        state.apply(LARRY, ("roll",))
        state.rng = Rng.from_seed(seed)  # a different hidden draw each time
        state.apply(LARRY, ("move_robber", mountains3, B_OWNER))
        taken.add(BRICK if state.hands[LARRY][BRICK] else WOOL)
    assert taken == {BRICK, WOOL}


def test_no_steal_from_a_player_without_cards() -> None:
    """Rulebook: "Then you steal 1 (random) from an opponent who has a settlement or city adjacent" — an
    opponent with no cards has nothing to steal; with no one to rob, the robber just moves."""
    pos, mountains3 = larrys_turn()
    pos.hand(A_OWNER).hand(B_OWNER)
    state = pos.state
    rig_dice(state, 2, 5)
    state.apply(LARRY, ("roll",))
    assert [a for a in state.legal_actions(LARRY) if a[1] == mountains3] == [("move_robber", mountains3, -1)]
    events = state.apply(LARRY, ("move_robber", mountains3, -1))
    assert not [e for e in events if e.type == "stole"]


def test_robber_blocks_the_hex_until_moved_again() -> None:
    """Rulebook: "If a "3" is rolled in the coming turns, the owners of settlements "A" and "B" do not receive
    a grain resource card. This lasts until the robber is moved again by another "7" or a Knight card"."""
    pos, mountains3 = larrys_turn()
    pos.dev_cards(A_OWNER, knight=1)
    state = pos.state
    rig_dice(state, 3, 4)
    state.apply(LARRY, ("roll",))
    state.apply(LARRY, ("move_robber", mountains3, A_OWNER))
    ore_before = (state.hands[A_OWNER][ORE], state.hands[B_OWNER][ORE])
    state.apply(LARRY, ("end_turn",))
    rig_dice(state, 1, 2)
    state.apply(A_OWNER, ("roll",))
    assert (state.hands[A_OWNER][ORE], state.hands[B_OWNER][ORE]) == ore_before
    state.apply(A_OWNER, ("play_knight",))
    state.apply(A_OWNER, ("move_robber", pos.hex("desert"), -1))
    state.apply(A_OWNER, ("end_turn",))
    rig_dice(state, 2, 1)
    state.apply(B_OWNER, ("roll",))
    assert (state.hands[A_OWNER][ORE], state.hands[B_OWNER][ORE]) == (ore_before[0] + 1, ore_before[1] + 1)


# -- discarding on a 7 ----------------------------------------------------------------------------


def seven_with_big_hands() -> Position:
    """Player 0 (to roll) holds 9 cards, player 1 holds 8, player 2 exactly 7, player 3 holds 11."""
    pos = Position("catan", players=4)
    pos.hand(0, brick=3, ore=3, wool=3).hand(1, grain=8).hand(2, brick=2, lumber=2, ore=3)
    pos.hand(3, lumber=5, ore=5, wool=1).turn(0, "pre_roll")
    return pos


def test_seven_discard_half_rounded_down_all_at_once(one_event) -> None:
    """Rulebook: "every player who has more than 7 resource cards must select half (rounded down) of his
    resource cards and return them to the bank" — everyone owing discards at the same time."""
    state = seven_with_big_hands().state
    rig_dice(state, 1, 6)
    events = state.apply(0, ("roll",))
    assert one_event(events, "must_discard").data == {"owed": [4, 4, 0, 5]}
    decision = state.decision()
    assert decision.players == (0, 1, 3) and decision.simultaneous
    assert state.phase_name() == "discard"
    assert state.legal_actions(2) == []  # exactly 7 cards: nothing to discard


def test_seven_discards_in_any_order_and_of_own_choice(refused, one_event) -> None:
    """Rulebook: "must select half ... of his resource cards": each owing player picks the cards, in any order
    among the players; the robber waits until all have discarded."""
    state = seven_with_big_hands().state
    rig_dice(state, 6, 1)
    state.apply(0, ("roll",))
    assert set(state.legal_actions(3)) == {("discard", 1), ("discard", 2), ("discard", 4)}
    refused(state, 3, ("discard", GRAIN), "cards you hold")
    refused(state, 2, ("discard", BRICK), "may not act")
    refused(state, 0, ("move_robber", 0, -1))
    bank = list(state.bank)
    # Interleaved: player 3, then 1, then 0, then 3 again...
    for p, r in [(3, WOOL), (1, GRAIN), (0, ORE), (3, ORE), (3, ORE), (1, GRAIN), (0, ORE), (0, ORE)]:
        event = one_event(state.apply(p, ("discard", r)), "discarded")
        assert event.data["player"] == p
    assert state.decision().players == (0, 1, 3)
    for p, r in [(0, BRICK), (1, GRAIN), (1, GRAIN), (3, ORE), (3, ORE)]:
        state.apply(p, ("discard", r))
    assert state.decision().players == (0,) and state.phase_name() == "move_robber"
    assert state.hands[0] == [2, 0, 0, 0, 3]
    assert state.hands[1] == [0, 0, 0, 4, 0]
    assert state.hands[3] == [0, 5, 1, 0, 0]
    assert sum(state.bank) == sum(bank) + 13
    assert state.discards_owed == [0, 0, 0, 0]


def test_player_done_discarding_waits_for_the_others(refused) -> None:
    """A player who has returned half his cards is no longer asked; the others still are."""
    pos = Position("catan", players=4)
    pos.hand(1, grain=8).hand(2, wool=9).turn(0, "pre_roll")
    state = pos.state
    rig_dice(state, 2, 5)
    state.apply(0, ("roll",))
    for _ in range(4):
        state.apply(1, ("discard", GRAIN))
    assert state.decision().players == (2,)
    assert state.legal_actions(1) == []
    refused(state, 1, ("discard", GRAIN), "may not act")
