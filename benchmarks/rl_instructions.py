"""Instructions per engine action of a ``rl_speed.py`` loop, counted by valgrind (callgrind).

Timing on a shared machine drifts by several percent from one run to the next, more than the
change a tuning step makes. An instruction count drifts far less (about 1% between runs: the
addresses objects get still steer some of Python's work), so it is the better way to tell two
trees apart, although it is not time (a copy or a cache miss costs more than its count says).
The loop (``raw``, ``bots``, ``gym``, ...) plays seeds 1..N under callgrind twice, for ``--games
A B``, and the difference between the two counts is divided by the engine actions of games
A+1..B, so that start-up and imports drop out.

    python benchmarks/rl_instructions.py catan gym --games 5 25 [--repeat 2]

Needs ``valgrind`` (Debian's package); about 30 s for 20 Catan games.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def play(game: str, loop: str, games: int) -> None:
    """Play ``games`` games of ``loop`` (the child side: run under callgrind) and print the counts."""
    sys.path.insert(0, str(HERE))
    import rl_speed

    run = getattr(rl_speed, loop)(game, rl_speed.GAMES[game])
    steps = actions = 0
    for seed in range(1, games + 1):
        s, a = run(seed)
        steps += s
        actions += a
    print(f"PLAYED {steps} {actions}")


def counted(game: str, loop: str, games: int) -> tuple[int, int, int]:
    """(instructions, steps, engine actions) of a run of ``games`` games under callgrind."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            game,
            loop,
            "--games",
            str(games),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    played = re.search(r"PLAYED (\d+) (\d+)", out.stdout)
    if found is None or played is None:
        raise RuntimeError(f"no count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1)), int(played.group(1)), int(played.group(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["catan", "thrones"])
    parser.add_argument("loop", help="a loop of rl_speed.py: raw, bots, gym, gym_fixed_obs, vector, aec")
    parser.add_argument("--games", type=int, nargs="+", default=[5, 25], help="A B (or, with --child, N)")
    parser.add_argument("--repeat", type=int, default=1, help="count this many times")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        play(args.game, args.loop, args.games[0])
        return
    first, last = args.games
    for _ in range(args.repeat):
        i1, s1, a1 = counted(args.game, args.loop, first)
        i2, s2, a2 = counted(args.game, args.loop, last)
        print(
            f"{args.game} {args.loop}: {(i2 - i1) / (a2 - a1):,.0f} instructions an engine action "
            f"({(i2 - i1) / (s2 - s1):,.0f} a step; games {first + 1}-{last}: {a2 - a1:,} actions, "
            f"{s2 - s1:,} steps)"
        )


if __name__ == "__main__":
    main()
