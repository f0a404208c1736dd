"""The ``greedy`` bots: a per-game rule-of-thumb player (Catan and its A Game of Thrones variants,
which share the Catan view)."""

from ravenry.bots.base import register_bot
from ravenry.bots.greedy.catan import GreedyCatanBot

CATAN_FAMILY = ("catan", "got-catan", "brotherhood")

register_bot("greedy", GreedyCatanBot, games=CATAN_FAMILY)

__all__ = ["CATAN_FAMILY", "GreedyCatanBot"]
