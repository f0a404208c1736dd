"""The greedy Catan bot's rules of thumb, one decision at a time, on hand-built positions."""

from __future__ import annotations

import json

from ravenry.bots import make_bot
from ravenry.bots.catan_board import board_facts
from ravenry.bots.greedy import GreedyCatanBot
from ravenry.core.protocol import Action
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.games.catan.data import GRAIN, ORE, WOOL
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position, rig_dice


def choose(state: CatanState, seat: int, bot: GreedyCatanBot | None = None) -> Action:
    bot = bot or GreedyCatanBot()
    return bot.act(
        state.observe(seat), state.legal_actions(seat), Rng.from_seed(7), state.action_templates(seat)
    )


def one(*, ore: int = 0, grain: int = 0, wool: int = 0) -> tuple[int, ...]:
    return (0, 0, ore, grain, wool)


def test_registry_gives_the_catan_greedy_bot_for_the_catan_family() -> None:
    for game_id in ("catan", "got-catan", "brotherhood"):
        assert isinstance(make_bot("greedy", game_id), GreedyCatanBot)


def test_set_up_settles_a_rich_spot() -> None:
    for board in ("beginner", "variable"):
        for seed in range(4):
            state = new_game("catan", 4, seed, board=board)
            seat = state.decision().players[0]
            view = state.observe(seat)
            facts = board_facts(view["board"])
            node = choose(state, seat)[1]
            pips = [sum(p) for p in facts.node_production]
            assert pips[node] >= max(pips) - 2
            assert sum(1 for n in facts.node_production[node] if n) >= 2


def test_second_settlement_adds_resources_the_first_lacks() -> None:
    state = new_game("catan", 4, 3)
    bot = GreedyCatanBot()
    while state.decision().players:
        seat = state.decision().players[0]
        legal = state.legal_actions(seat)
        if legal[0][0] not in ("place_settlement", "place_road"):
            break
        mine_before = [n for n in range(len(state.node_owner)) if state.node_owner[n] == seat]
        action = bot.act(state.observe(seat), legal, Rng.from_seed(1))
        if action[0] == "place_settlement" and mine_before:
            facts = board_facts(state.observe(seat)["board"])
            had = {r for n in mine_before for r, p in enumerate(facts.node_production[n]) if p}
            new = {r for r, p in enumerate(facts.node_production[action[1]]) if p}
            assert new - had, "the second settlement should bring a resource the first does not"
        state.apply(seat, action)
    assert state.turn == 1


def test_decisions_depend_only_on_the_json_view() -> None:
    state = new_game("catan", 4, 5)
    view = state.observe(state.current)
    legal = state.legal_actions(state.current)
    again = json.loads(json.dumps(view))
    assert GreedyCatanBot().act(view, legal, Rng(1)) == GreedyCatanBot().act(again, legal, Rng(2))


def test_robber_goes_to_the_leaders_hex_never_its_own_and_robs_the_leader() -> None:
    pos = Position("catan", 4)
    hills6, pasture4, mountains3 = pos.hex("hills", 6), pos.hex("pasture", 4), pos.hex("mountains", 3)
    pos.settlement(0, pos.node(hills6, "N"))
    # The leader's best hex (hills 6) is shared with the greedy player; the leader is also elsewhere.
    pos.city(1, pos.node(hills6, "S")).settlement(1, pos.node(pasture4, "NE"))
    pos.settlement(2, pos.node(mountains3, "S"))
    pos.hand(1, brick=2, wool=1).hand(2, ore=3)
    pos.turn(0, "move_robber")
    state = pos.state
    _, h, victim = choose(state, 0)
    hex_nodes = state.board.topo.hex_nodes[h]
    assert all(state.node_owner[n] != 0 for n in hex_nodes)
    assert any(state.node_owner[n] == 1 for n in hex_nodes)
    assert victim == 1


def test_knight_before_the_roll_when_the_robber_blocks_it() -> None:
    pos = Position("catan", 4)
    hills6 = pos.hex("hills", 6)
    pos.settlement(0, pos.node(hills6, "N")).settlement(1, pos.node(pos.hex("fields", 4), "S"))
    pos.dev_cards(0, knight=1).turn(0, "pre_roll")
    blocked = pos.robber(hills6).state
    assert choose(blocked, 0) == ("play_knight",)
    free = Position("catan", 4)
    free.settlement(0, free.node(hills6, "N")).settlement(1, free.node(free.hex("fields", 4), "S"))
    free.dev_cards(0, knight=1).turn(0, "pre_roll").robber(free.hex("desert"))
    assert choose(free.state, 0) == ("roll",)


def test_knight_taken_for_largest_army() -> None:
    pos = Position("catan", 4)
    pos.settlement(0, pos.node(pos.hex("hills", 6), "N")).knights(0, 2).knights(1, 2)
    pos.dev_cards(0, knight=1).turn(0, "pre_roll").robber(pos.hex("desert"))
    assert choose(pos.state, 0) == ("play_knight",)


