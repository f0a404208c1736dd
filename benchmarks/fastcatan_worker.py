"""Worker run inside benchmarks/.venv-fastcatan: random 4-player fastcatan games, JSON totals on stdout.

fastcatan (C++ core, nanobind binding) has no play loop of its own, so this is the loop its README
shows: ``Env.reset(seed)``, then ``legal_actions()`` and ``step(action)`` until ``done``, the
action drawn uniformly by a seeded ``random.Random``. Domestic trade is left out, as for ravenry:
the ids from ``action.TRADE_ADD_GIVE_BASE`` through ``action.TRADE_OPEN`` compose and open an offer
(accept/decline/confirm only follow an open offer). A game stops unfinished once ``turn_count``
passes ``--turn-cap``. Steps are ``step()`` calls. Standard library and fastcatan only: this file
must not import ravenry.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from importlib.metadata import version

import fastcatan

FIRST_OFFER_ACTION = fastcatan.action.TRADE_ADD_GIVE_BASE
LAST_OFFER_ACTION = fastcatan.action.TRADE_OPEN


def play(seeds: range, turn_cap: int) -> tuple[int, int]:
    """Play one game per seed; return (steps, unfinished games)."""
    env = fastcatan.Env()
    steps = 0
    unfinished = 0
    for seed in seeds:
        chooser = random.Random(seed)
        env.reset(seed=seed)
        while not env.done:
            if env.turn_count > turn_cap:
                unfinished += 1
                break
            actions = [a for a in env.legal_actions() if not FIRST_OFFER_ACTION <= a <= LAST_OFFER_ACTION]
            env.step(actions[chooser.randrange(len(actions))])
            steps += 1
    return steps, unfinished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--turn-cap", type=int, required=True)
    parser.add_argument("--warmup", type=int, default=0, help="untimed games first (later seeds)")
    args = parser.parse_args()
    timed = range(args.first_seed, args.first_seed + args.games)
    play(range(timed.stop, timed.stop + args.warmup), args.turn_cap)

    start = time.perf_counter()
    steps, unfinished = play(timed, args.turn_cap)
    seconds = time.perf_counter() - start

    totals = {"games": args.games, "unfinished": unfinished, "seconds": seconds, "steps": steps}
    about = {"engine": "fastcatan", "version": version("fastcatan"), "python": platform.python_version()}
    print(json.dumps({**about, **totals}))


if __name__ == "__main__":
    main()
