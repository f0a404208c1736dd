"""The resource heroes: Jeor Mormont (A1), Bowen Marsh (A2) and Samwell Tarly (A3)."""

from __future__ import annotations

import pytest
from brotherhood_hero_helpers import (
    ALICE,
    ALL_VIEWERS,
    BOB,
    CARA,
    DAN,
    give_heroes,
    hero_actions,
    hex_of,
    only,
    position,
    refused,
    roll,
)

from ravenry.core.errors import NotYourTurn
from ravenry.games.brotherhood.heroes import MANCE, MARSH, MORMONT, OTHELL, TARLY, YGRITTE
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import BRICK, GRAIN, LUMBER, ORE, WOOL
from ravenry.games.catan.state import MAIN, PRE_ROLL

# -- Jeor Mormont ------------------------------------------------------------------------------------
# "Demand 1 resource card each from up to 2 players. The cards must be of the same resource type.
# For each resource card you receive, give the respective player 1 resource card of your choice
# in return."


def mormont_position() -> BrotherhoodState:
    pos = position()
    pos.hand(ALICE, ore=1, wool=1).hand(BOB, grain=2).hand(CARA, grain=1, brick=1).hand(DAN, brick=3)
    pos.turn(ALICE, "main")
    return give_heroes(pos, {ALICE: MORMONT})


def test_mormont_forces_two_players_to_trade_the_same_type_one_for_one() -> None:
    state = mormont_position()
    events = state.apply(ALICE, ("use_mormont", GRAIN, BOB, ORE, CARA, WOOL))
    assert state.hands[ALICE] == [0, 0, 0, 2, 0]
    assert state.hands[BOB] == [0, 0, 1, 1, 0]
    assert state.hands[CARA] == [1, 0, 0, 0, 1]
    trades = [e.full() for e in events if e.type == "forced_trade"]
    assert trades == [
        {
            "type": "forced_trade",
            "player": ALICE,
            "with": BOB,
            "demanded": "grain",
            "exchanged": True,
            "got": "grain",
            "gave": "ore",
        },
        {
            "type": "forced_trade",
            "player": ALICE,
            "with": CARA,
            "demanded": "grain",
            "exchanged": True,
            "got": "grain",
            "gave": "wool",
        },
    ]
    assert only(events, "hero_used").data["resource"] == "grain"
    assert state.phase_name() == "hero_after_use"


def test_mormont_may_force_a_single_player() -> None:
    state = mormont_position()
    state.apply_json(
        ALICE,
        {"type": "use_mormont", "resource": "brick", "first": DAN, "give_first": "wool", "second": None},
    )
    assert state.hands[ALICE] == [1, 0, 1, 0, 0]
    assert state.hands[DAN] == [2, 0, 0, 0, 1]


def test_mormont_offers_opponents_with_cards_and_other_types_in_return() -> None:
    """Who holds which type is hidden, so any opponent with cards may be asked (hand sizes are
    public); the options must not tell the user who holds the demanded type."""
    state = mormont_position()
    options = hero_actions(state, ALICE, "use_mormont")
    assert options
    for _, r, q1, g1, q2, g2 in options:
        assert any(state.hands[q1]) and g1 != r and state.hands[ALICE][g1]
        if q2 >= 0:
            assert q2 != q1 and any(state.hands[q2]) and g2 != r
            assert g1 != g2  # Alice holds one ore and one wool: she cannot give the same twice
    assert ("use_mormont", GRAIN, BOB, ORE, CARA, WOOL) in options
    assert ("use_mormont", GRAIN, CARA, ORE, BOB, WOOL) not in options  # one spelling per choice
    assert ("use_mormont", GRAIN, DAN, ORE, -1, -1) in options  # Dan holds no grain, but cards


def test_mormont_demand_on_a_player_without_the_type_exchanges_nothing() -> None:
    state = mormont_position()
    events = state.apply(ALICE, ("use_mormont", GRAIN, BOB, ORE, DAN, WOOL))
    assert state.hands[ALICE] == [0, 0, 0, 1, 1]  # ore for Bob's grain; Dan had none to give
    assert state.hands[DAN] == [3, 0, 0, 0, 0]
    void = [e for e in events if e.type == "forced_trade"][1]
    assert void.full() == {
        "type": "forced_trade",
        "player": ALICE,
        "with": DAN,
        "demanded": "grain",
        "exchanged": False,
        "got": None,
        "gave": None,
    }
    assert state.phase_name() == "hero_after_use"  # the hero was used all the same
    # Hand sizes are unchanged by 1:1 exchanges, so the views say who handed a card over.
    assert all(state.observe(v)["mormont_handed_over"] == [BOB] for v in (ALICE, CARA, None))
    state.apply(ALICE, ("hero_flip",))
    assert "mormont_handed_over" not in state.observe(None)


