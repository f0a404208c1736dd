"""Checks for the conformance kit: what must hold after every step of a Thrones game, and a
scramble of everything one viewer may not know (for the hidden-information checks)."""

from __future__ import annotations

from ravenry.core.protocol import GameState
from ravenry.core.rng import Rng
from ravenry.games.thrones.data import (
    ALL_CARDS,
    AREA_IS_SEA,
    N_AREAS,
    N_ORDER_KINDS,
    ORDER_COPIES,
    POWER_TOKENS,
    SHIP,
    UNIT_LIMITS,
)
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.sampling import draw_orders
from ravenry.games.thrones.state import P_BID, P_CARDS, P_PLANNING, P_RETREAT_LOSS, P_SUPPLY
from ravenry.games.thrones.supply import within_supply


def thrones_invariants(state: GameState) -> None:
    assert isinstance(state, ThronesState)
    s = state
    for p in range(s.n):
        tokens = sum(1 for a in range(N_AREAS) if s.token[a] == p)
        assert s.power[p] >= 0 and s.pool[p] >= 0, f"seat {p} power {s.power[p]} pool {s.pool[p]}"
        assert s.power[p] + s.pool[p] + tokens == POWER_TOKENS, (
            f"seat {p}: {s.power[p]} available + {s.pool[p]} in the pool + {tokens} on the board != 20"
        )
        for t in range(3):
            assert s.total_units(p, t) <= UNIT_LIMITS[t], f"seat {p} has too many units of type {t}"
        in_play = 0
        for side, seat in ((0, s.battle.attacker), (1, s.battle.defender)):
            if s.battle.area >= 0 and seat == p and s.battle.cards_revealed and s.battle.cards[side] >= 0:
                in_play |= 1 << s.battle.cards[side]
        assert s.hand[p] & s.discard[p] == 0, f"seat {p}: a card both in hand and discarded"
        assert s.hand[p] | s.discard[p] | in_play == ALL_CARDS, f"seat {p}: house cards lost"
        choosing = (s.phase == P_SUPPLY and p in s.queue) or (s.phase == P_RETREAT_LOSS and p == s.current)
        if not choosing:
            assert within_supply(s, p), f"seat {p} is over its supply limit {s.supply[p]}"
        used = [0] * N_ORDER_KINDS
        for a in range(N_AREAS):
            if s.order_owner[a] == p and s.order[a] >= 0:
                used[s.order[a]] += 1
            k = s.pending[p][a]
            if k >= 0:
                used[k] += 1
                assert s.owner[a] == p, f"seat {p} has a face-down order in area {a} without units"
        assert all(used[k] <= ORDER_COPIES[k] for k in range(N_ORDER_KINDS)), f"seat {p} uses too many orders"
    for a in range(N_AREAS):
        i = a * 3
        count = s.units[i] + s.units[i + 1] + s.units[i + 2]
        assert min(s.units[i : i + 3]) >= 0, f"negative units in area {a}"
        assert all(s.routed[i + t] <= s.units[i + t] for t in range(3)), f"routed > units in {a}"
        assert (count > 0) == (s.owner[a] >= 0), f"area {a}: owner {s.owner[a]} with {count} units"
        if AREA_IS_SEA[a]:
            assert s.units[i] == s.units[i + 1] == 0, f"land units at sea in area {a}"
            assert s.token[a] < 0, f"a power token at sea in area {a}"
        else:
            assert s.units[i + SHIP] == 0, f"ships on land in area {a}"
        if s.token[a] >= 0:
            assert s.owner[a] in (-1, s.token[a]), f"area {a}: another house's units on a power token"
        if s.order[a] >= 0:
            assert s.order_owner[a] == s.owner[a] or a == s.march.area, (
                f"area {a}: an order of seat {s.order_owner[a]} without its units"
            )
        if s.neutral[a] > 0:
            assert s.owner[a] < 0, f"area {a}: units on a neutral force"


def scramble_hidden(state: GameState, viewer: int | None, rng: Rng) -> GameState:
    """A copy where everything hidden from ``viewer`` changed: the kinds of other houses'
    face-down orders (not where they lie) and sealed bids (and available power, while bidding)
    and house cards, the Westeros decks' order and the generator."""
    assert isinstance(state, ThronesState)
    twin = state.clone()
    for p in range(twin.n):
        if p == viewer:
            continue
        # Where a ready house's face-down tokens lie is public (the view's face_down): only
        # their kinds change; a house still placing has its tokens back.
        areas = [a for a in range(N_AREAS) if twin.pending[p][a] >= 0]
        twin.pending[p] = [-1] * N_AREAS
        if twin.phase == P_PLANNING and twin.ready[p] and areas:
            draw_orders(twin, p, rng, areas)
        if twin.phase == P_BID:
            # available power is hidden while bidding: move some of the pool into it
            more = rng.below(twin.pool[p] + 1)
            twin.power[p] += more
            twin.pool[p] -= more
            if twin.bidding.bids[p] >= 0:
                twin.bidding.bids[p] = rng.below(twin.power[p] + 1)
    if twin.phase == P_CARDS and not twin.battle.cards_revealed:
        for side, seat in ((0, twin.battle.attacker), (1, twin.battle.defender)):
            if seat != viewer and twin.battle.cards[side] >= 0:
                cards = [c for c in range(7) if (twin.hand[seat] >> c) & 1]
                twin.battle.cards[side] = rng.choice(cards)
    for deck in twin.decks:
        rng.shuffle(deck)
    twin.rng = Rng(rng.next_u32() << 32 | rng.next_u32())
    twin.forget_legal_actions()
    return twin
