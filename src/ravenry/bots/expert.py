"""The ``expert`` bot: the search bots (``bots/search.py`` for the Catan family,
``bots/thrones_search.py`` for ``thrones``) with the game's learned evaluator at the leaves of
their playouts (``leaf_value``: the seat's chance of winning judged from its own view of each
playout's end, :mod:`ravenry.evaluators`), and shorter playouts, since the evaluator sees further
than the hand-written score did.

It does everything a seat must do as the search bots do (domestic offers and answers,
discards, the robber and Tormund, every hero; every Thrones decision), searches only on states
sampled from its seat's view, and takes the same budgets: ``expert:iters=N`` (reproducible) and
``expert:ms=N``. Where no network ships for a game's player count, the evaluator is the
heuristic rescaled to probabilities. Measured strength: ``benchmarks/bot_strength.py`` and
``docs/evaluators/``.
"""

from __future__ import annotations

from typing import Any, Final

from ravenry.bots.search import SearchBot
from ravenry.bots.thrones_search import ThronesSearchBot
from ravenry.core.protocol import GameState
from ravenry.evaluators import evaluator_for

# The settings the expert plays with beyond its budget (any may be given as an option too).
CATAN_DEFAULTS: Final[dict[str, Any]] = {"horizon": 1}
THRONES_DEFAULTS: Final[dict[str, Any]] = {"horizon": 1}


def net_leaf(world: GameState, seat: int) -> float:
    """The seat's chance of winning at a playout's end, judged from its view of the (sampled)
    world by the game's evaluator (its network; the heuristic where none ships)."""
    return evaluator_for(world.game.id, world.config.players).values([world], seat)[0]


def catan_expert(
    iters: int | None = None, ms: float | None = None, game: str = "catan", **options: Any
) -> SearchBot:
    """The Catan family's expert: a :class:`SearchBot` with the evaluator at its leaves."""
    bot = SearchBot(iters, ms, game=game, **(CATAN_DEFAULTS | options))
    bot.kind = "expert"
    bot.leaf_value = net_leaf
    return bot


def thrones_expert(iters: int | None = None, ms: float | None = None, **options: Any) -> ThronesSearchBot:
    """``thrones``'s expert: a :class:`ThronesSearchBot` with the evaluator at its leaves."""
    bot = ThronesSearchBot(iters, ms, **(THRONES_DEFAULTS | options))
    bot.kind = "expert"
    bot.leaf_value = net_leaf
    return bot