def test_mormont_tells_every_viewer_whether_a_card_changed_hands_but_not_which_went_back() -> None:
    """Bob hands over his grain and gets Alice's ore; Dan has no grain and keeps his hand. Every
    viewer learns who exchanged (hand sizes stay the same, so the log must say it); only the
    two players of an exchange see the card given back."""
    state = mormont_position()
    events = state.apply(ALICE, ("use_mormont", GRAIN, BOB, ORE, DAN, WOOL))
    with_bob, with_dan = [e for e in events if e.type == "forced_trade"]
    for viewer in ALL_VIEWERS:
        seen_bob, seen_dan = with_bob.view(viewer), with_dan.view(viewer)
        assert seen_bob["exchanged"] is True and seen_bob["got"] == "grain"
        assert seen_bob["gave"] == ("ore" if viewer in (ALICE, BOB) else None)
        assert seen_dan == {
            "type": "forced_trade",
            "player": ALICE,
            "with": DAN,
            "demanded": "grain",
            "exchanged": False,
            "got": None,
            "gave": None,
        }


def test_mormont_refusals_leave_everything_unchanged() -> None:
    state = mormont_position()
    refused(state, ALICE, ("use_mormont", GRAIN, ALICE, ORE, -1, -1), "Jeor Mormont", "opponents")
    refused(state, ALICE, ("use_mormont", GRAIN, BOB, GRAIN, -1, -1), "another type")
    refused(state, ALICE, ("use_mormont", GRAIN, BOB, BRICK, -1, -1))  # Alice has no brick
    refused(state, ALICE, ("use_mormont", GRAIN, BOB, ORE, CARA, ORE))  # only one ore
    refused(state, ALICE, ("use_mormont", GRAIN, BOB, ORE, BOB, WOOL))  # two cards from one player


def test_mormont_is_used_after_the_production_roll_only() -> None:
    state = mormont_position()
    state.phase, state.dice = PRE_ROLL, None
    state.forget_legal_actions()
    assert hero_actions(state, ALICE, "use_mormont") == []
    refused(state, ALICE, ("use_mormont", GRAIN, BOB, ORE, -1, -1), "after your production roll")


def test_mormont_without_a_card_to_give_back_cannot_be_used() -> None:
    pos = position()
    pos.hand(ALICE, grain=2).hand(BOB, grain=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MORMONT})
    # Grain cannot be demanded: Alice could give back only grain (no trade).
    assert {a[1] for a in hero_actions(state, ALICE, "use_mormont")} == {BRICK, LUMBER, ORE, WOOL}
    empty = position()
    empty.hand(BOB, grain=1).turn(ALICE, "main")
    assert hero_actions(give_heroes(empty, {ALICE: MORMONT}), ALICE, "use_mormont") == []


# -- Bowen Marsh -------------------------------------------------------------------------------------
# "You may trade a single resource card at a rate of 1:1 with the supply."


def test_marsh_trades_one_card_one_to_one_with_the_supply() -> None:
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH})
    bank = list(state.bank)
    events = state.apply(ALICE, ("use_marsh", BRICK, ORE))
    assert state.hands[ALICE] == [0, 0, 1, 0, 0]
    assert state.bank[BRICK] == bank[BRICK] + 1 and state.bank[ORE] == bank[ORE] - 1
    assert only(events, "hero_used").data == {
        "player": ALICE,
        "hero": "marsh",
        "side": "A",
        "gave": "brick",
        "got": "ore",
    }
    assert state.phase_name() == "hero_after_use"


def test_marsh_refusals() -> None:
    pos = position()
    pos.hand(ALICE, brick=1).bank(ore=0).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH})
    assert hero_actions(state, ALICE, "use_marsh") == [
        ("use_marsh", BRICK, LUMBER),
        ("use_marsh", BRICK, GRAIN),
        ("use_marsh", BRICK, WOOL),
    ]
    refused(state, ALICE, ("use_marsh", BRICK, ORE), "supply still has")  # the supply has no ore
    refused(state, ALICE, ("use_marsh", BRICK, BRICK))
    refused(state, ALICE, ("use_marsh", WOOL, GRAIN))  # Alice holds no wool
    state.phase = PRE_ROLL  # Marsh trades, and trading follows the roll
    state.forget_legal_actions()
    refused(state, ALICE, ("use_marsh", BRICK, GRAIN), "after your production roll")


# -- Samwell Tarly -----------------------------------------------------------------------------------
# "If, after resolving any production roll (not a "7"), you receive no resource cards, take any
# 1 resource card of your choice from the supply. Take your resource card before any other hero
# card is used."


def tarly_position(alice_hero: int = MANCE) -> BrotherhoodState:
    """Alice (to roll) has a settlement on forest 5; Bob (Samwell Tarly) only on fields 3."""
    pos = position()
    forest5, fields3 = pos.hex("forest", 5), pos.hex("fields", 3)
    pos.settlement(ALICE, pos.node(forest5, "N")).settlement(BOB, pos.node(fields3, "S"))
    pos.hand(BOB, ore=1).turn(ALICE, "pre_roll")
    return give_heroes(pos, {ALICE: alice_hero, BOB: TARLY})


