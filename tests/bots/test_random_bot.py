"""The random bot: uniform, seeded, and sparing with trade proposals."""

from __future__ import annotations

from collections import Counter

import pytest

from ravenry.bots import UnknownBot, bot_from_spec, make_bot, parse_bot_spec
from ravenry.bots.random_bot import RandomBot
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.core.templates import within

PLAIN: list[Action] = [("end_turn",), ("build_road", 3), ("build_road", 4), ("buy_dev",)]
# What a hand of 2 brick and 5 ore may offer when the others hold up to 6 cards.
TEMPLATE = {
    "type": "offer_trade",
    "give": {"brick": 2, "ore": 5},
    "get": {"brick": 6, "lumber": 6, "ore": 3, "grain": 6, "wool": 6},
    "min_give": 1,
    "min_get": 1,
    "max_give": 7,
    "max_get": 6,
    "disjoint": True,
}


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
    chosen = [RandomBot().act({}, PLAIN, rng, [TEMPLATE]) for _ in range(10000)]
    offers = [c for c in chosen if isinstance(c, dict)]
    assert 100 < len(offers) < 320  # 2% of 10000 = 200
    assert all(within(TEMPLATE, o) for o in offers)
    # Its own RNG draws them: of every size up to offer_cards (3) a side, not one fixed offer.
    assert {sum(o["give"].values()) for o in offers} == {1, 2, 3}
    assert {sum(o["get"].values()) for o in offers} == {1, 2, 3}
    quiet = [RandomBot(offers=False).act({}, PLAIN, rng, [TEMPLATE]) for _ in range(2000)]
    assert not any(isinstance(c, dict) for c in quiet)
    assert RandomBot(offers=False).uses_templates is False  # so a runner builds none for it


def test_offer_cards_bounds_the_sides() -> None:
    rng = Rng.from_seed(5)
    offers = [RandomBot(offer_rate=1.0, offer_cards=6).act({}, PLAIN, rng, [TEMPLATE]) for _ in range(400)]
    assert all(isinstance(o, dict) and within(TEMPLATE, o) for o in offers)
    assert max(sum(o["give"].values()) for o in offers if isinstance(o, dict)) == 6


def test_proposes_when_proposing_is_all_it_may_do() -> None:
    choice = RandomBot(offers=False).act({}, [], Rng(3), [TEMPLATE])
    assert isinstance(choice, dict) and within(TEMPLATE, choice)


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
