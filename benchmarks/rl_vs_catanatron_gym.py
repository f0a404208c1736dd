"""ravenry's Gymnasium env (pure and compiled) against catanatron-gym's, steps per second.

Like with like: four players, the agent one seat and three random bots inside each env (ravenry
``random:offers=false`` with ``max_offers_per_turn=0``; catanatron ``RandomPlayer``, catanatron
has no domestic trading), the agent picking uniformly among the legal indices its env lists
with ``random.Random.choice`` (ravenry's ``info["legal_actions"]``, catanatron-gym's
``info["valid_actions"]``), games from seeds 1, 2, ... with every
reset inside the timed CPU time. Per step each env applies the agent's action, plays the bots
until the agent must act again and returns a float observation (ravenry: the float32 encoding of
the seat's view, 1456 numbers, and the int8 mask over 850 actions with its list of indices; catanatron-gym:
``create_sample``'s 1002 features as a float64 vector and the list of valid indices of 290).

Each round runs, one after the other and one process each: ``rl_speed.py --loops raw gym`` with
``.venv/bin/python`` (pure) and ``.venv-compiled/bin/python`` (``make compiled``; skipped if
absent), then ``catanatron_gym_worker.py`` in ``benchmarks/.venv-catanatron-gym`` (catanatron-gym
4.0.0 and catanatron 3.2.1, installed on first use). Ratios are taken within a round; the load
average is printed with each round (the machine may be shared).

    python benchmarks/rl_vs_catanatron_gym.py [--seconds 10] [--rounds 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from peer_envs import BENCH_DIR, CATANATRON_GYM, PeerUnavailable, ensure_venv

REPO = BENCH_DIR.parent
BUILDS = {"pure": REPO / ".venv" / "bin" / "python", "compiled": REPO / ".venv-compiled" / "bin" / "python"}


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return env


def ravenry_row(python: Path, seconds: float) -> dict[str, Any]:
    """rl_speed.py's raw and gym loops (catan, 4 players) in one process of ``python``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rl.json"
        command = [str(python), str(BENCH_DIR / "rl_speed.py"), "--games", "catan", "--loops", "raw", "gym"]
        command += ["--seconds", str(seconds), "--json", str(out)]
        done = subprocess.run(command, cwd=REPO, env=_env(), capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"rl_speed.py failed: {done.stderr.strip()[-500:]}")
        report: dict[str, Any] = json.loads(out.read_text())
    row: dict[str, Any] = report["games"]["catan"]
    row["build"] = report["build"]
    return row


def catanatron_gym_row(python: Path, seconds: float) -> dict[str, Any]:
    command = [str(python), str(BENCH_DIR / CATANATRON_GYM.worker), "--seconds", str(seconds)]
    done = subprocess.run(command, env=_env(), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PeerUnavailable(f"worker exited with {done.returncode}: {done.stderr.strip()[-500:]}")
    row: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per loop")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--builds", nargs="*", default=list(BUILDS), choices=list(BUILDS))
    parser.add_argument("--catanatron-gym-python", help="the interpreter for its venv (default: searched)")
    parser.add_argument("--json", help="write the numbers here")
    args = parser.parse_args()

    def say(message: str) -> None:
        print(message, file=sys.stderr)

    peer = ensure_venv(CATANATRON_GYM, args.catanatron_gym_python, say)
    builds = {b: BUILDS[b] for b in args.builds if BUILDS[b].exists()}
    for missing in set(args.builds) - set(builds):
        say(f"{missing}: skipped ({BUILDS[missing]} missing; `make compiled` builds it)")
    rounds: list[dict[str, Any]] = []
    for r in range(args.rounds):
        row: dict[str, Any] = {"load_before": [round(x, 2) for x in os.getloadavg()]}
        for build, python in builds.items():
            row[build] = ravenry_row(python, args.seconds)
            if row[build]["build"] != build:
                raise RuntimeError(f"{python} runs the {row[build]['build']} build, not {build}")
        row["catanatron-gym"] = catanatron_gym_row(peer, args.seconds)
        row["load_after"] = [round(x, 2) for x in os.getloadavg()]
        peer_steps = row["catanatron-gym"]["steps_per_s"]
        for build in builds:
            row[build]["gym_vs_catanatron_gym"] = round(row[build]["gym"]["steps_per_s"] / peer_steps, 2)
        rounds.append(row)
        cg = row["catanatron-gym"]
        print(f"round {r + 1} (load average {row['load_before'][0]} -> {row['load_after'][0]}):")
        for build in builds:
            g = row[build]["gym"]
            print(
                f"  ravenry gym {build:8} {g['steps_per_s']:>8,} steps/s  {g['actions_per_s']:>8,} engine "
                f"actions/s  {g['actions_vs_raw']:.0%} of raw apply  "
                f"{row[build]['gym_vs_catanatron_gym']:.1f}x catanatron-gym"
            )
        print(
            f"  catanatron-gym      {cg['steps_per_s']:>8,} steps/s  {cg['actions_per_s']:>8,} engine "
            f"actions/s  ({cg['games']} games, {cg['unfinished']} truncated)"
        )
    summary = {
        build: {
            "median_vs_catanatron_gym": round(
                statistics.median(r[build]["gym_vs_catanatron_gym"] for r in rounds), 2
            ),
            "median_gym_vs_raw": round(
                statistics.median(r[build]["gym"]["actions_vs_raw"] for r in rounds), 3
            ),
        }
        for build in builds
    }
    print("medians:", json.dumps(summary))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": rounds, "summary": summary}, f, indent=2)


if __name__ == "__main__":
    main()
