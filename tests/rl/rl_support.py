"""Shared pieces of the RL tests: the games with short caps, and random play by mask."""

from __future__ import annotations

from typing import Any

import numpy as np

# (game, options): Thrones rounds are long, so its games are capped after 2 rounds.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("catan", {"players": 4, "turn_cap": 40}),
    ("got-catan", {"players": 3, "turn_cap": 40}),
    ("brotherhood", {"players": 4, "turn_cap": 40}),
    ("thrones", {"players": 5, "turn_cap": 2}),
]
IDS = [g for g, _ in GAMES]


def pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))
