"""How much of the engine's speed ``ravenry simulate`` keeps: its game runner against the bare
playout harness of ``catan_speed.py``, in one process.

Both play random 4-player Catan without domestic offers. The harness
(``ravenry_playout.play_many``: ``decision``, ``legal_actions``, a ``random.Random`` choice,
``apply``) plays seeds 1..N; the runner plays games 0..N-1 of a ``simulate`` run with
``random:offers=false`` at every seat, through ``ravenry.sim.simulate.play_one``: exactly what
each worker of ``ravenry simulate`` does for each of its games, without the process start and the report. The
two play different (equally random) games, so steps/s is the fair comparison; games/s is shown
too. Rounds alternate harness and runner; CPU time (``time.process_time``). Reported: each side's
best round, and the median over rounds of the runner's share of the harness's steps/s measured
back to back (steadier than the best rounds on a machine whose load moves).
Run it with the Python of the build to measure: ``.venv-compiled/bin/python`` for mypyc's.

    python benchmarks/sim_speed.py [--games 100] [--rounds 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from ravenry.build import build_name
from ravenry.sim.simulate import SimulationConfig
from ravenry.sim.simulate import play_one as play_game_of_run
from ravenry_playout import play_one

TURN_CAP = 1000
QUIET_RANDOM = "random:offers=false"


@dataclass(frozen=True)
class Timing:
    games: int
    steps: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds


def time_harness(games: int) -> Timing:
    start = time.process_time()
    steps = sum(play_one(seed, TURN_CAP)[1] for seed in range(1, games + 1))
    return Timing(games, steps, time.process_time() - start)


def time_runner(games: int) -> Timing:
    config = SimulationConfig("catan", 4, (QUIET_RANDOM,) * 4, games, seed=1, turn_cap=TURN_CAP)
    start = time.process_time()
    summaries = [play_game_of_run(config, i) for i in range(games)]
    seconds = time.process_time() - start
    return Timing(games, sum(s.steps for s in summaries), seconds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=30, help="games per round and side (default 30)")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds (default 10)")
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    args = parser.parse_args(argv)
    time_harness(2), time_runner(2)  # imports and first-call costs out of the way
    harness: list[Timing] = []
    runner: list[Timing] = []
    for _ in range(args.rounds):
        harness.append(time_harness(args.games))
        runner.append(time_runner(args.games))
    shares = sorted(r.steps_per_second / h.steps_per_second for h, r in zip(harness, runner, strict=True))
    median_share = statistics.median(shares)
    best_harness = max(harness, key=lambda t: t.steps_per_second)
    best_runner = max(runner, key=lambda t: t.steps_per_second)
    report = {
        "build": build_name(),
        "games": args.games,
        "rounds": args.rounds,
        "harness": {
            "games_per_second": best_harness.games_per_second,
            "steps_per_second": best_harness.steps_per_second,
        },
        "runner": {
            "games_per_second": best_runner.games_per_second,
            "steps_per_second": best_runner.steps_per_second,
        },
        "runner_share_steps_median": median_share,
        "runner_share_steps_per_round": shares,
        "runner_share_steps": best_runner.steps_per_second / best_harness.steps_per_second,
        "runner_share_games": best_runner.games_per_second / best_harness.games_per_second,
        "steps_per_game": {
            "harness": best_harness.steps / best_harness.games,
            "runner": best_runner.steps / best_runner.games,
        },
    }
    print(
        f"{build_name()}: harness {best_harness.steps_per_second:,.0f} steps/s "
        f"({best_harness.games_per_second:.1f} games/s), runner {best_runner.steps_per_second:,.0f} steps/s "
        f"({best_runner.games_per_second:.1f} games/s), best rounds; the runner keeps {median_share:.1%} of "
        f"the harness's steps/s (median of {args.rounds} rounds; {shares[0]:.1%} to {shares[-1]:.1%})"
    )
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
