"""Classic Catan (Gallery Edition). ``rules.py`` holds every rule; ``data.py`` the components.

``DECLARATION`` is the game's one declaration (engine, bots, web renderer: see
:mod:`ravenry.core.registry`)."""

from ravenry.core.registry import GameDeclaration
from ravenry.games.catan.game import CatanConfig, CatanGame
from ravenry.games.catan.rules import CatanState

CATAN_GAME = CatanGame()
DECLARATION = GameDeclaration(
    CATAN_GAME,
    bots={
        "greedy": "ravenry.bots.greedy.catan:GreedyCatanBot",
        "search": "ravenry.bots.search:SearchBot",
        "expert": "ravenry.bots.expert:catan_expert",
    },
    renderer="/static/js/games/catan.js",
)

__all__ = ["CATAN_GAME", "DECLARATION", "CatanConfig", "CatanGame", "CatanState"]
