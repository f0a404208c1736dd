"""What liar's dice adds to the conformance kit (:mod:`ravenry.testing.conformance`): its own
invariants, what a viewer cannot see (the others' cups, the dice to come) and JSON that is no
action of the game."""

from __future__ import annotations

from liars_dice.state import FACES, LiarsDiceState, beats
from ravenry.core.protocol import GameState
from ravenry.core.rng import Rng
from ravenry.testing import GameChecks


def invariants(state: GameState) -> None:
    assert isinstance(state, LiarsDiceState)
    lost = state.config.players * state.config.dice - state.total_dice()
    assert lost == sum(1 for _, action in state.history if action[0] == "challenge"), "a die per challenge"
    for cup in state.dice:
        assert cup == sorted(cup) and all(1 <= d <= FACES for d in cup), cup
    for i in range(1, len(state.bids)):
        _, count, face = state.bids[i]
        assert beats(count, face, state.bids[:i]), "each bid beats the one before"
    if not state.decision().over:
        assert state.dice[state.turn], "the seat to bid has dice"


def scramble_hidden(state: GameState, viewer: int | None, rng: Rng) -> GameState:
    assert isinstance(state, LiarsDiceState)
    return state.redrawn(viewer, rng)


CHECKS = GameChecks(
    invariants=invariants,
    scramble_hidden=scramble_hidden,
    malformed_json=(
        {"type": "bid", "count": "3", "face": 5},
        {"type": "bid", "count": 3},
        {"type": "bid", "count": 3, "face": 5, "seat": 1},
        {"type": "challenge", "bid": 0},
        {"type": "liar"},
        ["challenge"],
    ),
    action_weights={"challenge": 4.0},  # a random bidder would otherwise bid the cups dry
)
