"""Seeded random games of A Game of Thrones: The Board Game through the conformance kit.

The full sweep (every run of the compiled build, CI's second pass) plays 300 five-player games
and 100 each of three and four players; the pure pass plays a quarter of it. Each game runs with
the invariants of ``games/thrones/invariants.py`` after every step (20 power tokens per house,
unit and supply limits, one order per area, cards conserved) and the expensive checks (clones,
JSON twins, refusals, views, hidden-information scrambles: nobody sees another house's face-down
orders, bids or house card before the reveal) on every 100th step. The rule option
``orders_optional`` gets five games of its own, and Hypothesis throws untrusted JSON at positions
of a game (refused with a reason and no change unless legal).
"""

from __future__ import annotations

import pytest
from conftest import sweep_share
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ravenry
from ravenry.core.errors import IllegalAction
from ravenry.core.rng import Rng
from ravenry.games.thrones.invariants import scramble_hidden, thrones_invariants
from ravenry.games.thrones.rules import THRONES_ACTION_FIELDS, ThronesState
from ravenry.testing import GameChecks, PlayoutSettings, run_conformance

MALFORMED = (
    {"type": "place_order", "area": "winterfell", "order": 1},
    {"type": "place_order", "area": 1},
    {"type": "move", "from": 1, "to": 2, "unit": True},
    {"type": "bid", "amount": -1},
    {"type": "bid", "amount": 1.5},
    {"type": "end_march"},
    {"type": "MARCH", "area": 3},
    ["ready"],
    "ready",
)
CHECKS = GameChecks(
    invariants=thrones_invariants,
    scramble_hidden=scramble_hidden,
    malformed_json=MALFORMED,
    # Random play that ends marches at once never fights: favour moving units. Taking an order
    # back is rare (at the same weight as placing, planning is a long random walk), but met.
    action_weights={"move": 6.0, "end_march": 1.0, "ready": 1.0, "clear_order": 0.15},
)
MAX_STEPS = 6000


def _run(players: int, seeds: range, sample_every: int, options: dict[str, bool] | None = None) -> None:
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=sample_every, replay_every_game=3)
    result = run_conformance(
        "thrones", seeds, players=players, options=options, checks=CHECKS, settings=settings
    )
    assert result.games == len(seeds)
    assert result.finished == result.games, f"{result.capped} games hit the step cap"
    assert result.sampled_steps >= result.games
    assert result.refusals > 5 * result.sampled_steps
    assert result.scrambled_views == result.sampled_steps * (players + 1)
    kinds = set(result.action_types)
    assert {"place_order", "clear_order", "ready", "march", "move", "end_march", "bid", "house_card"} <= kinds


# The sweep: 300 five-player games and 100 each of four and three players, in chunks of
# 25 so that pytest-xdist spreads them over the cores; every fourth chunk (each player count at
# least once) in the pure pass, the others in the compiled one (conftest.sweep_share).
SWEEP = ((5, 300), (4, 100), (3, 100))
CHUNK = 25


@pytest.mark.parametrize(
    ("players", "first"),
    sweep_share([(players, k) for players, games in SWEEP for k in range(0, games, CHUNK)]),
)
def test_random_games(players: int, first: int) -> None:
    base = players * 100_000 + first
    _run(players, range(base, base + CHUNK), sample_every=100)


def test_orders_optional_rule_option() -> None:
    _run(5, range(700_000, 700_005), sample_every=50, options={"orders_optional": True})


def test_dense_checks() -> None:
    """Two games with the whole battery on every 5th step, so rare moments get it too."""
    _run(5, range(900_000, 900_002), sample_every=5)


# -- untrusted input ---------------------------------------------------------------------------------
_FIELD_NAMES = sorted({name for spec in THRONES_ACTION_FIELDS.values() for name, _ in spec})
_VALUES = st.one_of(
    st.integers(min_value=-3, max_value=60),
    st.integers(),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.lists(st.integers(0, 5), max_size=2),
)
_ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from([*THRONES_ACTION_FIELDS, "nope"])},
    optional={name: _VALUES for name in _FIELD_NAMES},
)


# The positions' random play takes no order back: else most of them would still be planning.
NOT_CLEARING = frozenset({"clear_order"})


def _position(seed: int, steps: int) -> ThronesState:
    state = ravenry.new_game("thrones", players=5, seed=seed)
    assert isinstance(state, ThronesState)
    policy = Rng.from_seed(seed)
    for _ in range(steps):
        if state.decision().over:
            break
        seat = policy.choice(state.decision().players)
        state.apply(seat, policy.choice(state.legal_actions(seat, NOT_CLEARING)))
    return state


_POSITIONS = [_position(seed, steps) for seed, steps in ((1, 0), (2, 40), (3, 120), (4, 300), (5, 450))]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(_POSITIONS) - 1), seat=st.integers(-1, 5), obj=_ACTIONS)
def test_untrusted_json_is_refused_without_a_change(which: int, seat: int, obj: dict[str, object]) -> None:
    state = _POSITIONS[which].clone()
    before = state.to_json_text()
    try:
        action = state.game.action_from_json(obj)
        legal = 0 <= seat < 5 and action in state.legal_actions(seat)
    except IllegalAction:
        legal = False
    try:
        state.apply_json(seat, obj)
    except IllegalAction as exc:
        assert not legal, f"{obj} was legal for {seat} but refused: {exc}"
        assert exc.reason
        assert state.to_json_text() == before
        return
    assert legal, f"{obj} by {seat} was accepted but is not a legal action"
