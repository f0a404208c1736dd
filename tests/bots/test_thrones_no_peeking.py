"""What a fair Thrones bot may know — checked, not promised (the Thrones part of
``test_no_peeking.py``).

Positions of every phase of seeded 5-player games (``thrones_no_peeking.thrones_positions``):
planning with other houses' face-down orders placed, bidding with others' sealed bids in, house
cards with the other side's card chosen, the Westeros phase's mustering, ties and wildlings,
every step of a battle. A twin scrambled for the deciding seat must get the very same sample
from ``state.sample_hidden`` and the same choice from every bot kind with the same seed; a
sampler that keeps the truth and a bot that reads it are caught.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from no_peeking import Position, bot_peeks, engine_sampler, kind_maker, sampler_peeks
from thrones_no_peeking import THRONES_PHASES, thrones_positions

from ravenry.bots.base import Bot, Sampler, View
from ravenry.bots.greedy.thrones import GreedyThronesBot
from ravenry.bots.thrones_search import light_view
from ravenry.core.protocol import Action, GameState
from ravenry.core.rng import Rng
from ravenry.core.templates import Template
from ravenry.games.thrones.invariants import thrones_invariants
from ravenry.games.thrones.state import P_BID, P_CARDS, P_PLANNING

SEARCH_OPTIONS: dict[str, Any] = {"iters": 4, "width": 3, "plans": 3}


@pytest.fixture(scope="module")
def cases() -> list[Position]:
    return thrones_positions(range(1, 4), per_phase=2)


def _hidden_in(case: Position) -> bool:
    """Whether another house holds a sealed choice the seat cannot see in this position."""
    s: Any = case.state
    others = [q for q in range(s.n) if q != case.seat]
    if s.phase == P_PLANNING:
        return any(max(s.pending[q]) >= 0 for q in others)
    if s.phase == P_BID:
        return any(s.bidding.bids[q] >= 0 for q in others)
    if s.phase == P_CARDS:
        return any(
            s.battle.cards[side] >= 0 and seat != case.seat
            for side, seat in enumerate((s.battle.attacker, s.battle.defender))
        )
    return False


def test_positions_cover_every_phase_with_sealed_choices_of_others(cases: list[Position]) -> None:
    phases = {c.phase for c in cases}
    assert phases >= THRONES_PHASES, f"missing phases: {sorted(THRONES_PHASES - phases)}"
    sealed = {c.phase for c in cases if _hidden_in(c)}
    assert sealed >= {"planning", "bidding", "house_cards"}, sealed
    assert all(c.state.to_json_text() != c.twin.to_json_text() for c in cases)


def test_samples_are_the_same_for_a_position_and_its_twin(cases: list[Position]) -> None:
    assert sampler_peeks(engine_sampler, cases) == []


def test_samples_keep_what_the_seat_sees_and_hold_every_invariant(cases: list[Position]) -> None:
    sealed_redrawn = 0
    for case in cases:
        before = case.state.to_json_text()
        sample: Any = case.state.sample_hidden(case.seat, Rng.from_seed(case.step))
        assert sample.observe(case.seat) == case.state.observe(case.seat)
        assert sample.legal_actions(case.seat) == case.state.legal_actions(case.seat)
        assert sample.decision() == case.state.decision()
        assert sample.history == []
        thrones_invariants(sample)
        truth: Any = case.state
        assert sample.decks != truth.decks or all(len(d) < 2 for d in truth.decks)
        if _hidden_in(case):
            sealed_redrawn += (sample.pending, sample.bidding.bids, sample.battle.cards) != (
                truth.pending,
                truth.bidding.bids,
                truth.battle.cards,
            )
        assert case.state.to_json_text() == before  # sampling changes nothing in the position
        # The sample plays on: every seat's legal actions apply in it.
        for p in sample.decision().players:
            sample.clone().apply(p, sample.legal_actions(p)[0])
    assert sealed_redrawn >= 3


def test_others_ready_orders_are_a_full_legal_assignment(cases: list[Position]) -> None:
    planning = [c for c in cases if c.phase == "planning" and _hidden_in(c)]
    assert planning
    for case in planning:
        s: Any = case.state
        sample: Any = s.sample_hidden(case.seat, Rng.from_seed(5))
        for q in range(s.n):
            if q != case.seat and s.ready[q]:
                # Every area is ordered, or no token may go there any more.
                sample.ready[q] = 0
                sample.forget_legal_actions()
                assert not [a for a in sample.legal_actions(q) if a[0] == "place_order"]
                assert ("ready",) in sample.legal_actions(q)
            elif q != case.seat:
                assert max(sample.pending[q]) < 0  # not ready: its tokens are back in hand
        assert sample.pending[case.seat] == s.pending[case.seat]


@pytest.mark.parametrize(
    ("kind", "options"),
    [("random", {}), ("greedy", {}), ("search", SEARCH_OPTIONS), ("expert", SEARCH_OPTIONS)],
)
def test_every_bot_kind_chooses_the_same_for_a_position_and_its_twin(
    cases: list[Position], kind: str, options: dict[str, Any]
) -> None:
    assert bot_peeks(kind_maker(kind, **options), cases) == []


def test_the_light_view_gives_greedy_the_choices_of_the_full_view(cases: list[Position]) -> None:
    """The search's playouts read states through light_view: greedy must choose as it does
    through observe(), or the playouts would not be greedy's games."""
    bot = GreedyThronesBot()
    for case in cases:
        for p in case.state.decision().players:
            legal = case.state.legal_actions(p)
            full = bot.act(case.state.observe(p), legal, Rng.from_seed(1))
            assert bot.act(light_view(case.state, p), legal, Rng.from_seed(1)) == full, case.phase


class PeekingBot:
    """Cheats: picks by the true decks, read through the sampler's state."""

    kind = "peeking"
    uses_templates = True
    uses_sampler = True

    def act(
        self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Template], sample: Sampler
    ) -> Action:
        truth: Any = sample._state  # the cheat under test
        return legal[sum(i * c for i, c in enumerate(truth.decks[0])) % len(legal)]


def test_a_bot_that_peeks_is_caught(cases: list[Position]) -> None:
    def make(game_id: str) -> Bot:
        return PeekingBot()

    assert len(bot_peeks(make, cases)) >= 3


def test_a_sampler_that_keeps_the_true_sealed_choices_is_caught(cases: list[Position]) -> None:
    def leaky(state: GameState, seat: int, rng: Rng) -> GameState:
        sample: Any = state.sample_hidden(seat, rng)
        truth: Any = state
        sample.pending = [p[:] for p in truth.pending]
        sample.bidding.bids = truth.bidding.bids[:]
        sample.battle.cards = truth.battle.cards[:]
        return sample

    assert len(sampler_peeks(leaky, cases)) >= 3


def test_the_sampler_is_seeded(cases: list[Position]) -> None:
    case = cases[len(cases) // 2]
    one = case.state.sample_hidden(case.seat, Rng.from_seed(3)).to_json_text()
    assert one == case.state.sample_hidden(case.seat, Rng.from_seed(3)).to_json_text()
    others = {case.state.sample_hidden(case.seat, Rng.from_seed(s)).to_json_text() for s in range(4, 12)}
    assert len(others) > 1
