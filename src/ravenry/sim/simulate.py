"""Run many seeded games between bots, in worker processes, with a progress bar.

Game ``i`` of a run seeded with ``seed`` uses seed :func:`~ravenry.sim.runner.derive_seed`
``(seed, i)`` whatever the number of workers, so a run's summaries are the same with 1 or 8
workers. With ``rotate``, game ``i`` shifts the bots ``i`` seats round the table so every kind
sits at every seat equally often.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from ravenry.bots.base import bot_from_spec
from ravenry.build import build_name
from ravenry.core.registry import get_game
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
        }


@dataclass(frozen=True)
class SimulationResult:
    config: SimulationConfig
    summaries: tuple[GameSummary, ...]
    elapsed_seconds: float

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
) -> SimulationResult:
    """Play ``games`` games; ``workers`` > 1 plays them in that many processes."""
    config = SimulationConfig(
        game_id, players, tuple(bot_kinds), games, seed, workers, turn_cap, rotate, dict(options or {})
    )
    validate(config)
    start = time.perf_counter()
    summaries: list[GameSummary | None] = [None] * games
    with _progress(progress, games, f"{game_id}: {', '.join(config.bots)}") as advance:
        if workers == 1:
            for i in range(games):
                summaries[i] = play_one(config, i)
                advance(1)
        else:
            chunk = max(1, min(MAX_CHUNK, math.ceil(games / (workers * 8))))
            ranges = [range(i, min(games, i + chunk)) for i in range(0, games, chunk)]
            with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
                futures = {pool.submit(play_range, config, r.start, r.stop): r for r in ranges}
                for future in as_completed(futures):
                    span = futures[future]
                    for i, summary in zip(span, future.result(), strict=True):
                        summaries[i] = summary
                    advance(len(span))
    elapsed = time.perf_counter() - start
    done = tuple(s for s in summaries if s is not None)
    assert len(done) == games
    return SimulationResult(config, done, elapsed)


def play_one(config: SimulationConfig, index: int) -> GameSummary:
    return play_game(
        config.game_id,
        config.players,
        derive_seed(config.seed, index),
        config.bots_for(index),
        turn_cap=config.turn_cap,
        options=config.options,
    )


def play_range(config: SimulationConfig, start: int, stop: int) -> list[GameSummary]:
    """Worker task: games ``start`` .. ``stop - 1`` of the run."""
    return [play_one(config, i) for i in range(start, stop)]


@contextmanager
def _progress(enabled: bool, total: int, description: str) -> Iterator[Callable[[int], None]]:
    """Yields ``advance(n)``: a rich progress bar when ``enabled``, otherwise silent."""
    if not enabled:
        yield lambda n: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)
