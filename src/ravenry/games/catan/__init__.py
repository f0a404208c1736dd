"""Classic Catan (Gallery Edition). ``rules.py`` holds every rule; ``data.py`` the components.

``DECLARATION`` is the game's one declaration (engine, bots, web renderer: see
:mod:`ravenry.core.registry`)."""

from ravenry.core.registry import GameDeclaration
from ravenry.games.catan.game import CatanConfig, CatanGame
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.views import chapter

CATAN_GAME = CatanGame()
DECLARATION = GameDeclaration(
    CATAN_GAME,
    bots={
        "greedy": "ravenry.bots.greedy.catan:GreedyCatanBot",
        "search": "ravenry.bots.search:SearchBot",
        "expert": "ravenry.bots.expert:catan_expert",
    },
    renderer="/static/js/games/catan.js",
    chapter=chapter,
)

__all__ = ["CATAN_GAME", "DECLARATION", "CatanConfig", "CatanGame", "CatanState"]
