"""What an evaluator reads: a seat's view as numbers, by the RL observation encoding
(:mod:`ravenry.rl.encoding`: fixed length, absolute seats with a ``viewer`` field, nothing the
view hides). One :class:`Featurizer` per game id and player count, made once."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np

from ravenry.core.protocol import GameState
from ravenry.core.registry import new_game
from ravenry.evaluators.network import Array
from ravenry.rl.encoding import Encoding, encoding_for


class Featurizer:
    """Turns ``observe(seat)`` of a ``game_id`` game of ``players`` seats into one row."""

    def __init__(self, game_id: str, players: int) -> None:
        self.game_id = game_id
        self.players = players
        self.encoding: Encoding = encoding_for(new_game(game_id, players=players, seed=0).observe(0))
        self.size = self.encoding.size

    def view_row(self, view: Mapping[str, Any]) -> Array:
        return self.encoding.encode(view)

    def rows(self, state: GameState, seats: range | list[int]) -> Array:
        """One row per seat in ``seats``, each from that seat's own view."""
        out = np.empty((len(seats), self.size), dtype=np.float32)
        for i, seat in enumerate(seats):
            out[i] = self.encoding.encode(state.observe(seat))
        return out


@functools.cache
def featurizer(game_id: str, players: int) -> Featurizer:
    return Featurizer(game_id, players)
