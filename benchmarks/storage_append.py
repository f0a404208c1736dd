"""How long the server's commit of an accepted action takes, without the rules or the sockets:
``--games`` tasks on one event loop each append an action through ``Storage.append`` (the
writer thread's group commit), wait ``--think`` seconds and append the next, for ``--seconds``.
Reported per database: appends a second, the latency of ``await storage.append`` (p50/p90/p99),
and how late a 1 ms timer on the same loop fired (the loop blocked by the writer thread holding
the GIL shows there). Databases are run in turns, ``--rounds`` times, so that a machine shared
with other work loads them alike.

    .venv/bin/python benchmarks/storage_append.py --games 50 --seconds 5 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ravenry.server.storage import GameRow, SeatRow, Storage

PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"


def _quantiles(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    if not values:
        return {"p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}

    def at(q: float) -> float:
        return round(values[min(len(values) - 1, int(q * len(values)))], 2)

    return {"p50": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": round(values[-1], 2)}


async def _run(storage: Storage, games: int, seconds: float, think: float) -> dict[str, Any]:
    ids = [f"b{secrets.token_hex(4)}" for _ in range(games)]
    for game_id in ids:
        row = GameRow(
            game_id,
            "catan",
            4,
            {},
            {},
            1,
            "running",
            None,
            0,
            "h" * 64,
            time.time(),
            [SeatRow(0, "human", None, "P", None, None)],
        )
        await storage.call(storage.create_game, row)
    latencies: list[float] = []
    lags: list[float] = []
    stop = time.monotonic() + seconds

    async def game(game_id: str) -> None:
        seq = 0
        await asyncio.sleep(think * secrets.randbelow(1000) / 1000)
        while time.monotonic() < stop:
            seq += 1
            started = time.perf_counter()
            await storage.append(game_id, seq, 0, {"type": "roll", "n": seq}, f"c{seq}", None)
            latencies.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(think)

    async def lag() -> None:
        while time.monotonic() < stop:
            started = time.perf_counter()
            await asyncio.sleep(0.001)
            lags.append((time.perf_counter() - started) * 1000 - 1)

    await asyncio.gather(*(game(g) for g in ids), lag())
    return {
        "appends_per_s": round(len(latencies) / seconds, 1),
        **_quantiles(latencies),
        "loop_lag": _quantiles(lags),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.05, help="seconds a game waits between appends")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    import psycopg

    name = f"ravenry_bench_{secrets.token_hex(4)}"
    admin = psycopg.connect(PG_ADMIN_URL, autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    results: dict[str, list[dict[str, Any]]] = {"sqlite": [], "postgresql": []}
    try:
        with tempfile.TemporaryDirectory() as folder:
            urls = {
                "sqlite": f"sqlite:///{folder}/bench.sqlite",
                "postgresql": f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}",
            }
            stores = {kind: Storage(url) for kind, url in urls.items()}
            for storage in stores.values():
                storage.migrate()
            for _ in range(args.rounds):
                for kind, storage in stores.items():
                    outcome = asyncio.run(_run(storage, args.games, args.seconds, args.think))
                    results[kind].append(outcome)
                    print(kind, json.dumps(outcome), flush=True)
            for storage in stores.values():
                storage.close()
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
    summary = {k: statistics.median(r["p99"] for r in v) for k, v in results.items()}
    print("median p99 ms:", summary)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
