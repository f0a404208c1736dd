"""Worker run inside benchmarks/.venv-fastcatan: random 4-player fastcatan games, JSON totals on stdout.

fastcatan (C++ core, nanobind binding) has no play loop of its own, so this is the loop its README
shows: ``Env.reset(seed)``, then ``legal_actions()`` and ``step(action)`` until ``done``, the
action drawn uniformly by a seeded ``random.Random``. Domestic trade is left out, as for ravenry:
the ids from ``action.TRADE_ADD_GIVE_BASE`` through ``action.TRADE_OPEN`` compose and open an offer
(accept/decline/confirm only follow an open offer). A game stops unfinished once ``turn_count``
passes ``--turn-cap``. Steps are ``step()`` calls. Standard library and fastcatan only (and
``worker_cli.py``): this file must not import ravenry.
"""

from __future__ import annotations

import random

import fastcatan

from worker_cli import run_and_report, worker_parser

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
    args = worker_parser(__doc__).parse_args()
    run_and_report("fastcatan", args, lambda seeds: play(seeds, args.turn_cap))


if __name__ == "__main__":
    main()
