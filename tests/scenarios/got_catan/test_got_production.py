"""Resource production on the Gift: the production examples of the Game Overview, the Base Game
Rules and the Rules Reference, the shortage rule with its single-player exception, and the
3-player "2 & 12" token.

Our standard layout is our own (the printed one was not available), so where an example needs a
hex our board lacks (a "hills 6", a "forest 8", a "hills 4"), the test re-tiles one hex of the
standard board and says so.
"""

from __future__ import annotations

from ravenry.core.protocol import Event
from ravenry.games.brotherhood.scenario import GiftPosition, rig_dice
from ravenry.games.catan.data import GRAIN, ORE, RESOURCES, WOOL
from ravenry.games.catan.rules import CatanState

RED, BLUE, BLACK, YELLOW = 0, 1, 2, 3
DICE_FOR = {2: (1, 1), 3: (1, 2), 4: (1, 3), 5: (2, 3), 6: (2, 4), 8: (4, 4), 9: (4, 5), 10: (4, 6)}
DICE_FOR |= {11: (5, 6), 12: (6, 6)}


def roll(state: CatanState, player: int, total: int) -> list[Event]:
    rig_dice(state, *DICE_FOR[total])
    return state.apply(player, ("roll",))


def harvest(state: CatanState, player: int) -> set[str]:
    """Every resource ``player`` earns on some production roll (each roll tried on a copy)."""
    earned: set[str] = set()
    for total in DICE_FOR:
        trial = state.clone()
        before = list(trial.hands[player])
        roll(trial, trial.current, total)
        earned |= {RESOURCES[r] for r in range(5) if trial.hands[player][r] > before[r]}
    return earned


def test_overview_a_ten_pays_red_one_ore_and_blue_and_black_one_wool(one_event) -> None:
    """ "If a "10" is rolled, the red player receives 1 ore card; and the blue and black players each
    receive 1 wool card": red [A] borders the "10" mountains, blue and black [B] the "10" pasture."""
    pos = GiftPosition("got-catan")
    mountains10 = pos.hex_at(0, 2)  # our board has two mountains 10; Red borders only this one
    pasture10 = pos.hex("pasture", 10)
    pos.settlement(RED, pos.node(mountains10, "S"))  # with forest 4 and pasture 12
    pos.settlement(BLUE, pos.node(pasture10, "NE"))  # with fields 3
    pos.settlement(BLACK, pos.node(pasture10, "SW"))  # with mountains 4 and forest 5
    pos.turn(RED, "pre_roll")
    state = pos.state
    bank = list(state.bank)
    events = roll(state, RED, 10)
    assert state.hands[RED] == [0, 0, 1, 0, 0]
    assert state.hands[BLUE] == [0, 0, 0, 0, 1]
    assert state.hands[BLACK] == [0, 0, 0, 0, 1]
    assert state.hands[YELLOW] == [0, 0, 0, 0, 0]
    gains = one_event(events, "produced").data["gains"]
    assert gains == {"0": {"ore": 1}, "1": {"wool": 1}, "2": {"wool": 1}}
    assert state.bank[ORE] == bank[ORE] - 1 and state.bank[WOOL] == bank[WOOL] - 2


def test_overview_three_two_and_one_hex_sites() -> None:
    """ "The yellow settlement [C] borders on forest, mountains, and pasture. A settlement at [D] would
    only harvest the resources from 2 terrain hexes (pasture and forest). Finally, a settlement at [E]
    would only harvest the resource from 1 terrain hex (hills). However, [E] is also at an ore trade
    route." Our ore trade route lies on a forest hex; for [E] it is re-tiled as hills."""
    pos = GiftPosition("got-catan")
    c = pos.node(pos.hex("forest", 5), "NE")  # forest 5, pasture 10, mountains 10
    pos.settlement(YELLOW, c).turn(RED, "pre_roll")
    assert harvest(pos.state, YELLOW) == {"lumber", "ore", "wool"}

    pos = GiftPosition("got-catan")
    d = pos.node(pos.hex("forest", 4), "SE")  # forest 4 and pasture 12, on the borderland
    pos.settlement(YELLOW, d).turn(RED, "pre_roll")
    assert harvest(pos.state, YELLOW) == {"lumber", "wool"}

    pos = GiftPosition("got-catan")
    hills = pos.hex("forest", 4)
    pos.retile(hills, "hills", 4)
    e = pos.node(hills, "S")  # this hex alone, at the ore trade route
    pos.settlement(YELLOW, e).hand(YELLOW, ore=2).turn(YELLOW, "pre_roll")
    state = pos.state
    assert harvest(state, YELLOW) == {"brick"}
    state = pos.turn(YELLOW, "main").state
    assert ("maritime_trade", ORE, 2, GRAIN) in state.legal_actions(YELLOW)


