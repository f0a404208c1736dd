"""The Brotherhood of the Watch sampler: classic Catan's (``games/catan/sampling.py``) plus what
the Wall and the heroes hide or show.

Kept as well: the hand Mance Rayder's user is looking at (he sees it while he picks), the top
development cards Melisandre's user is choosing from (in order). Drawn as well: the face-down
wildling tokens (the pool and those under every building cost card: unknown to everyone), in
the same numbers per place; and for everyone but Melisandre's user, the cards she shows are the
top of the new deck. The rules clone the state and hand :func:`redraw_hidden` the clone's data
with its heroes and wildlings, so this module never names the rules that call it.
"""

from __future__ import annotations

from ravenry.core.rng import Rng
from ravenry.games.brotherhood.heroes import HERO_MANCE, HERO_MELISANDRE, Heroes
from ravenry.games.brotherhood.wildlings import Wildlings
from ravenry.games.catan.sampling import deal_dev_cards, deal_resources, fresh_rng
from ravenry.games.catan.state import CatanData


def redraw_hidden(s: CatanData, heroes: Heroes, north: Wildlings, seat: int, rng: Rng) -> None:
    """Redraw in ``s`` (a clone the rules made for the sample, holding ``heroes`` and ``north``)
    everything hidden from ``seat``, with ``rng``."""
    s.undo_stack = None  # a sample plays without undo: the snapshots hold the true hidden cards
    others = [q for q in range(s.n) if q != seat]
    acting = seat == heroes.hero_actor
    shown_hand = heroes.hero_choice[0] if acting and s.phase == HERO_MANCE else -1
    deal_resources(s, seat, [q for q in others if q != shown_hand], rng)
    melisandre = s.phase == HERO_MELISANDRE
    shown = len(heroes.hero_choice) if melisandre else 0
    seen_top = s.dev_deck[len(s.dev_deck) - shown :] if melisandre and acting else []
    deal_dev_cards(s, others, rng, seen_top)
    if melisandre and not acting:
        heroes.hero_choice = s.dev_deck[len(s.dev_deck) - shown :][::-1]
    deal_tokens(s.n, north, rng)
    s.rng = fresh_rng(rng)
    s.forget_legal_actions()


def deal_tokens(n: int, north: Wildlings, rng: Rng) -> None:
    """Mix the face-down tokens (canonical order first) and deal each place as many as before,
    among ``n`` players."""
    pool = sorted(
        [
            *north.token_pool,
            *(t for p in range(n) for t in (*north.settlement_tokens[p], *north.keep_tokens[p])),
        ]
    )
    rng.shuffle(pool)
    settlement_tokens: list[list[int]] = []
    for tokens in north.settlement_tokens:
        settlement_tokens.append(pool[len(pool) - len(tokens) :])
        del pool[len(pool) - len(tokens) :]
    keep_tokens: list[list[int]] = []
    for tokens in north.keep_tokens:
        keep_tokens.append(pool[len(pool) - len(tokens) :])
        del pool[len(pool) - len(tokens) :]
    north.settlement_tokens = settlement_tokens
    north.keep_tokens = keep_tokens
    north.token_pool = pool
