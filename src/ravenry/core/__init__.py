"""The protocol every ravenry game implements: decisions, actions, events, views, records."""

from ravenry.core.errors import IllegalAction, MalformedAction
from ravenry.core.protocol import Decision, Event, Game, GameState, Result
from ravenry.core.record import GameRecord, replay
from ravenry.core.registry import available_games, get_game, new_game
from ravenry.core.rng import Rng

__all__ = [
    "Decision",
    "Event",
    "Game",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "Result",
    "Rng",
    "available_games",
    "get_game",
    "new_game",
    "replay",
]
