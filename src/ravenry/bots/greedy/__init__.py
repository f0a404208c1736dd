"""The ``greedy`` bots: a per-game rule-of-thumb player for Catan and its A Game of Thrones
variants, which share the Catan view (``got-catan`` adds Tormund's camp, ``brotherhood`` the
Wall, the wildlings and the heroes), and for A Game of Thrones: The Board Game (``thrones``)."""

from ravenry.bots.base import register_bot
from ravenry.bots.greedy.brotherhood import GreedyBrotherhoodBot
from ravenry.bots.greedy.catan import GreedyCatanBot
from ravenry.bots.greedy.got_catan import GreedyGotCatanBot
from ravenry.bots.greedy.thrones import GreedyThronesBot

CATAN_FAMILY = ("catan", "got-catan", "brotherhood")

register_bot("greedy", GreedyCatanBot, games=("catan",))
register_bot("greedy", GreedyGotCatanBot, games=("got-catan",))
register_bot("greedy", GreedyBrotherhoodBot, games=("brotherhood",))
register_bot("greedy", GreedyThronesBot, games=("thrones",))

__all__ = ["CATAN_FAMILY", "GreedyBrotherhoodBot", "GreedyCatanBot", "GreedyGotCatanBot", "GreedyThronesBot"]
