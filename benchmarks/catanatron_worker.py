"""Worker run inside benchmarks/.venv-catanatron: random 4-player catanatron games, JSON totals on stdout.

Uses catanatron's own play loop (``Game.play()``) with its ``RandomPlayer``; catanatron has no
domestic trading. ``Game.play`` stops a game unfinished at ``catanatron.game.TURNS_LIMIT`` (1000 by
default), which the caller's ``--turn-cap`` replaces for this run. Steps are the actions catanatron
recorded (``len(game.state.actions)``). Standard library and catanatron only: this file must not
import ravenry.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from importlib.metadata import version

import catanatron.game
from catanatron import Color, Game, RandomPlayer

PLAYERS = [RandomPlayer(color) for color in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]


def play(seeds: range) -> tuple[int, int]:
    """Play one game per seed; return (steps, unfinished games)."""
    steps = 0
    unfinished = 0
    for seed in seeds:
        game = Game(PLAYERS, seed=seed)
        winner = game.play()
        steps += len(game.state.actions)
        unfinished += winner is None
    return steps, unfinished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--turn-cap", type=int, required=True)
    parser.add_argument("--warmup", type=int, default=0, help="untimed games first (later seeds)")
    args = parser.parse_args()
    if args.first_seed < 1:
        parser.error("catanatron treats seed 0 as 'pick a random seed'; use seeds >= 1")
    catanatron.game.TURNS_LIMIT = args.turn_cap
    timed = range(args.first_seed, args.first_seed + args.games)
    play(range(timed.stop, timed.stop + args.warmup))

    start = time.perf_counter()
    steps, unfinished = play(timed)
    seconds = time.perf_counter() - start

    totals = {"games": args.games, "unfinished": unfinished, "seconds": seconds, "steps": steps}
    about = {"engine": "catanatron", "version": version("catanatron"), "python": platform.python_version()}
    print(json.dumps({**about, **totals}))


if __name__ == "__main__":
    main()
