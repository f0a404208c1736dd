"""The Thrones ``search`` bot: it wins on the spot where greedy does not (a 7th castle taken by
an attack greedy thinks too risky), its choices are reproducible with an iteration budget, it
keeps to a time budget, and the ``hard`` level seats it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import ravenry
from ravenry.bots.base import BotSeat, make_bot
from ravenry.bots.levels import bot_for_level, level_spec
from ravenry.bots.thrones_search import ThronesSearchBot
from ravenry.core.rng import Rng
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.scoring import castles
from ravenry.games.thrones.state import P_OVER

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenarios" / "thrones"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from thrones_positions import area, blank, card, give_order, hold, put, seat, start_marches


def seventh_castle() -> ThronesState:
    """Lannister holds six castles; its Knight and Footman march from Stoney Sept next to
    Riverrun, the seventh, held by two Stark Footmen whose only card left is Catelyn Stark
    (strength 0, and no Defense order to double). Strength 3 against 2 is too close for greedy
    (it attacks only when ahead by 2); with Tywin (3) the attack cannot fail and wins the game."""
    s = blank()
    for where in ("harrenhal", "kings-landing", "highgarden", "oldtown", "dragonstone"):
        put(s, where, "lannister", footmen=1)
    put(s, "stoney-sept", "lannister", footmen=1, knights=1)
    give_order(s, "stoney-sept", "march+0")
    put(s, "riverrun", "stark", footmen=2)
    s.hand[seat(s, "stark")] = 1 << card(s, "stark", "Catelyn Stark")
    hold(s)
    start_marches(s)
    assert castles(s)[seat(s, "lannister")] == 6
    return s


def play_round(s: ThronesState, lannister: str, seed: int = 5) -> ThronesState:
    """Play on with ``lannister`` (a bot spec) for Lannister and greedy elsewhere until the game
    ends or the next Planning phase."""
    from ravenry.bots.base import bot_from_spec

    me = seat(s, "lannister")
    seats = [BotSeat(bot_from_spec(lannister if p == me else "greedy", "thrones")) for p in range(s.n)]
    rng = Rng.from_seed(seed)
    turn = s.turn
    for _ in range(400):
        if s.phase == P_OVER or s.turn > turn:
            break
        p = s.decision().players[0]
        s.apply(p, seats[p].decide(s, p, rng))
    return s


def test_search_takes_the_seventh_castle_where_greedy_holds_back() -> None:
    s = play_round(seventh_castle(), "search:iters=12")
    assert s.phase == P_OVER and s.winners == [seat(s, "lannister")]
    assert s.owner[area("riverrun")] == seat(s, "lannister")
    # The same position with greedy for Lannister: no attack, no win (the test can fail).
    g = play_round(seventh_castle(), "greedy")
    assert not (g.phase == P_OVER and g.winners == [seat(g, "lannister")])
    assert g.owner[area("riverrun")] == seat(g, "stark")


def choices(spec_options: dict[str, Any], seed: int, decisions: int) -> list[Any]:
    """The search bot's first ``decisions`` choices (seat 2) in a 5-player game against greedy."""
    state = ravenry.new_game("thrones", players=5, seed=seed)
    seats = [BotSeat(make_bot("greedy", "thrones")) for _ in range(5)]
    seats[2] = BotSeat(make_bot("search", "thrones", **spec_options))
    rngs = [Rng.from_seed(seed * 10 + p) for p in range(5)]
    out = []
    while len(out) < decisions and state.decision().result is None:
        p = state.decision().players[0]
        action = seats[p].decide(state, p, rngs[p])
        if p == 2:
            out.append(action)
        state.apply(p, action)
    return out


def test_an_iteration_budget_is_reproducible() -> None:
    one = choices({"iters": 4, "plans": 3, "width": 3}, seed=8, decisions=40)
    assert len(one) == 40
    assert one == choices({"iters": 4, "plans": 3, "width": 3}, seed=8, decisions=40)


def test_a_time_budget_runs_at_least_one_round_and_options_are_checked() -> None:
    s = seventh_castle()
    bot = make_bot("search", "thrones", ms=30)
    assert isinstance(bot, ThronesSearchBot)
    me = seat(s, "lannister")
    s.apply(me, ("march", area("stoney-sept")))
    action = BotSeat(bot).decide(s, me, Rng.from_seed(1))
    assert action in s.legal_actions(me)
    assert bot.last_iterations >= 2  # one round: every candidate played once
    for bad in ({"iters": 0}, {"ms": -1}, {"width": "3"}, {"plans": 0}):
        with pytest.raises(ValueError):
            ThronesSearchBot(**bad)


def test_the_hard_level_plays_thrones_with_search() -> None:
    assert level_spec("hard", "thrones").startswith("search")
    assert isinstance(bot_for_level("hard", "thrones"), ThronesSearchBot)


def test_the_strength_benchmark_runs() -> None:
    """benchmarks/thrones_bot_strength.py plays a game and reports it (the numbers themselves
    are measured by running the benchmark, never in tests)."""
    from thrones_bot_strength import play, report

    row = play(4, "search:iters=2:plans=2:width=2", "greedy", hero_seat=1)
    assert row["finished"] and row["house"] == "Lannister"
    line = report([row])
    assert line["games"] == 1 and line["hero_wins"] == int(row["hero_won"])
    low, high = line["wilson_95"]
    assert 0.0 <= low <= line["win_rate"] <= high <= 1.0
