"""Random-playout speed of classic 4-player Catan: ravenry against catanatron and fastcatan, in one run.

Every engine plays the same number of full random games from the same seeds, one engine after
another on one pinned CPU core (no parallelism anywhere). ravenry plays twice: pure Python in this
process through its public protocol ("ravenry"), and compiled with mypyc ("ravenry-mypyc") from
benchmarks/.venv-ravenry-mypyc, which holds the working tree built with RAVENRY_COMPILE=1 and is
rebuilt whenever the sources change. Each peer plays in its own virtualenv under
benchmarks/.venv-<peer> (made and filled on first use). Every engine but the pure ravenry runs as a
worker script that prints its totals as JSON.

    python benchmarks/catan_speed.py [--games 200] [--seed 1] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from collections.abc import Container
from dataclasses import asdict
from importlib.metadata import version
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from compiled_venv import CompileUnavailable, ensure_compiled_venv
from peer_envs import (
    BENCH_DIR,
    PEERS,
    PeerUnavailable,
    ensure_venv,
    fixed_address_layout_prefix,
    run_worker,
)
from ravenry.build import compiled
from ravenry_playout import measure_state_costs, play_many

# ravenry's rows and the word the target line uses for each.
RAVENRY_BUILDS = {"ravenry": "pure", "ravenry-mypyc": "mypyc"}
MYPYC_ENGINE = "ravenry-mypyc"
MYPYC_VENV = BENCH_DIR / ".venv-ravenry-mypyc"
RAVENRY_WORKER = "ravenry_playout.py"
ENGINES = (*RAVENRY_BUILDS, *(peer.name for peer in PEERS))
TARGET_ENGINE = "catanatron"
TARGET_FACTOR = 10.0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games per engine (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed; game i uses seed+i (>= 1)")
    parser.add_argument(
        "--turn-cap", type=int, default=1000, help="a game past this many turns is unfinished (default 1000)"
    )
    parser.add_argument(
        "--warmup",
        type=int,
        default=0,
        help="untimed games each engine plays first, seeds after the timed ones (default 0: cold start)",
    )
    parser.add_argument(
        "--engines", default=",".join(ENGINES), help=f"comma-separated subset of {','.join(ENGINES)}"
    )
    parser.add_argument(
        "--clone-calls", type=int, default=20000, help="clone() calls to average (default 20000)"
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write every number to FILE")
    for peer in PEERS:
        parser.add_argument(
            f"--{peer.name}-python",
            metavar="PATH",
            help=f"interpreter (>= {'.'.join(map(str, peer.min_python))}) for a new .venv-{peer.name}",
        )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seed < 1:
        parser.error("--seed must be at least 1")
    args.engines = [name.strip() for name in args.engines.split(",") if name.strip()]
    unknown = sorted(set(args.engines) - set(ENGINES))
    if unknown:
        parser.error(f"unknown engine(s): {', '.join(unknown)}")
    return args


def pin_to_one_cpu() -> int | None:
    """Pin this process (and so every worker it starts) to one CPU; None where the OS cannot."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def with_rates(totals: dict[str, Any]) -> dict[str, Any]:
    seconds = totals["seconds"]
    return {
        **totals,
        "games_per_second": totals["games"] / seconds,
        "steps_per_second": totals["steps"] / seconds,
        "steps_per_game": totals["steps"] / totals["games"],
    }


def run_ravenry(args: argparse.Namespace) -> dict[str, Any]:
    timed = range(args.seed, args.seed + args.games)
    play_many(list(range(timed.stop, timed.stop + args.warmup)), args.turn_cap)
    totals = play_many(list(timed), args.turn_cap)
    return with_rates(
        {
            "engine": "ravenry",
            "version": version("ravenry"),
            "python": platform.python_version(),
            "compiled": compiled(),  # the "pure" row is whatever build runs this script
            **asdict(totals),
        }
    )


def run_ravenry_mypyc(args: argparse.Namespace, python: Path) -> dict[str, Any]:
    """The same playouts in the compiled venv's worker (which also probes clone() there)."""
    totals = run_worker(
        RAVENRY_WORKER,
        python,
        args.seed,
        args.games,
        args.turn_cap,
        args.warmup,
        ("--clone-calls", str(args.clone_calls)),
    )
    if not totals.get("compiled"):
        raise PeerUnavailable(f"{python} imported a pure-Python ravenry, not the mypyc build")
    return with_rates({**totals, "engine": MYPYC_ENGINE})


