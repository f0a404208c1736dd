"""A full Catan state consistent with what one seat has seen: the sampler behind
:meth:`~ravenry.core.protocol.GameState.sample_hidden` (``catan`` and ``got-catan``; brotherhood
adds its tokens and heroes in ``games/brotherhood/sampling.py``). The rules clone the state;
:func:`redraw_hidden` redraws on that clone's data (``CatanData``), so this module never names
the rules that call it.

What a seat knows, and so what a sample keeps: everything in its view — the board and every
piece, the bank, its own hand and development cards, every other player's hand size,
development card count (and how many of them were bought this turn), knights played and public
points, the open offer with what each player has committed to it — plus the game's public
history. Because the bank is public and resources are conserved, the seat knows exactly how
many of each resource the others hold together; only who holds which is hidden.

What a sample draws (with the caller's generator; nothing else is read):
- the others' uncommitted resources: the pool "19 (the bank's stock) − bank − own hand −
  committed cards" per resource, dealt at random to the others in their known hand sizes;
- the others' unplayed development cards and the deck: the cards the seat has not seen
  (the deck plus the others' hands, as a multiset: the initial deck minus the seat's own cards
  and every card played, which are public) dealt back in the known counts, the rest shuffled
  into a new deck order;
- the generator: a fresh one, so future dice and steals are unknown too.
A sample keeps no undo snapshots (the undo option's): they hold the hidden cards as they really
are, so a sample plays on as if the option were off.
Pools are built in a canonical order (by kind) before they are shuffled, so the sample depends
only on what the seat may know and on ``rng``.

What is not tracked (cheap to sample, costly to track): the split of the others' resources
that a careful card counter could follow from public production, trades and discards (and
cards a player is known to hold because the seat was robbed of them). The sample deals that
split uniformly; tracking it would need per-seat lower bounds kept up to date by every change of
a hand (and rebuilt from the history on loading), outside the serialised state.
"""

from __future__ import annotations

from ravenry.core.rng import Rng
from ravenry.games.catan.data import N_RES, VICTORY_POINT
from ravenry.games.catan.state import ACCEPTED, COUNTERED, OVER, CatanData


def fresh_rng(rng: Rng) -> Rng:
    """A new generator drawn from ``rng`` (64 bits): the sample's dice and steals."""
    return Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())


def committed(s: CatanData, p: int) -> list[int]:
    """Cards everyone knows ``p`` holds: what ``p`` offered, accepted to give, or counter-offered."""
    out = [0] * N_RES
    offer = s.offer
    if offer is not None:
        if p == offer[0]:
            out = list(offer[1])
        elif s.responses[p] == ACCEPTED:
            out = list(offer[2])
        elif s.responses[p] == COUNTERED:
            out = list(s.counters[p][0])
    return out


def redraw_hidden(s: CatanData, seat: int, rng: Rng) -> None:
    """Redraw in ``s`` (a clone the rules made for the sample) everything hidden from ``seat``,
    with ``rng``."""
    s.undo_stack = None  # a sample plays without undo: the snapshots hold the true hidden cards
    others = [q for q in range(s.n) if q != seat]
    deal_resources(s, seat, others, rng)
    deal_dev_cards(s, others, rng, [])
    s.rng = fresh_rng(rng)
    s.forget_legal_actions()


def deal_resources(s: CatanData, seat: int, others: list[int], rng: Rng) -> None:
    """Deal the resources the others hold (known in total per kind) in their hand sizes,
    keeping what each has committed to an open offer; players in ``others`` only."""
    kept = {q: committed(s, q) for q in others}
    pool: list[int] = []
    for r in range(N_RES):
        # Public: the bank's stock less the bank, the seat's own cards and the committed ones.
        unseen = (
            s.rules.bank_per_resource - s.bank[r] - sum(s.hands[q][r] for q in range(s.n) if q not in kept)
        )
        unseen -= sum(kept[q][r] for q in others)
        pool += [r] * unseen
    sizes = [sum(s.hands[q]) - sum(kept[q]) for q in others]
    if sum(sizes) != len(pool):
        raise AssertionError(f"hidden hands hold {sum(sizes)} cards, the public counts say {len(pool)}")
    rng.shuffle(pool)
    for i, q in enumerate(others):
        hand = kept[q][:]
        for _ in range(sizes[i]):
            hand[pool.pop()] += 1
        s.hands[q] = hand


def deal_dev_cards(s: CatanData, others: list[int], rng: Rng, seen_top: list[int]) -> None:
    """Deal the development cards the seat has not seen: the others' unplayed cards (as many
    old and new ones as each holds) and the deck, whose new order is random except that
    ``seen_top`` (cards the seat has seen on top of it, top last) stays on top. After the game
    victory point cards are public and stay where they are."""
    kinds = len(s.rules.dev_deck)
    fixed_vp = s.phase == OVER
    counts = [0] * kinds
    deck = s.dev_deck[: len(s.dev_deck) - len(seen_top)]
    deck_fixed: list[int] = []
    for k in deck:
        if fixed_vp and k == VICTORY_POINT:
            deck_fixed.append(k)
        else:
            counts[k] += 1
    plan: list[tuple[int, int]] = []
    for q in others:
        hand, new = s.dev_hands[q], s.dev_bought_this_turn[q]
        n_new = n_old = 0
        for k in range(kinds):
            if fixed_vp and k == VICTORY_POINT:
                continue
            counts[k] += hand[k]
            n_new += new[k]
            n_old += hand[k] - new[k]
        plan.append((n_old, n_new))
    pool = [k for k in range(kinds) for _ in range(counts[k])]
    rng.shuffle(pool)
    for i, q in enumerate(others):
        n_old, n_new = plan[i]
        hand = [0] * kinds
        new = [0] * kinds
        if fixed_vp:
            hand[VICTORY_POINT] = s.dev_hands[q][VICTORY_POINT]
            new[VICTORY_POINT] = s.dev_bought_this_turn[q][VICTORY_POINT]
        deal_dev_hand(pool, hand, new, n_old, n_new)
        s.dev_hands[q] = hand
        s.dev_bought_this_turn[q] = new
    rest = pool + deck_fixed
    rng.shuffle(rest)
    s.dev_deck = rest + seen_top


def deal_dev_hand(pool: list[int], hand: list[int], new: list[int], n_old: int, n_new: int) -> None:
    """Deal ``n_new`` cards bought this turn, then ``n_old`` older ones, off the end of ``pool``."""
    for _ in range(n_new):
        k = pool.pop()
        hand[k] += 1
        new[k] += 1
    for _ in range(n_old):
        hand[pool.pop()] += 1
