"""Catan's hooks for the conformance kit: its invariants, its hidden-information scramble, JSON that
is not a Catan action, and the random policy's weights.

The policy favours building over ending the turn and considers domestic offers on only a few
percent of its choices, so that random games reach 10 points in a few hundred turns.
"""

from __future__ import annotations

import pytest

from ravenry.games.catan.invariants import CatanInvariants, scramble_hidden
from ravenry.testing import GameChecks

CATAN_MALFORMED_JSON = (
    {"type": "build_road", "edge": "x"},
    {"type": "build_road"},
    {"type": "build_road", "edge": True},
    {"type": "build_road", "edge": -3},
    {"type": "build_road", "edge": 4.5},
    {"type": "discard", "resource": "gold"},
    {"type": "maritime_trade", "give": "brick", "rate": 4},
    {"type": "offer_trade", "give": {"brick": -1}, "get": {"ore": 1}},
    {"type": "offer_trade", "give": {"brick": 1}, "get": ["ore"]},
    {"type": "move_robber", "hex": "desert", "victim": None},
    {"type": "play_year_of_plenty", "first": None, "second": None},
    {"type": "ROLL"},
    ["roll"],
    "roll",
)

CATAN_WEIGHTS = {
    "end_turn": 0.3,
    "build_settlement": 50.0,
    "build_city": 50.0,
    "build_road": 2.0,
    "buy_dev": 4.0,
    "maritime_trade": 6.0,
}


def make_catan_checks() -> GameChecks:
    return GameChecks(
        invariants=CatanInvariants(),
        scramble_hidden=scramble_hidden,
        malformed_json=CATAN_MALFORMED_JSON,
        action_weights=CATAN_WEIGHTS,
        rare_actions=frozenset({"offer_trade", "counter_offer"}),
        rare_percent=3,
    )


@pytest.fixture(scope="module")
def catan_checks() -> GameChecks:
    return make_catan_checks()


def sweep_seeds(players: int, board_index: int, chunk: int, per_chunk: int, base: int = 0) -> range:
    """Disjoint seed ranges for each (players, board, chunk) of a sweep, so no two runs repeat."""
    start = base + (players * 10 + board_index) * 100_000 + chunk * per_chunk
    return range(start, start + per_chunk)
