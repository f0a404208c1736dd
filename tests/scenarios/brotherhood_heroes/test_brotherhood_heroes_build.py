"""The building heroes: Othell Yarwyck (A4), Ser Alliser Thorne (A5), Melisandre (A6), Yoren.

Othell's roads run around the hills 3 hex in the middle of the Gift; its corners are named
N, NE, SE, S, SW, NW and its sides NE (N-NE), E (NE-SE), SE (SE-S), SW (S-SW), W (SW-NW) and
NW (NW-N).
"""

from __future__ import annotations

from brotherhood_hero_helpers import (
    ALICE,
    BOB,
    CARA,
    DAN,
    give_heroes,
    hero_actions,
    hex_of,
    only,
    position,
    put_guards,
    put_wildlings,
    refused,
)

from ravenry.games.brotherhood.data import REGULAR, token
from ravenry.games.brotherhood.heroes import MELISANDRE, OTHELL, THORNE, YOREN
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import BRICK, GRAIN, KNIGHT, LUMBER, ORE, VICTORY_POINT, WOOL
from ravenry.games.catan.scenario import Position
from ravenry.games.catan.state import MAIN, PRE_ROLL

# -- helpers -------------------------------------------------------------------------------------------


class Hills3:
    """Corners and sides of the northern hills 3 hex (row 2, in the middle of the Gift), plus
    the path leaving a corner away from the hex."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.hex = pos.hexes("hills", 3)[0]

    def corner(self, name: str) -> int:
        return self.pos.node(self.hex, name)

    def side(self, name: str) -> int:
        return self.pos.edge(self.hex, name)

    def outward(self, corner: str) -> int:
        """The path at this corner that is not a side of the hex."""
        state = self.pos.state
        topo = state.board.topo
        own = {topo.edge_at(self.hex, s) for s in ("NE", "E", "SE", "SW", "W", "NW")}
        (edge,) = [e for e in topo.node_edges[self.corner(corner)] if e not in own]
        return edge


def end_the_game_with_the_next_token(state: BrotherhoodState) -> None:
    """Two breaches already; the next pool token is a 5th Cave People wildling, whose rush sends
    one wildling at an unguarded clearing: the third breach ends the game at once."""
    state.north.breaches = 2
    put_wildlings(state, camps={1: [REGULAR] * 4})
    state.north.token_pool.append(token(1, REGULAR))


# -- Othell Yarwyck ----------------------------------------------------------------------------------
# "Remove 1 of your roads from the board and rebuild it for free at a different legal location. The
# road you remove must only be connected on 1 of its 2 ends to your pieces. Ignore opponents'
# pieces when checking connections."


def test_othell_moves_a_road_that_ends_in_nothing_for_free() -> None:
    pos = position()
    h = Hills3(pos)
    pos.settlement(ALICE, h.corner("N")).road(ALICE, h.side("NE"), h.side("E")).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: OTHELL})
    assert state.heroes.othell_removable_roads(state, ALICE) == [h.side("E")]
    targets = {a[2] for a in hero_actions(state, ALICE, "use_othell")}
    assert targets == {h.side("NW"), h.outward("N"), h.outward("NE")}
    roads_left = state.roads_left[ALICE]
    events = state.apply(ALICE, ("use_othell", h.side("E"), h.side("NW")))
    assert state.edge_owner[h.side("E")] == -1 and state.edge_owner[h.side("NW")] == ALICE
    assert state.roads_left[ALICE] == roads_left and state.hands[ALICE] == [0] * 5
    assert only(events, "hero_used").data["removed"] == h.side("E")
    assert state.phase_name() == "hero_after_use"
    # The network moved with the road: the far end of the old road no longer reaches anything.
    state.apply(ALICE, ("hero_flip",))
    assert h.corner("SE") not in state.network[ALICE]


def test_othell_refusals() -> None:
    pos = position()
    h = Hills3(pos)
    pos.settlement(ALICE, h.corner("N")).road(ALICE, h.side("NE"), h.side("E")).turn(ALICE, "main")
    pos.settlement(BOB, h.corner("S")).road(BOB, h.side("SW"))
    state = give_heroes(pos, {ALICE: OTHELL})
    far = state.board.topo.edge_at(hex_of(state, "mountains", 6), "NE")
    refused(state, ALICE, ("use_othell", h.side("NE"), h.side("NW")), "only one end")  # both ends
    refused(state, ALICE, ("use_othell", h.side("E"), h.side("E")))  # not a different location
    refused(state, ALICE, ("use_othell", h.side("E"), h.side("SE")))  # reached only by itself
    refused(state, ALICE, ("use_othell", h.side("E"), far))  # not connected at all
    refused(state, ALICE, ("use_othell", h.side("SW"), h.side("NW")))  # Bob's road
    state.phase, state.dice = PRE_ROLL, None
    refused(state, ALICE, ("use_othell", h.side("E"), h.side("NW")), "after your production roll")


def test_othell_ignores_opponents_pieces_when_checking_connections() -> None:
    """Bob's settlement on SE sits between Alice's roads E and SE: E still counts as connected at
    both ends, so only SE may be lifted — and it cannot be rebuilt past Bob's settlement."""
    pos = position()
    h = Hills3(pos)
    pos.settlement(ALICE, h.corner("N")).road(ALICE, h.side("NE"), h.side("E"), h.side("SE"))
    pos.settlement(BOB, h.corner("SE")).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: OTHELL})
    assert state.heroes.othell_removable_roads(state, ALICE) == [h.side("SE")]
    targets = {a[2] for a in hero_actions(state, ALICE, "use_othell")}
    assert targets == {h.side("NW"), h.outward("N"), h.outward("NE")}


