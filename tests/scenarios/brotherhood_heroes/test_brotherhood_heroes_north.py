"""The heroes of the lands north of the Wall: Mance Rayder, Benjen Stark, Ygritte, Qhorin Half-Hand."""

from __future__ import annotations

from brotherhood_hero_helpers import (
    ALICE,
    BOB,
    CARA,
    DAN,
    give_heroes,
    hero_actions,
    only,
    position,
    put_guards,
    put_wildlings,
    refused,
    roll,
)

from ravenry.games.brotherhood.data import CLIMBER, GIANT, REGULAR, token
from ravenry.games.brotherhood.heroes import BENJEN, MANCE, QHORIN, YGRITTE
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import GRAIN, ORE, VICTORY_POINT
from ravenry.games.catan.scenario import Position
from ravenry.games.catan.state import PRE_ROLL

# -- Mance Rayder ------------------------------------------------------------------------------------
# "After resolving your production roll, look at the hand of resource cards of 1 opponent who has
# more victory points than you and take 1 resource card of your choice."
# Victory points are the visible ones (hidden victory point cards never count).


def settlements(pos: Position, counts: dict[int, int]) -> None:
    """Give each seat that many settlements, on intersections spread over the Gift."""
    node = 0
    for p, n in counts.items():
        for _ in range(n):
            pos.settlement(p, node)
            node += 3


def mance_position() -> BrotherhoodState:
    """Alice 2 VP; Bob 3 VP with grain and ore; Cara 2 VP; Dan 4 VP with no cards."""
    pos = position()
    settlements(pos, {ALICE: 2, BOB: 3, CARA: 2, DAN: 4})
    pos.hand(BOB, grain=2, ore=1).hand(CARA, wool=3).turn(ALICE, "main")
    return give_heroes(pos, {ALICE: MANCE})


def test_mance_looks_at_a_leaders_hand_and_takes_the_card_he_chooses() -> None:
    state = mance_position()
    assert hero_actions(state, ALICE, "use_mance") == [("use_mance", BOB)]
    events = state.apply(ALICE, ("use_mance", BOB))
    assert only(events, "hero_used").data["victim"] == BOB
    assert only(events, "looked_at_hand").view(ALICE)["hand"] == {"grain": 2, "ore": 1}
    assert state.phase_name() == "hero_mance" and state.decision().players == (ALICE,)
    assert state.legal_actions(ALICE) == [("mance_take", ORE), ("mance_take", GRAIN)]
    assert state.observe(ALICE)["mance_hand"] == {"brick": 0, "lumber": 0, "ore": 1, "grain": 2, "wool": 0}
    events = state.apply(ALICE, ("mance_take", ORE))
    assert state.hands[ALICE][ORE] == 1 and state.hands[BOB] == [0, 0, 0, 2, 0]
    assert only(events, "stole").view(ALICE)["resource"] == "ore"
    assert state.phase_name() == "hero_after_use"


def test_mance_cannot_be_used_by_the_leader() -> None:
    """ "You can't use Mance Rayder if you have the most victory points.\""""
    state = mance_position()
    state.heroes.hero[ALICE], state.heroes.hero[DAN] = -1, MANCE
    state.current = DAN
    state.forget_legal_actions()
    assert hero_actions(state, DAN, "use_mance") == []
    refused(state, DAN, ("use_mance", BOB), "more visible victory points")


def test_mance_needs_a_leader_holding_cards_and_not_a_tied_player() -> None:
    state = mance_position()
    refused(state, ALICE, ("use_mance", DAN), "holds resource cards")  # Dan leads but has no cards
    refused(state, ALICE, ("use_mance", CARA))  # Cara has 2 VP, as many as Alice
    refused(state, ALICE, ("use_mance", ALICE))


def test_mance_counts_the_users_own_hidden_cards_and_no_one_elses() -> None:
    """ "look at the hand of resource cards of 1 opponent who has more victory points than you":
    Alice knows her own hidden victory point cards, so they count for her (with two she has 4 VP,
    more than Bob's 3); an opponent's hidden cards stay unseen (Cara's card does not make her a
    target)."""
    pos = position()
    settlements(pos, {ALICE: 2, BOB: 3, CARA: 2})
    pos.dev_cards(ALICE, victory_point=2).dev_cards(CARA, victory_point=1)
    pos.hand(BOB, grain=1).hand(CARA, grain=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MANCE})
    assert state.total_vp(ALICE) == 4 and state.total_vp(CARA) == 3
    assert hero_actions(state, ALICE, "use_mance") == []
    refused(state, ALICE, ("use_mance", BOB), "more visible victory points", "hidden ones included")
    state.dev_hands[ALICE][VICTORY_POINT] = 1  # 3 VP: as many as Bob
    state.forget_legal_actions()
    assert hero_actions(state, ALICE, "use_mance") == []
    state.dev_hands[ALICE][VICTORY_POINT] = 0  # 2 VP: Bob leads; Cara (2 visible) does not
    state.forget_legal_actions()
    assert hero_actions(state, ALICE, "use_mance") == [("use_mance", BOB)]


