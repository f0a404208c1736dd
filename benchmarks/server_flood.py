"""Floods from several addresses beside quiet games: what a flood costs everyone else.

``ravenry serve`` runs as its own process with its default limits (20 messages a second per
socket, 40 per address, 16 sockets and 60 connects a minute per address). Two games are made;
in each a quiet client (seat 0, from its own address) sends a ``ping`` every 60 ms and times its
``pong``. Then F flooding addresses (127.0.0.10, .11, ...: Linux routes all of 127/8 to
loopback) each open up to ``--sockets`` spectator sockets on the first game and send messages as
fast as the socket takes them (acts with a cid, as a hostile client would), reconnecting whenever
they are closed. The
flooders run in their own process, so that the pingers' timings are not theirs.

Reported for F = 0 and each ``--flooders`` value: the ping round trip (p50, p99, max) in the
flooded game and in the other one, the messages the flooders got through, and the server's CPU.

    .venv/bin/python benchmarks/server_flood.py --flooders 1 8 32 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from server_load import _cpu_seconds, _free_port, server

PING_EVERY = 0.06


def _token(invite: str) -> str:
    fields = dict(part.split("=", 1) for part in invite.split("#", 1)[1].split("&"))
    return fields["token"]


def create_game(base: str, source: str) -> tuple[str, str]:
    """A catan game of three people; its id and seat 0's token (made from its own address, as
    the hourly budget of games is per address)."""
    body = {"game": "catan", "seats": [{"kind": "human"}] * 3}
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(transport=transport) as client:
        made = client.post(f"{base}/api/games", json=body, timeout=30).json()
    seat0 = next(s for s in made["seats"] if s["seat"] == 0)
    return made["id"], _token(seat0["invite"])


async def pinger(ws_base: str, game_id: str, token: str, source: str, stop: float, out: list[float]) -> None:
    async with connect(f"{ws_base}/ws/{game_id}", local_addr=(source, 0), max_size=None) as ws:
        await ws.send(json.dumps({"t": "hello", "token": token}))
        while json.loads(await ws.recv())["t"] != "welcome":
            pass
        while time.monotonic() < stop:
            sent = time.perf_counter()
            await ws.send('{"t":"ping"}')
            while True:
                frame = json.loads(await ws.recv())
                if frame["t"] == "pong":
                    break
            out.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(PING_EVERY)


async def _flood_socket(ws_base: str, game_id: str, source: str, stop: float, sent: list[int]) -> None:
    n = 0
    while time.monotonic() < stop:
        try:
            async with connect(f"{ws_base}/ws/{game_id}", local_addr=(source, 0), open_timeout=5) as ws:
                await ws.send(json.dumps({"t": "hello", "token": None}))

                async def drain() -> None:
                    async for _ in ws:
                        pass

                reader = asyncio.create_task(drain())
                try:
                    while time.monotonic() < stop:
                        n += 1
                        await ws.send(f'{{"t":"act","cid":"f{n}","at":0,"a":{{"type":"end_turn"}}}}')
                        sent[0] += 1
                        if n % 64 == 0:
                            await asyncio.sleep(0)
                finally:
                    reader.cancel()
        except (OSError, WebSocketException, TimeoutError):
            await asyncio.sleep(0.05)


def _flooders(ws_base: str, game_id: str, flooders: int, sockets: int, seconds: float, q: Any) -> None:
    async def run() -> int:
        stop = time.monotonic() + seconds
        sent = [0]
        tasks = [
            _flood_socket(ws_base, game_id, f"127.0.0.{10 + i}", stop, sent)
            for i in range(flooders)
            for _ in range(sockets)
        ]
        await asyncio.gather(*tasks)
        return sent[0]

    q.put(asyncio.run(run()))


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


def measure(
    port: int,
    games: list[tuple[str, str]],
    flooders: int,
    sockets: int,
    seconds: float,
    profile: str | None = None,
) -> dict[str, Any]:
    ws_base = f"ws://127.0.0.1:{port}"
    q: Any = multiprocessing.Queue()
    proc = None
    if flooders:
        proc = multiprocessing.Process(
            target=_flooders, args=(ws_base, games[0][0], flooders, sockets, seconds + 1.0, q)
        )
        proc.start()
        time.sleep(1.0)  # the flood under way
    pid = server_pid[0]
    spy = None
    if profile is not None and flooders:
        # where the server's time goes under this flood (py-spy's collapsed stacks)
        out = f"{profile}-{flooders}.txt"
        spy = subprocess.Popen(
            ["py-spy", "record", "-p", str(pid), "-d", str(int(seconds)), "-f", "raw", "-o", out],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    cpu0, t0 = _cpu_seconds(pid), time.monotonic()
    rtts: list[list[float]] = [[], []]

    async def pings() -> None:
        stop = time.monotonic() + seconds
        quiet = [pinger(ws_base, g, t, f"127.0.0.{2 + i}", stop, rtts[i]) for i, (g, t) in enumerate(games)]
        await asyncio.gather(*quiet)

    asyncio.run(pings())
    cpu = (_cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
    if spy is not None:
        spy.wait(timeout=60)
    sent = 0
    if proc is not None:
        sent = q.get(timeout=60)
        proc.join(timeout=30)
    return {"flooders": flooders, "flooded": rtts[0], "other": rtts[1], "sent": sent, "cpu": cpu}


server_pid = [0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--flooders", type=int, nargs="+", default=[1, 8, 32])
    ap.add_argument("--sockets", type=int, default=4, help="sockets each flooding address opens")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--profile", help="py-spy the server under each flood into PROFILE-F.txt")
    args = ap.parse_args()
    console = Console(width=140)
    table = Table(title=f"ping round trip (ms) while F addresses flood game 1, {args.sockets} sockets each")
    for col in ("F", "flooded p50", "flooded p99", "flooded max", "other p50", "other p99", "other max"):
        table.add_column(col, justify="right")
    table.add_column("flood msgs/s", justify="right")
    table.add_column("server CPU", justify="right")
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        with server(f"sqlite:///{Path(tmp) / 'flood.sqlite'}", port, bot_workers=0, limits_off=False) as proc:
            server_pid[0] = proc.pid
            base = f"http://127.0.0.1:{port}"
            rows = []
            for f in [0, *args.flooders]:
                games = [create_game(base, f"127.0.1.{2 * len(rows) + k}") for k in (1, 2)]
                console.print(f"F = {f} …")
                rows.append(measure(port, games, f, args.sockets, args.seconds, args.profile))
    for r in rows:
        table.add_row(
            str(r["flooders"]),
            *(
                f"{fn(r[side]):.1f}"
                for side in ("flooded", "other")
                for fn in (
                    lambda xs: _pct(xs, 0.5),
                    lambda xs: _pct(xs, 0.99),
                    lambda xs: max(xs, default=float("nan")),
                )
            ),
            f"{r['sent'] / args.seconds:,.0f}",
            f"{r['cpu']:.0%}",
        )
    console.print(table)


if __name__ == "__main__":
    main()
