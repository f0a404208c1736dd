"""Worker run inside benchmarks/.venv-catanatron: random 4-player catanatron games, JSON totals on stdout.

Uses catanatron's own play loop (``Game.play()``) with its ``RandomPlayer``; catanatron has no
domestic trading. ``Game.play`` stops a game unfinished at ``catanatron.game.TURNS_LIMIT`` (1000 by
default), which the caller's ``--turn-cap`` replaces for this run. Steps are the actions catanatron
recorded (``len(game.state.actions)``). Standard library and catanatron only (and ``worker_cli.py``):
this file must not import ravenry.
"""

from __future__ import annotations

import catanatron.game
from catanatron import Color, Game, RandomPlayer

from worker_cli import run_and_report, worker_parser

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
    parser = worker_parser(__doc__)
    args = parser.parse_args()
    if args.first_seed < 1:
        parser.error("catanatron treats seed 0 as 'pick a random seed'; use seeds >= 1")
    catanatron.game.TURNS_LIMIT = args.turn_cap
    run_and_report("catanatron", args, play)


if __name__ == "__main__":
    main()
