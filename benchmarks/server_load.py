"""A bounded loopback load test of ``ravenry serve``: N games played at once over WebSockets.

The server runs as its own process (``ravenry serve`` on a fresh SQLite file, or on a fresh
PostgreSQL database with ``--postgres``). This client process keeps ``--games`` games going for
``--seconds``: every game has only human seats, each seat is its own socket (as a browser
would be), and each seat, when it must decide, waits ``--think`` seconds (a bot's delay) and sends
a random legal action (never a trade proposal). As one game ends another is created. Reported:
accepted moves per second, and the latency from sending an ``act`` to receiving its ``ack``
(p50, p90, p99, max), which covers the rules, the commit, and every viewer's projection.

With ``--bots K``, K seats of every game are bots of ``--bot`` (default: the ``hard`` level,
a search bot thinking up to 0.8 s a decision) that wait ``--bot-delay`` seconds and then think
in the server's bot workers (``--bot-workers``): the latencies are still those of the people's
acts, now while the bots use a core; the bots' moves a second are reported too (read from the
server's database after the run, so not with ``--server``). People then wait
for the bots at their tables (a bot worker makes about one 0.8 s decision a second), so few
people's acts are measured; ``--bot-games M`` adds M games in which every seat is such a bot
(nobody connected; one ends, another starts), keeping the workers busy beside games of people.

    .venv/bin/python benchmarks/server_load.py --games 200 --seconds 30
    .venv/bin/python benchmarks/server_load.py --games 200 --seconds 30 --postgres
    .venv/bin/python benchmarks/server_load.py --games 200 --seconds 30 --postgres --clock move:60
    .venv/bin/python benchmarks/server_load.py --games 200 --seconds 30 --postgres --timing  # where it goes
    .venv/bin/python benchmarks/server_load.py --games 50 --think 0 --seconds 15   # saturation
    .venv/bin/python benchmarks/server_load.py --games 200 --seconds 30 --bots 2   # half search bots
    .venv/bin/python benchmarks/server_load.py --games 100 --bot-games 100 --seconds 30  # half, apart

With ``--processes N`` (PostgreSQL and Redis: docs/deployment.md) N ``ravenry serve`` processes
run as one cluster: games are created on each in turn, and the seats of every game connect to
different processes (seat k of game g to process (g + k) mod N), as a proxy without sticky
sessions would spread them, so most frames cross the Redis relay:

    .venv/bin/python benchmarks/server_load.py --games 400 --seconds 30 --postgres --processes 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ravenry.bots.levels import level_spec

PROPOSALS = frozenset({"offer_trade", "counter_offer"})
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0  # acknowledged moves sent after the warm-up
        self.all_moves = 0
        self.rejects = 0
        self.games_finished = 0
        self.stop_at = 0.0
        self.started = 0.0
        self.window = (0.0, 0.0)  # measuring starts and stops, wall clock (the actions' "at")
        self.bot_games: set[str] = set()  # the games of bots only (--bot-games)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def server(
    database_url: str,
    port: int,
    bot_delay: float = 0.0,
    bot_workers: int | None = None,
    timing: Path | None = None,
    cluster_redis: str | None = None,
    limits_off: bool = True,
) -> Iterator[subprocess.Popen[bytes]]:
    # --timing: the server runs under server_timing.py's probes, which write to that file on exit.
    # limits_off=False: the server's own default limits (server_flood.py measures them).
    run = (
        ["-m", "ravenry.cli"]
        if timing is None
        else [str(Path(__file__).with_name("server_timing.py")), str(timing)]
    )
    argv = [sys.executable, *run, "serve", "--port", str(port), "--database", database_url]
    argv += ["--bot-delay", str(bot_delay)]
    if cluster_redis is not None:
        argv += ["--cluster-redis", cluster_redis]
    if bot_workers is not None:
        argv += ["--bot-workers", str(bot_workers)]
    # One client process drives every seat from one address, far faster than people: the
    # per-address limits are off (0) and presence is not delayed.
    if limits_off:
        argv += ["--rate", "1000", "--address-rate", "0", "--connections-per-address", "0"]
        argv += ["--connects-per-minute", "0", "--creates-per-hour", "0", "--presence-delay", "0"]
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in the finally below)
    env = {**os.environ, "RAVENRY_SECRET": os.environ.get("RAVENRY_SECRET") or secrets.token_hex(16)}
    proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise SystemExit(f"the server did not start:\n{log.read().decode()}")
            time.sleep(0.1)
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.seek(0)
        errors = [line for line in log.read().decode().splitlines() if "Error" in line or "ERROR" in line]
        if errors:
            print(f"server errors ({len(errors)}), first: {errors[0]}", file=sys.stderr)
        log.close()


@contextmanager
def database(postgres: bool) -> Iterator[str]:
    if not postgres:
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'load.sqlite'}"
        return
    import psycopg

    name = f"ravenry_load_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def play_seat(
    ws: ClientConnection, token: str, think: float, rng: random.Random, totals: Totals
) -> bool:
    """Play one seat until its game ends (True) or the run does (False)."""
    await ws.send(json.dumps({"t": "hello", "token": token}))
    legal: list[dict[str, Any]] | None = None
    seq = -1
    sent_at = 0.0
    pending: str | None = None
    counter = 0
    while True:
        if legal and pending is None:
            if time.monotonic() >= totals.stop_at:
                return False
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            choices = [a for a in legal if a["type"] not in PROPOSALS] or legal
            counter += 1
            pending = f"m{counter}"
            sent_at = time.perf_counter()
            try:
                await ws.send(json.dumps({"t": "act", "cid": pending, "at": seq, "a": rng.choice(choices)}))
            except ConnectionClosed:
                return False
        try:
            wait = max(0.1, totals.stop_at - time.monotonic() + 5)
            text = await asyncio.wait_for(ws.recv(decode=True), timeout=wait)
        except (TimeoutError, ConnectionClosed):
            return False
        if (
            pending is None
            and text.startswith('{"t":"ev"')
            and '"legal":null' in text
            and '"result":null' in text
        ):
            continue  # another seat's turn, the game goes on: not parsed, to keep the load client light
        frame = json.loads(text)
        kind = frame["t"]
        if kind in ("welcome", "ev"):
            seq = frame["seq"]
            if pending is None:
                legal = frame["legal"]
            if frame["view"].get("result") is not None:
                return True
        elif kind == "ack" and frame["cid"] == pending:
            totals.all_moves += 1
            if sent_at >= totals.started:  # the warm-up (connecting, first games) is left out
                totals.latencies.append(time.perf_counter() - sent_at)
                totals.moves += 1
            pending, legal = None, None  # act again only on a frame sent after this one
        elif kind == "reject" and frame["cid"] == pending:
            totals.rejects += 1
            pending, legal = None, None


def seating(players: int, bots: int, bot: str) -> list[dict[str, str]]:
    """``bots`` bot seats spread among the people (seats 1, 3, ... first)."""
    order = [*range(1, players, 2), *range(0, players, 2)][:bots]
    return [{"kind": "bot", "bot": bot} if n in order else {"kind": "human"} for n in range(players)]


async def create_game(
    http: httpx.AsyncClient, base: str, game: str, seats: list[dict[str, str]], clock: str | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "seats": seats}
    if clock is not None:
        body["options"] = {"clock": clock}
    for attempt in range(3):
        try:
            response = await http.post(f"{base}/api/games", json=body)
            response.raise_for_status()
            created: dict[str, Any] = response.json()
            return created
        except httpx.TransportError:  # a kept-alive connection the server closed meanwhile
            if attempt == 2:
                raise
        except httpx.HTTPStatusError as exc:  # 408: a loaded server missed the header deadline
            if attempt == 2 or exc.response.status_code not in (408, 503):
                raise
    raise AssertionError("unreachable")


async def keep_one_game_going(
    http: httpx.AsyncClient,
    bases: list[str],
    game: str,
    seats: list[dict[str, str]],
    think: float,
    seed: int,
    warmup: float,
    totals: Totals,
    clock: str | None = None,
    sticky: bool = False,
) -> None:
    rng = random.Random(seed)
    # Games start spread over the first half of the warm-up, as they would on a real server,
    # instead of 4 x N sockets connecting in the same instant.
    await asyncio.sleep(rng.random() * warmup / 2)
    g = seed  # which process makes the game, and where each seat connects (with several)
    while time.monotonic() < totals.stop_at:
        created = await create_game(http, bases[g % len(bases)], game, seats, clock)
        tokens = [s["invite"].split("token=")[1] for s in created["seats"] if s["invite"]]
        urls = [b.replace("http", "ws", 1) + f"/ws/{created['id']}" for b in bases]
        spread = 0 if sticky else 1  # --sticky: every seat on the process that made the game
        sockets = [
            await connect(urls[(g + spread * k) % len(urls)], max_size=2**22) for k in range(len(tokens))
        ]
        g += 1
        try:
            ended = await asyncio.gather(
                *(
                    play_seat(ws, t, think, random.Random(rng.random()), totals)
                    for ws, t in zip(sockets, tokens, strict=True)
                )
            )
        finally:
            for ws in sockets:
                await ws.close()
        totals.games_finished += all(ended)


# How many times a second all the games of bots only are looked up, together: each look is a
# request and a database read the server makes beside the people's acts (200 games looked up
# twice a second each were twice the people's 200 acts a second, and raised their p99 tenfold).
BOT_GAME_LOOKUPS_PER_S = 20


async def keep_bot_game_going(
    http: httpx.AsyncClient,
    base: str,
    game: str,
    seats: list[dict[str, str]],
    game_id: str,
    totals: Totals,
    period: float = 0.5,
    offset: float = 0.0,
) -> None:
    """One game of bots only, all the time: when it ends (fast bots finish a game in seconds)
    another takes its place, so the bots' own games are measured through the whole window.
    Looked up every ``period`` seconds, the first time after ``offset``."""
    await asyncio.sleep(offset)
    while time.monotonic() < totals.stop_at:
        await asyncio.sleep(period)
        summary = (await http.get(f"{base}/api/games/{game_id}")).json()
        if summary["status"] == "finished":
            game_id = (await create_game(http, base, game, seats))["id"]
            totals.bot_games.add(game_id)


async def run_load(bases: list[str], args: argparse.Namespace) -> Totals:
    base = bases[0]
    totals = Totals()
    seats = seating(args.players, args.bots, args.bot or level_spec("hard", args.game))
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        bot_table = [{"kind": "bot", "bot": args.bot or level_spec("hard", args.game)}] * args.players
        bot_games = [
            (await create_game(http, base, args.game, bot_table))["id"] for _ in range(args.bot_games)
        ]
        totals.bot_games.update(bot_games)
        period = max(0.5, len(bot_games) / BOT_GAME_LOOKUPS_PER_S)  # spread evenly over the period
        # The warm-up starts once the bot games exist (making 200 of them takes seconds on a
        # loaded machine, which would otherwise push the people's start-up into the window).
        now, wall = time.monotonic(), time.time()
        totals.started = time.perf_counter() + args.warmup
        totals.stop_at = now + args.warmup + args.seconds
        totals.window = (wall + args.warmup, wall + args.warmup + args.seconds)
        await asyncio.gather(
            *(
                keep_bot_game_going(
                    http, base, args.game, bot_table, gid, totals, period, period * n / len(bot_games)
                )
                for n, gid in enumerate(bot_games)
            ),
            *(
                keep_one_game_going(
                    http,
                    bases,
                    args.game,
                    seats,
                    args.think,
                    args.seed + g,
                    args.warmup,
                    totals,
                    args.clock,
                    args.sticky,
                )
                for g in range(args.games)
            ),
        )
    return totals


def bot_moves(database_url: str, totals: Totals, seats: list[dict[str, str]]) -> tuple[int, int]:
    """The bots' moves while measuring, read from the server's database after the run (the
    lobby's list shows only the newest 200 games): those of the bot seats at the people's
    tables, and those of the games of bots only."""
    from sqlalchemy import create_engine, text

    bot_seats = {n for n, seat in enumerate(seats) if seat["kind"] == "bot"}
    query = text(
        "SELECT game_id, seat, count(*) FROM actions WHERE at >= :start AND at < :stop GROUP BY game_id, seat"
    )
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(query, {"start": totals.window[0], "stop": totals.window[1]}).all()
    finally:
        engine.dispose()
    at_tables = sum(n for game, seat, n in rows if game not in totals.bot_games and seat in bot_seats)
    return at_tables, sum(n for game, _, n in rows if game in totals.bot_games)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games played at once")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring starts")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a seat waits before it acts")
    parser.add_argument("--game", default="catan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres", action="store_true", help="run the server on a fresh PostgreSQL database"
    )
    parser.add_argument("--bots", type=int, default=0, help="bot seats in every game (the rest are people)")
    parser.add_argument("--bot", default=None, help="the bots' spec (default: the hard level's)")
    parser.add_argument("--bot-games", type=int, default=0, help="games of bots only, beside")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before thinking")
    parser.add_argument("--bot-workers", type=int, default=None, help="the server's bot processes")
    parser.add_argument(
        "--clock", default=None, help="the games' clock option (move:60): clocks commit with each move"
    )
    parser.add_argument(
        "--timing",
        action="store_true",
        help="probe where a move's time goes inside the server (server_timing.py)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the numbers here")
    parser.add_argument("--server", default=None, help="load a server already running at this URL instead")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes as one cluster (needs --postgres)"
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="the cluster's Redis")
    parser.add_argument(
        "--sticky", action="store_true", help="with --processes: every seat on its game's process (no relay)"
    )
    args = parser.parse_args()
    if not 0 <= args.bots < args.players:
        parser.error(f"--bots must be from 0 to {args.players - 1} (a game needs a person to measure)")
    load_before = round(os.getloadavg()[0], 2)
    server_cpu = None
    timing: dict[str, Any] | None = None
    bots_at_tables = bot_game_moves = 0
    client_cpu = time.process_time()
    if args.processes > 1 and not args.postgres:
        parser.error("--processes needs --postgres (several processes share one PostgreSQL)")
    if args.server:
        totals = asyncio.run(run_load([args.server.rstrip("/")], args))
    else:
        bot_delay = args.bot_delay if args.bots or args.bot_games else 0.0
        cluster = args.redis if args.processes > 1 else None
        with tempfile.TemporaryDirectory() as folder:
            # --timing: each process writes its own probes; the first process's are reported.
            probes = [
                Path(folder) / f"timing-{i}.json" if args.timing else None for i in range(args.processes)
            ]
            with database(args.postgres) as url, ExitStack() as stack:
                ports = [_free_port() for _ in range(args.processes)]
                procs = [
                    stack.enter_context(server(url, port, bot_delay, args.bot_workers, probe, cluster))
                    for port, probe in zip(ports, probes, strict=True)
                ]
                totals = asyncio.run(run_load([f"http://127.0.0.1:{port}" for port in ports], args))
                server_cpu = sum(_cpu_seconds(proc.pid) for proc in procs)
                bots_at_tables, bot_game_moves = bot_moves(
                    url, totals, seating(args.players, args.bots, "bot")
                )
            if probes[0] is not None and probes[0].exists():
                timing = json.loads(probes[0].read_text())
    client_cpu = time.process_time() - client_cpu
    measured = totals.latencies
    bot = args.bot or level_spec("hard", args.game)
    result = {
        "database": "external" if args.server else "postgresql" if args.postgres else "sqlite",
        **({"processes": args.processes, "sticky": args.sticky} if args.processes > 1 else {}),
        "games_at_once": args.games,
        "players": args.players,
        "bot_seats": args.bots,
        **({"bot_games": args.bot_games} if args.bot_games else {}),
        **({"bot": bot, "bot_delay_s": args.bot_delay} if args.bots or args.bot_games else {}),
        **({"bot_workers": args.bot_workers} if args.bot_workers is not None else {}),
        **({"clock": args.clock} if args.clock else {}),
        "think_s": args.think,
        "seconds": args.seconds,
        "moves": totals.moves,
        "moves_per_s": round(totals.moves / args.seconds, 1),
        "rejects": totals.rejects,
        # The bots' moves while measuring (from the database: not known with --server).
        **(
            {"bot_moves_per_s": round(bots_at_tables / args.seconds, 2)}
            if args.bots and not args.server
            else {}
        ),
        **(
            {"bot_game_moves_per_s": round(bot_game_moves / args.seconds, 2)}
            if args.bot_games and not args.server
            else {}
        ),
        "games_finished": totals.games_finished,
        "cpus": os.cpu_count(),
        # The machine's 1-minute load average before the run (others sharing it) and at its end.
        "load_before": load_before,
        "load_after": round(os.getloadavg()[0], 2),
        # CPU per move over the whole run (warm-up, game creation and connecting included): what
        # the numbers would be on an idle machine, whatever else shares the cores.
        "client_cpu_ms_per_move": round(1000 * client_cpu / max(1, totals.all_moves), 2),
    }
    if server_cpu is not None:
        result["server_cpu_ms_per_move"] = round(1000 * server_cpu / max(1, totals.all_moves), 2)
    if measured:
        result.update(
            {
                "p50_ms": round(1000 * statistics.median(measured), 2),
                "p90_ms": round(1000 * percentile(measured, 0.90), 2),
                "p99_ms": round(1000 * percentile(measured, 0.99), 2),
                "max_ms": round(1000 * max(measured), 2),
            }
        )
    if timing is not None:
        result["server_timing_ms"] = timing
    print(json.dumps(result, indent=2))
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
