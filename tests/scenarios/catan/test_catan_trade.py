"""Trade: the domestic trade example (Bob, Marty, Nick), maritime trade at 4:1, 3:1 and 2:1, and
the trading FAQ (no gifts, no like-for-like, only with the player whose turn it is)."""

from __future__ import annotations

import pytest

from ravenry.core.errors import MalformedAction
from ravenry.games.catan.data import BRICK, GENERIC_HARBOR, GRAIN, LUMBER, ORE, WOOL
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position

BOB, MARTY, NICK = 0, 1, 2


def counts(brick: int = 0, lumber: int = 0, ore: int = 0, grain: int = 0, wool: int = 0) -> tuple[int, ...]:
    return (brick, lumber, ore, grain, wool)


def bob_marty_nick() -> Position:
    """Rulebook: "It is Bob's turn. He needs one brick to build a road. He has 2 lumber and 3 ore." Marty and
    Nick each hold a brick; Bob has a settlement and road to build on."""
    pos = Position("catan", players=3)
    forest9 = pos.hex("forest", 9)
    home = pos.node(forest9, "SW")
    pos.settlement(BOB, home).road(BOB, pos.edge(forest9, "W"))
    pos.hand(BOB, lumber=2, ore=3).hand(MARTY, brick=1, grain=2).hand(NICK, brick=1, wool=1)
    return pos.turn(BOB, "main")


def test_domestic_trade_example_bob_accepts_nicks_counter_offer(one_event) -> None:
    """Rulebook: "Bob accepts Nick's offer and trades a lumber and an ore for a brick": Bob offers, Marty and
    Nick answer with counter-offers at once, and Bob takes Nick's."""
    state = bob_marty_nick().state
    assert not any(a[0] == "build_road" for a in state.legal_actions(BOB))  # no brick yet
    events = state.apply(BOB, ("offer_trade", counts(ore=1), counts(brick=1)))
    offer = one_event(events, "trade_offered").data
    assert offer == {"player": BOB, "give": {"ore": 1}, "get": {"brick": 1}}
    # "The other players can also make their own proposals and counter offers—but only with you."
    decision = state.decision()
    assert decision.players == (MARTY, NICK) and decision.simultaneous
    assert state.legal_actions(BOB) == []
    # Marty: "If you give me 3 ore, I'll give you a brick." Nick: "1 brick for 1 lumber and 1 ore."
    state.apply(NICK, ("counter_offer", counts(brick=1), counts(lumber=1, ore=1)))
    assert state.decision().players == (MARTY,)
    state.apply(MARTY, ("counter_offer", counts(brick=1), counts(ore=3)))
    assert state.phase_name() == "trade_confirm"
    assert sorted(state.legal_actions(BOB)) == [
        ("accept_counter", MARTY),
        ("accept_counter", NICK),
        ("cancel_trade",),
    ]
    view = state.observe(MARTY)["offer"]
    assert view["counters"][str(NICK)] == {"give": {"brick": 1}, "get": {"lumber": 1, "ore": 1}}

    events = state.apply(BOB, ("accept_counter", NICK))
    assert one_event(events, "trade_closed").data == {"player": BOB, "traded_with": NICK}
    assert state.hands[BOB] == [1, 1, 2, 0, 0]
    assert state.hands[NICK] == [0, 1, 1, 0, 1]
    assert state.hands[MARTY] == [1, 0, 0, 2, 0]  # Marty's counter-offer came to nothing
    assert state.phase_name() == "main"
    assert any(a[0] == "build_road" for a in state.legal_actions(BOB))


