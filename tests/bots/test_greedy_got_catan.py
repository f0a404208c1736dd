"""The greedy bot in A Game of Thrones Catan: Tormund (onto the leader, or home to his camp),
ranger patrols and keeps, on the standard 4-player Gift (hex 0 forest 9, 4 hills 8, 5 fields 11,
13 pasture 4, 20 mountains 6)."""

from __future__ import annotations

from ravenry.bots import make_bot
from ravenry.bots.greedy import GreedyCatanBot, GreedyGotCatanBot
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position

ME, LEADER, OTHER = 0, 1, 2


def choose(state: CatanState, seat: int = ME) -> Action:
    bot = make_bot("greedy", "got-catan")
    assert isinstance(bot, GreedyGotCatanBot)
    return bot.act(state.observe(seat), state.legal_actions(seat), Rng.from_seed(5))


def test_tormund_goes_onto_the_leaders_best_hex_and_robs_the_leader() -> None:
    pos = Position("got-catan", 4)
    pos.settlement(ME, pos.node(0, "S"))
    pos.city(LEADER, pos.node(13, "S"), pos.node(14, "N")).hand(LEADER, ore=2)
    pos.settlement(OTHER, pos.node(8, "N")).hand(OTHER, grain=1)
    state = pos.turn(ME, "move_robber").state
    _, h, victim = choose(state)
    owners = {state.node_owner[n] for n in state.board.topo.hex_nodes[h]}
    assert LEADER in owners and ME not in owners
    assert victim == LEADER


def test_tormund_goes_home_from_its_hex_when_no_other_hex_hurts_an_opponent() -> None:
    pos = Position("got-catan", 4)
    pos.settlement(ME, pos.node(0, "S"), pos.node(10, "S"))
    state = pos.robber(4).turn(ME, "move_robber").state
    assert ("move_robber", -1, -1) in state.legal_actions(ME)
    assert choose(state) == ("move_robber", -1, -1)
    # The Catan bot, which knows no camp, puts him on an empty hex instead.
    catan = GreedyCatanBot().act(state.observe(ME), state.legal_actions(ME), Rng(1))
    assert catan[1] >= 0


def test_tormund_blocks_an_opponent_rather_than_going_home() -> None:
    pos = Position("got-catan", 4)
    pos.settlement(ME, pos.node(0, "S")).settlement(OTHER, pos.node(20, "S"))
    state = pos.robber(4).turn(ME, "move_robber").state
    assert choose(state)[1] == 20


def test_ranger_patrol_before_the_roll_when_tormund_blocks_it() -> None:
    pos = Position("got-catan", 4)
    pos.settlement(ME, pos.node(0, "S")).settlement(LEADER, pos.node(13, "S"))
    pos.dev_cards(ME, knight=1).turn(ME, "pre_roll")
    assert choose(pos.robber(4).state) == ("play_knight",)
    free = Position("got-catan", 4)
    free.settlement(ME, free.node(0, "S")).settlement(LEADER, free.node(13, "S"))
    assert choose(free.dev_cards(ME, knight=1).turn(ME, "pre_roll").state) == ("roll",)


def test_builds_a_keep_first() -> None:
    pos = Position("got-catan", 4)
    pos.settlement(ME, pos.node(0, "S")).hand(ME, ore=3, grain=2, brick=1, lumber=1, wool=1)
    assert choose(pos.turn(ME, "main").state) == ("build_city", pos.node(0, "S"))
