"""``ravenry serve`` with timing probes, for ``server_load.py --timing``: where a move's time goes
inside the server. Run as ``server_timing.py OUT.json serve ARGS...``; on exit it writes, for the
last 65% of the run (the steady state, past the warm-up), the quantiles in milliseconds of:

- ``act``: a move from taking the game's lock to its commit and broadcast (``LiveGame.act``);
- ``commit``: the wait for its commit (``await Storage.append``: hand-off, queue, database);
- ``dbexec``: one writer's batch against the database (``Storage._commit_batch``), and ``batch``
  the actions per batch;
- ``lag``: how late a 5 ms timer on the event loop fired (the loop busy or starved of CPU).

The file is written when the server stops (``Hub.stop``, which uvicorn runs on SIGTERM).

The probes wrap those methods; nothing else changes.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from ravenry.server import hub, live, storage

SAMPLES: dict[str, list[float]] = {"act": [], "commit": [], "dbexec": [], "batch": [], "lag": []}


def _timed_async(name: str, fn: Callable[..., Coroutine[Any, Any, Any]]) -> Callable[..., Any]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            SAMPLES[name].append((time.perf_counter() - started) * 1000)

    return wrapper


def _timed_batch(fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(self: storage.Storage, items: list[Any]) -> Any:
        started = time.perf_counter()
        try:
            return fn(self, items)
        finally:
            SAMPLES["dbexec"].append((time.perf_counter() - started) * 1000)
            SAMPLES["batch"].append(len(items))

    return wrapper


async def _lag() -> None:
    while True:
        started = time.perf_counter()
        await asyncio.sleep(0.005)
        SAMPLES["lag"].append((time.perf_counter() - started) * 1000 - 5)


def _with_lag_probe(start: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., Any]:
    async def wrapper(self: hub.Hub) -> None:
        await start(self)
        asyncio.get_running_loop().create_task(_lag())

    return wrapper


def _writing_on_stop(stop: Callable[..., Coroutine[Any, Any, None]], out: Path) -> Callable[..., Any]:
    """The numbers are written as the server shuts down (SIGTERM: uvicorn stops the app first)."""

    async def wrapper(self: hub.Hub) -> None:
        out.write_text(json.dumps({k: _quantiles(v) for k, v in SAMPLES.items()}))
        await stop(self)

    return wrapper


def _quantiles(values: list[float]) -> dict[str, float]:
    values = sorted(values[int(len(values) * 0.35) :])
    if not values:
        return {}

    def at(q: float) -> float:
        return round(values[min(len(values) - 1, int(q * len(values)))], 2)

    mean = round(sum(values) / len(values), 2)
    return {"n": len(values), "p50": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": at(1.0), "mean": mean}


def main() -> int:
    out = Path(sys.argv[1])
    live.LiveGame.act = _timed_async("act", live.LiveGame.act)  # type: ignore[method-assign]
    storage.Storage.append = _timed_async("commit", storage.Storage.append)  # type: ignore[method-assign]
    storage.Storage._commit_batch = _timed_batch(storage.Storage._commit_batch)  # type: ignore[method-assign]
    hub.Hub.start = _with_lag_probe(hub.Hub.start)  # type: ignore[method-assign]
    hub.Hub.stop = _writing_on_stop(hub.Hub.stop, out)  # type: ignore[method-assign]
    from ravenry.cli import main as cli_main

    return cli_main(sys.argv[2:])


if __name__ == "__main__":  # the bot workers import this module again: only the server runs it
    sys.exit(main())
