"""Liar's dice, the game of the tutorial on adding a game (``docs/adding-a-game.md``).

Every player rolls a few dice under a cup and looks only at their own. In turn they bid on
all the dice on the table (``bid``: "at least three 5s"), each bid higher than the last, until
someone calls the last bid a lie (``challenge``). The cups are lifted: if the bid was wrong its
bidder loses a die, else the challenger does; everyone rolls again. The last player with dice wins.

``game.py`` holds the fixed facts (options, the action codec), ``state.py`` the rules, the
views and the sampler, ``bot.py`` a greedy bot and ``checks.py`` what the conformance kit needs.
"""

from liars_dice.game import LiarsDiceConfig, LiarsDiceGame
from liars_dice.state import LiarsDiceState
from ravenry.core.registry import GameDeclaration

LIARS_DICE = LiarsDiceGame()
DECLARATION = GameDeclaration(
    LIARS_DICE,
    bots={"greedy": "liars_dice.bot:GreedyLiarsDiceBot"},
    renderer="/static/js/games/liars-dice.js",
)

__all__ = ["DECLARATION", "LIARS_DICE", "LiarsDiceConfig", "LiarsDiceGame", "LiarsDiceState"]