def test_mance_counts_guard_tokens_as_visible_points() -> None:
    pos = position()
    settlements(pos, {ALICE: 2, CARA: 2})
    pos.hand(CARA, grain=1).turn(ALICE, "main")
    put_guards(pos, {0: [CARA, CARA], 1: [CARA]})
    state = give_heroes(pos, {ALICE: MANCE})
    assert state.public_vp[CARA] == 3
    assert hero_actions(state, ALICE, "use_mance") == [("use_mance", CARA)]


def test_mance_acts_after_the_roll_only() -> None:
    state = mance_position()
    state.phase, state.dice = PRE_ROLL, None
    state.forget_legal_actions()
    refused(state, ALICE, ("use_mance", BOB), "after your production roll")


def test_mance_take_is_only_a_card_the_hand_holds() -> None:
    state = mance_position()
    refused(state, ALICE, ("mance_take", ORE), "not open")
    state.apply(ALICE, ("use_mance", BOB))
    refused(state, ALICE, ("mance_take", 4), "hand you are looking at")  # Bob has no wool


# -- Benjen Stark ------------------------------------------------------------------------------------
# "Remove 1 wildling from a clearing or a camp, return it to the Frostfangs. If you remove a
# wildling from a camp ..., move them each 1 camp closer to the clearings. Then, reveal a wildling
# token from the pool and place it accordingly. You can do this before or after your own
# production roll."

ICE_RIVER, CAVE_PEOPLE, HORNFOOT = range(3)
CLEARING = 3  # use_benjen areas 3-6 are the clearings facing wall sections 1-4


def benjen_position(phase: str = "pre_roll") -> BrotherhoodState:
    pos = position()
    pos.turn(ALICE, phase)
    state = give_heroes(pos, {ALICE: BENJEN})
    put_wildlings(state, camps={ICE_RIVER: [REGULAR, GIANT, CLIMBER]}, clearings={1: [REGULAR, REGULAR]})
    state.north.token_pool.append(token(HORNFOOT, CLIMBER))  # the next token Benjen reveals
    return state


def test_benjen_removes_a_camp_wildling_the_colder_camps_move_closer_then_a_token_migrates() -> None:
    state = benjen_position()
    options = hero_actions(state, ALICE, "use_benjen")
    assert options == [("use_benjen", ICE_RIVER, i) for i in range(3)] + [("use_benjen", CLEARING + 1, 0)]
    pool, returned = len(state.north.token_pool), state.north.wildlings_returned
    events = state.apply(ALICE, ("use_benjen", ICE_RIVER, 1))
    assert state.north.camps[ICE_RIVER] == [REGULAR, CLIMBER]
    assert state.north.camps[HORNFOOT] == [CLIMBER]
    assert state.north.wildlings_returned == returned + 1 and len(state.north.token_pool) == pool - 1
    assert only(events, "hero_used").data["removed_from"] == "Ice River clan camp 2"
    assert only(events, "token_revealed").data == {
        "clan": "Hornfoot clan",
        "wildling": "climber",
        "why": "benjen",
    }
    assert state.phase_name() == "hero_after_use"
    state.apply(ALICE, ("hero_flip",))
    assert state.phase_name() == "pre_roll"


def test_benjen_removes_a_wildling_from_a_clearing_after_the_roll() -> None:
    state = benjen_position(phase="main")
    events = state.apply(ALICE, ("use_benjen", CLEARING + 1, 0))
    assert state.north.clearings[1] == [REGULAR]
    assert only(events, "hero_used").data["removed_from"] == "clearing 2"


def test_benjen_refusals() -> None:
    state = benjen_position()
    refused(state, ALICE, ("use_benjen", ICE_RIVER, 3), "wildling in a camp or a clearing")
    refused(state, ALICE, ("use_benjen", CAVE_PEOPLE, 0))
    refused(state, ALICE, ("use_benjen", CLEARING, 0))
    pos = position()
    pos.turn(ALICE, "main")
    empty = give_heroes(pos, {ALICE: BENJEN})
    assert hero_actions(empty, ALICE, "use_benjen") == []


