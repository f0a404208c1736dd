"""A Game of Thrones Catan — Brotherhood of the Watch (``brotherhood``).

``data.py`` holds the components as data. ``wall.py`` (the guards), ``wildlings.py`` (the
wildlings and their tokens) and ``heroes.py`` (the heroes) are components with their own data
and rules, each readable alone; ``rules.py`` is the state (:class:`BrotherhoodState`, one
subclass of Catan's) that holds the three and calls them from Catan's extension points;
``views.py`` the static facts the page prints (costs, hero order, the North's layout).
``DECLARATION`` is the game's one declaration (engine, bots, simulation extras, web renderer:
see :mod:`ravenry.core.registry`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ravenry.core.registry import GameDeclaration
from ravenry.games.brotherhood.data import BROTHERHOOD
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.brotherhood.views import action_facts, extend_static
from ravenry.games.catan.data import Ruleset
from ravenry.games.catan.game import CatanConfig
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.views import chapter
from ravenry.games.got_catan import GotCatanConfig, GotCatanGame


@dataclass(frozen=True)
class BrotherhoodConfig(GotCatanConfig):
    """As ``got-catan``: ``board`` standard, variable or random; ``setup`` phase or fixed."""


class BrotherhoodGame(GotCatanGame):
    id: ClassVar[str] = "brotherhood"
    name: ClassVar[str] = "A Game of Thrones Catan: Brotherhood of the Watch"
    ruleset: ClassVar[Ruleset] = BROTHERHOOD
    config_type: ClassVar[type[CatanConfig]] = BrotherhoodConfig
    state_type: ClassVar[type[CatanState]] = BrotherhoodState

    def extend_static(self, facts: dict[str, Any]) -> None:
        super().extend_static(facts)
        extend_static(facts)


BROTHERHOOD_GAME = BrotherhoodGame()
DECLARATION = GameDeclaration(
    BROTHERHOOD_GAME,
    bots={
        "greedy": "ravenry.bots.greedy.brotherhood:GreedyBrotherhoodBot",
        "search": "ravenry.bots.search:SearchBot",
        "expert": "ravenry.bots.expert:catan_expert",
    },
    extras="ravenry.sim.brotherhood_extras:BROTHERHOOD_EXTRAS",
    renderer="/static/js/games/catan.js",
    chapter=chapter,
    action_facts=action_facts,
)

__all__ = ["BROTHERHOOD_GAME", "DECLARATION", "BrotherhoodConfig", "BrotherhoodGame", "BrotherhoodState"]
