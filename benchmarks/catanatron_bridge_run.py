"""Run the catanatron bridge (benchmarks/catanatron_bridge*.py) from ravenry's own venv.

    .venv/bin/python benchmarks/catanatron_bridge_run.py diff --games 1000
    .venv/bin/python benchmarks/catanatron_bridge_run.py match --opponents 1 --games 200 --iters 30
    .venv/bin/python benchmarks/catanatron_bridge_run.py match --opponents 3 --opponent alphabeta \
        --bot expert:iters=16
    .venv/bin/python benchmarks/catanatron_bridge_run.py summarize results.jsonl ...

``diff`` and ``match`` create benchmarks/.venv-catanatron if needed (catanatron 3.2.1 pinned, plus
ravenry's runtime dependencies ``mypy_extensions`` and ``numpy``, the expert bot's evaluator, for
the workers import ravenry from this worktree's ``src``), run the worker there with the hash seed
and the address layout fixed (catanatron's choices depend on both), at lower priority, and
summarize: the differential test's classes of divergence, the match's win rate with its Wilson
95% interval. ``--jobs 2`` splits the seeds over two processes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from peer_envs import CATANATRON, ensure_extra_packages, ensure_venv, fixed_address_layout_prefix
from ravenry.sim.stats import wilson_interval

BENCH = Path(__file__).resolve().parent
SRC = BENCH.parent / "src"
LINEUP_SHARE = (("random", 0.7), ("weighted", 0.2), ("vp", 0.1))


def _python() -> Path:
    def say(message: str) -> None:
        print(message, file=sys.stderr)

    python = ensure_venv(CATANATRON, None, say)
    ensure_extra_packages(CATANATRON, ("mypy_extensions>=1.0", "numpy>=1.26"), say)
    return python


def _worker(python: Path, worker: str, args: list[str]) -> tuple[list[str], dict[str, str]]:
    """The command and environment that run ``worker`` in the catanatron venv, reproducibly."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(SRC), OMP_NUM_THREADS="1")
    command = [*fixed_address_layout_prefix(), "nice", "-n", "10", str(python), str(BENCH / worker), *args]
    return command, env


def run_diff(args: argparse.Namespace) -> None:
    python = _python()
    outputs = []
    for lineup, share in LINEUP_SHARE if args.players == "mix" else ((args.players, 1.0),):
        games = max(1, round(args.games * share))
        first = args.first_seed + {"random": 0, "weighted": 100_000, "vp": 200_000}[lineup]
        worker_args = ["--first-seed", str(first), "--games", str(games), "--players", lineup]
        command, env = _worker(python, "catanatron_bridge_diff.py", worker_args)
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        outputs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(json.dumps(merge_diffs(outputs), indent=1))


def merge_diffs(outputs: list[dict[str, Any]]) -> dict[str, Any]:
    """The workers' totals added up, with the first examples of each class."""
    totals: Counter[str] = Counter()
    examples: dict[str, list[Any]] = {}
    for out in outputs:
        totals.update(out["totals"])
        for cls, found in out["examples"].items():
            examples.setdefault(cls, []).extend(found[: 3 - len(examples.get(cls, []))])
    return {
        "lineups": [o["lineup"] for o in outputs],
        "totals": dict(sorted(totals.items())),
        "examples": examples,
    }


def run_match(args: argparse.Namespace) -> None:
    python = _python()
    per_job = -(-args.games // args.jobs)
    procs = []
    files = []
    for j in range(args.jobs):
        first = args.first_seed + j * per_job
        games = min(per_job, args.games - j * per_job)
        if games <= 0:
            break
        path = Path(f"{args.out}.{j}.jsonl")
        files.append(path)
        worker_args = ["--first-seed", str(first), "--games", str(games), "--opponents", str(args.opponents)]
        worker_args += ["--opponent", args.opponent, "--iters", str(args.iters)]
        if args.bot:
            worker_args += ["--bot", args.bot]
        command, env = _worker(python, "catanatron_bridge_match.py", worker_args)
        with path.open("w") as out:
            procs.append(subprocess.Popen(command, stdout=out, text=True, env=env))
    for proc in procs:
        proc.wait()
    print(summarize(files))


def summarize(paths: list[Path]) -> str:
    """Win rate per bot and table size with Wilson 95% intervals, from the match workers' JSON
    lines (rows written before ``--bot`` existed were the search bot's)."""
    games: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if line.startswith("{"):
                result = json.loads(line)
                games.setdefault((result.get("bot", "search"), result["players"]), []).append(result)
    rows = []
    for (bot, players), results in sorted(games.items()):
        won = sum(r["won"] for r in results)
        low, high = wilson_interval(won, len(results))
        seats = Counter(r["our_seat"] for r in results)
        seconds = sum(r["seconds"] for r in results) / len(results)
        rows.append(
            f"{bot}, {players} players: won {won}/{len(results)} = {won / len(results):.1%} "
            f"(Wilson 95% {low:.1%}-{high:.1%}); unfinished {sum(not r['finished'] for r in results)}; "
            f"seats {dict(sorted(seats.items()))}; unmapped choices {sum(r['unmapped'] for r in results)}; "
            f"{seconds:.1f} s a game"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    diff = sub.add_parser("diff", help="the differential test")
    diff.add_argument("--games", type=int, default=1000)
    diff.add_argument("--first-seed", type=int, default=1)
    diff.add_argument("--players", choices=("mix", "random", "weighted", "vp"), default="mix")
    match = sub.add_parser("match", help="a ravenry bot against catanatron's bots")
    match.add_argument("--games", type=int, default=200)
    match.add_argument("--first-seed", type=int, default=1)
    match.add_argument("--opponents", type=int, choices=(1, 3), default=1)
    match.add_argument("--opponent", choices=("vp", "weighted", "alphabeta"), default="vp")
    match.add_argument("--iters", type=int, default=30)
    match.add_argument(
        "--bot", default="", help="our bot's spec, e.g. expert:iters=16 (default: search:iters=ITERS)"
    )
    match.add_argument("--jobs", type=int, choices=(1, 2), default=1)
    match.add_argument("--out", default="catanatron-match", help="prefix of the JSON-lines files")
    summary = sub.add_parser("summarize", help="win rates from match JSON-lines files")
    summary.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    if args.command == "diff":
        run_diff(args)
    elif args.command == "match":
        run_match(args)
    else:
        print(summarize(args.files))


if __name__ == "__main__":
    main()
