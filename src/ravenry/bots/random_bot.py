"""The ``random`` bot: a uniform choice among legal actions, for every game.

Proposing a domestic trade (``offer_trade``, ``counter_offer``) is one legal action per possible
proposal — hundreds of them — so a truly uniform bot would do little but haggle. This bot
chooses uniformly among the other actions and proposes only with a small probability
(``offer_rate``), or never with ``offers=False`` (unless proposing is all it may do). It never
reads the view, and with ``offers=False`` it declares the proposals excluded, so a runner need
not build either.
"""

from __future__ import annotations

from collections.abc import Sequence

from ravenry.bots.base import View, register_bot
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng

PROPOSALS = frozenset({"offer_trade", "counter_offer"})


class RandomBot:
    kind = "random"
    uses_view = False

    def __init__(self, offers: bool = True, offer_rate: float = 0.02) -> None:
        if not 0.0 <= offer_rate <= 1.0:
            raise ValueError("offer_rate must be between 0 and 1")
        self.offers = offers
        self.offer_rate = offer_rate
        self.excluded_actions: frozenset[str] = frozenset() if offers else PROPOSALS

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        others = [a for a in legal if a[0] not in PROPOSALS]
        if not others:
            return rng.choice(legal)
        if self.offers and len(others) < len(legal) and rng.below(1_000_000) < self.offer_rate * 1_000_000:
            return rng.choice([a for a in legal if a[0] in PROPOSALS])
        return rng.choice(others)


register_bot("random", RandomBot)
