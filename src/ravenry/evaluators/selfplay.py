"""Training positions from self-play: games of this engine between ``greedy`` bots that now and
then play a random legal move (exploration), with every seat's view of a sampled position
encoded and labelled with how the game ended.

**Sibling positions** (``siblings`` > 0): a game's positions only ever show the move that was
played, while a search compares that move with its siblings. So now and then (chance
1/``sibling_every`` at a seat's decision with a choice) the deciding seat's move and up to
``siblings - 1`` other legal moves are each played on one world sampled from that seat's view
(the same world for all: common random numbers), then played out to the end by the playout bot;
every seat's view of each child is labelled with its playout's outcome. The labels use only what
a sampled world holds, never the true hidden cards.

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
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
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
    siblings: int = 0
    sibling_every: int = 100


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
    sibling_rng = Rng.from_seed(derive_seed(seed, n + 2))
    playout_bots = [BotSeat(bot_from_spec(plan.bot, plan.game_id)) for _ in range(n)]
    rows: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = []
    standing: list[list[float]] = []
    children: list[Positions] = []
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
            if plan.siblings and len(legal) > 1 and sibling_rng.below(plan.sibling_every) == 0:
                # Apart from the game's own generators, so the game is the one it would be without.
                played = seats[p].decide(state, p, rngs[p].copy())
                others = [a for a in legal if a != played]
                picked = [played] + [
                    others[i] for i in _distinct(sibling_rng, len(others), plan.siblings - 1)
                ]
                world_seed = derive_seed(seed, 1000 + steps)
                children.append(_siblings(plan, state, p, picked, playout_bots, world_seed, index))
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
    return Positions.joined([_labelled(rows, standing, [final] * (len(rows) // n), n, index), *children], n)


def _labelled(
    rows: Sequence[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]],
    standing: Sequence[list[float]],
    labels: Sequence[list[float]],
    n: int,
    index: int,
) -> Positions:
    """Positions of every seat's view (``rows``, n per position) with each position's label."""
    k = len(rows) // n
    return Positions(
        np.stack([r[0] for r in rows]),
        np.stack([r[1] for r in rows]),
        np.repeat(np.array(labels, np.float32), n, axis=0),
        np.tile(np.arange(n, dtype=np.int8), k),
        np.full(k * n, index, np.int32),
        np.repeat(np.array(standing, np.float32), n, axis=0),
    )


def _distinct(rng: Rng, size: int, k: int) -> list[int]:
    """Up to ``k`` distinct indices below ``size``, drawn with ``rng``."""
    pool = list(range(size))
    out: list[int] = []
    while pool and len(out) < k:
        out.append(pool.pop(rng.below(len(pool))))
    return out


def _siblings(
    plan: SelfPlay,
    state: GameState,
    seat: int,
    moves: Sequence[Action],
    bots: Sequence[BotSeat],
    seed: int,
    index: int,
) -> Positions:
    """Each of ``moves`` played by ``seat`` on one world sampled from its view, then played out:
    every seat's view of each child, labelled with its playout's outcome."""
    n = plan.players
    feats = featurizer(plan.game_id, n)
    world = state.sample_hidden(seat, Rng.from_seed(seed))
    rows: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = []
    standing: list[list[float]] = []
    labels: list[list[float]] = []
    for move in moves:
        child = world.clone()
        try:
            child.apply(seat, move)
        except IllegalAction:  # not legal in this world (it should be: the seat's own hand is known)
            continue
        views = [feats.rows(child, v) for v in range(n)]
        ending = _played_out(plan, child.clone(), bots, Rng.from_seed(derive_seed(seed, 1)))
        if ending is None:
            continue
        rows += views
        standing.append(standings(child))
        labels.append(ending)
    if not labels:
        return Positions.joined([], n)
    return _labelled(rows, standing, labels, n, index)


def _played_out(plan: SelfPlay, state: GameState, bots: Sequence[BotSeat], rng: Rng) -> list[float] | None:
    """The outcome of ``state`` played out by ``bots`` (None past the turn cap)."""
    steps = 0
    max_steps = plan.turn_cap * STEPS_PER_TURN_LIMIT
    while True:
        decision = state.decision()
        if decision.result is not None:
            return outcome(state)
        if state.turn_number() > plan.turn_cap or steps >= max_steps:
            return None
        for p in sorted(decision.players):
            if p in state.decision().players:
                state.apply(p, bots[p].decide(state, p, rng))
                steps += 1


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
