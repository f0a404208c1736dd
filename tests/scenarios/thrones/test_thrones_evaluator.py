"""The learned evaluator on a position a player reads at a glance: a house on six castles with a
march order to an empty seventh is rated above every other house, by itself and by them."""

from __future__ import annotations

from thrones_positions import blank, give_order, hold, put, seat, start_marches

from ravenry.evaluators import evaluator_for
from ravenry.games.thrones.data import HOUSES


def test_six_castles_and_a_safe_seventh_march_rate_above_the_neighbours() -> None:
    s = blank()
    for c in ("lannisport", "riverrun", "harrenhal", "seagard", "moat-cailin", "crackclaw-point"):
        put(s, c, "lannister", footmen=1)
    put(s, "blackwater", "lannister", footmen=2)
    give_order(s, "blackwater", "march+0")
    for house, home in (("baratheon", "dragonstone"), ("greyjoy", "pyke"), ("tyrell", "highgarden")):
        put(s, home, house, footmen=1)
    hold(s)  # Stark's march at Winterfell, resolved last
    start_marches(s)
    judge = evaluator_for("thrones", 5)
    assert judge.kind == "network"
    lannister = seat(s, "lannister")
    for house in HOUSES:
        probs = judge.probabilities(s, seat(s, house))
        assert all(probs[lannister] > probs[q] for q in range(5) if q != lannister), (house, probs)
