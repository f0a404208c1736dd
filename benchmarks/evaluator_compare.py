"""Two or more evaluator networks scored on the same positions, from games none of them trained
on: self-play games of another seed (``train-evaluator``'s own self-play, no sibling positions:
the positions of real games only), each view labelled with the game's result. A fair gate for a
candidate network, since each training run holds out its own games, and a run with sibling
positions holds some of those out too.

    .venv/bin/python benchmarks/evaluator_compare.py catan src/ravenry/evaluators/weights/catan-4p.npz \\
        /tmp/evals/catan-sib.npz --games 1000 --seed 7
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from ravenry.evaluators.network import load_network
from ravenry.evaluators.selfplay import SelfPlay, generate
from ravenry.evaluators.train import brier, log_loss, network_inputs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("networks", nargs="+", type=Path, help="network files (.npz)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7, help="not a training seed (those use 1)")
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    plan = SelfPlay(args.game, args.players, args.seed, every=args.every)
    positions = generate(plan, args.games, args.workers)
    rows = np.arange(len(positions.target), dtype=np.int64)
    x, y = network_inputs(positions, rows), positions.target
    uniform = np.full_like(y, 1.0 / args.players)
    report: dict[str, object] = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "rows": len(rows),
        "uniform": {"brier": brier(uniform, y), "log_loss": log_loss(uniform, y)},
    }
    print(f"{args.game}: {len(rows):,} views of {args.games} games (seed {args.seed})")
    for path in args.networks:
        p = load_network(path).probabilities(x)
        scores = {"brier": brier(p, y), "log_loss": log_loss(p, y)}
        report[str(path)] = scores
        print(f"  {path}: Brier {scores['brier']:.4f}, log loss {scores['log_loss']:.4f}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
