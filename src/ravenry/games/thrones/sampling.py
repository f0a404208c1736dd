"""A full Thrones state consistent with what one seat has seen: the sampler behind
:meth:`~ravenry.core.protocol.GameState.sample_hidden` for ``thrones``. The rules clone the
state; :func:`redraw_hidden` redraws on that clone's data (``ThronesData``), so this module never
names the rules that call it.

What a seat knows, and so what a sample keeps: everything in its view (``views.py``) — the
board, units, power tokens, revealed orders, every house's hand and discards (house cards are
public in this game), the tracks, the threat, the Westeros cards drawn, which houses are ready
or have bid, the battle in progress — and its own secrets: its face-down orders, its sealed bid
and its chosen house card.

What a sample draws (with the caller's generator; nothing else is read):
- the Westeros decks' order: each deck's cards (a public multiset: the deck less the cards out)
  sorted, then shuffled;
- the others' face-down orders while planning: a house that is not ready has its tokens back
  (it places them again in the sample, as its own player would); a ready house gets a random
  legal assignment to the areas where its face-down tokens lie (public: the view's
  ``face_down``) — those areas in a random order, each given a token kind drawn among those
  the rules allow there with what it has placed so far (copies, King's Court stars, this turn's
  restrictions, Consolidate Power on land);
- while bidding, the others' available power (hidden then: only power + pool is known, from
  the 20 tokens less those on the board), drawn uniformly, and the sealed bids of those who
  have bid, drawn uniformly up to it;
- in a battle before the reveal, the other side's chosen house card: one of its hand;
- the generator: a fresh one, so future shuffles are unknown too.
Everything is drawn in a canonical order (decks by number, seats by number, areas by number
before the shuffle) from public counts only, so the sample depends only on what the seat may
know and on ``rng``. The sample's history is empty: the true one holds the others' sealed
actions.

What is not tracked (cheap to sample, costly to track): the bottom cards of a deck a seat saw
go under it (only reached after a whole cycle of a deck), and the available power a house had
when it last showed it (a bot may remember its own earlier views; the sampler has only this
one).
"""

from __future__ import annotations

from ravenry.core.rng import Rng
from ravenry.games.thrones.data import N_AREAS, N_ORDER_KINDS, ORDER_COPIES
from ravenry.games.thrones.planning import _usage, may_use_kind
from ravenry.games.thrones.state import P_BID, P_CARDS, P_PLANNING, ThronesData


def fresh_rng(rng: Rng) -> Rng:
    """A new generator drawn from ``rng`` (64 bits): the sample's shuffles."""
    return Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())


def redraw_hidden(s: ThronesData, seat: int, rng: Rng) -> None:
    """Redraw in ``s`` (a clone the rules made for the sample) everything hidden from ``seat``,
    with ``rng``."""
    s.history = []
    for d in range(3):
        deck = sorted(s.decks[d])
        rng.shuffle(deck)
        s.decks[d] = deck
    if s.phase == P_PLANNING:
        for q in range(s.n):
            if q != seat:
                # A ready house's face-down tokens lie where the view shows them (face_down).
                areas = [a for a in range(N_AREAS) if s.pending[q][a] >= 0]
                s.pending[q] = [-1] * N_AREAS
                if s.ready[q]:
                    draw_orders(s, q, rng, areas)
    elif s.phase == P_BID:
        for q in range(s.n):
            if q != seat:
                total = s.power[q] + s.pool[q]
                s.power[q] = rng.below(total + 1)
                s.pool[q] = total - s.power[q]
                if s.bidding.bids[q] >= 0:
                    s.bidding.bids[q] = rng.below(s.power[q] + 1)
    elif s.phase == P_CARDS and not s.battle.cards_revealed:
        for side in (0, 1):
            q = s.battle.attacker if side == 0 else s.battle.defender
            if q >= 0 and q != seat and s.battle.cards[side] >= 0:
                s.battle.cards[side] = rng.choice([c for c in range(7) if (s.hand[q] >> c) & 1])
    s.rng = fresh_rng(rng)
    s.forget_legal_actions()


def draw_orders(s: ThronesData, q: int, rng: Rng, areas: list[int]) -> None:
    """A random legal set of face-down orders for ``q`` (none placed yet), one in each of
    ``areas`` (where its tokens lie): the areas in a random order, each given a kind drawn among
    those still allowed there. Should an order of the areas leave one with no kind allowed, a
    few other orders are tried; failing them, that area takes any kind with a copy left."""
    mine = s.pending[q]
    for _ in range(_DRAW_TRIES):
        order = areas[:]
        rng.shuffle(order)
        for a in range(N_AREAS):
            mine[a] = -1
        complete = True
        for a in order:
            used, starred = _usage(mine)
            kinds = [k for k in range(N_ORDER_KINDS) if may_use_kind(s, k, a, used, starred, q)]
            if not kinds:
                complete = False
                left = [k for k in range(N_ORDER_KINDS) if used[k] < ORDER_COPIES[k]]
                if left:
                    mine[a] = rng.choice(left)
                continue
            mine[a] = rng.choice(kinds)
        if complete:
            return


# How many orders of the areas a sample tries before settling for a token that breaks a limit.
_DRAW_TRIES = 8