def ratio(ours: dict[str, Any], theirs: dict[str, Any], key: str) -> float:
    return float(ours[key] / theirs[key])


def measured(results: dict[str, dict[str, Any]], names: Container[str]) -> dict[str, dict[str, Any]]:
    """The rows among ``names`` that ran (not skipped), in table order."""
    return {name: row for name, row in results.items() if name in names and "skipped" not in row}


def build_table(results: dict[str, dict[str, Any]]) -> Table:
    table = Table(title="Random 4-player Catan playouts (one core)")
    table.add_column("engine", no_wrap=True)
    table.add_column("version / python", no_wrap=True)
    for header in ("games", "unfinished", "seconds", "games/s", "steps/s", "steps/game"):
        table.add_column(header, justify="right")
    peers = measured(results, {peer.name for peer in PEERS})
    for peer_name in peers:
        table.add_column(f"÷ {peer_name}\ngames/s (steps/s)", justify="right", no_wrap=True)
    for name, row in results.items():
        if "skipped" in row:
            table.add_row(name, "[yellow]skipped[/yellow]", *[""] * (6 + len(peers)))
            continue
        compare = [
            f"{ratio(row, theirs, 'games_per_second'):.2f}x ({ratio(row, theirs, 'steps_per_second'):.2f}x)"
            if name in RAVENRY_BUILDS
            else ""
            for theirs in peers.values()
        ]
        table.add_row(
            name,
            f"{row['version']} / {row['python']}",
            str(row["games"]),
            str(row["unfinished"]),
            f"{row['seconds']:.2f}",
            f"{row['games_per_second']:.1f}",
            f"{row['steps_per_second']:,.0f}",
            f"{row['steps_per_game']:.0f}",
            *compare,
        )
    return table


def play_engine(name: str, args: argparse.Namespace, pythons: dict[str, Path]) -> dict[str, Any]:
    """Time one engine's games; its setup (``pythons``) is done already."""
    if name == "ravenry":
        return run_ravenry(args)
    if name == MYPYC_ENGINE:
        return run_ravenry_mypyc(args, pythons[name])
    peer = next(peer for peer in PEERS if peer.name == name)
    return with_rates(
        run_worker(peer.worker, pythons[name], args.seed, args.games, args.turn_cap, args.warmup)
    )


def describe_state_costs(states: dict[str, dict[str, Any]]) -> str:
    """One line: the mid-game JSON size (the same game in every build) and clone() time per build."""
    ordered = [(name, states[name]) for name in RAVENRY_BUILDS if name in states]
    first = ordered[0][1]
    clones = ", ".join(
        f"{costs['clone_microseconds']:.1f} µs {RAVENRY_BUILDS[name]}" for name, costs in ordered
    )
    return (
        f"ravenry state at mid-game (seed {first['seed']}, after action {first['step']}, "
        f"turn {first['turn']}): "
        f"to_json {first['json_bytes']:,} bytes with history ({first['history_length']} actions), "
        f"{first['json_bytes_without_history']:,} bytes without; "
        f"clone() {clones} (mean of {first['clone_calls']:,} calls)"
    )


def target_verdict(ours: dict[str, dict[str, Any]], baseline: dict[str, Any] | None) -> dict[str, Any]:
    """The target judged on the faster ravenry row; ``achieved`` is None when it could not be measured."""
    verdict: dict[str, Any] = {
        "engine": TARGET_ENGINE,
        "factor": TARGET_FACTOR,
        "achieved": None,
        "met": None,
    }
    if not ours or baseline is None:
        return verdict
    best = max(ours, key=lambda name: ours[name]["games_per_second"])
    achieved = ratio(ours[best], baseline, "games_per_second")
    return {
        **verdict,
        "achieved": achieved,
        "met": achieved >= TARGET_FACTOR,
        "ravenry_engine": best,
        "build": "mypyc" if ours[best].get("compiled") else "pure",
    }


