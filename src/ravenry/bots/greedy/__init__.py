"""The ``greedy`` bots: a per-game rule-of-thumb player for Catan and its A Game of Thrones
variants, which share the Catan view (``got-catan`` adds Tormund's camp, ``brotherhood`` the
Wall, the wildlings and the heroes), and for A Game of Thrones: The Board Game (``thrones``).
Each game's declaration names its own (``ravenry.games.<game>.DECLARATION``)."""

from ravenry.bots.greedy.brotherhood import GreedyBrotherhoodBot
from ravenry.bots.greedy.catan import GreedyCatanBot
from ravenry.bots.greedy.got_catan import GreedyGotCatanBot
from ravenry.bots.greedy.thrones import GreedyThronesBot

__all__ = ["GreedyBrotherhoodBot", "GreedyCatanBot", "GreedyGotCatanBot", "GreedyThronesBot"]