def test_domestic_trade_counter_offer_as_new_offer_confirmed_with_one_acceptor(one_event) -> None:
    """Rulebook: "You can announce which resources you need and what you are willing to trade for them": Bob
    cancels and offers Nick's terms himself; both accept, Bob trades with Nick only."""
    state = bob_marty_nick().state
    state.apply(BOB, ("offer_trade", counts(ore=1), counts(brick=1)))
    state.apply(MARTY, ("counter_offer", counts(brick=1), counts(ore=3)))
    state.apply(NICK, ("counter_offer", counts(brick=1), counts(lumber=1, ore=1)))
    state.apply(BOB, ("cancel_trade",))
    assert state.hands[BOB] == [0, 2, 3, 0, 0]

    state.apply(BOB, ("offer_trade", counts(lumber=1, ore=1), counts(brick=1)))
    state.apply(MARTY, ("accept_trade",))
    state.apply(NICK, ("accept_trade",))
    assert sorted(state.legal_actions(BOB)) == [
        ("cancel_trade",),
        ("confirm_trade", MARTY),
        ("confirm_trade", NICK),
    ]
    events = state.apply(BOB, ("confirm_trade", NICK))
    assert one_event(events, "trade_closed").data["traded_with"] == NICK
    assert state.hands[BOB] == [1, 1, 2, 0, 0]
    assert state.hands[NICK] == [0, 1, 1, 0, 1]
    assert state.hands[MARTY] == [1, 0, 0, 2, 0]  # accepting does not trade until Bob confirms


def test_declined_offer_trades_nothing(one_event) -> None:
    """Bob's offer is only a proposal: if everyone declines, no cards change hands."""
    state = bob_marty_nick().state
    before = [list(h) for h in state.hands]
    state.apply(BOB, ("offer_trade", counts(ore=1), counts(brick=1)))
    state.apply(MARTY, ("decline_trade",))
    events = state.apply(NICK, ("decline_trade",))
    assert one_event(events, "trade_closed").data["traded_with"] is None
    assert state.hands == before
    assert state.phase_name() == "main"


def test_marty_may_not_trade_with_nick_on_bobs_turn(refused) -> None:
    """Rulebook: "Note that Marty may not trade with Nick, since it is Bob's turn" — "The other players may
    not trade among themselves"."""
    state = bob_marty_nick().state
    assert state.legal_actions(MARTY) == [] and state.legal_actions(NICK) == []
    reason = refused(
        state, MARTY, ("offer_trade", counts(brick=1), counts(wool=1)), "player 1", "may not act"
    )
    assert "0" in reason  # waiting for Bob
    # While Bob's offer is open, Marty can only answer Bob: every action he has concerns Bob's offer.
    state.apply(BOB, ("offer_trade", counts(ore=1), counts(brick=1)))
    kinds = {a[0] for a in state.legal_actions(MARTY)} | {t["type"] for t in state.action_templates(MARTY)}
    assert kinds == {"accept_trade", "decline_trade", "counter_offer"}
    refused(state, MARTY, ("offer_trade", counts(brick=1), counts(wool=1)))
    refused(state, MARTY, ("confirm_trade", NICK))


def test_if_the_current_player_does_not_trade_no_one_can(refused) -> None:
    """FAQ: "What if I decide not to trade during my turn? No one can trade." """
    state = bob_marty_nick().state
    state.apply(BOB, ("end_turn",))
    assert state.decision().players == (MARTY,)
    assert state.phase_name() == "pre_roll"
    refused(state, NICK, ("offer_trade", counts(brick=1), counts(grain=1)), "may not act")


def test_no_gifts_in_domestic_trade(refused) -> None:
    """FAQ: "You may not give away cards (i.e., you may not "trade" 0 cards for 1 or more cards)"."""
    state = bob_marty_nick().state
    [offer] = state.action_templates(BOB)
    assert offer["type"] == "offer_trade" and offer["min_give"] == offer["min_get"] == 1
    refused(state, BOB, ("offer_trade", counts(), counts(brick=1)), "give away", "cards")
    refused(state, BOB, ("offer_trade", counts(ore=1), counts()), "give away", "cards")
    state.apply(BOB, ("offer_trade", counts(ore=1), counts(brick=1)))
    [counter] = state.action_templates(MARTY)
    assert counter["type"] == "counter_offer" and counter["min_give"] == counter["min_get"] == 1
    refused(state, MARTY, ("counter_offer", counts(brick=1), counts()))
    refused(state, MARTY, ("counter_offer", counts(), counts(ore=1)))


