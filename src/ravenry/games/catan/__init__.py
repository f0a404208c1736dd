"""Classic Catan (Gallery Edition). ``rules.py`` holds every rule; ``data.py`` the components."""

from ravenry.core.registry import register
from ravenry.games.catan.game import CatanConfig, CatanGame
from ravenry.games.catan.rules import CatanState

CATAN_GAME = CatanGame()
register(CATAN_GAME)

__all__ = ["CATAN_GAME", "CatanConfig", "CatanGame", "CatanState"]
