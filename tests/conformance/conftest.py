"""The Catan family's hooks for the conformance kit: each game's invariants, hidden-information
scramble and JSON that is not one of its actions, and the random policy's weights (Catan's, for all).

The policy favours building over ending the turn and considers domestic offers on only a few
percent of its choices, so that random games reach 10 points in a few hundred turns.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

import pytest

from ravenry.build import compiled
from ravenry.core.protocol import JSON
from ravenry.games.brotherhood import invariants as brotherhood_invariants
from ravenry.games.catan.invariants import CatanInvariants, scramble_hidden
from ravenry.games.got_catan import invariants as got_invariants
from ravenry.testing import GameChecks
from ravenry.testing.conformance import Invariants, ScrambleHidden

T = TypeVar("T")

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


# JSON that is no got-catan action: Brotherhood's actions, and a hex below Tormund's camp (-1).
GOT_MALFORMED_JSON = (
    {"type": "build_guard", "section": 0},
    {"type": "use_qhorin"},
    {"type": "move_robber", "hex": -2, "victim": None},
)

BROTHERHOOD_MALFORMED_JSON = (
    {"type": "build_guard", "section": "west"},
    {"type": "build_guard"},
    {"type": "place_guard", "section": 1.5},
    {"type": "use_benjen", "area": 0},
    {"type": "hero_swap", "hero": "melisandre"},
    {"type": "use_mormont", "resource": "grain", "first": 1, "give_first": "gold", "second": None},
    {"type": "patrol_wildling", "hex": True},
    {"type": "melisandre_pick", "index": -1},
    {"type": "move_robber", "hex": -2, "victim": None},
)


@pytest.fixture(scope="module")
def catan_checks() -> GameChecks:
    return make_catan_checks()


def variant_checks(
    base: GameChecks, invariants: Invariants, scramble: ScrambleHidden, malformed: tuple[JSON, ...]
) -> GameChecks:
    """Catan's policy and malformed JSON, with a variant's own invariants, secrets and bad JSON."""
    return replace(
        base,
        invariants=invariants,
        scramble_hidden=scramble,
        malformed_json=(*base.malformed_json, *malformed),
    )


@pytest.fixture(scope="module")
def got_checks(catan_checks: GameChecks) -> GameChecks:
    got = got_invariants
    return variant_checks(catan_checks, got.GotCatanInvariants(), got.scramble_hidden, GOT_MALFORMED_JSON)


@pytest.fixture(scope="module")
def brotherhood_checks(catan_checks: GameChecks) -> GameChecks:
    bro = brotherhood_invariants
    return variant_checks(
        catan_checks, bro.BrotherhoodInvariants(), bro.scramble_hidden, BROTHERHOOD_MALFORMED_JSON
    )


@pytest.fixture(scope="module")
def family_checks(
    catan_checks: GameChecks, got_checks: GameChecks, brotherhood_checks: GameChecks
) -> dict[str, GameChecks]:
    """Each Catan-family game's checks, by game id."""
    return {"catan": catan_checks, "got-catan": got_checks, "brotherhood": brotherhood_checks}


# CI's two passes share the big random-game sweeps, so that CI plays each sweep whole, once: the
# pure pass (`make test`) plays every fourth chunk, the compiled pass (`make test-compiled`, about
# three times faster, the same rules source) the other three. RAVENRY_FULL_SWEEP=1 makes either
# pass play them all.
FULL_SWEEP = os.environ.get("RAVENRY_FULL_SWEEP") == "1"
SWEEP_STRIDE = 4  # the pure pass's share: every fourth chunk


def sweep_share(chunks: Sequence[T]) -> list[T]:
    """The chunks of a sweep this pass plays: all where FULL_SWEEP; else every fourth (the
    first, the fifth, ...) on the pure build and the rest on the compiled one."""
    if FULL_SWEEP:
        return list(chunks)
    on_compiled = compiled()
    return [c for i, c in enumerate(chunks) if (i % SWEEP_STRIDE != 0) == on_compiled]


def sweep_chunks(chunks: int) -> list[int]:
    """The chunk numbers of a sweep of ``chunks`` this pass plays (:func:`sweep_share`)."""
    return sweep_share(range(chunks))


def sweep_seeds(players: int, board_index: int, chunk: int, per_chunk: int, base: int = 0) -> range:
    """Disjoint seed ranges for each (players, board, chunk) of a sweep, so no two runs repeat."""
    start = base + (players * 10 + board_index) * 100_000 + chunk * per_chunk
    return range(start, start + per_chunk)
