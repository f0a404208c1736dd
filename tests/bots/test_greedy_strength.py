"""The greedy bots must beat random bots by a wide margin in every game of the family.

Measured (4 players, one greedy and three random bots, seats rotated):
- catan: 60 of 60 games (seeds 11 and 12, with and without random offers); 200/200 unrotated.
- got-catan: 1200 of 1200 (seeds 21 and 22, 300 games each, random and random:offers=false).
- brotherhood: 1195 of 1200 (99.6%) in the same runs; the Catan greedy bot, blind to the Wall,
  won 71.5% (143/200, seed 5) and lost most games that ended in a siege, holding fewer guards.
The thresholds leave a wide margin below those rates while staying far above the 25% of an
equal player.
"""

from __future__ import annotations

import pytest

from ravenry.sim.simulate import simulate


@pytest.mark.parametrize(
    ("game_id", "seed", "games", "threshold"),
    [("catan", 11, 60, 0.85), ("got-catan", 13, 60, 0.85), ("brotherhood", 14, 60, 0.85)],
)
def test_greedy_beats_three_random_bots(game_id: str, seed: int, games: int, threshold: float) -> None:
    bots = ["greedy", "random", "random", "random:offers=false"]
    result = simulate(game_id, 4, bots, games, seed=seed, rotate=True)
    stats = result.stats
    greedy = next(k for k in stats.kinds if k.label == "greedy")
    assert stats.unfinished == 0
    assert greedy.trials == games
    assert greedy.rate > threshold
    assert greedy.interval[0] > 0.5
