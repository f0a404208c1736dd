"""Bots trade through templates (the random bot draws concrete offers, greedy makes its 1:1
offers), ``random:offers=false`` never offers, the one path that asks bots (``bot_decide``)
turns a bot's JSON answer into an action, and no process-wide cache grows with the games played."""

from __future__ import annotations

import gc
import tracemalloc
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ravenry.bots.base import View, bot_decide
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.games.catan.scenario import Position
from ravenry.sim.runner import play_game, run_game


def trade_counts(bots: list[str], seeds: range, players: int = 4) -> Counter[str]:
    counts: Counter[str] = Counter()
    for seed in seeds:
        _, state = run_game("catan", players, seed, bots)
        for _, action in state.history:
            counts[action[0]] += 1
            if action[0] in ("offer_trade", "counter_offer"):
                counts["big " + action[0]] += max(sum(action[1]), sum(action[2])) > 1
    return counts


def test_random_bots_offer_counter_and_trade() -> None:
    counts = trade_counts(["random"] * 4, range(1, 9))
    assert counts["offer_trade"] > 20 and counts["big offer_trade"] > 5
    assert counts["counter_offer"] > 0
    assert counts["confirm_trade"] + counts["accept_counter"] > 0


def test_random_bots_without_offers_never_offer() -> None:
    counts = trade_counts(["random:offers=false"] * 4, range(1, 6))
    assert counts["offer_trade"] == counts["counter_offer"] == 0
    assert counts["maritime_trade"] > 0


def test_greedy_bots_keep_trading_sensibly() -> None:
    counts = trade_counts(["greedy"] * 4, range(1, 6))
    assert counts["offer_trade"] > 10 and counts["big offer_trade"] == 0  # its offers are 1:1
    assert counts["confirm_trade"] > 0


class _JsonOfferer:
    """Answers with the JSON of the first template's smallest offer."""

    uses_view = False
    uses_templates = True

    def __init__(self) -> None:
        self.templates: list[Any] = []

    def act(self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Any] = ()) -> Any:
        self.templates = list(templates)
        template = templates[0]
        give = sorted(template["give"])[0]
        get = next(r for r in sorted(template["get"]) if r != give)
        return {"type": template["type"], "give": {give: 1}, "get": {get: 1}}


def test_bot_decide_shows_templates_and_reads_json_answers() -> None:
    pos = Position("catan", 3)
    pos.hand(0, ore=2).hand(1, brick=1).turn(0, "main")
    state = pos.state
    bot = _JsonOfferer()
    choice = bot_decide(bot, state, 0, Rng(1))
    assert choice == ("offer_trade", (0, 0, 1, 0, 0), (1, 0, 0, 0, 0))
    assert bot.templates == state.action_templates(0)
    state.apply(0, choice)


def test_no_cache_grows_with_the_games_played() -> None:
    def play(seeds: range) -> None:
        for seed in seeds:
            play_game("catan", 4, seed, ["random"] * 4)

    play(range(1, 3))  # imports and the tables built on first use
    gc.collect()
    tracemalloc.start()
    try:
        play(range(3, 7))
        gc.collect()
        after_few = tracemalloc.get_traced_memory()[0]
        play(range(7, 19))
        gc.collect()
        after_more = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    # Offers were cached per hand before: 66 MiB after 20 such games, 90 MiB after 80.
    assert after_more - after_few < 256 * 1024
