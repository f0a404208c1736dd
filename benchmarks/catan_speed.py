"""Random-playout speed of classic 4-player Catan: ravenry against catanatron and fastcatan, in one run.

Every engine plays the same number of full random games from the same seeds, one engine after
another on one pinned CPU core (no parallelism anywhere). ravenry plays in this process through
its public protocol; each peer plays in its own virtualenv under benchmarks/.venv-<peer> (made and
filled on first use) through a worker script that prints its totals as JSON.

    python benchmarks/catan_speed.py [--games 200] [--seed 1] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from dataclasses import asdict
from importlib.metadata import version
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from peer_envs import PEERS, PeerUnavailable, ensure_venv, fixed_address_layout_prefix, run_worker
from ravenry_playout import measure_state_costs, play_many

ENGINES = ("ravenry", *(peer.name for peer in PEERS))
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
            **asdict(totals),
        }
    )


def ratio(ours: dict[str, Any], theirs: dict[str, Any], key: str) -> float:
    return float(ours[key] / theirs[key])


def build_table(results: dict[str, dict[str, Any]]) -> Table:
    table = Table(title="Random 4-player Catan playouts (one core)")
    table.add_column("engine")
    table.add_column("version / python")
    for header in ("games", "unfinished", "seconds", "games/s", "steps/s", "steps/game"):
        table.add_column(header, justify="right")
    table.add_column("ravenry ÷ peer\ngames/s", justify="right")
    table.add_column("ravenry ÷ peer\nsteps/s", justify="right")
    ours = results.get("ravenry")
    for name, row in results.items():
        if "skipped" in row:
            table.add_row(name, "[yellow]skipped[/yellow]", *[""] * 8)
            continue
        compare = ("", "")
        if ours is not None and name != "ravenry":
            compare = (
                f"{ratio(ours, row, 'games_per_second'):.2f}x",
                f"{ratio(ours, row, 'steps_per_second'):.2f}x",
            )
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

    # Set every peer up before anything is timed, so installs never overlap a measurement.
    peer_pythons: dict[str, Path] = {}
    skipped: dict[str, str] = {}
    for peer in PEERS:
        if peer.name not in args.engines:
            continue
        try:
            peer_pythons[peer.name] = ensure_venv(
                peer, getattr(args, f"{peer.name}_python"), lambda text: console.print(f"  setup: {text}")
            )
        except PeerUnavailable as exc:
            skipped[peer.name] = str(exc)

    results: dict[str, dict[str, Any]] = {}
    if "ravenry" in args.engines:
        with console.status("ravenry playing..."):
            results["ravenry"] = run_ravenry(args)
    for peer in PEERS:
        if peer.name not in args.engines:
            continue
        if peer.name in peer_pythons:
            try:
                with console.status(f"{peer.name} playing..."):
                    totals = run_worker(
                        peer, peer_pythons[peer.name], args.seed, args.games, args.turn_cap, args.warmup
                    )
                results[peer.name] = with_rates(totals)
            except PeerUnavailable as exc:
                skipped[peer.name] = str(exc)
        if peer.name in skipped:
            results[peer.name] = {"engine": peer.name, "skipped": skipped[peer.name]}

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
    ours = results.get("ravenry")
    if ours is not None:
        report["ratios"] = {
            name: {
                "games_per_second": ratio(ours, row, "games_per_second"),
                "steps_per_second": ratio(ours, row, "steps_per_second"),
            }
            for name, row in results.items()
            if name != "ravenry" and "skipped" not in row
        }
        costs = measure_state_costs(args.seed, args.turn_cap, args.clone_calls)
        report["ravenry_state"] = asdict(costs)
        console.print(
            f"ravenry state at mid-game (seed {costs.seed}, after action {costs.step}, turn {costs.turn}): "
            f"to_json {costs.json_bytes:,} bytes with history ({costs.history_length} actions), "
            f"{costs.json_bytes_without_history:,} bytes without; "
            f"clone() {costs.clone_microseconds:.1f} µs (mean of {costs.clone_calls:,} calls)"
        )
        baseline = results.get(TARGET_ENGINE)
        if baseline is not None and "skipped" not in baseline:
            factor = ratio(ours, baseline, "games_per_second")
            met = factor >= TARGET_FACTOR
            report["target"] = {
                "engine": TARGET_ENGINE,
                "factor": TARGET_FACTOR,
                "achieved": factor,
                "met": met,
            }
            verdict = "[green]met[/green]" if met else "[red]not met[/red]"
            console.print(
                f"target: ravenry >= {TARGET_FACTOR:.0f}x {TARGET_ENGINE} games/s — {verdict} ({factor:.1f})"
            )
        else:
            console.print(f"target: ravenry >= {TARGET_FACTOR:.0f}x {TARGET_ENGINE} games/s — not measured")

    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        console.print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
