"""Bot levels for people: ``easy``, ``medium`` and ``hard``, each a bot spec with its budget —
the one place they are defined (a lobby shows the level names and seats :func:`level_spec`).

- ``easy``: ``random:offers=false``, uniform legal moves and no trade offers: a pushover.
- ``medium``: ``greedy``, the rule-of-thumb player (beats ``random`` nearly always).
- ``hard``: ``search:ms=800``, determinized search on sampled states with greedy playouts,
  about 0.8 s a decision (the Catan family's ``bots/search.py``, ``thrones``'s
  ``bots/thrones_search.py``); for a game without a search bot, ``greedy``, and for a game
  with no bots of its own (a plug-in's), ``random`` at both.
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
# A level whose kind does not play the game seats the first of these that does (``random``
# plays every game: a game with no bots of its own seats it at every level).
FALLBACKS: Final = ("greedy", "random")


def level_spec(level: str, game_id: str) -> str:
    """The bot spec a ``level`` seats in ``game_id``; :class:`ValueError` for an unknown level."""
    spec = LEVEL_SPECS.get(level)
    if spec is None:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    kinds = bot_kinds(game_id)
    if spec.split(":", 1)[0] in kinds:
        return spec
    return next(kind for kind in FALLBACKS if kind in kinds)


def bot_for_level(level: str, game_id: str) -> Bot:
    """A new bot of ``level`` for ``game_id``."""
    return bot_from_spec(level_spec(level, game_id), game_id)
