"""Bot levels for people: ``easy``, ``medium`` and ``hard``, each a bot spec with its budget —
the one place they are defined (a lobby shows the level names and seats :func:`level_spec`).

- ``easy``: ``random:offers=false``, uniform legal moves and no trade offers: a pushover.
- ``medium``: ``greedy``, the rule-of-thumb player (beats ``random`` nearly always).
- ``hard``: about 0.8 s a decision. In the Catan family (``catan``, ``got-catan``,
  ``brotherhood``) it is ``expert:ms=800``: the search with the learned evaluator at its leaves
  (``bots/expert.py``), which measured stronger than ``search`` in each (``benchmarks/README.md``).
  Elsewhere it is ``search:ms=800``: determinized search on sampled states with greedy playouts
  (``thrones``'s ``bots/thrones_search.py``; there ``expert`` was not measured stronger). A game
  without a search bot gets ``greedy``, and a game with no bots of its own (a plug-in's) gets
  ``random`` at both.
"""

from __future__ import annotations

from typing import Final

from ravenry.bots.base import Bot, bot_from_spec, bot_kinds

LEVELS: Final = ("easy", "medium", "hard")
LEVEL_SPECS: Final[dict[str, str]] = {
    "easy": "random:offers=false",
    "medium": "greedy",
    "hard": "search:ms=800",
}
# Where a level seats another spec than LEVEL_SPECS' (level, game id) → spec: the expert where it
# measured stronger than the search (benchmarks/README.md, "The expert bot").
GAME_LEVEL_SPECS: Final[dict[tuple[str, str], str]] = {
    ("hard", "catan"): "expert:ms=800",
    ("hard", "got-catan"): "expert:ms=800",
    ("hard", "brotherhood"): "expert:ms=800",
}
# A level whose kind does not play the game seats the first of these that does (``random``
# plays every game: a game with no bots of its own seats it at every level).
FALLBACKS: Final = ("greedy", "random")


def level_spec(level: str, game_id: str) -> str:
    """The bot spec a ``level`` seats in ``game_id``; :class:`ValueError` for an unknown level."""
    spec = LEVEL_SPECS.get(level)
    if spec is None:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    spec = GAME_LEVEL_SPECS.get((level, game_id), spec)
    kinds = bot_kinds(game_id)
    if spec.split(":", 1)[0] in kinds:
        return spec
    return next(kind for kind in FALLBACKS if kind in kinds)


def bot_for_level(level: str, game_id: str) -> Bot:
    """A new bot of ``level`` for ``game_id``."""
    return bot_from_spec(level_spec(level, game_id), game_id)
