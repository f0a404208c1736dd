"""The ``greedy`` bot for A Game of Thrones Catan (``got-catan``).

Keeps, ranger patrols and Winter is Coming are the Catan engine's cities, knights and Year of
Plenty, so the Catan rules of thumb play them (a ranger patrol is played when Tormund blocks us
or to take Largest Patrol). What is new is Tormund's camp: a 7 or a ranger patrol may send him
home. He goes onto the hex that hurts the leader most; home when every hex would hurt us more
than the others (as when he leaves our hex with nothing better to block), and home rather than
onto a hex that hurts nobody today, since someone (most likely the bot itself) may settle there.
"""

from __future__ import annotations

from ravenry.bots.greedy.catan import GreedyCatanBot
from ravenry.bots.greedy.situation import Situation

# Tormund's camp (hex -1) scores just above a hex that hurts nobody and below any that hurts
# an opponent.
CAMP_SCORE = 0.5


class GreedyGotCatanBot(GreedyCatanBot):
    def _robber_hex_score(self, s: Situation, h: int) -> float:
        if h < 0:
            return CAMP_SCORE
        return super()._robber_hex_score(s, h)
