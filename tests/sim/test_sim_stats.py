"""Win-rate statistics: the Wilson interval and the per-seat / per-bot summaries."""

from __future__ import annotations

import pytest

from ravenry.sim.runner import GameSummary
from ravenry.sim.stats import summarize, wilson_interval


def test_wilson_interval_known_values() -> None:
    # Reference values: the roots of (p - x/n)^2 = z^2 p (1 - p) / n, solved independently.
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(15, 148)
    assert low == pytest.approx(0.0624, abs=1e-4) and high == pytest.approx(0.1605, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def _game(
    bots: tuple[str, ...], winners: tuple[int, ...], scores: tuple[int, ...], turns: int
) -> GameSummary:
    return GameSummary("catan", 0, bots, bool(winners), winners, "test", turns, scores, 10 * turns)


def test_summarize_counts_seats_kinds_and_unfinished_games() -> None:
    g, r = "greedy", "random"
    games = [
        _game((g, r, r), (0,), (10, 3, 4), 50),
        _game((g, r, r), (2,), (8, 3, 10), 70),
        _game((r, g, r), (1,), (2, 10, 5), 60),
        _game((r, g, r), (), (5, 6, 7), 1000),  # capped: nobody's win
    ]
    stats = summarize(games, elapsed_seconds=2.0)
    assert stats.games == 4 and stats.unfinished == 1 and stats.finished == 3
    assert stats.average_turns == pytest.approx(60.0)
    assert stats.average_steps == pytest.approx(10 * (50 + 70 + 60 + 1000) / 4)
    assert stats.games_per_second == pytest.approx(2.0)
    assert [(s.wins, s.trials) for s in stats.seats] == [(1, 4), (1, 4), (1, 4)]
    assert stats.seats[0].label == "seat 0 (greedy/random)"
    assert stats.seats[2].average_points == pytest.approx((4 + 10 + 5 + 7) / 4)
    kinds = {k.label: k for k in stats.kinds}
    assert (kinds[g].wins, kinds[g].trials) == (2, 4)
    assert (kinds[r].wins, kinds[r].trials) == (1, 8)
    assert kinds[g].rate == 0.5
    assert kinds[g].interval == wilson_interval(2, 4)
    assert kinds[g].average_points == pytest.approx((10 + 8 + 10 + 6) / 4)
    data = stats.to_json()
    assert data["unfinished"] == 1 and data["bots"][0]["ci95"] == list(wilson_interval(2, 4))


def test_summarize_needs_games() -> None:
    with pytest.raises(ValueError):
        summarize([])
