"""Bots playing games: one game (:func:`play_game`), many games in worker processes
(:func:`simulate`), and their statistics (:func:`summarize`, :func:`wilson_interval`)."""

from ravenry.sim.runner import BotError, GameSummary, play_game, play_state, run_game
from ravenry.sim.simulate import SimulationConfig, SimulationResult, simulate
from ravenry.sim.stats import SimulationStats, WinRecord, summarize, wilson_interval

__all__ = [
    "BotError",
    "GameSummary",
    "SimulationConfig",
    "SimulationResult",
    "SimulationStats",
    "WinRecord",
    "play_game",
    "play_state",
    "run_game",
    "simulate",
    "summarize",
    "wilson_interval",
]
