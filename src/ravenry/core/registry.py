"""Games registered by id. Importing a game package registers it."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ravenry.core.protocol import Game, GameState

_GAMES: dict[str, Game[Any, Any]] = {}
# Game id → module that registers it, imported on first use so the core never imports games eagerly.
_MODULES = {
    "catan": "ravenry.games.catan",
    "got-catan": "ravenry.games.got_catan",
    "brotherhood": "ravenry.games.brotherhood",
}


def register(game: Game[Any, Any]) -> None:
    _GAMES[game.id] = game


def available_games() -> list[str]:
    for game_id in _MODULES:
        get_game(game_id)
    return sorted(_GAMES)


def get_game(game_id: str) -> Game[Any, Any]:
    if game_id not in _GAMES and game_id in _MODULES:
        importlib.import_module(_MODULES[game_id])
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(_MODULES))}") from None


def new_game(game_id: str, players: int = 4, seed: int = 0, **options: Any) -> GameState:
    game = get_game(game_id)
    state: GameState = game.new_state(game.make_config(players=players, seed=seed, **options))
    return state
