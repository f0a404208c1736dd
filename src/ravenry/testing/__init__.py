"""Test support any game's tests can import: the conformance kit (:mod:`ravenry.testing.conformance`)."""

from ravenry.testing.conformance import (
    ConformanceFailure,
    ConformanceResult,
    GameChecks,
    PlayoutSettings,
    choose_action,
    play_checked,
    run_conformance,
    same_game_twice,
)

__all__ = [
    "ConformanceFailure",
    "ConformanceResult",
    "GameChecks",
    "PlayoutSettings",
    "choose_action",
    "play_checked",
    "run_conformance",
    "same_game_twice",
]
