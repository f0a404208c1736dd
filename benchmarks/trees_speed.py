"""Two trees of ravenry against each other: random Catan and Thrones games, pure and compiled.

What a refactoring costs the engine: ``ravenry_playout.py`` (random 4-player Catan, as
``catan_speed.py`` times it: steps per wall second) and ``thrones_speed.py`` (random 5-player
Thrones: steps per CPU second) of each tree, run by each tree's own scripts, alternating the
order of the trees in rounds, each run a fresh process pinned to one CPU (``--cpu``). The pure
build runs the tree's ``src`` with ``--pure-python`` (any venv with ravenry's dependencies); the
compiled one runs the tree's compiled venv (``benchmarks/compiled_venv.py DIR`` made from that
tree). It checks that both trees play the same Thrones games (a digest of every final state)
and the same number of Catan steps, and prints each round's after/before ratio and the median.

    python3 benchmarks/trees_speed.py --before OLD_TREE OLD_COMPILED_VENV \\
        --after . .venv-compiled --pure-python .venv/bin/python --rounds 4
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
from pathlib import Path
from typing import Any

GAMES = {  # (pure, compiled): enough for a few seconds a run on a quiet machine
    "catan": ("300", "800"),
    "thrones": ("60", "150"),
}


def run(root: Path, python: str, build: str, cpu: int) -> dict[str, Any]:
    """One tree, one build: both games, each in its own process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = f"{root}/src:{root}/benchmarks" if build == "pure" else f"{root}/benchmarks"
    pure = build == "pure"

    def last_json(args: list[str]) -> dict[str, Any]:
        done = subprocess.run(
            ["taskset", "-c", str(cpu), python, *args], capture_output=True, text=True, env=env, check=True
        )
        row: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        return row

    catan = last_json(
        [
            f"{root}/benchmarks/ravenry_playout.py",
            "--first-seed",
            "1",
            "--turn-cap",
            "1000",
            "--games",
            GAMES["catan"][0 if pure else 1],
        ]
    )
    thrones = last_json(
        [f"{root}/benchmarks/thrones_speed.py", "--json", "--games", GAMES["thrones"][0 if pure else 1]]
    )
    if catan["compiled"] == pure or (thrones["build"] == "pure") != pure:
        raise SystemExit(f"{root} with {python}: not the {build} build")
    return {
        "catan_steps_per_s": round(catan["steps"] / catan["seconds"]),
        "catan_steps": catan["steps"],
        "thrones_steps_per_cpu_s": thrones["steps_per_cpu_s"],
        "thrones_digest": thrones["digest"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", nargs=2, metavar=("TREE", "COMPILED_VENV"), required=True)
    parser.add_argument("--after", nargs=2, metavar=("TREE", "COMPILED_VENV"), required=True)
    parser.add_argument("--pure-python", required=True, help="a Python with ravenry's dependencies")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)))
    args = parser.parse_args()
    trees = {
        name: (Path(t).resolve(), Path(v).resolve())
        for name, (t, v) in (("before", args.before), ("after", args.after))
    }
    rows: list[dict[str, Any]] = []
    for r in range(args.rounds):
        for build in ("pure", "compiled"):
            for name in ("before", "after") if r % 2 == 0 else ("after", "before"):
                root, venv = trees[name]
                python = args.pure_python if build == "pure" else str(venv / "bin" / "python")
                row = {"round": r + 1, "tree": name, "build": build, **run(root, python, build, args.cpu)}
                rows.append(row)
                print(json.dumps(row), flush=True)
    for build in ("pure", "compiled"):
        mine = [x for x in rows if x["build"] == build]
        for check in ("catan_steps", "thrones_digest"):
            if len({x[check] for x in mine}) != 1:
                raise SystemExit(f"{build}: the trees played different games ({check} differs)")
        for key in ("catan_steps_per_s", "thrones_steps_per_cpu_s"):
            before = [x[key] for x in mine if x["tree"] == "before"]
            after = [x[key] for x in mine if x["tree"] == "after"]
            ratios = [a / b for b, a in zip(before, after, strict=True)]
            print(
                f"{build:8} {key}: before {before}, after {after}; after/before "
                f"{', '.join(f'{q:.3f}' for q in ratios)}; median {statistics.median(ratios):.3f}"
            )


if __name__ == "__main__":
    main()
