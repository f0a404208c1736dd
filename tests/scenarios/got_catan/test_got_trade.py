"""Trade in the base game: with the supply at 4:1, at a 2:1 trade route, and with the players
(only with the player whose turn it is). Pete, Olivia and Charlotte's example is played with our
bounded offers: the current player offers, everyone else answers at once with accept, decline or
a counter-offer, and the offerer picks one.
"""

from __future__ import annotations

import pytest

from ravenry.core.errors import IllegalAction, NotYourTurn
from ravenry.games.brotherhood.scenario import GiftPosition
from ravenry.games.catan.data import BRICK, GRAIN, LUMBER, ORE, WOOL


def counts(**cards: int) -> tuple[int, ...]:
    return tuple(cards.get(name, 0) for name in ("brick", "lumber", "ore", "grain", "wool"))


def test_supply_trade_is_four_to_one_in_the_base_game(refused) -> None:
    """ "During your turn, you can always trade at 4:1 by putting 4 identical resource cards back in
    the supply and taking any 1 resource card of your choice from it." Benny's 3 ore for 1 lumber is
    the Brotherhood rate (3:1); in the base game it takes 4 ore."""
    benny = 0
    pos = GiftPosition("got-catan").hand(benny, ore=3).turn(benny, "main")
    state = pos.state
    assert not [a for a in state.legal_actions(benny) if a[0] == "maritime_trade"]
    refused(state, benny, ("maritime_trade", ORE, 3, LUMBER), "rate")

    state = pos.hand(benny, ore=4).state
    state.apply(benny, ("maritime_trade", ORE, 4, LUMBER))
    assert state.hands[benny] == [0, 1, 0, 0, 0]
    assert state.bank[ORE] == 19 and state.bank[LUMBER] == 18


def grain_route_position() -> tuple[GiftPosition, int]:
    """Black's settlement on the grain trade route (our route sits on the fields 6 borderland)."""
    pos = GiftPosition("got-catan")
    state = pos.state
    route = next(e for e, kind in state.board.layout.harbors if kind == GRAIN)
    node = state.board.topo.edge_nodes[route][1]
    return pos, node


def test_black_trades_grain_two_to_one_at_the_grain_trade_route(refused) -> None:
    """ "Black built a settlement at the grain trade route. He may exchange 2 grain cards with the
    supply for any 1 other resource card. He can also trade 4 grain cards for any 2 other resources.
    If he traded 4 wool to the supply instead of 4 grain, he would get only 1 card in return.\""""
    black = 2
    pos, node = grain_route_position()
    pos.settlement(black, node).hand(black, grain=4, wool=4).turn(black, "main")
    state = pos.state
    state.apply(black, ("maritime_trade", GRAIN, 2, ORE))
    state.apply(black, ("maritime_trade", GRAIN, 2, LUMBER))
    assert state.hands[black] == [0, 1, 1, 0, 4]

    refused(state, black, ("maritime_trade", WOOL, 2, BRICK), "rate")
    refused(state, black, ("maritime_trade", WOOL, 3, BRICK), "rate")
    state.apply(black, ("maritime_trade", WOOL, 4, BRICK))
    assert state.hands[black] == [1, 1, 1, 0, 0]


def test_a_trade_route_is_usable_the_turn_its_settlement_is_built() -> None:
    """ "You can even build a settlement and use its adjacent trade route during the same turn.\""""
    black = 2
    pos, node = grain_route_position()
    topo = pos.state.board.topo
    # A road of two pieces leads from Black's settlement to the route's intersection.
    start = topo.node_neighbors[node][0]
    far = next(m for m in topo.node_neighbors[start] if m != node)
    pos.settlement(black, far).road_path(black, [far, start, node])
    pos.hand(black, brick=1, lumber=1, grain=3, wool=1).turn(black, "main")
    state = pos.state
    assert ("maritime_trade", GRAIN, 2, ORE) not in state.legal_actions(black)
    state.apply(black, ("build_settlement", node))
    assert state.hands[black] == [0, 0, 0, 2, 0]
    state.apply(black, ("maritime_trade", GRAIN, 2, ORE))
    assert state.hands[black] == [0, 0, 1, 0, 0]


