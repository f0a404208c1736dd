"""An evaluator: each seat's chance of winning, from one seat's view (a shipped network) or from
the state (the heuristic, where no network ships). The one way in is :func:`evaluator_for`."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ravenry.core.protocol import GameState
from ravenry.evaluators.features import Featurizer, assemble, featurizer
from ravenry.evaluators.heuristic import heuristic_probabilities
from ravenry.evaluators.network import Network, load_network

WEIGHTS = Path(__file__).parent / "weights"


def shipped_path(game_id: str, players: int) -> Path:
    """Where the shipped network of ``game_id`` for ``players`` seats lives (it may not exist)."""
    return WEIGHTS / f"{game_id}-{players}p.npz"


def outcome(state: GameState) -> list[float] | None:
    """A finished game's result as probabilities (the winners share 1), None while it runs."""
    result = state.decision().result
    if result is None:
        return None
    n = state.config.players
    winners = result.winners
    if not winners:
        return [1.0 / n] * n
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]


class Evaluator:
    """Win probabilities for ``game_id`` games of ``players`` seats: by ``network`` from a seat's
    own view, or (``network`` None) by the hand-written heuristic from the state."""

    def __init__(self, game_id: str, players: int, network: Network | None) -> None:
        self.game_id = game_id
        self.players = players
        self.network = network
        self.features: Featurizer | None = featurizer(game_id, players) if network is not None else None

    @property
    def kind(self) -> str:
        return "network" if self.network is not None else "heuristic"

    def probabilities(self, state: GameState, seat: int) -> list[float]:
        """Every seat's chance of winning as ``seat`` may judge it (its view; the heuristic
        reads the state it is given, which a bot samples from its view)."""
        done = outcome(state)
        if done is not None:
            return done
        if self.network is None or self.features is None:
            return heuristic_probabilities(state)
        x = self.features.inputs(state, [seat])
        return [float(p) for p in self.network.probabilities(x)[0]]

    def values(self, states: Sequence[GameState], seat: int) -> list[float]:
        """``seat``'s own chance of winning in each of ``states``, judged from its view: one
        batch through the network (what a search asks at its leaves)."""
        out = [0.0] * len(states)
        todo: list[int] = []
        for i, state in enumerate(states):
            done = outcome(state)
            if done is not None:
                out[i] = done[seat]
            else:
                todo.append(i)
        if not todo:
            return out
        if self.network is None or self.features is None:
            for i in todo:
                out[i] = heuristic_probabilities(states[i])[seat]
            return out
        rows = [self.features.rows(states[i], seat) for i in todo]
        x = assemble(
            np.stack([r[0] for r in rows]), np.stack([r[1] for r in rows]), np.full(len(todo), seat, np.int64)
        )
        probs = self.network.probabilities(x)
        for j, i in enumerate(todo):
            out[i] = float(probs[j, seat])
        return out

    def table(self, state: GameState) -> list[float]:
        """Each seat's chance as judged from its own view, scaled to sum to 1: what a finished
        game's analysis graphs (nobody's estimate of another seat is used)."""
        done = outcome(state)
        if done is not None:
            return done
        if self.network is None or self.features is None:
            return heuristic_probabilities(state)
        n = self.players
        probs = self.network.probabilities(self.features.inputs(state, range(n)))
        own = [max(float(probs[p, p]), 1e-6) for p in range(n)]
        total = sum(own)
        return [x / total for x in own]


# Networks played instead of the shipped ones, in this process (a candidate being gated by a
# match: benchmarks/bot_strength.py --evaluator). Empty in play.
_candidates: dict[tuple[str, int], Path] = {}


def use_network(game_id: str, players: int, path: Path) -> None:
    """Play ``game_id`` games of ``players`` seats with the network in ``path`` from now on, in
    this process, instead of the shipped one (to gate a newly trained network)."""
    if not path.exists():
        raise FileNotFoundError(f"no network at {path}")
    _candidates[(game_id, players)] = path
    evaluator_for.cache_clear()


@functools.cache
def evaluator_for(game_id: str, players: int) -> Evaluator:
    """The evaluator of ``game_id`` for ``players`` seats: its shipped network (or the one
    :func:`use_network` named), loaded on first use, else the heuristic."""
    path = _candidates.get((game_id, players)) or shipped_path(game_id, players)
    return Evaluator(game_id, players, load_network(path) if path.exists() else None)
