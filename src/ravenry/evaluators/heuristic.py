"""The hand-written evaluations the search bots use (``bots/search.py``'s and
``bots/thrones_search.py``'s ``evaluate``: a seat's standing in points against the best other),
rescaled to probabilities: a softmax of each seat's standing over a temperature. The baseline a
learned evaluator must beat (``docs/evaluators/``), and what is used where no network ships.

It reads the state it is given: a bot gives it a state sampled from its seat's view (never the
true one); the analysis of a finished game gives it the whole state.
"""

from __future__ import annotations

import math
from typing import Final

from ravenry.core.protocol import GameState

# Points of standing per unit of the softmax: fitted on the training games by `ravenry
# train-evaluator` (docs/evaluators/GAME.json, "heuristic_temperature", 2026-12-06, seed 1).
TEMPERATURE: Final[dict[str, float]] = {"catan": 2.8, "got-catan": 2.0, "brotherhood": 2.0, "thrones": 2.8}


def standings(state: GameState) -> list[float]:
    """Each seat's standing by the game family's hand-written ``evaluate``."""
    n = state.config.players
    if state.game.id == "thrones":
        from ravenry.bots.thrones_search import evaluate as thrones_evaluate

        return [thrones_evaluate(state, p) for p in range(n)]
    from ravenry.bots.search import evaluate, hex_pips

    pips = hex_pips(state)
    return [evaluate(state, p, pips) for p in range(n)]


def softmax(scores: list[float], temperature: float) -> list[float]:
    top = max(scores)
    e = [math.exp((s - top) / temperature) for s in scores]
    total = sum(e)
    return [x / total for x in e]


def heuristic_probabilities(state: GameState, temperature: float | None = None) -> list[float]:
    t = temperature if temperature is not None else TEMPERATURE.get(state.game.id, 1.5)
    return softmax(standings(state), t)
