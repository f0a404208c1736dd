"""A greedy bot for liar's dice: it reads only its seat's view (its own dice, the number of the
others') and judges each bid by its chance of being true."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from ravenry.bots.base import View
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng


def chance_at_least(needed: int, unseen: int) -> float:
    """The chance that at least ``needed`` of ``unseen`` dice show one given face."""
    if needed <= 0:
        return 1.0
    ways: int = sum(comb(unseen, k) * 5 ** (unseen - k) for k in range(needed, unseen + 1))
    total: int = 6**unseen
    return ways / total


class GreedyLiarsDiceBot:
    """Bids the likeliest raise (the lowest among equals); calls the last bid a lie when that is
    likelier to be right than its best raise is to be true."""

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        mine: list[int] = view["you"]["dice"]
        unseen = view["total_dice"] - len(mine)

        def chance(count: int, face: int) -> float:
            return chance_at_least(count - mine.count(face), unseen)

        raises = [a for a in legal if a[0] == "bid"]
        best = max(raises, key=lambda a: (chance(a[1], a[2]), -a[1], -a[2]), default=None)
        if view["bids"] and ("challenge",) in legal:
            last = view["bids"][-1]
            lie = 1.0 - chance(last["count"], last["face"])
            if best is None or lie > chance(best[1], best[2]):
                return ("challenge",)
        assert best is not None, "a seat to act has a bid or a challenge"
        return best