def test_othell_can_win_longest_road_and_that_reveals_a_wildling() -> None:
    pos = position()
    h = Hills3(pos)
    pos.settlement(ALICE, h.corner("N")).road(ALICE, h.side("NE"), h.side("E"), h.side("SE"), h.side("SW"))
    pos.road(ALICE, h.outward("NE")).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: OTHELL})
    assert state.road_length[ALICE] == 4 and state.longest_road_holder == -1
    vp, pool = state.public_vp[ALICE], len(state.north.token_pool)
    events = state.apply(ALICE, ("use_othell", h.outward("NE"), h.side("W")))
    assert state.road_length[ALICE] == 5 and state.longest_road_holder == ALICE
    assert state.public_vp[ALICE] == vp + 1  # Longest Road is 1 VP in Brotherhood
    assert only(events, "token_revealed").data["why"] == "longest_road"
    assert len(state.north.token_pool) == pool - 1


def test_othell_can_lose_longest_road_to_an_opponent() -> None:
    """Alice held Longest Road on a tie at 5; moving the end of her road leaves her 4, so Bob
    takes the card (and reveals a wildling token for it)."""
    pos = position()
    h = Hills3(pos)
    pos.settlement(ALICE, h.corner("N"))
    pos.road(ALICE, h.side("NE"), h.side("E"), h.side("SE"), h.side("SW"), h.side("W"))
    forest9 = pos.hex("forest", 9)
    pos.settlement(BOB, pos.node(forest9, "N"))
    pos.road(BOB, *(pos.edge(forest9, s) for s in ("NE", "E", "SE", "SW", "W")))
    pos.special_cards(longest_road=ALICE).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: OTHELL})
    vp = list(state.public_vp)
    events = state.apply(ALICE, ("use_othell", h.side("W"), h.outward("NE")))
    assert state.road_length[ALICE] == 4 and state.longest_road_holder == BOB
    assert only(events, "longest_road").data == {"player": BOB, "length": 5, "previous": ALICE}
    assert state.public_vp[ALICE] == vp[ALICE] - 1 and state.public_vp[BOB] == vp[BOB] + 1
    assert only(events, "token_revealed").data["why"] == "longest_road"


def test_othell_whose_road_move_ends_the_game_leaves_no_after_use_choice() -> None:
    pos = position()
    h = Hills3(pos)
    pos.settlement(ALICE, h.corner("N")).road(ALICE, h.side("NE"), h.side("E"), h.side("SE"), h.side("SW"))
    pos.road(ALICE, h.outward("NE")).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: OTHELL})
    end_the_game_with_the_next_token(state)
    events = state.apply(ALICE, ("use_othell", h.outward("NE"), h.side("W")))
    assert only(events, "game_over").data["reason"] == "the Wall was breached 3 times"
    assert state.phase_name() == "over" and state.decision().over


