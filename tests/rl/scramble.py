"""Hidden-information twins: a copy of a state that differs only in what ``viewer`` cannot see.

Catan family: the other seats' resource hands are pooled and dealt again at random (each keeps
its size; the pool keeps its make-up, which the bank reveals); the other seats' development
cards held since before this turn are pooled with the deck, shuffled and dealt again (same
sizes); the deck is shuffled. Kept as they are: a hand the viewer is looking at (Mance Rayder)
and the top three cards the viewer is looking at (Melisandre).

Thrones: the other houses' face-down orders are permuted among their own ordered areas; their
sealed bids (while bidding) are replaced by other amounts they could bid; a house card the other
side of a battle has chosen face down is swapped for another card of its hand.

The twin is compared, never played on: it need not be reachable by play, only consistent in
what every view reads.
"""

from __future__ import annotations

import random
from typing import Any

from ravenry.core.protocol import GameState


def scrambled(state: GameState, viewer: int, rng: random.Random) -> GameState:
    twin = state.clone()
    if state.game.id == "thrones":
        _scramble_thrones(twin, viewer, rng)
    else:
        _scramble_catan(twin, viewer, rng)
    twin.forget_legal_actions()
    return twin


def _scramble_catan(s: Any, viewer: int, rng: random.Random) -> None:
    n = s.n
    seen = set()
    phase_name = s.phase_name()
    if phase_name == "hero_mance" and s.heroes.hero_actor == viewer:
        seen.add(s.heroes.hero_choice[0])
    others = [p for p in range(n) if p != viewer and p not in seen]
    pool = [r for p in others for r in range(5) for _ in range(s.hands[p][r])]
    rng.shuffle(pool)
    for p in others:
        size = sum(s.hands[p])
        dealt, pool = pool[:size], pool[size:]
        s.hands[p] = [dealt.count(r) for r in range(5)]
    # Development cards: the others' older cards (those bought this turn stay: their count is
    # shown apart only to their holder, but keep them out of the pool to keep each hand valid).
    keep_top = 3 if phase_name == "hero_melisandre" and s.heroes.hero_actor == viewer else 0
    deck = list(s.dev_deck)
    top = deck[len(deck) - keep_top :] if keep_top else []
    cards = deck[: len(deck) - keep_top] if keep_top else deck
    sizes = {}
    for p in range(n):
        if p == viewer:
            continue
        old = [s.dev_hands[p][k] - s.dev_bought_this_turn[p][k] for k in range(len(s.dev_hands[p]))]
        sizes[p] = sum(old)
        for k, count in enumerate(old):
            cards.extend([k] * count)
            s.dev_hands[p][k] -= count
    rng.shuffle(cards)
    for p, size in sizes.items():
        dealt, cards = cards[:size], cards[size:]
        for k in dealt:
            s.dev_hands[p][k] += 1
    s.dev_deck = cards + top


def _scramble_thrones(s: Any, viewer: int, rng: random.Random) -> None:
    from ravenry.games.thrones.state import PHASE_NAMES

    n = s.n
    for p in range(n):
        if p == viewer:
            continue
        areas = [a for a, k in enumerate(s.pending[p]) if k >= 0]
        kinds = [s.pending[p][a] for a in areas]
        rng.shuffle(kinds)
        for a, k in zip(areas, kinds, strict=True):
            s.pending[p][a] = k
    if PHASE_NAMES[s.phase] == "bidding":
        for p in range(n):
            if p != viewer and s.bidding.bids[p] >= 0:
                s.bidding.bids[p] = rng.randint(0, s.power[p])
                # the other house's power is hidden while bidding: change it too
                s.power[p] = s.bidding.bids[p] + rng.randint(0, 3)
    if s.battle.area >= 0 and not s.battle.cards_revealed:
        for side, seat in ((0, s.battle.attacker), (1, s.battle.defender)):
            if seat != viewer and s.battle.cards[side] >= 0:
                hand = [c for c in range(7) if (s.hand[seat] >> c) & 1]
                s.battle.cards[side] = rng.choice(hand)
