"""What one evaluation of a learned evaluator costs: ``Evaluator.values([state], seat)`` (the
seat's view, its rows, the numpy network) on positions of greedy games, per game id, in the build
it runs in (``.venv/bin/python``: pure; ``.venv-compiled/bin/python``: the rules compiled with
mypyc, the evaluator's numpy the same). Also the heuristic it replaces, and a batch of 32 states
(what a search asks at once).

    .venv/bin/python benchmarks/evaluator_speed.py
    .venv-compiled/bin/python benchmarks/evaluator_speed.py
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ravenry.build import build_name
from ravenry.core.protocol import GameState
from ravenry.core.registry import new_game
from ravenry.evaluators import evaluator_for
from ravenry.evaluators.heuristic import heuristic_probabilities
from ravenry.sim.runner import run_game

GAMES = [("catan", 4), ("got-catan", 4), ("brotherhood", 4), ("thrones", 5)]


def positions(game_id: str, players: int, games: int) -> list[GameState]:
    out: list[GameState] = []
    for seed in range(1, games + 1):
        _, final = run_game(game_id, players, seed, ["greedy"] * players)
        state = new_game(game_id, players=players, seed=seed)
        for i, (seat, action) in enumerate(final.history):
            if i % 7 == 3:
                out.append(state.clone())
            state.apply(seat, action)
    return out


def per_call(fn: Any, items: list[Any], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return (time.perf_counter() - start) / (repeat * len(items)) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    rows = []
    for game_id, players in GAMES:
        states = positions(game_id, players, args.games)
        judge = evaluator_for(game_id, players)
        one = per_call(lambda s, j=judge: j.values([s], 0), states, args.repeat)
        heuristic = per_call(heuristic_probabilities, states, args.repeat)
        batches = [states[i : i + 32] for i in range(0, len(states) - 31, 32)]
        batch = per_call(lambda b, j=judge: j.values(b, 0), batches, args.repeat) / 32
        row = {
            "game": game_id,
            "build": build_name(),
            "evaluator": judge.kind,
            "positions": len(states),
            "one_us": round(one, 1),
            "batched_us": round(batch, 1),
            "heuristic_us": round(heuristic, 1),
        }
        rows.append(row)
        print(
            f"{game_id:12} {build_name():9} {judge.kind:9} one {one:7.1f} us   "
            f"in a batch of 32 {batch:7.1f} us   "
            f"heuristic {heuristic:7.1f} us  ({len(states)} positions)"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