# -- Ser Alliser Thorne ------------------------------------------------------------------------------
# "When you build a guard, substitute 1 of the 3 resources with any 1 other resource of your choice."


def test_thorne_builds_a_guard_with_one_resource_substituted() -> None:
    pos = position()
    pos.hand(ALICE, brick=1, lumber=1, ore=1).turn(ALICE, "main")
    put_guards(pos, {0: [ALICE, ALICE]})
    state = give_heroes(pos, {ALICE: THORNE})
    assert not [a for a in state.legal_actions(ALICE) if a[0] == "build_guard"]  # no wool
    assert {a[2:] for a in hero_actions(state, ALICE, "use_thorne")} == {(WOOL, ORE)}
    vp = state.public_vp[ALICE]
    events = state.apply(ALICE, ("use_thorne", 2, WOOL, ORE))
    assert state.hands[ALICE] == [0] * 5
    assert state.watch.sections[2] == [ALICE] and state.watch.guards_left[ALICE] == 4
    assert state.public_vp[ALICE] == vp + 1  # the third guard earns a VP token
    assert only(events, "hero_used").data["paid"] == {"brick": 1, "lumber": 1, "ore": 1}
    assert only(events, "guard_placed").data == {"player": ALICE, "section": 3, "space": 1, "how": "built"}


def test_thorne_may_pay_with_a_second_card_of_the_same_cost_type() -> None:
    """ "any 1 other resource": two lumber and a wool pay for brick, lumber and wool."""
    pos = position()
    pos.hand(ALICE, lumber=2, wool=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: THORNE})
    assert ("use_thorne", 0, BRICK, LUMBER) in state.legal_actions(ALICE)
    state.apply(ALICE, ("use_thorne", 0, BRICK, LUMBER))
    assert state.hands[ALICE] == [0] * 5


def test_thorne_refusals() -> None:
    pos = position()
    pos.hand(ALICE, brick=1, lumber=1, wool=1, grain=1).turn(ALICE, "main")
    put_guards(pos, {0: [BOB] * 5})
    state = give_heroes(pos, {ALICE: THORNE})
    # The printed price is an ordinary guard, not a use of the hero: use_thorne always names
    # the resource replaced and its substitute (-1 for "none" is not even a use_thorne action).
    refused(state, ALICE, ("use_thorne", 1, -1, -1), "resource")
    refused(state, ALICE, ("use_thorne", 1, BRICK, ORE))  # Alice holds no ore
    refused(state, ALICE, ("use_thorne", 0, BRICK, GRAIN))  # section 1 is full
    state.phase, state.dice = PRE_ROLL, None
    refused(state, ALICE, ("use_thorne", 1, BRICK, GRAIN), "after your production roll")
    state.phase = MAIN
    state.watch.guards_left[ALICE] = 0
    refused(state, ALICE, ("use_thorne", 1, BRICK, GRAIN), "guard in your supply")


# -- Melisandre --------------------------------------------------------------------------------------
# "One time on your turn, when you buy a development card, substitute 1 of the 3 resources with any
# 1 other resource of your choice. Choose your development card from the 3 top cards of the deck,
# then reshuffle the deck."

DECK = ("road_building", "victory_point", "year_of_plenty", "knight", "knight", "new_recruits")


def melisandre_position(**hand: int) -> BrotherhoodState:
    pos = position()
    pos.hand(ALICE, **hand).deck(*DECK).turn(ALICE, "main")
    return give_heroes(pos, {ALICE: MELISANDRE})


