"""Training positions from self-play: games of this engine between ``greedy`` bots that now and
then play a random legal move (exploration), with every seat's view of a sampled position
encoded and labelled with how the game ended.

A game is played from its seed alone (the rules' state holds its RNG; the bots' and the
exploration's generators are derived from it), so a data set is the same on every machine and
in either build; :func:`generate` plays the games on a process pool, as ``simulate`` does.
Unfinished (capped) games give no positions: they have no label.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ravenry.bots.base import BotSeat, bot_from_spec
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.evaluators.evaluator import outcome
from ravenry.evaluators.features import featurizer
from ravenry.evaluators.heuristic import standings
from ravenry.sim.runner import DEFAULT_TURN_CAP, STEPS_PER_TURN_LIMIT, derive_seed

CHUNK = 25  # games a worker plays per task


@dataclass
class Positions:
    """One row per view of a position: ``seats`` (its seat rows, views x seats x k, see
    :mod:`ravenry.evaluators.features`), ``overall`` (its game row), ``target`` (each seat's share
    of the win, the winners sharing 1), ``viewer`` (whose view it is), ``game`` (the game's
    index: held-out games are split by it) and ``standing`` (the hand-written heuristic's
    standing of each seat at that position)."""

    seats: npt.NDArray[np.float32]
    overall: npt.NDArray[np.float32]
    target: npt.NDArray[np.float32]
    viewer: npt.NDArray[np.int8]
    game: npt.NDArray[np.int32]
    standing: npt.NDArray[np.float32]

    @staticmethod
    def joined(parts: Sequence[Positions], players: int) -> Positions:
        if not parts:
            return Positions(
                np.zeros((0, players, 0), np.float32),
                np.zeros((0, 0), np.float32),
                np.zeros((0, players), np.float32),
                np.zeros(0, np.int8),
                np.zeros(0, np.int32),
                np.zeros((0, players), np.float32),
            )
        return Positions(
            np.concatenate([p.seats for p in parts]),
            np.concatenate([p.overall for p in parts]),
            np.concatenate([p.target for p in parts]),
            np.concatenate([p.viewer for p in parts]),
            np.concatenate([p.game for p in parts]),
            np.concatenate([p.standing for p in parts]),
        )


@dataclass(frozen=True)
class SelfPlay:
    """What games to play: ``every`` (a position is recorded with chance 1/every at each
    step), ``epsilon`` (a seat's chance of a random legal move instead of its bot's)."""

    game_id: str
    players: int
    seed: int
    bot: str = "greedy"
    every: int = 10
    epsilon: float = 0.1
    turn_cap: int = DEFAULT_TURN_CAP


def game_positions(plan: SelfPlay, index: int) -> Positions | None:
    """Game ``index`` of ``plan``: its recorded positions, or None if it did not finish."""
    n = plan.players
    seed = derive_seed(plan.seed, index)
    state = new_game(plan.game_id, players=n, seed=seed)
    feats = featurizer(plan.game_id, n)
    seats = [BotSeat(bot_from_spec(plan.bot, plan.game_id)) for _ in range(n)]
    rngs = [Rng.from_seed(derive_seed(seed, p)) for p in range(n)]
    explore = Rng.from_seed(derive_seed(seed, n + 1))
    explore_per_mille = round(plan.epsilon * 1000)
    rows: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = []
    standing: list[list[float]] = []
    steps = 0
    max_steps = plan.turn_cap * STEPS_PER_TURN_LIMIT
    while True:
        decision = state.decision()
        if decision.result is not None:
            break
        if state.turn_number() > plan.turn_cap or steps >= max_steps:
            return None
        if explore.below(plan.every) == 0:
            rows += [feats.rows(state, v) for v in range(n)]
            standing.append(standings(state))
        for p in sorted(decision.players):
            if p not in state.decision().players:  # a simultaneous answer closed it
                continue
            legal = state.legal_actions(p)
            if explore.below(1000) < explore_per_mille and legal:
                action = explore.choice(legal)
            else:
                action = seats[p].decide(state, p, rngs[p])
            state.apply(p, action)
            steps += 1
    final = outcome(state)
    assert final is not None
    if not rows:
        return None
    k = len(rows) // n
    return Positions(
        np.stack([r[0] for r in rows]),
        np.stack([r[1] for r in rows]),
        np.tile(np.array(final, np.float32), (k * n, 1)),
        np.tile(np.arange(n, dtype=np.int8), k),
        np.full(k * n, index, np.int32),
        np.repeat(np.array(standing, np.float32), n, axis=0),
    )


def play_chunk(plan: SelfPlay, indices: Sequence[int]) -> tuple[int, Positions]:
    """Games ``indices`` of ``plan``: how many were played, and their positions joined."""
    parts = [p for p in (game_positions(plan, i) for i in indices) if p is not None]
    return len(indices), Positions.joined(parts, plan.players)


def generate(
    plan: SelfPlay, games: int, workers: int, progress: Callable[[int], None] | None = None
) -> Positions:
    """The positions of games 0..games-1 of ``plan``, played on ``workers`` processes (1: in
    this one), in game order whatever the pool's timing."""
    chunks = [range(i, min(i + CHUNK, games)) for i in range(0, games, CHUNK)]
    results: list[Positions] = []
    if workers <= 1:
        for chunk in chunks:
            played, part = play_chunk(plan, chunk)
            results.append(part)
            if progress is not None:
                progress(played)
    else:
        with ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(play_chunk, plan, chunk) for chunk in chunks]
            for future in futures:
                played, part = future.result()
                results.append(part)
                if progress is not None:
                    progress(played)
    return Positions.joined(results, plan.players)
