"""The learned evaluator on positions a player reads at a glance: a seat one city from winning
is rated far above seats that have barely started, by itself and by each of them."""

from __future__ import annotations

from ravenry.evaluators import evaluator_for
from ravenry.games.catan.scenario import Position


def _spread(pos: Position, seat: int, hexes: list[int]) -> list[int]:
    """Intersections, one north corner of each of ``hexes`` (far apart on the board)."""
    return [pos.node(h, "N") for h in hexes]


def test_one_city_from_winning_rates_above_the_far_behind() -> None:
    pos = Position("catan", players=4)
    leader = _spread(pos, 0, [0, 2, 7, 11, 16])
    pos.city(0, *leader[:4]).settlement(0, leader[4])  # 9 points
    pos.road(0, pos.edge(0, "E"), pos.edge(2, "W"))
    for p, h in ((1, 9), (2, 13), (3, 18)):
        pos.settlement(p, pos.node(h, "S"))
    pos.hand(0, grain=2, ore=3).turn(0, "main")  # the city that wins is in hand
    state = pos.state
    judge = evaluator_for("catan", 4)
    assert judge.kind == "network"
    for seat in range(4):
        probs = judge.probabilities(state, seat)
        assert probs[0] > 0.5, (seat, probs)
        assert all(probs[0] > 2 * probs[q] for q in (1, 2, 3)), (seat, probs)
