"""Thrones positions for the no-peeking checks: positions of every phase of seeded 5-player
games (greedy and random houses, so that battles happen), each with a twin whose hidden
information is scrambled for the deciding seat by the game's own ``scramble_hidden`` (the
conformance suite's definition: the others' face-down orders, sealed bids and available power
while bidding, the other side's unrevealed house card, the decks' order, the generator).

Planning positions are taken with the deciding seat still placing while some others are ready
(their face-down orders placed), bidding positions once some have bid, house-card positions
once the other side has chosen where that happens.
"""

from __future__ import annotations

from no_peeking import Position

import ravenry
from ravenry.bots.base import BotSeat, bot_from_spec
from ravenry.core.rng import Rng
from ravenry.games.thrones.invariants import scramble_hidden
from ravenry.games.thrones.state import PHASE_NAMES

# Greedy houses and random ones: greedy alone never fights; random alone never plans well.
DRIVERS = ("greedy", "random", "greedy", "random", "random")
# The phases every run of positions() must reach (the Westeros phase's choices included).
THRONES_PHASES = frozenset(
    {"planning", "march_choose", "march_move", "house_cards", "mustering", "bidding", "casualties"}
)


def thrones_positions(seeds: range, per_phase: int = 3, every: int = 5) -> list[Position]:
    """Up to ``per_phase`` positions per seed of each phase (every ``every``-th step of the
    common ones, every position of a rare one), each with its twin; in a simultaneous phase the
    seat asked is the last one still to decide, so the others' sealed choices are in."""
    found: dict[str, int] = {}
    out: list[Position] = []
    for seed in seeds:
        state = ravenry.new_game("thrones", players=5, seed=seed)
        seats = [BotSeat(bot_from_spec(spec, "thrones")) for spec in DRIVERS]
        rng = Rng.from_seed(seed)
        step = 0
        while not state.decision().over and step < 3000:
            decision = state.decision()
            phase = PHASE_NAMES[state.phase]  # type: ignore[attr-defined]
            rare = phase not in ("planning", "march_move")
            if (rare or step % every == 0) and found.get(phase, 0) < per_phase * len(seeds):
                seat = decision.players[0 if phase == "planning" else -1]
                twin = scramble_hidden(state, seat, Rng.from_seed(seed * 7919 + step))
                out.append(Position("thrones", seed, step, phase, seat, state.clone(), twin))
                found[phase] = found.get(phase, 0) + 1
            p = decision.players[0]
            state.apply(p, seats[p].decide(state, p, rng))
            step += 1
    return out
