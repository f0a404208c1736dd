"""What every benchmark worker shares: its options, the untimed warm-up, the timed run and the one
JSON line it prints. Standard library only: the peers' workers import it inside their own venvs
(a worker's folder is on its import path when run as a script).
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable
from importlib.metadata import version

# Plays one game per seed of a range; returns (steps, unfinished games).
PlayRange = Callable[[range], tuple[int, int]]


def worker_parser(description: str | None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--turn-cap", type=int, required=True)
    parser.add_argument("--warmup", type=int, default=0, help="untimed games first (later seeds)")
    return parser


def run_and_report(engine: str, args: argparse.Namespace, play: PlayRange) -> None:
    """Play the warm-up games untimed, then time the asked-for games and print the totals."""
    timed = range(args.first_seed, args.first_seed + args.games)
    play(range(timed.stop, timed.stop + args.warmup))
    start = time.perf_counter()
    steps, unfinished = play(timed)
    seconds = time.perf_counter() - start
    totals = {"games": args.games, "unfinished": unfinished, "seconds": seconds, "steps": steps}
    about = {"engine": engine, "version": version(engine), "python": platform.python_version()}
    print(json.dumps({**about, **totals}))
