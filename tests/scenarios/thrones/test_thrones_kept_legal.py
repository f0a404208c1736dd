"""The legal actions a Thrones state keeps by seat through the other seats' sealed answers
(``ThronesState._legal_actions``) are always the ones worked out afresh.

An RL environment asks every bot of a simultaneous decision (orders, bids) before it applies
their answers, one after the other: each seat's list is kept through the others' applies while
they change nothing it may do. Here random games ask every deciding seat in turn, apply the
answers in seat order, and compare every seat's list with a clone's (which keeps nothing).
"""

from __future__ import annotations

import random

import pytest

import ravenry


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (4, 2), (3, 3)])
def test_kept_lists_are_the_fresh_ones(players: int, seed: int) -> None:
    state = ravenry.new_game("thrones", players=players, seed=seed)
    chooser = random.Random(seed)
    sealed = 0
    while True:
        decision = state.decision()
        if decision.result is not None:
            break
        answers = [(p, chooser.choice(state.legal_actions(p))) for p in decision.players]
        for p, action in answers:
            if p not in state.decision().players:
                continue
            fresh = state.clone()
            for q in range(players):
                assert state.legal_actions(q) == fresh.legal_actions(q), (len(state.history), q)
            state.apply(p, action)
            sealed += decision.simultaneous
    assert sealed > 100