def describe_target(verdict: dict[str, Any]) -> str:
    head = f"target: ravenry >= {TARGET_FACTOR:.0f}x {TARGET_ENGINE} games/s — "
    if verdict["achieved"] is None:
        return head + "not measured"
    met = "[green]met[/green]" if verdict["met"] else "[red]not met[/red]"
    return head + f"{met} ({verdict['achieved']:.1f}, {verdict['build']})"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console()
    if not console.is_terminal:
        # Piped or logged output (make bench | tee) would otherwise be squeezed to 80 columns.
        console = Console(width=150)
    cpu = pin_to_one_cpu()
    where = f"pinned to CPU {cpu}" if cpu is not None else "CPU pinning unavailable on this OS"
    console.print(
        f"[bold]Catan speed[/bold]: {args.games} random 4-player games per engine, seeds {args.seed}.."
        f"{args.seed + args.games - 1}, turn cap {args.turn_cap}, domestic trade offers left out, "
        f"{args.warmup} untimed warm-up games first.\n"
        f"One core, no parallelism: engines run one after another, {where}, worker threads limited to 1."
    )

    # Set every engine up before anything is timed, so installs and builds never overlap a measurement.
    def say(text: str) -> None:
        console.print(f"  setup: {text}")

    pythons: dict[str, Path] = {}
    skipped: dict[str, str] = {}
    if MYPYC_ENGINE in args.engines:
        try:
            pythons[MYPYC_ENGINE] = ensure_compiled_venv(MYPYC_VENV, say=say)
        except CompileUnavailable as exc:
            skipped[MYPYC_ENGINE] = str(exc)
    for peer in PEERS:
        if peer.name not in args.engines:
            continue
        try:
            pythons[peer.name] = ensure_venv(peer, getattr(args, f"{peer.name}_python"), say)
        except PeerUnavailable as exc:
            skipped[peer.name] = str(exc)

    results: dict[str, dict[str, Any]] = {}
    states: dict[str, dict[str, Any]] = {}
    for name in ENGINES:
        if name not in args.engines:
            continue
        if name not in skipped:
            try:
                with console.status(f"{name} playing..."):
                    results[name] = play_engine(name, args, pythons)
            except PeerUnavailable as exc:
                skipped[name] = str(exc)
        if name in skipped:
            results[name] = {"engine": name, "skipped": skipped[name]}
        elif "state" in results[name]:
            states[name] = results[name].pop("state")

    console.print(build_table(results))
    for name, reason in skipped.items():
        console.print(f"[yellow]{name} skipped:[/yellow] {reason}")

    report: dict[str, Any] = {
        "config": {
            "games": args.games,
            "first_seed": args.seed,
            "turn_cap": args.turn_cap,
            "warmup_games": args.warmup,
            "peer_workers_without_aslr": bool(fixed_address_layout_prefix()),
            "players": 4,
            "cpu": cpu,
            "machine": platform.machine(),
            "system": platform.platform(),
        },
        "engines": results,
    }
    ours = measured(results, RAVENRY_BUILDS)
    peers = measured(results, {peer.name for peer in PEERS})
    report["ratios"] = {
        name: {
            peer_name: {
                "games_per_second": ratio(row, peer_row, "games_per_second"),
                "steps_per_second": ratio(row, peer_row, "steps_per_second"),
            }
            for peer_name, peer_row in peers.items()
        }
        for name, row in ours.items()
    }
    if len(ours) == len(RAVENRY_BUILDS):
        # Compiled and pure must play the very same games: same seeds, same choices, same lengths.
        agree = len({(row["steps"], row["unfinished"]) for row in ours.values()}) == 1
        report["ravenry_builds_play_the_same_games"] = agree
        if not agree:
            console.print(
                "[red]ravenry and ravenry-mypyc played different games[/red] (steps "
                + " vs ".join(str(row["steps"]) for row in ours.values())
                + "): the compiled build does not behave like the pure one"
            )
    if "ravenry" in ours:
        states["ravenry"] = asdict(measure_state_costs(args.seed, args.turn_cap, args.clone_calls))
    if states:
        report["ravenry_state"] = states
        console.print(describe_state_costs(states))
    report["target"] = target_verdict(ours, peers.get(TARGET_ENGINE))
    console.print(describe_target(report["target"]))

    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        console.print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
