"""Where ravenry's random playout spends its time, over the same games catan_speed.py plays.

    python benchmarks/profile_ravenry.py [--games 30] [--seed 1] [--top 15] [--sort tottime]
    python benchmarks/profile_ravenry.py --by-action [--games 150]

The default prints cProfile's top functions (by time spent in the function itself) and, with
``--save``, keeps the raw profile for ``python -m pstats`` or snakeviz. cProfile slows the run down
several times; the proportions, not the absolute times, are what to read.

``--by-action`` times every ``legal_actions`` call by phase and every ``apply`` by action type with
a clock instead: it works for the compiled build too, which cProfile cannot see into (run it with
``benchmarks/.venv-ravenry-mypyc/bin/python``). For the compiled build's C-level picture, use
``perf record -g`` on ``ravenry_playout.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections import Counter
from pathlib import Path

from ravenry.build import build_name
from ravenry.games.catan.state import PHASE_NAMES
from ravenry_playout import DOMESTIC_OFFERS, new_catan, play_many


def by_action(seeds: list[int], turn_cap: int) -> None:
    """Play the games as the benchmark does, timing each call; print a table of the costs."""
    seconds: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    clock = time.perf_counter
    for seed in seeds:
        state = new_catan(seed)
        chooser = random.Random(seed)
        while state.decision().result is None and state.turn <= turn_cap:
            players = state.decision().players
            player = players[0] if len(players) == 1 else players[chooser.randrange(len(players))]
            listed = f"legal_actions in {PHASE_NAMES[state.phase]}"
            start = clock()
            actions = state.legal_actions(player, DOMESTIC_OFFERS)
            seconds[listed] += clock() - start
            calls[listed] += 1
            action = actions[chooser.randrange(len(actions))]
            applied = f"apply {action[0]}"
            start = clock()
            state.apply(player, action)
            seconds[applied] += clock() - start
            calls[applied] += 1
    total = sum(seconds.values())
    print(f"{len(seeds)} games, {build_name()}: {total:.3f} s in the engine's calls")
    print(f"{'call':<40} {'calls':>8} {'µs/call':>8} {'share':>6}")
    for name, spent in seconds.most_common():
        print(f"{name:<40} {calls[name]:>8} {spent / calls[name] * 1e6:>8.2f} {spent / total:>6.1%}")


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
    parser.add_argument("--by-action", action="store_true", help="time each call by phase and action type")
    args = parser.parse_args()

    seeds = list(range(args.seed, args.seed + args.games))
    play_many(list(range(seeds[-1] + 1, seeds[-1] + 1 + args.warmup)), args.turn_cap)
    if args.by_action:
        by_action(seeds, args.turn_cap)
        return
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
