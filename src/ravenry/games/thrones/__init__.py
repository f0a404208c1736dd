"""A Game of Thrones: The Board Game, first edition. ``data.py`` holds the components and every
assumption; ``rules.py`` ties the phase modules (planning, raids, marches, battle, house_cards,
mustering, bidding, westeros, consolidate, scoring) together; ``views.py`` redacts."""

from ravenry.core.registry import register
from ravenry.games.thrones.game import ThronesConfig, ThronesGame
from ravenry.games.thrones.rules import ThronesState

THRONES_GAME = ThronesGame()
register(THRONES_GAME)

__all__ = ["THRONES_GAME", "ThronesConfig", "ThronesGame", "ThronesState"]
