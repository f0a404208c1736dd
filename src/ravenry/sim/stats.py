"""Statistics over many game summaries: wins and win rates with 95% Wilson intervals per seat
and per bot kind, unfinished games, average turns and points, throughput, and the game's own
extras (:mod:`ravenry.sim.extras`): categories counted, numbers averaged per game, per seat and
per bot kind.

Win rates count every game in the denominator, unfinished ones included (they are nobody's
win). A bot kind that sits at several seats is counted once per seat per game ("seat-games"),
so its rate compares directly with 1/players.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ravenry.sim.extras import extras_categories
from ravenry.sim.runner import GameSummary

Z_95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (0..1); (0, 1) with no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError("need 0 <= successes <= trials")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # The bounds are exactly 0 and 1 at the extremes; rounding would leave 1e-16 off.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class WinRecord:
    """Wins out of ``trials`` (games, or seat-games for a bot kind) and the points scored."""

    label: str
    wins: int
    trials: int
    total_points: int

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.trials)

    @property
    def average_points(self) -> float:
        return self.total_points / self.trials if self.trials else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "label": self.label,
            "wins": self.wins,
            "trials": self.trials,
            "win_rate": self.rate,
            "ci95": [low, high],
            "average_points": self.average_points,
        }


@dataclass(frozen=True)
class ExtraStats:
    """The games' extras: each category's count per value, each number's average over the games
    that report it, and each per-seat number's average per seat and per bot kind."""

    games: int = 0
    categories: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    averages: Mapping[str, float] = field(default_factory=dict)
    seat_averages: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    kind_averages: Mapping[str, Mapping[str, float]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.categories or self.averages or self.seat_averages)

    def share(self, name: str, value: str) -> float:
        return self.categories[name].get(value, 0) / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "categories": {
                name: {value: {"count": n, "share": self.share(name, value)} for value, n in counts.items()}
                for name, counts in self.categories.items()
            },
            "averages": dict(self.averages),
            "per_seat": {name: list(values) for name, values in self.seat_averages.items()},
            "per_bot": {name: dict(kinds) for name, kinds in self.kind_averages.items()},
        }


@dataclass(frozen=True)
class SimulationStats:
    games: int
    unfinished: int
    average_turns: float | None  # over finished games
    average_steps: float
    elapsed_seconds: float
    seats: tuple[WinRecord, ...]
    kinds: tuple[WinRecord, ...]
    extras: ExtraStats = field(default_factory=ExtraStats)

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed_seconds if self.elapsed_seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "finished": self.finished,
            "unfinished": self.unfinished,
            "average_turns": self.average_turns,
            "average_steps": self.average_steps,
            "elapsed_seconds": self.elapsed_seconds,
            "games_per_second": self.games_per_second,
            "seats": [s.to_json() for s in self.seats],
            "bots": [k.to_json() for k in self.kinds],
            "extras": self.extras.to_json(),
        }


def summarize(summaries: Sequence[GameSummary], elapsed_seconds: float = 0.0) -> SimulationStats:
    if not summaries:
        raise ValueError("no games to summarise")
    players = len(summaries[0].bots)
    seat_wins = [0] * players
    seat_points = [0] * players
    seat_kinds: list[list[str]] = [[] for _ in range(players)]
    kind_wins: dict[str, int] = {}
    kind_trials: dict[str, int] = {}
    kind_points: dict[str, int] = {}
    finished_turns = []
    for s in summaries:
        if len(s.bots) != players:
            raise ValueError("every summary must have the same number of seats")
        for seat, kind in enumerate(s.bots):
            won = seat in s.winners
            seat_wins[seat] += won
            seat_points[seat] += s.scores[seat]
            if kind not in seat_kinds[seat]:
                seat_kinds[seat].append(kind)
            kind_wins[kind] = kind_wins.get(kind, 0) + won
            kind_trials[kind] = kind_trials.get(kind, 0) + 1
            kind_points[kind] = kind_points.get(kind, 0) + s.scores[seat]
        if s.finished:
            finished_turns.append(s.turns)
    games = len(summaries)
    seats = tuple(
        WinRecord(f"seat {p} ({'/'.join(seat_kinds[p])})", seat_wins[p], games, seat_points[p])
        for p in range(players)
    )
    kinds = tuple(WinRecord(k, kind_wins[k], kind_trials[k], kind_points[k]) for k in sorted(kind_trials))
    return SimulationStats(
        games=games,
        unfinished=games - len(finished_turns),
        average_turns=sum(finished_turns) / len(finished_turns) if finished_turns else None,
        average_steps=sum(s.steps for s in summaries) / games,
        elapsed_seconds=elapsed_seconds,
        seats=seats,
        kinds=kinds,
        extras=summarize_extras(summaries),
    )


def summarize_extras(summaries: Sequence[GameSummary]) -> ExtraStats:
    """Count the categories (the game's usual values first, in its order, then the others most
    frequent first), average the numbers."""
    counts: dict[str, dict[str, int]] = {}
    totals: dict[str, list[float]] = {}
    seat_totals: dict[str, list[list[float]]] = {}
    kind_totals: dict[str, dict[str, list[float]]] = {}
    for s in summaries:
        for name, value in s.extras.items():
            if isinstance(value, str):
                bucket = counts.setdefault(name, {})
                bucket[value] = bucket.get(value, 0) + 1
            else:
                totals.setdefault(name, []).append(float(value))
        for name, values in s.seat_extras.items():
            per_seat = seat_totals.setdefault(name, [[] for _ in s.bots])
            per_kind = kind_totals.setdefault(name, {})
            for seat, (kind, value) in enumerate(zip(s.bots, values, strict=True)):
                per_seat[seat].append(value)
                per_kind.setdefault(kind, []).append(value)
    usual = extras_categories(summaries[0].game_id) if summaries else {}
    for name in usual:
        counts.setdefault(name, {})
    return ExtraStats(
        games=len(summaries),
        categories={name: _ordered(bucket, usual.get(name, ())) for name, bucket in counts.items()},
        averages={name: _mean(values) for name, values in totals.items()},
        seat_averages={name: tuple(_mean(v) for v in seats) for name, seats in seat_totals.items()},
        kind_averages={
            name: {kind: _mean(v) for kind, v in sorted(kinds.items())} for name, kinds in kind_totals.items()
        },
    )


def _ordered(counts: Mapping[str, int], usual: Sequence[str]) -> dict[str, int]:
    others = sorted((v for v in counts if v not in usual), key=lambda v: (-counts[v], v))
    return {v: counts.get(v, 0) for v in (*usual, *others)}


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0