def _spread_position() -> Position:
    """Seat 0: a settlement on hills 6 with a two-road path to a free spot."""
    pos = Position("catan", 4)
    hills6 = pos.hex("hills", 6)
    start = pos.node(hills6, "N")
    pos.settlement(0, start)
    pos.road_path(0, [start, pos.node(hills6, "NE"), pos.node(hills6, "SE")])
    pos.settlement(1, pos.node(pos.hex("fields", 6), "S"))
    return pos.robber(pos.hex("desert"))


def test_builds_city_before_settlement_before_development_card() -> None:
    pos = _spread_position().hand(0, brick=1, lumber=1, ore=4, grain=3, wool=2)
    assert choose(pos.state, 0)[0] == "build_city"
    pos = _spread_position().hand(0, brick=1, lumber=1, ore=1, grain=1, wool=1)
    state = pos.state
    assert ("buy_dev",) in state.legal_actions(0)
    assert choose(state, 0)[0] == "build_settlement"


def test_trades_with_the_bank_toward_the_next_build() -> None:
    state = _spread_position().hand(0, brick=1, lumber=1, wool=5).state
    assert choose(state, 0) == ("maritime_trade", WOOL, 4, GRAIN)


def test_discards_what_it_needs_least() -> None:
    pos = _spread_position().hand(0, ore=3, grain=2, wool=4).turn(0, "pre_roll")
    state = pos.state
    rig_dice(state, 3, 4)
    state.apply(0, ("roll",))
    assert 0 in state.decision().players
    assert choose(state, 0) == ("discard", WOOL)


def _offer_from_seat_1(leader: bool, give: tuple[int, ...], get: tuple[int, ...]) -> CatanState:
    pos = Position("catan", 4)
    pos.settlement(0, pos.node(pos.hex("hills", 6), "N"))
    pos.settlement(1, pos.node(pos.hex("fields", 4), "S"))
    pos.hand(0, ore=3, grain=1, wool=1).hand(1, grain=2, ore=1)
    if leader:
        for node in (pos.node(pos.hex("pasture", 11), "S"), pos.node(pos.hex("forest", 9), "N")):
            pos.city(1, node)
        pos.knights(1, 3).special_cards(longest_road=1, largest_army=1)
    pos.turn(1, "main")
    state = pos.state
    state.apply(1, ("offer_trade", give, get))
    return state


def test_accepts_an_offer_that_completes_its_build() -> None:
    state = _offer_from_seat_1(False, one(grain=1), one(wool=1))
    assert choose(state, 0) == ("accept_trade",)


def test_declines_an_offer_that_takes_what_it_needs() -> None:
    state = _offer_from_seat_1(False, one(grain=1), one(ore=1))
    assert choose(state, 0) == ("decline_trade",)


def test_declines_to_help_a_player_near_winning() -> None:
    state = _offer_from_seat_1(True, one(grain=1), one(wool=1))
    assert state.public_vp[1] >= 8
    assert choose(state, 0) == ("decline_trade",)


def test_at_most_one_offer_per_turn_and_confirms_an_acceptor() -> None:
    pos = Position("catan", 4)
    pos.settlement(0, pos.node(pos.hex("hills", 6), "N"))
    # Seat 2's brick: an offer may ask only for what another player could hold.
    pos.hand(0, ore=3, grain=1, wool=2).hand(1, grain=1).hand(2, brick=1).turn(0, "main")
    state = pos.state
    bot = GreedyCatanBot()
    offer = choose(state, 0, bot)
    assert offer == ("offer_trade", one(wool=1), one(grain=1))
    state.apply(0, offer)
    state.apply(1, ("accept_trade",))
    state.apply(2, ("decline_trade",))
    state.apply(3, ("decline_trade",))
    assert choose(state, 0, bot) == ("confirm_trade", 1)
    state.apply(0, ("confirm_trade", 1))
    assert choose(state, 0, bot)[0] == "build_city"
    state.apply(0, choose(state, 0, bot))
    # A fresh bot would now offer its spare wool for brick; this one has offered this turn.
    assert choose(state, 0, GreedyCatanBot())[0] == "offer_trade"
    assert choose(state, 0, bot) == ("end_turn",)


def test_year_of_plenty_completes_the_build() -> None:
    pos = _spread_position().hand(0, ore=2, grain=1).dev_cards(0, year_of_plenty=1)
    assert choose(pos.state, 0) == ("play_year_of_plenty", ORE, GRAIN)


def test_monopoly_names_a_needed_resource_opponents_produce() -> None:
    pos = Position("catan", 4)
    mountains10 = pos.hex("mountains", 10)
    pos.settlement(0, pos.node(pos.hex("hills", 6), "S"))
    pos.settlement(1, pos.node(mountains10, "N")).hand(1, ore=5, brick=1)
    pos.hand(0, ore=1, grain=2).dev_cards(0, monopoly=1).turn(0, "main").robber(pos.hex("desert"))
    assert choose(pos.state, 0) == ("play_monopoly", ORE)
