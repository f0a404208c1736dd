"""The greedy Brotherhood bot's heroes: each used when it helps, the questions they ask answered
toward the next build, and the hero kept or taken after a use."""

from __future__ import annotations

from watch_positions import LEADER, ME, MY_HEXES, OTHER, choose, position

from ravenry.bots.greedy import GreedyBrotherhoodBot
from ravenry.games.brotherhood.heroes import HERO_IDS
from ravenry.games.brotherhood.scenario import rig_dice
from ravenry.games.catan.data import BRICK, GRAIN, ORE, VICTORY_POINT, WOOL


def test_tarly_takes_the_card_its_keep_needs_then_flips() -> None:
    pos = position().hero(LEADER, "tarly")
    pos.city(LEADER, pos.node(13, "N")).hand(LEADER, ore=3, grain=1)
    state = pos.turn(ME, "pre_roll").state
    rig_dice(state, 6, 6, 10)  # pasture 12 pays nobody; the wildling die moves no one
    state.apply(ME, ("roll",))
    assert state.decision().players == (LEADER,)
    bot = GreedyBrotherhoodBot()
    assert choose(state, LEADER, bot) == ("use_tarly", GRAIN)
    state.apply(LEADER, ("use_tarly", GRAIN))
    assert choose(state, LEADER, bot) == ("hero_flip",)


def test_marsh_trades_one_to_one_toward_a_keep() -> None:
    pos = position("marsh").hand(ME, ore=3, grain=1, wool=2).turn(ME, "main")
    state = pos.state
    assert choose(state) == ("use_marsh", WOOL, GRAIN)


def test_marsh_is_kept_for_later_when_no_trade_helps() -> None:
    pos = position("marsh").hand(ME, brick=1).turn(ME, "main")  # saving for a road: no spare card
    assert choose(pos.state) == ("end_turn",)


def test_mormont_forces_the_trade_its_keep_needs_from_the_leader() -> None:
    pos = position("mormont").hand(ME, ore=3, grain=1, wool=1)
    pos.city(LEADER, pos.node(13, "N")).hand(LEADER, grain=2).hand(OTHER, grain=1)
    action = choose(pos.turn(ME, "main").state)
    assert action[:4] == ("use_mormont", GRAIN, LEADER, WOOL)


def test_ygritte_frees_its_blocked_hex_before_the_roll() -> None:
    pos = position("ygritte").gift_wildlings(MY_HEXES[0], "regular").turn(ME, "pre_roll")
    assert choose(pos.state) == ("use_ygritte", MY_HEXES[0])


def test_qhorin_sends_tormund_home_when_he_blocks_it() -> None:
    pos = position("qhorin").robber(MY_HEXES[1]).turn(ME, "pre_roll")
    state = pos.state
    assert choose(state) == ("use_qhorin",)
    blocked_elsewhere = position("qhorin").robber(13).turn(ME, "pre_roll").state
    assert choose(blocked_elsewhere) == ("roll",)


def test_benjen_thins_the_clearing_about_to_breach_onto_its_hexes() -> None:
    pos = position("benjen")
    pos.guards(0, LEADER).clearing(0, "regular", "regular").camp("hornfoot", "regular")
    pos.guards(2, OTHER).clearing(2, "regular")
    state = pos.turn(ME, "pre_roll").state
    assert choose(state) == ("use_benjen", 3 + 0, 0)
    calm = position("benjen").guards(0, LEADER, OTHER).clearing(0, "regular")
    assert choose(calm.camp("hornfoot", "regular").turn(ME, "pre_roll").state) == ("roll",)


def test_mance_takes_from_the_leader_what_its_keep_needs() -> None:
    pos = position("mance").hand(ME, ore=2, grain=2)
    pos.city(LEADER, pos.node(13, "N")).hand(LEADER, ore=1, wool=3)
    state = pos.turn(ME, "main").state
    bot = GreedyBrotherhoodBot()
    assert choose(state, ME, bot) == ("use_mance", LEADER)
    state.apply(ME, ("use_mance", LEADER))
    assert choose(state, ME, bot) == ("mance_take", ORE)


def test_melisandre_buys_and_picks_the_victory_point() -> None:
    pos = position("melisandre").hand(ME, ore=1, grain=1, wool=1)
    pos.deck("knight", "victory_point", "road_building", "knight")
    state = pos.turn(ME, "main").state
    bot = GreedyBrotherhoodBot()
    assert choose(state, ME, bot) == ("use_melisandre", -1, -1)
    state.apply(ME, ("use_melisandre", -1, -1))
    assert choose(state, ME, bot) == ("melisandre_pick", 1)
    state.apply(ME, ("melisandre_pick", 1))
    assert state.dev_hands[ME][VICTORY_POINT] == 1


def test_thorne_builds_the_urgent_guard_without_brick() -> None:
    pos = position("thorne").guards(1, LEADER, LEADER).guards(0, ME).breaches(2)
    pos.hand(ME, lumber=1, wool=1, ore=1, grain=1).turn(ME, "main")
    action = choose(pos.state)
    assert action[0] == "use_thorne" and action[2] == BRICK
    assert action[3] in (ORE, GRAIN)


def test_yoren_trades_a_played_patrol_for_a_guard() -> None:
    pos = position("yoren").knights(ME, 1).guards(1, LEADER)
    action = choose(pos.turn(ME, "main").state)
    assert action[0] == "use_yoren"


def test_yoren_keeps_largest_patrol() -> None:
    pos = position("yoren").knights(ME, 3).knights(LEADER, 3).guards(1, LEADER)
    pos.special_cards(largest_army=ME)
    assert choose(pos.turn(ME, "main").state) == ("end_turn",)


def test_after_a_use_on_the_b_side_it_takes_a_useful_hero() -> None:
    pos = position("marsh").hero(ME, "marsh", b_side=True).hand(ME, ore=3, grain=1, wool=2)
    pos.gift_wildlings(MY_HEXES[0], "regular")
    state = pos.turn(ME, "main").state
    bot = GreedyBrotherhoodBot()
    state.apply(ME, choose(state, ME, bot))
    assert {a[0] for a in state.legal_actions(ME)} == {"hero_swap"}
    # A wildling blocks its forest: Ygritte, who sends wildlings home, is the one to take.
    assert choose(state, ME, bot) == ("hero_swap", HERO_IDS.index("ygritte"))


def test_othell_is_not_used_for_a_pointless_road_move() -> None:
    pos = position("othell")
    start = pos.node(0, "S")
    pos.road_path(ME, [start, pos.node(4, "SE")])
    assert choose(pos.turn(ME, "main").state) == ("end_turn",)
