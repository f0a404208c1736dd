"""Games registered by id. Importing a game package registers it."""

from __future__ import annotations

import importlib
import secrets
from typing import TYPE_CHECKING, Any

from ravenry.core.errors import describe

if TYPE_CHECKING:
    from ravenry.core.protocol import Game, GameState

_GAMES: dict[str, Game[Any, Any]] = {}
# Game id → module that registers it, imported on first use so the core never imports games eagerly.
_MODULES = {
    "catan": "ravenry.games.catan",
    "got-catan": "ravenry.games.got_catan",
    "brotherhood": "ravenry.games.brotherhood",
    "thrones": "ravenry.games.thrones",
}


def register(game: Game[Any, Any]) -> None:
    _GAMES[game.id] = game


def available_games() -> list[str]:
    for game_id in _MODULES:
        get_game(game_id)
    return sorted(_GAMES)


def get_game(game_id: str) -> Game[Any, Any]:
    if type(game_id) is str and game_id not in _GAMES and game_id in _MODULES:
        importlib.import_module(_MODULES[game_id])
    if type(game_id) is not str or game_id not in _GAMES:
        raise KeyError(f"unknown game {describe(game_id)}; known: {', '.join(sorted(_MODULES))}")
    return _GAMES[game_id]


def fresh_seed() -> int:
    """A seed no one can guess: 64 bits from the operating system's generator. Only the API
    boundary draws one (``make_config``/``new_game`` without a seed); the config records it."""
    return secrets.randbits(64)


def new_game(game_id: str, players: object = 4, seed: object = None, **options: Any) -> GameState:
    """A new game; ``seed=None`` (the default) draws a fresh one (:func:`fresh_seed`).
    Options of the wrong type are refused with ``MalformedAction``."""
    game = get_game(game_id)
    state: GameState = game.new_state(game.make_config(players=players, seed=seed, **options))
    return state