def test_no_like_for_like_domestic_trade(refused) -> None:
    """FAQ: "You may not trade like resources (e.g., 2 wool for 1 wool)"."""
    state = bob_marty_nick().state
    assert state.action_templates(BOB)[0]["disjoint"] is True
    refused(state, BOB, ("offer_trade", counts(ore=2), counts(ore=1)), "like resources", "other")


def test_offer_only_cards_you_hold(refused) -> None:
    """An offer gives "resource cards" from your hand: Bob cannot offer the brick he lacks."""
    state = bob_marty_nick().state
    refused(state, BOB, ("offer_trade", counts(brick=1), counts(grain=1)), "hold")
    state.apply(BOB, ("offer_trade", counts(ore=1), counts(grain=2)))
    # Nick has no grain: he may decline or counter, but cannot accept.
    assert ("accept_trade",) not in state.legal_actions(NICK)
    refused(state, NICK, ("accept_trade",))


def test_development_cards_cannot_be_traded() -> None:
    """FAQ: "You may not trade or give away development cards" — an offer can only name resources."""
    pos = bob_marty_nick()
    pos.dev_cards(BOB, knight=1)
    state = pos.state
    before = state.to_json()
    with pytest.raises(MalformedAction) as refused_offer:
        state.apply_json(BOB, {"type": "offer_trade", "give": {"knight": 1}, "get": {"brick": 1}})
    assert "unknown resource" in refused_offer.value.reason
    assert state.to_json() == before


# -- maritime trade -------------------------------------------------------------------------------


def harbor_node(pos: Position, kind: int) -> int:
    """One intersection on a harbor of this kind (GENERIC_HARBOR for 3:1, else a resource)."""
    board = pos.state.board
    return min(n for n, k in enumerate(board.node_harbor) if k == kind)


def maritime(state: CatanState, player: int) -> set[tuple[int, int, int]]:
    return {(a[1], a[2], a[3]) for a in state.legal_actions(player) if a[0] == "maritime_trade"}


def test_maritime_four_to_one_needs_no_harbor(one_event) -> None:
    """Rulebook: "You can always trade at 4:1" — FAQ: "Do I need a settlement on a harbor in order to make 4:1
    trades? No." """
    pos = Position("catan", players=4)
    pos.hand(0, wool=4, grain=3).turn(0, "main")
    state = pos.state
    assert maritime(state, 0) == {(WOOL, 4, g) for g in (BRICK, LUMBER, ORE, GRAIN)}
    events = state.apply(0, ("maritime_trade", WOOL, 4, ORE))
    assert one_event(events, "maritime_trade").data == {"player": 0, "gave": {"wool": 4}, "got": {"ore": 1}}
    assert state.hands[0] == [0, 0, 1, 3, 0]
    assert state.bank[WOOL] == 19 and state.bank[ORE] == 18


def test_maritime_three_to_one_at_a_generic_harbor(refused) -> None:
    """Rulebook: "If you have a settlement or city on an intersection which borders a "3:1" harbor (A), you
    can trade at 3:1" — for any resource; the 4:1 rate stays offered too."""
    pos = Position("catan", players=4)
    pos.settlement(0, harbor_node(pos, GENERIC_HARBOR)).hand(0, wool=4, grain=3, ore=2).turn(0, "main")
    state = pos.state
    offered = maritime(state, 0)
    others = {g: [x for x in range(5) if x != g] for g in range(5)}
    assert offered == (
        {(WOOL, rate, g) for rate in (3, 4) for g in others[WOOL]} | {(GRAIN, 3, g) for g in others[GRAIN]}
    )
    refused(state, 0, ("maritime_trade", ORE, 2, WOOL), "rate")
    state.apply(0, ("maritime_trade", GRAIN, 3, BRICK))
    assert state.hands[0] == [1, 0, 2, 0, 4]


