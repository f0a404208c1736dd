"""ravenry: board games for people, bots and researchers.

The public entry points are in :mod:`ravenry.core` (the protocol every game implements) and
:func:`ravenry.core.registry.new_game`.
"""

from ravenry.core.registry import available_games, get_game, new_game

__all__ = ["available_games", "get_game", "new_game"]
