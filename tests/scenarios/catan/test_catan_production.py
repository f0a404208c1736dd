"""Producing resources: the production examples of the rulebook, on our beginner board.

Our board has no fields "3"; its two "3" hexes are mountains 3 and forest 3, so Loren's and
Bridget's example is told with those (ore and lumber instead of grain).
"""

from __future__ import annotations

from ravenry.games.catan.data import BRICK, GRAIN, LUMBER, ORE
from ravenry.games.catan.scenario import Position, rig_dice

LOREN, BRIDGET, CARL = 0, 1, 2


def three_board() -> tuple[Position, int, int, int, int]:
    """Loren's settlement A on mountains 3 only; Bridget's two B settlements, one on each "3" hex."""
    pos = Position("catan", players=4)
    mountains3, forest3 = pos.hex("mountains", 3), pos.hex("forest", 3)
    a = pos.node(mountains3, "SE")  # also fields 4 and fields 6
    b_mountains = pos.node(mountains3, "NW")  # also forest 11 and forest 8
    b_forest = pos.node(forest3, "NE")  # also hills 10 and mountains 8
    pos.settlement(LOREN, a).settlement(BRIDGET, b_mountains, b_forest).turn(LOREN, "pre_roll")
    return pos, a, b_mountains, b_forest, mountains3


def test_loren_rolls_three_settlement_takes_one_card(one_event) -> None:
    """Rulebook: "Loren rolls a "3." Her blue settlement "A" borders a fields hex marked by the number "3," so
    she takes a grain card" (here: mountains, so ore)."""
    pos, *_ = three_board()
    state = pos.state
    rig_dice(state, 1, 2)
    events = state.apply(LOREN, ("roll",))
    assert one_event(events, "rolled").data["total"] == 3
    assert state.hands[LOREN] == [0, 0, 1, 0, 0]
    produced = one_event(events, "produced").data
    assert produced["gains"][str(LOREN)] == {"ore": 1}
    # Both "3" hexes have a settlement: the event names both, for the page to light them.
    assert sorted(produced["hexes"]) == sorted([pos.hex("mountains", 3), pos.hex("forest", 3)])
    assert state.phase_name() == "main"


def test_loren_rolls_three_city_takes_two_cards() -> None:
    """Rulebook: "If settlement "A" had been a city, she would have received 2 grain cards"."""
    pos, a, *_ = three_board()
    pos.city(LOREN, a)
    state = pos.state
    rig_dice(state, 2, 1)
    state.apply(LOREN, ("roll",))
    assert state.hands[LOREN][ORE] == 2
    assert sum(state.hands[LOREN]) == 2


def test_bridget_two_settlements_on_both_three_hexes(one_event) -> None:
    """Rulebook: "Bridget owns the two red ("B") settlements that border on both hexes with the number "3:"
    ... Bridget takes 1 ore card and 1 grain card" (here: 1 ore and 1 lumber) — on Loren's turn."""
    pos, *_ = three_board()
    state = pos.state
    bank_before = list(state.bank)
    rig_dice(state, 1, 2)
    events = state.apply(LOREN, ("roll",))
    assert state.hands[BRIDGET] == [0, 1, 1, 0, 0]
    assert one_event(events, "produced").data["gains"][str(BRIDGET)] == {"lumber": 1, "ore": 1}
    # "return ... take ... from the supply stacks": the cards come out of the bank.
    assert state.bank[ORE] == bank_before[ORE] - 2
    assert state.bank[LUMBER] == bank_before[LUMBER] - 1


def test_two_or_three_settlements_on_one_hex_each_take_a_card() -> None:
    """Rulebook: "If you have 2 or 3 settlements bordering that hex, you receive 1 resource card for each
    settlement. Similarly, you receive 2 resource cards for each city"."""
    pos = Position("catan", players=4)
    fields6 = pos.hex("fields", 6)
    north, south_west, south_east = pos.node(fields6, "N"), pos.node(fields6, "SW"), pos.node(fields6, "SE")
    pos.settlement(0, north, south_west, south_east).turn(1, "pre_roll")
    state = pos.state
    rig_dice(state, 3, 3)
    state.apply(1, ("roll",))
    assert state.hands[0][GRAIN] == 3

    pos = Position("catan", players=4)
    pos.settlement(0, north, south_west).city(0, south_east).turn(1, "pre_roll")
    state = pos.state
    rig_dice(state, 4, 2)
    state.apply(1, ("roll",))
    assert state.hands[0][GRAIN] == 4


def test_settlements_of_different_players_on_one_hex_all_produce() -> None:
    """Rulebook: "Each player who has a settlement on an intersection that borders a terrain hex marked with
    the number rolled receives 1 resource card of the hex's type"."""
    pos = Position("catan", players=4)
    hills5 = pos.hex("hills", 5)
    pos.settlement(0, pos.node(hills5, "N")).settlement(1, pos.node(hills5, "SE"))
    pos.city(2, pos.node(hills5, "SW")).turn(3, "pre_roll")
    state = pos.state
    rig_dice(state, 1, 4)
    state.apply(3, ("roll",))
    assert [state.hands[p][BRICK] for p in range(4)] == [1, 1, 2, 0]


def test_robber_hex_produces_nothing_other_hexes_with_the_number_do(one_event) -> None:
    """Rulebook: "If the production number for the hex containing the robber is rolled, the owners of adjacent
    settlements and cities do not receive resources"."""
    pos, *_, mountains3 = three_board()
    pos.robber(mountains3)
    state = pos.state
    rig_dice(state, 1, 2)
    events = state.apply(LOREN, ("roll",))
    assert state.hands[LOREN] == [0, 0, 0, 0, 0]
    assert state.hands[BRIDGET] == [0, 1, 0, 0, 0]  # forest 3 still produces
    produced = one_event(events, "produced").data
    assert produced["gains"] == {str(BRIDGET): {"lumber": 1}}
    assert produced["hexes"] == [pos.hex("forest", 3)]  # the robber's hex is not lit


def test_desert_and_unrolled_numbers_produce_nothing() -> None:
    """Rulebook: "The desert produces nothing" and only hexes "marked with the number rolled" produce."""
    pos = Position("catan", players=4)
    desert = pos.hex("desert")
    pos.robber(pos.hex("forest", 11))  # the robber is elsewhere: the desert still gives nothing
    # North corner: hills 6, pasture 4, desert. South corner: mountains 3, fields 4, desert.
    pos.settlement(CARL, pos.node(desert, "N"), pos.node(desert, "S")).turn(LOREN, "pre_roll")
    state = pos.state
    expected = {3: [0, 0, 1, 0, 0], 4: [0, 0, 0, 1, 1], 6: [1, 0, 0, 0, 0]}
    for faces in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (4, 4), (4, 5), (5, 5), (5, 6), (6, 6)]:
        trial = state.clone()
        rig_dice(trial, *faces)
        trial.apply(LOREN, ("roll",))
        assert trial.hands[CARL] == expected.get(sum(faces), [0] * 5), faces