def test_melisandre_buys_from_the_top_three_with_a_substitute_then_reshuffles() -> None:
    state = melisandre_position(ore=1, grain=1, brick=1)
    assert ("buy_dev",) not in state.legal_actions(ALICE)  # no wool
    events = state.apply(ALICE, ("use_melisandre", WOOL, BRICK))
    assert state.hands[ALICE] == [0] * 5
    assert only(events, "hero_used").data["paid"] == {"brick": 1, "ore": 1, "grain": 1}
    assert state.phase_name() == "hero_melisandre" and state.decision().players == (ALICE,)
    assert state.legal_actions(ALICE) == [
        ("melisandre_pick", 0),
        ("melisandre_pick", 1),
        ("melisandre_pick", 2),
    ]
    assert state.observe(ALICE)["melisandre_cards"] == ["road_building", "victory_point", "year_of_plenty"]
    rng_before = state.rng.state
    events = state.apply(ALICE, ("melisandre_pick", 1))
    assert state.dev_hands[ALICE][VICTORY_POINT] == 1
    assert state.dev_bought_this_turn[ALICE][VICTORY_POINT] == 1
    assert only(events, "bought_dev").view(ALICE)["card"] == "victory_point"
    remaining = sorted(state.dev_card_id(c) for c in state.dev_deck)
    assert remaining == sorted(c for c in DECK if c != "victory_point")
    assert state.rng.state != rng_before  # the deck was shuffled
    assert state.phase_name() == "hero_after_use"
    assert "melisandre_cards" not in state.observe(ALICE)


def test_melisandre_may_pay_the_printed_price() -> None:
    state = melisandre_position(ore=1, grain=1, wool=1)
    assert ("use_melisandre", -1, -1) in state.legal_actions(ALICE)
    state.apply_json(ALICE, {"type": "use_melisandre", "replace": None, "with": None})
    assert state.hands[ALICE] == [0] * 5


def test_melisandre_card_cannot_be_played_the_turn_it_is_bought() -> None:
    state = melisandre_position(ore=1, grain=1, wool=1)
    state.apply(ALICE, ("use_melisandre", -1, -1))
    state.apply(ALICE, ("melisandre_pick", 0))  # road building
    state.apply(ALICE, ("hero_flip",))
    assert state.dev_hands[ALICE] == [0, 0, 1, 0, 0, 0]
    assert ("play_road_building",) not in state.legal_actions(ALICE)


def test_melisandre_with_fewer_than_three_cards_left() -> None:
    pos = position()
    pos.hand(ALICE, ore=1, grain=1, wool=1).deck("knight", "new_recruits").turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MELISANDRE})
    state.apply(ALICE, ("use_melisandre", -1, -1))
    assert state.legal_actions(ALICE) == [("melisandre_pick", 0), ("melisandre_pick", 1)]
    state.apply(ALICE, ("melisandre_pick", 1))
    assert state.dev_card_id(state.dev_deck[0]) == "knight" and len(state.dev_deck) == 1


def test_melisandre_refusals() -> None:
    state = melisandre_position(ore=1, grain=1, brick=1)
    refused(state, ALICE, ("use_melisandre", -1, -1), "development card")  # no wool for the price
    refused(state, ALICE, ("use_melisandre", WOOL, LUMBER))  # no lumber either
    state.phase, state.dice = PRE_ROLL, None
    refused(state, ALICE, ("use_melisandre", WOOL, BRICK), "after your production roll")
    empty = melisandre_position(ore=1, grain=1, wool=1)
    empty.dev_deck = []
    empty.forget_legal_actions()
    assert hero_actions(empty, ALICE, "use_melisandre") == []
    refused(empty, ALICE, ("use_melisandre", -1, -1), "deck")


def test_melisandre_pick_outside_her_choice_is_refused() -> None:
    state = melisandre_position(ore=1, grain=1, wool=1)
    refused(state, ALICE, ("melisandre_pick", 0), "not open")
    state.apply(ALICE, ("use_melisandre", -1, -1))
    refused(state, ALICE, ("melisandre_pick", 3), "Melisandre shows you")


# -- Yoren ---------------------------------------------------------------------------------------------
# "When you build, discard 1 Ranger Patrol card that you have already played and build a guard for
# free. You can do this before or after your own production roll."


def yoren_position(knights: dict[int, int], holder: int | None, phase: str = "pre_roll") -> BrotherhoodState:
    pos = position()
    for p, k in knights.items():
        pos.knights(p, k)
    pos.special_cards(largest_army=holder).turn(ALICE, phase)
    return give_heroes(pos, {ALICE: YOREN})


def test_yoren_turns_a_played_patrol_into_a_free_guard_before_the_roll() -> None:
    state = yoren_position({ALICE: 1}, None)
    assert hero_actions(state, ALICE, "use_yoren") == [("use_yoren", s) for s in range(4)]
    events = state.apply(ALICE, ("use_yoren", 1))
    assert state.knights_played[ALICE] == 0
    assert state.watch.sections[1] == [ALICE] and state.watch.guards_left[ALICE] == 6
    assert state.hands[ALICE] == [0] * 5
    assert only(events, "guard_placed").data["how"] == "yoren"
    state.apply(ALICE, ("hero_flip",))
    assert state.phase_name() == "pre_roll"


