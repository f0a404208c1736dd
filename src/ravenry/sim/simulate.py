"""Run many seeded games between bots, in worker processes or Ray tasks, with a progress bar.

Game ``i`` of a run seeded with ``seed`` uses seed :func:`~ravenry.sim.runner.derive_seed`
``(seed, i)`` whatever runs it (this process, ``workers`` processes, or Ray tasks on a local
instance or a cluster: :mod:`ravenry.sim.ray_backend`), so a run's summaries are the same
everywhere. With ``rotate``, game ``i`` shifts the bots ``i`` seats round the table so every kind
sits at every seat equally often. With ``out``, each finished game is appended to a JSON-lines
file as it completes, and a run started again with the same file plays only the games it does
not hold yet (:mod:`ravenry.sim.results_file`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ravenry.bots.base import bot_from_spec
from ravenry.build import build_name
from ravenry.core.registry import get_game
from ravenry.sim.ray_backend import RAY_LOCAL, cluster_cpus, ray_session, run_tasks
from ravenry.sim.results_file import ResultsFile
from ravenry.sim.runner import DEFAULT_TURN_CAP, GameSummary, derive_seed, play_game
from ravenry.sim.stats import SimulationStats, summarize

# Games per task sent to a worker: small enough for a smooth progress bar and fair sharing.
MAX_CHUNK = 25


@dataclass(frozen=True)
class SimulationConfig:
    game_id: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    workers: int = 1
    turn_cap: int = DEFAULT_TURN_CAP
    rotate: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)
    # None: this process or the process pool; else the Ray address (ray_backend.RAY_LOCAL, "auto", ...).
    ray_address: str | None = None

    def bots_for(self, index: int) -> tuple[str, ...]:
        if not self.rotate:
            return self.bots
        shift = index % self.players
        return self.bots[-shift:] + self.bots[:-shift] if shift else self.bots

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "turn_cap": self.turn_cap,
            "rotate": self.rotate,
            "options": dict(self.options),
            "ray": self.ray_address,
        }

    def run_json(self) -> dict[str, Any]:
        """What decides the games' results (not how many, nor where they run): a results file's
        header, which a resumed run must match."""
        return {
            "game": self.game_id,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "turn_cap": self.turn_cap,
            "rotate": self.rotate,
            "options": dict(self.options),
        }


@dataclass(frozen=True)
class SimulationResult:
    config: SimulationConfig
    summaries: tuple[GameSummary, ...]
    elapsed_seconds: float  # with a results file: over every session that played its games
    played: int = -1  # games played by this call (the others came from the results file); -1: all

    @property
    def resumed(self) -> int:
        """Games read back from the results file rather than played now."""
        return 0 if self.played < 0 else len(self.summaries) - self.played

    @property
    def stats(self) -> SimulationStats:
        return summarize(self.summaries, self.elapsed_seconds)

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "build": build_name(), "stats": self.stats.to_json()}


def validate(config: SimulationConfig) -> None:
    """Raise :class:`ValueError` (or ``KeyError`` for an unknown game) with a clear reason."""
    game = get_game(config.game_id)
    if config.games < 1:
        raise ValueError("the number of games must be at least 1")
    if config.workers < 1:
        raise ValueError("the number of workers must be at least 1")
    if config.turn_cap < 1:
        raise ValueError("the turn cap must be at least 1")
    if len(config.bots) != config.players:
        raise ValueError(f"{config.players} players need {config.players} bots, got {len(config.bots)}")
    try:
        game.make_config(players=config.players, seed=config.seed, **dict(config.options))
    except Exception as exc:  # the game's own validation error, whatever its type
        raise ValueError(str(exc)) from None
    for spec in config.bots:
        bot_from_spec(spec, config.game_id)


def simulate(
    game_id: str,
    players: int,
    bot_kinds: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    turn_cap: int = DEFAULT_TURN_CAP,
    rotate: bool = False,
    options: Mapping[str, Any] | None = None,
    progress: bool = False,
    ray_address: str | None = None,
    out: Path | str | None = None,
) -> SimulationResult:
    """Play ``games`` games; ``workers`` > 1 plays them in that many processes. With
    ``ray_address`` they run as Ray tasks instead (:data:`~ravenry.sim.ray_backend.RAY_LOCAL`
    starts a local instance with ``workers`` CPUs; ``"auto"`` or an address joins a cluster).
    With ``out``, every finished game is appended to that JSON-lines file, and games it already
    holds (from an interrupted run of the same games) are read back instead of played."""
    config = SimulationConfig(
        game_id,
        players,
        tuple(bot_kinds),
        games,
        seed,
        workers,
        turn_cap,
        rotate,
        dict(options or {}),
        ray_address,
    )
    validate(config)
    results = ResultsFile.open(out, config.run_json(), games) if out is not None else None
    done: dict[int, GameSummary] = dict(results.done) if results is not None else {}
    todo = [i for i in range(games) if i not in done]
    start = time.perf_counter()
    try:
        description = f"{game_id}: {', '.join(config.bots)}"
        with _progress(progress, games, description, len(done)) as advance:
            for indices, summaries in _play(config, todo):
                for i, summary in zip(indices, summaries, strict=True):
                    done[i] = summary
                    if results is not None:
                        results.append(i, summary, time.perf_counter() - start)
                advance(len(indices))
    finally:
        if results is not None:
            results.close()
    elapsed = time.perf_counter() - start + (results.elapsed_before if results is not None else 0.0)
    assert len(done) == games
    return SimulationResult(
        config, tuple(done[i] for i in range(games)), elapsed, len(todo) if results is not None else -1
    )


def _play(config: SimulationConfig, todo: Sequence[int]) -> Iterator[tuple[Sequence[int], list[GameSummary]]]:
    """Plays the games ``todo`` (indices) where ``config`` says, yielding them as they finish."""
    if not todo:
        return
    if config.ray_address is not None:
        cpus = config.workers if config.ray_address == RAY_LOCAL else None
        with ray_session(config.ray_address, cpus) as ray:
            yield from run_tasks(ray, play_indices, config, _chunks(todo, cluster_cpus(ray)))
    elif config.workers == 1:
        for i in todo:
            yield (i,), [play_one(config, i)]
    else:
        pool = ProcessPoolExecutor(max_workers=config.workers, mp_context=get_context("spawn"))
        try:
            futures: dict[Future[list[GameSummary]], Sequence[int]] = {
                pool.submit(play_indices, config, chunk): chunk for chunk in _chunks(todo, config.workers)
            }
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            # Interrupted (or failed): the chunks not started yet are dropped, not waited for.
            pool.shutdown(wait=True, cancel_futures=True)


def _chunks(todo: Sequence[int], workers: int) -> list[Sequence[int]]:
    chunk = max(1, min(MAX_CHUNK, math.ceil(len(todo) / (workers * 8))))
    return [todo[i : i + chunk] for i in range(0, len(todo), chunk)]


def play_one(config: SimulationConfig, index: int) -> GameSummary:
    return play_game(
        config.game_id,
        config.players,
        derive_seed(config.seed, index),
        config.bots_for(index),
        turn_cap=config.turn_cap,
        options=config.options,
    )


def play_indices(config: SimulationConfig, indices: Sequence[int]) -> list[GameSummary]:
    """Worker task (a process or a Ray task): the games ``indices`` of the run."""
    return [play_one(config, i) for i in indices]


@contextmanager
def _progress(
    enabled: bool, total: int, description: str, completed: int = 0
) -> Iterator[Callable[[int], None]]:
    """Yields ``advance(n)``: a rich progress bar when ``enabled``, otherwise silent."""
    if not enabled:
        yield lambda n: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns) as bar:
        task = bar.add_task(description, total=total, completed=completed)
        yield lambda n: bar.advance(task, n)
