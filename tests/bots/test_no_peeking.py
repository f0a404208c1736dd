"""What a fair bot may know — checked, not promised.

For positions of every phase of random games of the three Catan games (several seeds), a twin
whose hidden information is scrambled for the deciding seat (``no_peeking.positions``) must make
every bot kind with the same seed choose the same action, and the engine's sampler
(``state.sample_hidden``) return the very same sample. The check can fail: a bot that reads the
true state, and a sampler that keeps the true hands, are both caught.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from no_peeking import (
    CORE_PHASES,
    GAMES,
    INVARIANTS,
    Position,
    bot_peeks,
    engine_sampler,
    kind_maker,
    positions,
    sampler_peeks,
)

from ravenry.bots.base import Bot, Sampler, View
from ravenry.core.errors import InvalidSeat
from ravenry.core.protocol import Action, GameState
from ravenry.core.rng import Rng
from ravenry.core.templates import Template
from ravenry.games.brotherhood.heroes import HERO_PHASES

# A search budget small enough for many positions, large enough to play real candidates.
SEARCH_OPTIONS: dict[str, Any] = {"iters": 6, "width": 3, "horizon": 1}


@pytest.fixture(scope="module", params=GAMES)
def cases(request: pytest.FixtureRequest) -> list[Position]:
    return positions(request.param, range(1, 5), per_phase=2)


def test_positions_cover_every_phase_and_their_twins_differ(cases: list[Position]) -> None:
    phases = {c.phase for c in cases}
    assert phases >= CORE_PHASES, f"missing phases: {sorted(CORE_PHASES - phases)}"
    # The twins must really hide something else, or the checks below could not fail.
    changed = [c for c in cases if c.state.to_json_text() != c.twin.to_json_text()]
    assert len(changed) >= 0.9 * len(cases)
    if cases[0].game_id == "brotherhood":
        assert phases >= {"setup_guard", *HERO_PHASES.values()}


def test_samples_are_the_same_for_a_position_and_its_twin(cases: list[Position]) -> None:
    assert sampler_peeks(engine_sampler, cases) == []


def test_samples_keep_what_the_seat_sees_and_hold_every_invariant(cases: list[Position]) -> None:
    invariants = INVARIANTS[cases[0].game_id]()
    redrawn = 0
    for case in cases:
        sample = case.state.sample_hidden(case.seat, Rng.from_seed(case.step))
        assert sample is not case.state
        assert sample.observe(case.seat) == case.state.observe(case.seat)
        assert sample.legal_actions(case.seat) == case.state.legal_actions(case.seat)
        assert sample.action_templates(case.seat) == case.state.action_templates(case.seat)
        invariants(sample)
        redrawn += sample.to_json_text() != case.state.to_json_text()
        # Sampling changes nothing in the position itself.
        assert case.state.to_json_text() == case.state.clone().to_json_text()
    assert redrawn >= 0.9 * len(cases)


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("random", {}),
        ("greedy", {}),
        ("search", SEARCH_OPTIONS),
        ("search", {**SEARCH_OPTIONS, "leaf": "rich"}),
        ("expert", {"iters": 6, "width": 3}),
    ],
)
def test_every_bot_kind_chooses_the_same_for_a_position_and_its_twin(
    cases: list[Position], kind: str, options: dict[str, Any]
) -> None:
    assert bot_peeks(kind_maker(kind, **options), cases) == []


class PeekingBot:
    """Cheats: picks by the true hand of the next player, read through the sampler's state."""

    kind = "peeking"
    uses_templates = True
    uses_sampler = True

    def act(
        self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Template], sample: Sampler
    ) -> Action:
        truth: Any = sample._state  # the cheat under test
        nxt = (sample.seat + 1) % truth.n
        return legal[sum(r * c for r, c in enumerate(truth.hands[nxt], 1)) % len(legal)]


def test_a_bot_that_peeks_is_caught(cases: list[Position]) -> None:
    def make(game_id: str) -> Bot:
        return PeekingBot()

    assert len(bot_peeks(make, cases)) >= 3


def test_a_sampler_that_keeps_the_true_hands_is_caught(cases: list[Position]) -> None:
    def leaky(state: GameState, seat: int, rng: Rng) -> GameState:
        sample: Any = state.sample_hidden(seat, rng)
        truth: Any = state
        sample.hands = [list(h) for h in truth.hands]
        return sample

    assert len(sampler_peeks(leaky, cases)) >= 3


def test_the_sampler_is_seeded_and_checks_its_seat(cases: list[Position]) -> None:
    case = cases[len(cases) // 2]
    one = case.state.sample_hidden(case.seat, Rng.from_seed(3)).to_json_text()
    assert one == case.state.sample_hidden(case.seat, Rng.from_seed(3)).to_json_text()
    others = {case.state.sample_hidden(case.seat, Rng.from_seed(s)).to_json_text() for s in range(4, 12)}
    assert len(others) > 1
    for seat in (-1, 4, True, "0", None):
        with pytest.raises(InvalidSeat):
            case.state.sample_hidden(seat, Rng.from_seed(1))


def test_a_game_without_a_sampler_says_so() -> None:
    # Every game has a sampler now: the protocol's default hook is what a new game starts with.
    from ravenry.core.registry import new_game

    state = new_game("thrones", 5, 1)
    with pytest.raises(NotImplementedError, match="thrones has no sampler"):
        GameState._sample_hidden(state, 0, Rng.from_seed(1))