def test_base_game_six_pays_red_two_brick_and_blue_one() -> None:
    """ "If a "6" is rolled, Red receives 2 brick for his 2 settlements. Blue receives 1 brick for his
    1 settlement. If a "4" is rolled, Blue receives 1 grain." (Our board's mountains 6 is re-tiled
    as hills 6, and its pasture 4 neighbour as fields 4.)"""
    pos = GiftPosition("got-catan")
    hills6, fields4 = pos.hex("mountains", 6), pos.hex("pasture", 4)
    pos.retile(hills6, "hills", 6).retile(fields4, "fields", 4)
    pos.settlement(RED, pos.node(hills6, "S"), pos.node(hills6, "NE"))
    blue = pos.node(hills6, "NW")  # hills 6, fields 4 and hills 3
    pos.settlement(BLUE, blue).turn(RED, "pre_roll")
    state = pos.state
    roll(state, RED, 6)
    assert state.hands[RED] == [2, 0, 0, 0, 0]
    assert state.hands[BLUE] == [1, 0, 0, 0, 0]

    state.apply(RED, ("end_turn",))
    roll(state, BLUE, 4)
    assert state.hands[BLUE] == [1, 0, 0, 1, 0]
    assert state.hands[RED] == [2, 0, 0, 0, 0]


def test_base_game_four_pays_a_keep_two_grain() -> None:
    """ "If Blue's settlement were a keep, he would receive 2 grain instead.\""""
    pos = GiftPosition("got-catan")
    hills6, fields4 = pos.hex("mountains", 6), pos.hex("pasture", 4)
    pos.retile(hills6, "hills", 6).retile(fields4, "fields", 4)
    pos.city(BLUE, pos.node(hills6, "NW")).turn(BLUE, "pre_roll")
    state = pos.state
    roll(state, BLUE, 4)
    assert state.hands[BLUE][GRAIN] == 2
    assert sum(state.hands[BLUE]) == 2


def test_keep_example_blue_rolls_eight(one_event) -> None:
    """ "Blue rolls a resource production roll of "8." She receives 3 ore cards: 1 ore for her
    settlement and 2 ore for her keep. Red receives 2 lumber for his keep." (Our hills 8 is
    re-tiled as forest 8 for Red.)"""
    pos = GiftPosition("got-catan")
    mountains8, forest8 = pos.hex("mountains", 8), pos.hex("hills", 8)
    pos.retile(forest8, "forest", 8)
    pos.settlement(BLUE, pos.node(mountains8, "S")).city(BLUE, pos.node(mountains8, "N"))
    pos.city(RED, pos.node(forest8, "N"))  # forest 8 and forest 9
    pos.turn(BLUE, "pre_roll")
    state = pos.state
    events = roll(state, BLUE, 8)
    assert state.hands[BLUE] == [0, 0, 3, 0, 0]
    assert state.hands[RED] == [0, 2, 0, 0, 0]
    assert one_event(events, "produced").data["gains"] == {"0": {"lumber": 2}, "1": {"ore": 3}}