PETE, OLIVIA, CHARLOTTE = 0, 1, 2


def pete_position() -> GiftPosition:
    pos = GiftPosition("got-catan", players=3)
    home = pos.node(pos.hex("forest", 5), "NE")
    pos.settlement(PETE, home).hand(PETE, lumber=2, ore=3)
    pos.hand(OLIVIA, brick=2).hand(CHARLOTTE, brick=1, grain=1)
    return pos.turn(PETE, "main")


def test_pete_olivia_and_charlotte(one_event, refused) -> None:
    """ "It is Pete's turn. He needs 1 brick to build a road. He has 2 lumber and 3 ore. Pete asks
    aloud, "Who will give me 1 brick for 1 ore?" Olivia answers, "If you give me 3 ore, I'll give
    you a brick." Charlotte interjects, "I'll give you 1 brick if you give me 1 lumber and 1 ore."
    Pete accepts Charlotte's offer and trades 1 lumber and 1 ore for 1 brick.\""""
    state = pete_position().state
    assert not [a for a in state.legal_actions(PETE) if a[0] == "build_road"]

    state.apply(PETE, ("offer_trade", counts(ore=1), counts(brick=1)))
    assert state.decision().players == (OLIVIA, CHARLOTTE)
    assert state.decision().simultaneous
    state.apply(OLIVIA, ("counter_offer", counts(brick=1), counts(ore=3)))
    state.apply(CHARLOTTE, ("counter_offer", counts(brick=1), counts(lumber=1, ore=1)))
    assert state.phase_name() == "trade_confirm"
    assert set(state.legal_actions(PETE)) == {
        ("cancel_trade",),
        ("accept_counter", OLIVIA),
        ("accept_counter", CHARLOTTE),
    }
    events = state.apply(PETE, ("accept_counter", CHARLOTTE))
    assert one_event(events, "trade_closed").data == {"player": PETE, "traded_with": CHARLOTTE}
    assert state.hands[PETE] == [1, 1, 2, 0, 0]
    assert state.hands[CHARLOTTE] == [0, 1, 1, 1, 0]
    assert state.hands[OLIVIA] == [2, 0, 0, 0, 0]
    # Now Pete has his brick and builds the road.
    assert any(a[0] == "build_road" for a in state.legal_actions(PETE))


def test_olivia_may_not_trade_with_charlotte_on_petes_turn(refused) -> None:
    """ "Note that Olivia may not trade with Charlotte, since it is Pete's turn." and "You may not
    trade with the supply during another player's turn.\""""
    state = pete_position().hand(OLIVIA, brick=4).state
    assert state.legal_actions(OLIVIA) == []
    with pytest.raises(NotYourTurn):
        state.apply(OLIVIA, ("offer_trade", counts(brick=1), counts(grain=1)))
    with pytest.raises(NotYourTurn):
        state.apply(OLIVIA, ("maritime_trade", BRICK, 4, GRAIN))

    # Even while answering Pete's offer, Olivia can only answer Pete.
    state.apply(PETE, ("offer_trade", counts(ore=1), counts(brick=1)))
    kinds = {a[0] for a in state.legal_actions(OLIVIA)} | {t["type"] for t in state.action_templates(OLIVIA)}
    assert kinds == {"accept_trade", "decline_trade", "counter_offer"}


def test_no_like_for_like_trades_and_no_gifts() -> None:
    """ "You may not give away cards." and "You may not trade like resources (e.g., 2 wool for
    1 wool)."; every offer gives something and asks for something else."""
    state = pete_position().state
    [offer] = state.action_templates(PETE)
    assert offer["min_give"] == offer["min_get"] == 1 and offer["disjoint"] is True
    with pytest.raises(IllegalAction, match="give away"):
        state.apply(PETE, ("offer_trade", counts(), counts(brick=1)))
    with pytest.raises(IllegalAction, match="like resources"):
        state.apply(PETE, ("offer_trade", counts(ore=2), counts(ore=1)))
