"""The ``random`` bot: a uniform choice among legal actions, for every game.

Parametric actions (a domestic trade offer: ``offer_trade``, ``counter_offer``) are not in the
legal list; the bot is shown their templates and, with a small probability (``offer_rate``),
makes one: a concrete action drawn within a template with its own RNG, at most ``offer_cards``
cards a side (:func:`ravenry.core.templates.sample`). With ``offers=False`` it never proposes
(unless proposing is all it may do) and declares the proposals excluded, so a runner builds no
templates for it. It never reads the view, and never takes back a move (``undo``: checked on
the action it drew, so that with the option off it draws exactly as before).
"""

from __future__ import annotations

from collections.abc import Sequence

from ravenry.bots.base import View
from ravenry.core.draws import draw_uniform
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.core.templates import JSONAction, Template, is_exchange, sample

PROPOSALS = frozenset({"offer_trade", "counter_offer"})


class RandomBot:
    kind = "random"
    uses_view = False

    def __init__(self, offers: bool = True, offer_rate: float = 0.02, offer_cards: int = 3) -> None:
        if not 0.0 <= offer_rate <= 1.0:
            raise ValueError("offer_rate must be between 0 and 1")
        if type(offer_cards) is not int or offer_cards < 1:
            raise ValueError("offer_cards must be a whole number of at least 1")
        self.offers = offers
        self.offer_rate = offer_rate
        self.offer_cards = offer_cards
        self.uses_templates = offers
        self.excluded_actions: frozenset[str] = frozenset() if offers else PROPOSALS

    def act(
        self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Template] = ()
    ) -> Action | JSONAction:
        if not templates:  # the common case, and the whole of offers=False: no list to build
            return draw_uniform(legal, rng)
        offers = [t for t in templates if is_exchange(t)]
        # Proposing is rare, never with offers=False, unless it is all the bot may do.
        if offers and (not legal or (self.offers and rng.below(1_000_000) < self.offer_rate * 1_000_000)):
            return sample(rng.choice(offers), rng, self.offer_cards)
        return draw_uniform(legal, rng)