def test_resource_production_example_blue_rolls_four() -> None:
    """ "Blue rolls a "4". Her settlement "A" borders a hills hex marked by the number "4", so she
    takes a brick card. ... Red's settlement "B" borders on 2 hexes with the number "4" (hills and
    pasture). Red takes 1 brick card and 1 wool card." (Our hills 3 is re-tiled as hills 4.)"""
    pos = GiftPosition("got-catan")
    hills4 = pos.hex_at(5, 3)  # the south-eastern hills 3
    pos.retile(hills4, "hills", 4)
    a = pos.node(hills4, "SW")  # hills 4 and mountains 8
    b = pos.node(hills4, "NE")  # hills 4, pasture 4 and mountains 6
    pos.settlement(BLUE, a).settlement(RED, b).turn(BLUE, "pre_roll")
    state = pos.state
    roll(state, BLUE, 4)
    assert state.hands[BLUE] == [1, 0, 0, 0, 0]
    assert state.hands[RED] == [1, 0, 0, 0, 1]


def test_resource_production_example_keep_takes_two_brick() -> None:
    """ "If settlement "A" had been a keep, she would have received 2 brick cards.\""""
    pos = GiftPosition("got-catan")
    hills4 = pos.hex_at(5, 3)  # the south-eastern hills 3
    pos.retile(hills4, "hills", 4)
    pos.city(BLUE, pos.node(hills4, "SW")).turn(BLUE, "pre_roll")
    state = pos.state
    roll(state, BLUE, 4)
    assert state.hands[BLUE] == [2, 0, 0, 0, 0]


def shortage_position() -> GiftPosition:
    """Red borders one mountains 10, Blue the other; Black borders the pasture 10."""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, pos.node(pos.hex_at(0, 2), "S"))
    pos.settlement(BLUE, pos.node(pos.hex_at(5, 1), "SE"))  # mountains 10, hills 2, pasture 4
    pos.settlement(BLACK, pos.node(pos.hex("pasture", 10), "N"))
    return pos.turn(RED, "pre_roll")


def test_shortage_nobody_gets_the_short_resource(one_event) -> None:
    """ "If there are not enough resource cards to give every player all the production they earn,
    then no player receives any of that resource that turn. ... production of other types of
    resources is not affected.\""""
    pos = shortage_position().bank(ore=1)
    state = pos.state
    events = roll(state, RED, 10)
    assert state.hands[RED][ORE] == 0 and state.hands[BLUE][ORE] == 0
    assert state.bank[ORE] == 1
    assert state.hands[BLACK][WOOL] == 1
    assert one_event(events, "produced").data["shortages"] == ["ore"]


def test_shortage_single_player_exception_takes_what_is_left() -> None:
    """ "Exception: If the shortage of resource cards only affects a single player, give that player
    as many of these resources as are left in the supply, and any extras are lost.\""""
    pos = GiftPosition("got-catan")
    pos.city(RED, pos.node(pos.hex_at(0, 2), "S"))  # Red alone on the ore, with a keep: owed 2
    pos.settlement(BLACK, pos.node(pos.hex("pasture", 10), "N"))
    pos.bank(ore=1).turn(RED, "pre_roll")
    state = pos.state
    roll(state, RED, 10)
    assert state.hands[RED][ORE] == 1
    assert state.bank[ORE] == 0
    assert state.hands[BLACK][WOOL] == 1


def test_three_player_gift_has_sixteen_hexes_and_the_two_and_twelve_token() -> None:
    """ "Use 16 hexes in a 3-player game." and "They appear together on a conjoined "2 & 12" token in
    3-player games. This hex produces whenever a 2 or 12 is rolled.\""""
    pos = GiftPosition("got-catan", players=3)
    state = pos.state
    assert state.board.topo.n_hexes == 16
    both = [h for h, nums in enumerate(state.board.layout.numbers) if nums == (2, 12)]
    assert len(both) == 1
    assert not any(nums in ((2,), (12,)) for nums in state.board.layout.numbers)

    pos = GiftPosition("got-catan", players=3)
    pos.settlement(RED, pos.node(both[0], "N")).turn(RED, "pre_roll")
    state = pos.state
    resource = state.board.hex_resource[both[0]]
    for total in (2, 12):
        trial = state.clone()
        roll(trial, RED, total)
        assert trial.hands[RED] == [int(r == resource) for r in range(5)], total
