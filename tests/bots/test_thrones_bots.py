"""The Thrones bots: the generic random bot and the greedy one play whole games through the
runner, and the greedy bot's rules of thumb (take an undefended castle, keep its home, bid its
share for the Night's Watch, support its own side) hold in small positions."""

from __future__ import annotations

import sys
from pathlib import Path

from ravenry.bots import make_bot
from ravenry.bots.base import bot_decide, excluded_actions
from ravenry.bots.greedy import GreedyThronesBot
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.games.thrones.data import AREA_INDEX, DEFENSE, ORDER_TYPE
from ravenry.games.thrones.rules import ThronesState
from ravenry.sim.runner import play_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scenarios" / "thrones"))

from thrones_positions import act, blank, give_order, hold, put, seat, start_marches


def choose(state: ThronesState, house: str) -> Action:
    bot = make_bot("greedy", "thrones")
    assert isinstance(bot, GreedyThronesBot)
    p = seat(state, house)
    return bot.act(state.observe(p), state.legal_actions(p), Rng.from_seed(3))


def test_whole_games_with_greedy_and_random_bots() -> None:
    bots = ["greedy", "random", "random", "random", "random"]
    wins = 0
    for seed in range(6):
        summary = play_game("thrones", 5, seed, bots)
        assert summary.finished
        assert summary.turns <= 10
        assert "castles at the end" in summary.seat_extras
        wins += summary.winners == (0,)
    assert wins >= 2  # the greedy Stark beats four random houses most of the time


def test_three_and_four_player_games_finish() -> None:
    for players in (3, 4):
        summary = play_game("thrones", players, 11, ["greedy"] * players)
        assert summary.finished


def test_greedy_takes_an_undefended_castle_and_keeps_its_home() -> None:
    s = blank()
    put(s, "lannisport", "lannister", footmen=1)
    put(s, "stoney-sept", "lannister", footmen=2)
    give_order(s, "stoney-sept", "march+0")
    give_order(s, "lannisport", "defense+1")
    hold(s)
    start_marches(s)
    act(s, "lannister", ("march", AREA_INDEX["stoney-sept"]))
    move = choose(s, "lannister")
    assert move[0] == "move" and move[2] in (AREA_INDEX["harrenhal"], AREA_INDEX["riverrun"])


def test_greedy_never_empties_its_home() -> None:
    s = blank()
    put(s, "lannisport", "lannister", footmen=1)
    give_order(s, "lannisport", "march+0")
    hold(s)
    start_marches(s)
    act(s, "lannister", ("march", AREA_INDEX["lannisport"]))
    assert choose(s, "lannister")[0] == "end_march"


def test_greedy_defends_home_when_placing_orders() -> None:
    s = blank()
    put(s, "winterfell", "stark", footmen=1, knights=1)
    from ravenry.games.thrones.planning import start_planning

    start_planning(s)
    s.forget_legal_actions()
    action = choose(s, "stark")
    assert action[0] == "place_order" and action[1] == AREA_INDEX["winterfell"]
    assert ORDER_TYPE[action[2]] == DEFENSE


def test_greedy_never_takes_an_order_back() -> None:
    """With every area ordered, the legal list starts with clear_order: greedy says ready (a bot
    that cleared would place the same token again, and so on for ever), also through the runner."""
    s = blank()
    put(s, "winterfell", "stark", footmen=1)
    from ravenry.games.thrones.planning import start_planning

    start_planning(s)
    s.forget_legal_actions()
    act(s, "stark", choose(s, "stark"))
    assert s.legal_actions(seat(s, "stark"))[0] == ("clear_order", AREA_INDEX["winterfell"])
    assert choose(s, "stark") == ("ready",)
    bot = make_bot("greedy", "thrones")
    assert "clear_order" in excluded_actions(bot)
    assert bot_decide(bot, s, seat(s, "stark"), Rng.from_seed(3)) == ("ready",)


def test_greedy_keeps_power_for_later_bids() -> None:
    s = blank()
    s.power = [9] * 5
    s.revealed = [-1, 4, -1]  # a Clash of Kings
    s.w_index = 1
    from ravenry.games.thrones.bidding import start_bid

    start_bid(s, 0, [])
    s.forget_legal_actions()
    bid = choose(s, "stark")
    assert bid == ("bid", 3)  # a third of its power for the Iron Throne
