"""A Game of Thrones Catan, base game (``got-catan``): what it changes from classic Catan.

- the board: the Gift (21 hexes for 4 players, 16 for 3; see ``gift.py``), no desert;
- keeps for cities, Tormund for the robber: he starts in his camp off the board and a 7 or a
  ranger patrol may also send him back there;
- ranger patrols for knights and Largest Patrol for Largest Army (2 VP); Winter is Coming for
  Year of Plenty; no Monopoly; New Recruits and the heroes are set aside (23 cards);
- five 2:1 trade routes, no 3:1 harbor, 4:1 with the supply;
- the shortage rule with its single-player exception;
- win at once with 10 VP on your own turn (as classic Catan).
Everything else is the Catan engine, unchanged. ``DECLARATION`` is the game's one declaration
(engine, bots, web renderer: see :mod:`ravenry.core.registry`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ravenry.core.registry import GameDeclaration
from ravenry.core.rng import Rng
from ravenry.games.catan.boards import BoardLayout
from ravenry.games.catan.data import CATAN, Ruleset
from ravenry.games.catan.game import CatanConfig, CatanGame
from ravenry.games.catan.topology import Topology
from ravenry.games.catan.views import chapter
from ravenry.games.got_catan.gift import gift_layout, gift_topology

GOT_CATAN = replace(
    CATAN,
    game_id="got-catan",
    city_name="keep",
    robber_name="Tormund",
    army_name="Largest Patrol",
    dev_card_names=(
        "Ranger Patrol",
        "Victory Point",
        "Road Building",
        "Winter is Coming",
        "Monopoly",
        "New Recruits",
    ),
    dev_deck=(14, 5, 2, 2, 0, 0),
    shortage_single_player_exception=True,
    robber_can_go_home=True,
)


@dataclass(frozen=True)
class GotCatanConfig(CatanConfig):
    """``board``: standard (ours), variable or random; ``setup``: phase or fixed (standard board)."""

    board: str = "standard"


class GotCatanGame(CatanGame):
    id: ClassVar[str] = "got-catan"
    name: ClassVar[str] = "A Game of Thrones Catan (base game)"
    ruleset: ClassVar[Ruleset] = GOT_CATAN
    config_type: ClassVar[type[CatanConfig]] = GotCatanConfig
    boards: ClassVar[tuple[str, ...]] = ("standard", "variable", "random")
    fixed_setup_board: ClassVar[str] = "standard"

    def topology(self, config: CatanConfig) -> Topology:
        return gift_topology(config.players)

    def layout(self, config: CatanConfig, rng: Rng) -> BoardLayout:
        return gift_layout(config.board, config.players, rng)


GOT_CATAN_GAME = GotCatanGame()
DECLARATION = GameDeclaration(
    GOT_CATAN_GAME,
    bots={
        "greedy": "ravenry.bots.greedy.got_catan:GreedyGotCatanBot",
        "search": "ravenry.bots.search:SearchBot",
        "expert": "ravenry.bots.expert:catan_expert",
    },
    renderer="/static/js/games/catan.js",
    chapter=chapter,
)

__all__ = ["DECLARATION", "GOT_CATAN", "GOT_CATAN_GAME", "GotCatanConfig", "GotCatanGame"]
