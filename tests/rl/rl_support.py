"""Shared pieces of the RL tests: the games with short caps, and random play by mask."""

from __future__ import annotations

from typing import Any

import numpy as np

# (game, options): short games, so that every step of them can be checked within the tests'
# time. Random play by mask makes many offers (120 catalogue entries), hence the offer cap.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("catan", {"players": 4, "turn_cap": 20, "max_offers_per_turn": 2}),
    ("got-catan", {"players": 3, "turn_cap": 20, "max_offers_per_turn": 2}),
    ("brotherhood", {"players": 4, "turn_cap": 20, "max_offers_per_turn": 2}),
    ("thrones", {"players": 5, "turn_cap": 3}),
]
IDS = [g for g, _ in GAMES]


def pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))
