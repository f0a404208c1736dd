"""A Game of Thrones: The Board Game, first edition. ``data.py`` holds the components and every
assumption; ``rules.py`` ties the phase modules (planning, raids, marches, battle, house_cards,
mustering, bidding, westeros, consolidate, scoring) together; ``views.py`` redacts.
``DECLARATION`` is the game's one declaration (engine, bots, simulation extras, web renderer: see
:mod:`ravenry.core.registry`)."""

from ravenry.core.registry import GameDeclaration
from ravenry.games.thrones.actions import action_facts
from ravenry.games.thrones.game import ThronesConfig, ThronesGame
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.views import chapter, seat_identities

THRONES_GAME = ThronesGame()
DECLARATION = GameDeclaration(
    THRONES_GAME,
    bots={
        "greedy": "ravenry.bots.greedy.thrones:GreedyThronesBot",
        "search": "ravenry.bots.thrones_search:ThronesSearchBot",
        "expert": "ravenry.bots.expert:thrones_expert",
    },
    extras="ravenry.sim.thrones_extras:THRONES_EXTRAS",
    renderer="/static/js/games/thrones.js",
    seats=seat_identities,
    chapter=chapter,
    action_facts=action_facts,
)

__all__ = ["DECLARATION", "THRONES_GAME", "ThronesConfig", "ThronesGame", "ThronesState"]
