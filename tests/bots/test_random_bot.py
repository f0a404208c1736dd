"""The random bot: uniform, seeded, and sparing with trade proposals."""

from __future__ import annotations

from collections import Counter

import pytest

from ravenry.bots import UnknownBot, bot_from_spec, make_bot, parse_bot_spec
from ravenry.bots.random_bot import RandomBot
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng

PLAIN: list[Action] = [("end_turn",), ("build_road", 3), ("build_road", 4), ("buy_dev",)]
OFFERS: list[Action] = [("offer_trade", (1, 0, 0, 0, 0), (0, 0, 0, 0, k)) for k in range(1, 4)] * 40


def test_same_seed_same_choices() -> None:
    bot = RandomBot()
    rng_a, rng_b, rng_c = Rng.from_seed(4), Rng.from_seed(4), Rng.from_seed(5)
    run_a = [bot.act({}, PLAIN, rng_a) for _ in range(50)]
    assert run_a == [bot.act({}, PLAIN, rng_b) for _ in range(50)]
    assert run_a != [bot.act({}, PLAIN, rng_c) for _ in range(50)]


def test_uniform_over_plain_actions() -> None:
    rng = Rng.from_seed(1)
    counts = Counter(RandomBot(offers=False).act({}, PLAIN, rng) for _ in range(8000))
    assert set(counts) == set(PLAIN)
    for action in PLAIN:
        assert 1800 < counts[action] < 2200  # 2000 expected; sd ≈ 39


def test_offers_rare_by_default_and_never_when_disabled() -> None:
    rng = Rng.from_seed(2)
    legal = PLAIN + OFFERS
    default = sum(RandomBot().act({}, legal, rng)[0] == "offer_trade" for _ in range(10000))
    assert 100 < default < 320  # 2% of 10000 = 200
    quiet = sum(RandomBot(offers=False).act({}, legal, rng)[0] == "offer_trade" for _ in range(2000))
    assert quiet == 0


def test_proposes_when_proposing_is_all_it_may_do() -> None:
    assert RandomBot(offers=False).act({}, OFFERS, Rng(3))[0] == "offer_trade"


def test_registry_and_specs() -> None:
    assert isinstance(make_bot("random", "catan"), RandomBot)
    bot = bot_from_spec("random:offers=false:offer_rate=0.5", "catan")
    assert isinstance(bot, RandomBot) and bot.offers is False and bot.offer_rate == 0.5
    assert parse_bot_spec("greedy") == ("greedy", {})
    with pytest.raises(UnknownBot, match="no bot 'clever'"):
        make_bot("clever", "catan")
    with pytest.raises(ValueError, match="bad options"):
        bot_from_spec("random:speed=3", "catan")
    with pytest.raises(ValueError, match="name=value"):
        bot_from_spec("random:offers", "catan")
    with pytest.raises(ValueError, match="between 0 and 1"):
        bot_from_spec("random:offer_rate=2", "catan")