def test_benjen_whose_token_ends_the_game_leaves_no_after_use_choice() -> None:
    state = benjen_position()
    state.north.breaches = 2
    put_wildlings(state, camps={CAVE_PEOPLE: [REGULAR] * 4})
    state.north.token_pool.append(token(CAVE_PEOPLE, REGULAR))  # a 5th Cave People wildling: a rush
    events = state.apply(ALICE, ("use_benjen", ICE_RIVER, 0))
    assert only(events, "wildling_rush").data == {"clan": "Cave People clan"}
    assert state.phase_name() == "over"


# -- Ygritte -------------------------------------------------------------------------------------------
# "Choose 1 wildling in the Gift and return it to the Frostfangs. You can do this before or after
# your own production roll."


def test_ygritte_frees_a_hex_before_the_roll_so_it_produces() -> None:
    pos = position()
    fields11 = pos.hex("fields", 11)
    pos.settlement(ALICE, pos.node(fields11, "N")).turn(ALICE, "pre_roll")
    state = give_heroes(pos, {ALICE: YGRITTE})
    put_wildlings(state, gift={fields11: [REGULAR]})
    assert not state.hex_produces(fields11)
    events = state.apply(ALICE, ("use_ygritte", fields11))
    assert only(events, "hero_used").data["hex"] == fields11
    assert state.north.gift[fields11] == [] and state.hex_produces(fields11)
    state.apply(ALICE, ("hero_flip",))
    roll(state, 5, 6)
    assert state.hands[ALICE][GRAIN] == 1


def test_ygritte_on_a_hex_with_two_wildlings_leaves_it_blocked() -> None:
    pos = position()
    pos.turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: YGRITTE})
    put_wildlings(state, gift={4: [REGULAR, GIANT]})
    state.apply(ALICE, ("use_ygritte", 4))
    assert len(state.north.gift[4]) == 1 and not state.hex_produces(4)


def test_ygritte_refusals() -> None:
    pos = position()
    pos.turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: YGRITTE})
    put_wildlings(state, gift={4: [REGULAR]})
    assert hero_actions(state, ALICE, "use_ygritte") == [("use_ygritte", 4)]
    refused(state, ALICE, ("use_ygritte", 5), "wildling in the Gift")


# -- Qhorin Half-Hand ----------------------------------------------------------------------------------
# "You may move Tormund back to his camp. You receive 1 resource of the type produced by the land
# that Tormund left. You can do this before or after your own production roll."


def qhorin_position(phase: str = "pre_roll") -> tuple[BrotherhoodState, int]:
    pos = position()
    fields11 = pos.hex("fields", 11)
    pos.robber(fields11).turn(ALICE, phase)
    return give_heroes(pos, {ALICE: QHORIN}), fields11


def test_qhorin_sends_tormund_home_and_takes_the_lands_resource() -> None:
    state, fields11 = qhorin_position()
    bank = state.bank[GRAIN]
    events = state.apply(ALICE, ("use_qhorin",))
    assert state.robber == -1
    assert state.hands[ALICE] == [0, 0, 0, 1, 0] and state.bank[GRAIN] == bank - 1
    assert only(events, "hero_used").data == {
        "player": ALICE,
        "hero": "qhorin",
        "side": "A",
        "hex": fields11,
        "resource": "grain",
    }
    assert only(events, "robber_moved").data == {"player": ALICE, "hex": None}
    assert state.observe(BOB)["robber"] is None


def test_qhorin_after_the_roll_with_an_empty_supply_still_sends_tormund_home() -> None:
    state, _ = qhorin_position(phase="main")
    state.bank[GRAIN] = 0
    events = state.apply(ALICE, ("use_qhorin",))
    assert state.robber == -1 and state.hands[ALICE] == [0] * 5
    assert only(events, "hero_used").data["resource"] is None


def test_qhorin_needs_tormund_on_the_gift() -> None:
    state, _ = qhorin_position()
    state.robber = -1
    state.forget_legal_actions()
    assert hero_actions(state, ALICE, "use_qhorin") == []
    refused(state, ALICE, ("use_qhorin",), "Tormund on a land")


def test_qhorin_is_not_usable_on_another_players_turn() -> None:
    state, _ = qhorin_position()
    state.current = DAN
    state.forget_legal_actions()
    assert state.legal_actions(ALICE) == []
    assert hero_actions(state, DAN, "use_qhorin") == []
