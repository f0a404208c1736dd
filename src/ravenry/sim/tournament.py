"""A tournament among bot kinds: seat-rotated games, then OpenSkill ratings with intervals.

With ``k`` kinds and ``p`` seats, the games are split into ``k`` blocks; block ``j`` seats the
kinds ``j, j+1, ...`` (cycling: a kind sits at several seats when ``k < p``) and rotates them
round the table game by game (:func:`ravenry.sim.simulate.simulate` with ``rotate``), so every
kind plays every seat and every other kind equally often over ``k * p`` games. Block ``j`` runs
from the tournament seed mixed with ``j`` (:func:`~ravenry.sim.runner.derive_seed`).

Ratings: OpenSkill's Plackett-Luce model (``openskill`` from PyPI), games taken in order. Each
seat is a one-player team; ranks: the winners first, then the other seats by final score
(ties share a rank; an unfinished game ranks everyone by score). A kind at several seats of one
game gets the mean of its seats' updates. A rating is reported as ``mu`` and a 95% interval
``mu ± 1.96 sigma``, and as OpenSkill's ordinal ``mu - 3 sigma``.

The games run in this process, on ``workers`` processes, or as Ray tasks (``ray_address``, as
for :func:`~ravenry.sim.simulate.simulate`; one Ray session serves every block).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from ravenry.sim.ray_backend import RAY_LOCAL, ray_session
from ravenry.sim.runner import DEFAULT_TURN_CAP, GameSummary, derive_seed
from ravenry.sim.simulate import simulate
from ravenry.sim.stats import summarize

Z95 = 1.96


@dataclass(frozen=True)
class KindRating:
    kind: str
    mu: float
    sigma: float

    @property
    def interval(self) -> tuple[float, float]:
        return self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"kind": self.kind, "mu": self.mu, "sigma": self.sigma, "low": low, "high": high}


@dataclass(frozen=True)
class TournamentResult:
    game_id: str
    players: int
    kinds: tuple[str, ...]
    seed: int
    summaries: tuple[GameSummary, ...]
    ratings: tuple[KindRating, ...]  # after the last game, best ordinal first
    history: tuple[tuple[KindRating, ...], ...]  # per game, every kind (in ``kinds`` order)
    elapsed_seconds: float

    def to_json(self) -> dict[str, Any]:
        stats = summarize(self.summaries, self.elapsed_seconds)
        return {
            "game": self.game_id,
            "players": self.players,
            "bots": list(self.kinds),
            "seed": self.seed,
            "ratings": [r.to_json() for r in self.ratings],
            "win_rates": [
                {
                    "kind": w.label,
                    "wins": w.wins,
                    "games": w.trials,
                    "low": w.interval[0],
                    "high": w.interval[1],
                }
                for w in stats.kinds
            ],
            "games": [s.to_json() for s in self.summaries],
            "rating_history": [[r.to_json() for r in row] for row in self.history],
        }


def lineups(kinds: Sequence[str], players: int) -> list[tuple[str, ...]]:
    k = len(kinds)
    return [tuple(kinds[(j + s) % k] for s in range(players)) for j in range(k)]


def ranks(summary: GameSummary) -> list[float]:
    """Each seat's rank in one game (0 best): winners first, then by score."""
    keys = [(1 if p in summary.winners else 0, summary.scores[p]) for p in range(len(summary.scores))]
    ordered = sorted(set(keys), reverse=True)
    return [float(ordered.index(key)) for key in keys]


def rate(kinds: Sequence[str], summaries: Sequence[GameSummary]) -> list[tuple[KindRating, ...]]:
    """The ratings of ``kinds`` after each game of ``summaries`` (in order)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {k: model.rating(name=k) for k in kinds}
    history = []
    for summary in summaries:
        teams = [[current[kind]] for kind in summary.bots]
        new = model.rate(teams, ranks=ranks(summary))
        updates: dict[str, list[tuple[float, float]]] = {}
        for kind, team in zip(summary.bots, new, strict=True):
            updates.setdefault(kind, []).append((team[0].mu, team[0].sigma))
        for kind, values in updates.items():
            mu = sum(m for m, _ in values) / len(values)
            sigma = sum(s for _, s in values) / len(values)
            current[kind] = model.rating(mu=mu, sigma=sigma, name=kind)
        history.append(tuple(KindRating(k, current[k].mu, current[k].sigma) for k in kinds))
    return history


def tournament(
    game_id: str,
    players: int,
    kinds: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    turn_cap: int = DEFAULT_TURN_CAP,
    options: Mapping[str, Any] | None = None,
    progress: bool = False,
    ray_address: str | None = None,
) -> TournamentResult:
    if len(kinds) < 2:
        raise ValueError("a tournament needs at least 2 bot kinds")
    if len(set(kinds)) != len(kinds):
        raise ValueError("each bot kind once, please")
    if games < len(kinds):
        raise ValueError(f"{len(kinds)} kinds need at least {len(kinds)} games (one block each)")
    blocks = lineups(kinds, players)
    summaries: list[GameSummary] = []
    elapsed = 0.0
    session: AbstractContextManager[Any] = nullcontext()
    if ray_address is not None:
        session = ray_session(ray_address, workers if ray_address == RAY_LOCAL else None)
    with session:
        for j, lineup in enumerate(blocks):
            count = games // len(blocks) + (1 if j < games % len(blocks) else 0)
            result = simulate(
                game_id,
                players,
                lineup,
                count,
                seed=derive_seed(seed, j),
                workers=workers,
                turn_cap=turn_cap,
                rotate=True,
                options=options,
                progress=progress,
                ray_address=ray_address,
            )
            summaries.extend(result.summaries)
            elapsed += result.elapsed_seconds
    history = rate(kinds, summaries)
    final = tuple(sorted(history[-1], key=lambda r: r.ordinal, reverse=True))
    return TournamentResult(
        game_id, players, tuple(kinds), seed, tuple(summaries), final, tuple(history), elapsed
    )


def ratings_png(result: TournamentResult, path: str) -> None:
    """The ratings game by game (mu, with its 95% band), one line per kind (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    xs = list(range(1, len(result.history) + 1))
    for i, kind in enumerate(result.kinds):
        mus = [row[i].mu for row in result.history]
        lows = [row[i].interval[0] for row in result.history]
        highs = [row[i].interval[1] for row in result.history]
        (line,) = ax.plot(xs, mus, label=kind)
        ax.fill_between(xs, lows, highs, color=line.get_color(), alpha=0.15)
    ax.set_xlabel("games")
    ax.set_ylabel("OpenSkill rating (mu, 95% band)")
    ax.set_title(f"{result.game_id}, {result.players} players: {', '.join(result.kinds)}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