def test_maritime_two_to_one_only_for_the_harbors_resource(refused) -> None:
    """Rulebook: "you can trade the specific resource shown at 2:1—put 2 identical resource cards of the
    appropriate type back in their supply stack and then take any 1 resource card of your choice"."""
    pos = Position("catan", players=4)
    pos.city(0, harbor_node(pos, BRICK)).hand(0, brick=4, wool=2).turn(0, "main")
    state = pos.state
    offered = maritime(state, 0)
    assert offered == {(BRICK, rate, g) for rate in (2, 4) for g in (LUMBER, ORE, GRAIN, WOOL)}
    refused(state, 0, ("maritime_trade", WOOL, 2, BRICK), "rate")
    state.apply(0, ("maritime_trade", BRICK, 2, GRAIN))
    state.apply(0, ("maritime_trade", BRICK, 2, GRAIN))
    assert state.hands[0] == [0, 0, 0, 2, 2]


def test_maritime_every_rate_offered_with_both_harbors() -> None:
    """A player on a 3:1 harbor and the ore harbor may trade ore at 2:1, 3:1 or 4:1, and other
    resources at 3:1 or 4:1 — every rate the rules give is offered."""
    pos = Position("catan", players=4)
    pos.settlement(0, harbor_node(pos, GENERIC_HARBOR), harbor_node(pos, ORE))
    pos.hand(0, ore=4, lumber=4).turn(0, "main")
    state = pos.state
    offered = maritime(state, 0)
    assert {rate for give, rate, _ in offered if give == ORE} == {2, 3, 4}
    assert {rate for give, rate, _ in offered if give == LUMBER} == {3, 4}


def test_maritime_bank_must_have_the_card(refused) -> None:
    """Rulebook: "take any 1 resource card of your choice" from the supply stacks — not one the bank lacks."""
    pos = Position("catan", players=4)
    pos.hand(0, wool=4).bank(ore=0).turn(0, "main")
    state = pos.state
    assert not any(get == ORE for _, _, get in maritime(state, 0))
    refused(state, 0, ("maritime_trade", WOOL, 4, ORE), "bank")


def test_maritime_not_like_for_like_and_no_gifts(refused) -> None:
    """FAQ: "You may not trade like resources (e.g., 2 wool for 1 wool)"; a trade always gives cards."""
    pos = Position("catan", players=4)
    pos.settlement(0, harbor_node(pos, WOOL)).hand(0, wool=4).turn(0, "main")
    state = pos.state
    assert all(give != get for give, _, get in maritime(state, 0))
    refused(state, 0, ("maritime_trade", WOOL, 2, WOOL), "like")
    refused(state, 0, ("maritime_trade", WOOL, 0, ORE), "rate")


def test_maritime_not_during_another_players_turn(refused) -> None:
    """FAQ: "If it is not my turn, can I trade? You may try to trade with the player whose turn it is.
    You cannot perform maritime trades"."""
    pos = Position("catan", players=4)
    pos.hand(1, wool=4).turn(0, "main")
    state = pos.state
    assert state.legal_actions(1) == []
    refused(state, 1, ("maritime_trade", WOOL, 4, ORE), "may not act")


def test_maritime_only_after_the_production_roll(refused) -> None:
    """Rulebook: "After resource production is resolved, you may trade"."""
    pos = Position("catan", players=4)
    pos.hand(0, wool=4).turn(0, "pre_roll")
    state = pos.state
    refused(state, 0, ("maritime_trade", WOOL, 4, ORE), "production roll")
    refused(state, 0, ("offer_trade", counts(wool=1), counts(ore=1)), "production roll")


def test_maritime_rate_needs_enough_identical_cards(refused) -> None:
    """Rulebook: "put 4 identical resource cards back": three wool and a grain are not four of a kind."""
    pos = Position("catan", players=4)
    pos.hand(0, wool=3, grain=1).turn(0, "main")
    state = pos.state
    assert maritime(state, 0) == set()
    refused(state, 0, ("maritime_trade", WOOL, 4, ORE), "resources")