def test_yoren_works_after_the_roll_too() -> None:
    state = yoren_position({ALICE: 2}, None, phase="main")
    state.apply(ALICE, ("use_yoren", 3))
    assert state.watch.sections[3] == [ALICE] and state.knights_played[ALICE] == 1


def test_yoren_refusals() -> None:
    pos = position()
    pos.dev_cards(ALICE, knight=1).turn(ALICE, "pre_roll")
    state = give_heroes(pos, {ALICE: YOREN})
    # An unplayed ranger patrol in hand is not a played one.
    refused(state, ALICE, ("use_yoren", 0), "ranger patrol you have played")
    state.knights_played[ALICE] = 1
    state.watch.guards_left[ALICE] = 0
    refused(state, ALICE, ("use_yoren", 0), "guard in your supply")
    assert state.dev_hands[ALICE][KNIGHT] == 1


def test_yoren_discard_passes_largest_patrol_to_the_player_with_strictly_most() -> None:
    state = yoren_position({ALICE: 3, BOB: 3}, ALICE)
    vp = list(state.public_vp)
    events = state.apply(ALICE, ("use_yoren", 0))
    assert state.largest_army_holder == BOB
    assert only(events, "largest_army").data == {"player": BOB, "knights": 3, "previous": ALICE}
    assert state.public_vp[ALICE] == vp[ALICE] - 1 and state.public_vp[BOB] == vp[BOB] + 1
    assert only(events, "token_revealed").data["why"] == "largest_army"


def test_yoren_holder_still_tied_for_most_keeps_largest_patrol() -> None:
    state = yoren_position({ALICE: 4, BOB: 3}, ALICE)
    events = state.apply(ALICE, ("use_yoren", 0))
    assert state.largest_army_holder == ALICE
    assert not [e for e in events if e.type == "largest_army"]


def test_yoren_below_three_sets_largest_patrol_aside() -> None:
    state = yoren_position({ALICE: 3, BOB: 2, CARA: 2}, ALICE)
    vp = state.public_vp[ALICE]
    events = state.apply(ALICE, ("use_yoren", 0))
    assert state.largest_army_holder == -1 and state.public_vp[ALICE] == vp - 1
    assert only(events, "largest_army").data == {"player": None, "knights": 2, "previous": ALICE}


def test_set_aside_largest_patrol_goes_only_to_strictly_the_most() -> None:
    """Alice gives up the card by discarding; Bob and Cara tie at 4, so it is set aside. Dan's
    4th patrol only ties them: he does not take it; Bob's 5th does."""
    state = yoren_position({ALICE: 4, BOB: 4, CARA: 4, DAN: 3}, ALICE)
    state.apply(ALICE, ("use_yoren", 0))
    assert state.largest_army_holder == -1
    state.apply(ALICE, ("hero_flip",))
    state.dev_hands[DAN][KNIGHT] = state.dev_hands[BOB][KNIGHT] = 1
    state.current, state.phase = DAN, PRE_ROLL
    state.forget_legal_actions()
    state.apply(DAN, ("play_knight",))
    assert state.knights_played[DAN] == 4 and state.largest_army_holder == -1
    state.current, state.phase, state.dev_played = BOB, PRE_ROLL, False
    state.forget_legal_actions()
    events = state.apply(BOB, ("play_knight",))
    assert state.largest_army_holder == BOB
    assert only(events, "largest_army").data == {"player": BOB, "knights": 5, "previous": None}


def test_yoren_whose_discard_ends_the_game_leaves_no_after_use_choice() -> None:
    """Bob takes Largest Patrol, his wildling token makes the third breach: the game is over."""
    state = yoren_position({ALICE: 3, BOB: 3}, ALICE)
    end_the_game_with_the_next_token(state)
    events = state.apply(ALICE, ("use_yoren", 0))
    assert only(events, "game_over").data["reason"] == "the Wall was breached 3 times"
    assert state.phase_name() == "over" and state.decision().over
