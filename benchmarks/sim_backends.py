"""Games/s of ``simulate`` on each backend: this process (``--workers 1``), a pool of 2 processes
and Ray tasks on 1 and 2 CPUs, on the same games (random 4-player Catan without domestic offers, seed 1).

Wall-clock time of the whole ``simulate`` call, pool start included; a Ray instance is started
(``ray.init(num_cpus=N)``) before its timed run and its start-up time is shown apart, as a
cluster is started once for many runs. Every backend must return the very same summaries (the
script checks it). The load average is printed before and after: on a shared machine the
numbers only compare within one run.

    python benchmarks/sim_backends.py [--games 200] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

from ravenry.build import build_name
from ravenry.sim.ray_backend import RAY_LOCAL
from ravenry.sim.runner import GameSummary
from ravenry.sim.simulate import simulate

BOTS = ["random:offers=false"] * 4


def timed(games: int, workers: int, ray_address: str | None = None) -> tuple[float, tuple[GameSummary, ...]]:
    start = time.perf_counter()
    result = simulate("catan", 4, BOTS, games, seed=1, workers=workers, ray_address=ray_address)
    return time.perf_counter() - start, result.summaries


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--json", type=Path, default=None, metavar="FILE")
    args = parser.parse_args(argv)
    import ray

    rows: list[dict[str, Any]] = []
    load_before = os.getloadavg()
    reference: tuple[GameSummary, ...] | None = None

    def record(name: str, seconds: float, summaries: tuple[GameSummary, ...], **extra: float) -> None:
        nonlocal reference
        if reference is None:
            reference = summaries
        if summaries != reference:
            raise SystemExit(f"{name}: the summaries differ from the first backend's")
        rows.append({"backend": name, "seconds": seconds, "games_per_second": args.games / seconds, **extra})
        print(f"{name:27} {args.games / seconds:7.1f} games/s  ({seconds:.1f} s{_extra(extra)})", flush=True)

    record("this process (--workers 1)", *timed(args.games, 1))
    record("process pool, 2 workers", *timed(args.games, 2))
    for cpus in (1, 2):
        start = time.perf_counter()
        ray.init(num_cpus=cpus, include_dashboard=False, logging_level="warning")
        started = time.perf_counter() - start
        try:
            record(f"Ray, {cpus} CPU", *timed(args.games, cpus, RAY_LOCAL), ray_start_seconds=started)
        finally:
            ray.shutdown()
    load_after = os.getloadavg()
    print(f"build: {build_name()}; load average (1, 5, 15 min) before {load_before}, after {load_after}")
    if args.json is not None:
        report = {
            "build": build_name(),
            "games": args.games,
            "load_before": load_before,
            "load_after": load_after,
        }
        args.json.write_text(json.dumps({**report, "rows": rows}, indent=2) + "\n")


def _extra(extra: dict[str, float]) -> str:
    return "".join(f", {k.replace('_', ' ')} {v:.1f}" for k, v in extra.items())


if __name__ == "__main__":
    main()
