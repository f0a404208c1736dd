"""Where ravenry's random playout spends its time: cProfile over the same games catan_speed.py plays.

    python benchmarks/profile_ravenry.py [--games 30] [--seed 1] [--top 15] [--sort tottime]

Prints the top functions (default: by time spent in the function itself) and, with ``--save``, keeps
the raw profile for ``python -m pstats`` or snakeviz. cProfile slows the run down several times;
the proportions, not the absolute times, are what to read.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from pathlib import Path

from ravenry_playout import play_many


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turn-cap", type=int, default=1000)
    parser.add_argument(
        "--warmup", type=int, default=0, help="unprofiled games first, to see the steady state past caches"
    )
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--sort", default="tottime", choices=("tottime", "cumulative", "ncalls"))
    parser.add_argument("--save", type=Path, metavar="FILE", help="write the raw cProfile data to FILE")
    args = parser.parse_args()

    seeds = list(range(args.seed, args.seed + args.games))
    play_many(list(range(seeds[-1] + 1, seeds[-1] + 1 + args.warmup)), args.turn_cap)
    profiler = cProfile.Profile()
    totals = profiler.runcall(play_many, seeds, args.turn_cap)
    print(
        f"{args.warmup} warm-up games unprofiled; profiled {totals.games} games "
        f"({totals.unfinished} unfinished), {totals.steps} actions, "
        f"{totals.seconds:.2f} s under cProfile"
    )
    if args.save is not None:
        profiler.dump_stats(args.save)
    stats = pstats.Stats(profiler)
    stats.strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
