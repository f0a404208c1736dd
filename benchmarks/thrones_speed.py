"""Random 5-player games of A Game of Thrones: The Board Game per second, on one core.

Each game: a seeded policy picks a deciding seat, then a legal action uniformly, through the
public protocol (``decision``, ``legal_actions``, ``apply``) until the game ends. The script
reports games/s and steps/s (by the wall clock, and per CPU second, which a busy machine
disturbs less) of the build it runs in ("pure" or "mypyc": whether the Thrones
rules module is an extension), and with ``--compiled PYTHON`` also runs the same games in another
interpreter (``.venv-compiled/bin/python`` after ``make compiled``) and checks that both builds
play exactly the same games (a digest of every final state).

With ``--clone`` it measures ``clone()`` instead (what a search bot pays per playout): the states
every 10th step of ``--games`` random games, each cloned ``--rounds`` times; it reports clones
per CPU second and the mean time of one clone, and a digest of the clones' JSON (the same in both
builds, and before and after a change to how the state copies itself).

    .venv/bin/python benchmarks/thrones_speed.py --games 200
    .venv/bin/python benchmarks/thrones_speed.py --games 200 --compiled .venv-compiled/bin/python
    .venv/bin/python benchmarks/thrones_speed.py --clone --games 20 --rounds 50
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
import time
from typing import Any

import ravenry
import ravenry.games.thrones.rules
from ravenry.core.rng import Rng


def compiled() -> bool:
    """Whether the Thrones rules running here are the mypyc build (an extension module)."""
    path = ravenry.games.thrones.rules.__file__ or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def play(seed: int, players: int) -> tuple[int, str]:
    """One random game: its number of steps and a digest of its final state."""
    state = ravenry.new_game("thrones", players=players, seed=seed)
    policy = Rng.from_seed(seed ^ 0x5EED)
    steps = 0
    while True:
        decision = state.decision()
        if decision.result is not None:
            break
        seat = policy.choice(decision.players)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[policy.below(len(legal))])
        steps += 1
    digest = hashlib.sha256(state.to_json_text().encode()).hexdigest()[:16]
    return steps, digest


def measure(games: int, seed: int, players: int) -> dict[str, Any]:
    play(seed, players)  # warm up imports and caches
    steps = 0
    digests = hashlib.sha256()
    start = time.perf_counter()
    cpu_start = time.process_time()
    for i in range(games):
        n, digest = play(seed + i, players)
        steps += n
        digests.update(digest.encode())
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "build": "mypyc" if compiled() else "pure",
        "games": games,
        "players": players,
        "steps": steps,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 1),
        "steps_per_s": round(steps / seconds),
        # CPU time: what the games cost when other processes share the core.
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_s": round(games / cpu, 1),
        "steps_per_cpu_s": round(steps / cpu),
        "digest": digests.hexdigest()[:16],
    }


def positions(games: int, seed: int, players: int) -> list[Any]:
    """The states every 10th step of ``games`` random games (the policy of :func:`play`)."""
    out: list[Any] = []
    for i in range(games):
        state = ravenry.new_game("thrones", players=players, seed=seed + i)
        policy = Rng.from_seed((seed + i) ^ 0x5EED)
        steps = 0
        while state.decision().result is None:
            decision = state.decision()
            seat = policy.choice(decision.players)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[policy.below(len(legal))])
            steps += 1
            if steps % 10 == 0:
                out.append(state.clone())
    return out


def measure_clone(games: int, seed: int, players: int, rounds: int) -> dict[str, Any]:
    states = positions(games, seed, players)
    digests = hashlib.sha256()
    for s in states:  # what a clone holds: the same in every build and before and after a change
        digests.update(s.clone().to_json_text().encode())
    best_cpu = float("inf")
    start = time.perf_counter()
    for _ in range(rounds):
        cpu_start = time.process_time()
        for s in states:
            s.clone()
        best_cpu = min(best_cpu, time.process_time() - cpu_start)
    seconds = time.perf_counter() - start
    clones = len(states)
    return {
        "build": "mypyc" if compiled() else "pure",
        "mode": "clone",
        "states": clones,
        "rounds": rounds,
        "seconds": round(seconds, 3),
        # the fastest round by CPU time: what a clone costs when other processes share the core
        "clones_per_cpu_s": round(clones / best_cpu),
        "us_per_clone": round(best_cpu / clones * 1e6, 2),
        "digest": digests.hexdigest()[:16],
    }


def pin_to_one_cpu() -> None:
    if hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=5, choices=(3, 4, 5))
    parser.add_argument("--compiled", metavar="PYTHON", help="also run in this (compiled) interpreter")
    parser.add_argument("--json", action="store_true", help="print one JSON row (for the --compiled worker)")
    parser.add_argument("--clone", action="store_true", help="measure clone() instead of games")
    parser.add_argument("--rounds", type=int, default=30, help="with --clone: times each state is cloned")
    args = parser.parse_args(argv)
    pin_to_one_cpu()
    if args.clone:
        row = measure_clone(args.games, args.seed, args.players, args.rounds)
    else:
        row = measure(args.games, args.seed, args.players)
    if args.json:
        print(json.dumps(row))
        return 0
    rows = [row]
    if args.compiled:
        cmd = [args.compiled, __file__, "--games", str(args.games), "--seed", str(args.seed)]
        cmd += ["--players", str(args.players), "--json"]
        if args.clone:
            cmd += ["--clone", "--rounds", str(args.rounds)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    for r in rows:
        if args.clone:
            print(
                f"{r['build']:>5}: {r['states']} states cloned {r['rounds']} times:"
                f" {r['us_per_clone']} us a clone, {r['clones_per_cpu_s']:,} clones per CPU second"
                f" (fastest round), digest {r['digest']}"
            )
            continue
        print(
            f"{r['build']:>5}: {r['games']} random {r['players']}-player games in {r['seconds']} s: "
            f"{r['games_per_s']} games/s, {r['steps_per_s']:,} steps/s"
            f" ({r['steps'] / r['games']:.0f} steps a game); per CPU second: {r['games_per_cpu_s']} games,"
            f" {r['steps_per_cpu_s']:,} steps"
        )
    if len(rows) == 2:
        same = rows[0]["digest"] == rows[1]["digest"]
        what = "made the same clones" if args.clone else "played the same games"
        print(f"both builds {what}: {'yes' if same else 'NO'}")
        if not same:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