def test_tarly_takes_a_card_on_another_players_turn_when_the_roll_paid_him_nothing() -> None:
    state = tarly_position()
    events = roll(state, 2, 3)
    assert only(events, "produced").data["gains"] == {str(ALICE): {"lumber": 1}}
    assert state.phase_name() == "hero_tarly"
    assert state.decision().players == (BOB,)
    assert state.current == ALICE
    assert state.legal_actions(ALICE) == []
    assert state.legal_actions(BOB) == [("hero_pass",)] + [("use_tarly", r) for r in range(5)]
    bank = list(state.bank)
    events = state.apply(BOB, ("use_tarly", WOOL))
    assert state.hands[BOB] == [0, 0, 1, 0, 1]
    assert state.bank[WOOL] == bank[WOOL] - 1
    assert only(events, "hero_used").data == {"player": BOB, "hero": "tarly", "side": "A", "resource": "wool"}
    assert state.decision().players == (BOB,)
    state.apply(BOB, ("hero_flip",))
    assert state.phase_name() == "main" and state.current == ALICE
    assert state.decision().players == (ALICE,)
    assert state.heroes.hero_b_side[BOB] == 1


def test_tarly_comes_before_any_other_hero() -> None:
    """ "Take your resource card before any other hero card is used": while Bob decides, Alice
    (Mance Rayder, who acts after her roll) can do nothing."""
    pos = position()
    forest5, fields3 = pos.hex("forest", 5), pos.hex("fields", 3)
    pos.settlement(ALICE, pos.node(forest5, "N")).settlement(BOB, pos.node(fields3, "S"))
    pos.settlement(BOB, pos.node(fields3, "N")).hand(BOB, ore=1).turn(ALICE, "pre_roll")
    state = give_heroes(pos, {ALICE: MANCE, BOB: TARLY})
    roll(state, 2, 3)
    assert state.phase_name() == "hero_tarly"
    before = state.to_json()
    with pytest.raises(NotYourTurn):
        state.apply(ALICE, ("use_mance", BOB))
    assert state.to_json() == before
    state.apply(BOB, ("hero_pass",))
    assert ("use_mance", BOB) in state.legal_actions(ALICE)


def test_tarly_may_pass_and_passing_is_not_a_use() -> None:
    state = tarly_position()
    roll(state, 2, 3)
    events = state.apply(BOB, ("hero_pass",))
    assert only(events, "hero_passed").data == {"player": BOB}
    assert state.phase_name() == "main"
    assert state.heroes.hero[BOB] == TARLY and state.heroes.hero_b_side[BOB] == 0
    assert state.heroes.hero_used_turn[BOB] != state.turn


def test_tarly_on_his_owners_own_roll() -> None:
    state = tarly_position(alice_hero=OTHELL)
    state.heroes.hero[ALICE], state.heroes.hero[BOB] = TARLY, OTHELL
    roll(state, 4, 4)  # 8: hills 8 and mountains 8, where nobody has a building
    assert state.phase_name() == "hero_tarly" and state.decision().players == (ALICE,)


def test_no_tarly_when_the_roll_paid_him() -> None:
    state = tarly_position()
    roll(state, 1, 2)  # 3: fields 3 pays Bob a grain
    assert state.hands[BOB][GRAIN] == 1
    assert state.phase_name() == "main"


def test_no_tarly_on_a_seven() -> None:
    """A 7 produces nothing for anybody, and Tarly says "not a 7"."""
    state = tarly_position()
    roll(state, 3, 4)
    assert state.phase_name() == "move_robber"
    state.apply(ALICE, ("move_robber", hex_of(state, "hills", 8), -1))
    assert state.phase_name() == "main"
    assert state.heroes.hero_used_turn[BOB] == -1


def test_tarly_when_tormund_blocks_his_hex() -> None:
    """Receiving nothing because Tormund sits on the rolled hex still counts as nothing."""
    state = tarly_position()
    state.robber = hex_of(state, "fields", 3)
    roll(state, 1, 2)
    assert state.hands[BOB][GRAIN] == 0
    assert state.phase_name() == "hero_tarly"


def test_tarly_taken_this_turn_waits() -> None:
    state = tarly_position()
    state.heroes.hero_taken_turn[BOB] = state.turn
    roll(state, 2, 3)
    assert state.phase_name() == "main"


def test_tarly_is_never_an_ordinary_action() -> None:
    state = tarly_position()
    state.current, state.phase = BOB, MAIN
    state.forget_legal_actions()
    assert hero_actions(state, BOB, "use_tarly") == []
    refused(state, BOB, ("use_tarly", WOOL), "production roll")


def test_a_player_with_ygritte_gets_no_tarly_offer() -> None:
    """Only the holder of Samwell Tarly is asked."""
    state = tarly_position()
    state.heroes.hero[BOB] = YGRITTE
    roll(state, 2, 3)
    assert state.phase_name() == "main"
