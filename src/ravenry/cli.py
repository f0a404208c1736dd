"""The ``ravenry`` command: ``games`` lists the games, ``simulate`` plays many bot games (in
processes or as Ray tasks, each finished game streamed to a resumable file with ``--out``) and
prints (and optionally writes as JSON) the statistics, ``demo`` shows one game between bots,
``serve`` runs the server for play in the browser, ``replay`` prints a finished game's record,
``tournament`` rates bot kinds against each other (OpenSkill, from the ``rl`` extra),
``train-evaluator`` trains a game's learned evaluator (torch, the ``train`` extra) and
``analyse`` reads a finished game's record move by move (each seat's chance of winning, the
mistakes and the turning points).

Bad input (an unknown game or bot, the wrong number of bots, a non-positive count) prints a
clear message to stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from ravenry.build import build_name
from ravenry.core.protocol import Event
from ravenry.core.registry import available_games, get_game
from ravenry.server.bot_workers import DEFAULT_BOT_WORKERS

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # what a shell reports for Ctrl-C
SERVER_GC_THRESHOLDS = (50_000, 20, 1_000)  # generation 0, 1, 2 (CPython's default: 700, 10, 10)
SERVER_SWITCH_INTERVAL = 0.0005  # seconds, on PostgreSQL (CPython's default: 0.005)


class UsageError(Exception):
    """Input the command cannot run with; the message says why."""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("the seed must not be negative")
    return value


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"option {text!r} must look like name=value")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return key, lowered == "true"
    try:
        return key, int(value)
    except ValueError:
        return key, value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ravenry", description="Board games for people, bots and researchers."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    commands.add_parser("games", help="list the registered games")

    sim = commands.add_parser("simulate", help="play many games between bots and report win rates")
    sim.add_argument("game", help="game id, e.g. catan")
    sim.add_argument("--players", type=_positive, default=4)
    sim.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot per seat, e.g. greedy,random,random,random "
        "(options: random:offers=false); default: random at every seat",
    )
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--seed", type=_seed, default=0)
    sim.add_argument(
        "--workers", type=_positive, default=None, help="processes (default 1; with --ray: all CPUs)"
    )
    _ray_flag(sim)
    sim.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help="append each finished game to FILE (JSON lines); run again to resume, skipping its games",
    )
    sim.add_argument(
        "--turn-cap", type=_positive, default=None, help="stop (and count as unfinished) after N turns"
    )
    sim.add_argument("--rotate", action="store_true", help="rotate the bots round the seats game by game")
    sim.add_argument("--option", type=_option, action="append", default=[], help="game option name=value")
    sim.add_argument("--json", type=Path, default=None, metavar="FILE", help="also write the numbers as JSON")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")

    demo = commands.add_parser("demo", help="bots play one game; show the board, scores and winner")
    demo.add_argument("game", help="game id, e.g. catan")
    demo.add_argument("--players", type=_positive, default=4)
    demo.add_argument("--seed", type=_seed, default=1)
    demo.add_argument("--bots", default=None, help="bot per seat, comma-separated (default: greedy)")
    demo.add_argument("--turn-cap", type=_positive, default=None)
    demo.add_argument("--option", type=_option, action="append", default=[], help="game option name=value")
    demo.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the game's record (JSON, as the replay's)",
    )

    serve = commands.add_parser("serve", help="run the server: lobby, live games with friends and bots")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--database",
        default="sqlite:///var/ravenry.sqlite",
        help="sqlite:///FILE (default: var/ravenry.sqlite) or postgresql+psycopg://USER@HOST/DB",
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.6, metavar="S", help="seconds a bot waits before it acts"
    )
    serve.add_argument(
        "--bot-workers",
        type=int,
        default=DEFAULT_BOT_WORKERS,
        metavar="N",
        help=f"processes bots think in, off the event loop (default {DEFAULT_BOT_WORKERS}; "
        "0: a thread of the server's own process, for debugging)",
    )
    serve.add_argument(
        "--fixed-seed", type=_seed, default=None, metavar="N", help="tests only: game k gets seed N+k"
    )
    serve.add_argument(
        "--cluster-redis",
        default=os.environ.get("RAVENRY_CLUSTER_REDIS"),
        metavar="URL",
        help="one of several processes over one PostgreSQL, relaying through this Redis "
        "(e.g. redis://127.0.0.1:6379/0; env RAVENRY_CLUSTER_REDIS; needs RAVENRY_SECRET): "
        "docs/deployment.md",
    )
    serve.add_argument(
        "--cluster-lease",
        type=float,
        default=3.0,
        metavar="S",
        help="seconds before the others take over a silent process's games (default 3)",
    )
    serve.add_argument(
        "--smtp-url",
        default=os.environ.get("RAVENRY_SMTP_URL"),
        metavar="URL",
        help="send turn alerts by email through this SMTP server, e.g. "
        "smtp://user:pass@mail.example.org:587?from=ravenry@example.org (env RAVENRY_SMTP_URL, which "
        "keeps the password out of the process list): docs/deployment.md",
    )
    _limit_flags(serve)

    tour = commands.add_parser(
        "tournament", help="seat-rotated games among bot kinds, rated with OpenSkill (ravenry[rl])"
    )
    tour.add_argument("game", help="game id, e.g. catan")
    tour.add_argument("--bots", required=True, help="comma-separated bot kinds (specs), at least 2")
    tour.add_argument("--players", type=_positive, default=None, help="seats (default: 4, thrones 5)")
    tour.add_argument("--games", type=_positive, default=100)
    tour.add_argument("--seed", type=_seed, default=0)
    tour.add_argument(
        "--workers", type=_positive, default=None, help="processes (default 1; with --ray: all CPUs)"
    )
    _ray_flag(tour)
    tour.add_argument("--turn-cap", type=_positive, default=None)
    tour.add_argument("--option", type=_option, action="append", default=[], help="game option name=value")
    tour.add_argument(
        "--json", type=Path, default=None, metavar="FILE", help="every result and rating as JSON"
    )
    tour.add_argument(
        "--png", type=Path, default=None, metavar="FILE", help="ratings game by game (matplotlib)"
    )
    tour.add_argument("--quiet", action="store_true", help="no progress bar")

    rep = commands.add_parser(
        "replay", help="print a finished game's record (JSON from /record) move by move"
    )
    rep.add_argument("file", type=Path)

    tev = commands.add_parser(
        "train-evaluator", help="train a game's evaluator on self-play (torch: pip install 'ravenry[train]')"
    )
    tev.add_argument("game", help="game id, e.g. catan")
    tev.add_argument("--games", type=_positive, default=8000, help="self-play games (default 8000)")
    tev.add_argument("--seed", type=_seed, default=1)
    tev.add_argument(
        "--out", type=Path, default=None, metavar="FILE", help="the network (default: the shipped file)"
    )
    tev.add_argument("--players", type=_positive, default=None, help="seats (default: 4, thrones 5)")
    tev.add_argument("--workers", type=_positive, default=2, help="self-play processes (default 2)")
    tev.add_argument("--epochs", type=_positive, default=12)
    tev.add_argument("--every", type=_positive, default=20, help="a position kept every N steps on average")
    tev.add_argument(
        "--siblings",
        type=int,
        default=0,
        metavar="K",
        help="label K moves (the one played, K-1 others) at sibling positions by playouts (0: none)",
    )
    tev.add_argument(
        "--sibling-every",
        type=_positive,
        default=100,
        metavar="N",
        help="a sibling position every N decisions",
    )
    tev.add_argument(
        "--docs", type=Path, default=Path("docs/evaluators"), metavar="DIR", help="where the report goes"
    )

    ana = commands.add_parser("analyse", help="a finished game's record analysed move by move")
    ana.add_argument("file", type=Path, help="the record (the replay's 'Download record' JSON)")
    ana.add_argument("--json", type=Path, default=None, metavar="OUT", help="the whole analysis as JSON")
    ana.add_argument("--png", type=Path, default=None, metavar="OUT", help="the win-probability graph")
    ana.add_argument("--samples", type=_positive, default=4, help="sampled worlds per alternative move")
    return parser


def _ray_flag(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="auto|ADDRESS",
        help="run the games as Ray tasks (ravenry[ray]): alone, on a new local Ray instance with "
        "--workers CPUs; 'auto', on the cluster running here; or the cluster at ADDRESS",
    )


def _workers(args: argparse.Namespace) -> int:
    """--workers, else 1 process, or every CPU of a local Ray instance."""
    if args.workers is not None:
        return int(args.workers)
    return (os.cpu_count() or 1) if args.ray == "local" else 1


def _limit_flags(serve: argparse.ArgumentParser) -> None:
    """One flag per server limit (``--address-rate``, ``--open-game-ttl``, ...; 0: no limit)."""
    from ravenry.server.limits import limit_settings

    group = serve.add_argument_group("limits (0 turns a limit off)")
    for name, default, text in limit_settings():
        flag = "--" + name.replace("_", "-")
        shown = f"{text} (default: {default})"
        if name == "check_origin":
            group.add_argument(flag, action=argparse.BooleanOptionalAction, default=None, help=shown)
        elif name == "public_origin":
            group.add_argument(flag, default=None, metavar="URL", help=shown)
        else:
            group.add_argument(flag, type=type(default), default=default, help=shown)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage error (or --help)
        return int(exc.code or 0)
    console = Console()
    try:
        if args.command == "games":
            return _games(console)
        if args.command == "simulate":
            return _simulate(args, console)
        if args.command == "serve":
            return _serve(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "tournament":
            return _tournament(args, console)
        if args.command == "train-evaluator":
            return _train_evaluator(args, console)
        if args.command == "analyse":
            return _analyse(args, console)
        return _demo(args, console)
    except UsageError as exc:
        print(f"ravenry {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _games(console: Console) -> int:
    from rich.table import Table

    table = Table(title="Games")
    table.add_column("id")
    table.add_column("name")
    table.add_column("players")
    for game_id in available_games():
        game = get_game(game_id)
        table.add_row(game_id, game.name, f"{game.min_players}-{game.max_players}")
    console.print(table)
    return 0


def _check_game(game_id: str, players: int) -> None:
    games = available_games()
    if game_id not in games:
        raise UsageError(f"unknown game {game_id!r}; available: {', '.join(games) or 'none'}")
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"{game_id} is for {game.min_players}-{game.max_players} players, not {players}")


def _bot_list(text: str | None, players: int, default: str) -> list[str]:
    bots = [b.strip() for b in text.split(",")] if text else [default] * players
    if any(not b for b in bots):
        raise UsageError(f"empty bot name in {text!r}")
    if len(bots) != players:
        raise UsageError(f"{players} players need {players} bots, got {len(bots)}: {', '.join(bots)}")
    return bots


def _check_bots(bots: Sequence[str], game_id: str) -> None:
    from ravenry.bots import UnknownBot, bot_from_spec

    for spec in bots:
        try:
            bot_from_spec(spec, game_id)
        except (UnknownBot, ValueError) as exc:
            raise UsageError(str(exc)) from None


def _simulate(args: argparse.Namespace, console: Console) -> int:
    from ravenry.sim.display import stats_table
    from ravenry.sim.ray_backend import RayUnavailable
    from ravenry.sim.runner import DEFAULT_TURN_CAP
    from ravenry.sim.simulate import simulate

    _check_game(args.game, args.players)
    bots = _bot_list(args.bots, args.players, "random")
    _check_bots(bots, args.game)
    for target in (args.json, args.out):
        if target is not None and not target.parent.is_dir():
            raise UsageError(f"cannot write {target}: no directory {target.parent}")
    try:
        result = simulate(
            args.game,
            args.players,
            bots,
            args.games,
            seed=args.seed,
            workers=_workers(args),
            turn_cap=args.turn_cap or DEFAULT_TURN_CAP,
            rotate=args.rotate,
            options=dict(args.option),
            progress=not args.quiet,
            ray_address=args.ray,
            out=args.out,
        )
    except (ValueError, RayUnavailable) as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        if args.out is None:
            raise
        print(f"interrupted: the finished games are in {args.out}; the same command resumes", file=sys.stderr)
        return EXIT_INTERRUPTED
    stats = result.stats
    # Which build ran belongs with the games/s it reports (compiled is about three times faster).
    title = f"{args.game}, {args.players} players, seed {args.seed}, {build_name()} rules"
    if args.rotate:
        title += ", seats rotated"
    console.print(stats_table(stats, title))
    if args.out is not None:
        console.print(f"{args.out}: {result.resumed} games read back, {result.played} played now")
    if args.json is not None:
        try:
            args.json.write_text(json.dumps(result.to_json(), indent=2) + "\n")
        except OSError as exc:
            raise UsageError(f"cannot write {args.json}: {exc.strerror}") from None
        console.print(f"wrote {args.json}")
    return 0


def _tournament(args: argparse.Namespace, console: Console) -> int:
    from rich.table import Table

    from ravenry.sim.ray_backend import RayUnavailable
    from ravenry.sim.runner import DEFAULT_TURN_CAP
    from ravenry.sim.stats import summarize

    try:
        from ravenry.sim.tournament import ratings_png, tournament
    except ImportError as exc:  # pragma: no cover - openskill is in the rl extra
        raise UsageError(f"the tournament needs openskill: pip install 'ravenry[rl]' ({exc})") from None
    players = args.players or (5 if args.game == "thrones" else 4)
    _check_game(args.game, players)
    kinds = [b.strip() for b in args.bots.split(",")]
    if any(not k for k in kinds):
        raise UsageError(f"empty bot name in {args.bots!r}")
    _check_bots(kinds, args.game)
    for target in (args.json, args.png):
        if target is not None and not target.parent.is_dir():
            raise UsageError(f"cannot write {target}: no directory {target.parent}")
    try:
        result = tournament(
            args.game,
            players,
            kinds,
            args.games,
            seed=args.seed,
            workers=_workers(args),
            turn_cap=args.turn_cap or DEFAULT_TURN_CAP,
            options=dict(args.option),
            progress=not args.quiet,
            ray_address=args.ray,
        )
    except (ValueError, ModuleNotFoundError, RayUnavailable) as exc:
        raise UsageError(str(exc)) from None
    stats = summarize(result.summaries, result.elapsed_seconds)
    wins = {w.label: w for w in stats.kinds}
    table = Table(title=f"{args.game}, {players} players, {len(result.summaries)} games, seed {args.seed}")
    for column in (
        "bot",
        "rating (mu)",
        "95% interval",
        "ordinal",
        "wins",
        "seat-games",
        "win rate",
        "95% interval",
    ):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for r in result.ratings:
        low, high = r.interval
        w = wins[r.kind]
        table.add_row(
            r.kind,
            f"{r.mu:.2f}",
            f"{low:.2f} – {high:.2f}",
            f"{r.ordinal:.2f}",
            str(w.wins),
            str(w.trials),
            f"{w.rate:.1%}",
            f"{w.interval[0]:.1%} – {w.interval[1]:.1%}",
        )
    console.print(table)
    console.print(f"{stats.unfinished} unfinished (turn cap); {result.elapsed_seconds:.1f} s")
    if args.json is not None:
        args.json.write_text(json.dumps(result.to_json(), indent=2) + "\n")
        console.print(f"wrote {args.json}")
    if args.png is not None:
        try:
            ratings_png(result, str(args.png))
        except ImportError:
            raise UsageError("--png needs matplotlib: pip install matplotlib") from None
        console.print(f"wrote {args.png}")
    return 0


def _demo(args: argparse.Namespace, console: Console) -> int:
    from ravenry.core.errors import IllegalAction
    from ravenry.sim.display import game_report
    from ravenry.sim.runner import DEFAULT_TURN_CAP, run_game

    _check_game(args.game, args.players)
    bots = _bot_list(args.bots, args.players, "greedy")
    _check_bots(bots, args.game)
    try:
        summary, state = run_game(
            args.game, args.players, args.seed, bots, args.turn_cap or DEFAULT_TURN_CAP, dict(args.option)
        )
    except (IllegalAction, ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from None
    console.rule(f"{get_game(args.game).name} — seed {args.seed}")
    console.print(game_report(state.observe(None), summary))
    if args.record is not None:
        from ravenry.core.record import GameRecord

        args.record.write_text(json.dumps(GameRecord.of(state).to_json()) + "\n")
        console.print(f"record written to {args.record}")
    return 0


def _default_players(game_id: str, players: int | None) -> int:
    return players if players is not None else (5 if game_id == "thrones" else 4)


def _train_evaluator(args: argparse.Namespace, console: Console) -> int:
    players = _default_players(args.game, args.players)
    _check_game(args.game, players)
    try:
        import torch  # noqa: F401
    except ImportError:
        raise UsageError("training needs torch: pip install 'ravenry[train]'") from None
    from ravenry.evaluators import shipped_path
    from ravenry.evaluators.train import TrainSettings, train

    if args.siblings < 0 or args.siblings == 1:
        raise SystemExit("--siblings is 0 (none) or at least 2 (the move played and another)")
    settings = TrainSettings(
        args.game,
        players,
        args.games,
        args.seed,
        every=args.every,
        epochs=args.epochs,
        workers=args.workers,
        siblings=args.siblings,
        sibling_every=args.sibling_every,
    )
    out = args.out or shipped_path(args.game, players)
    report = train(settings, out, args.docs, console.print)
    held = report["held_out"]
    console.print(
        f"{args.game}: held-out Brier {held['network']['brier']:.4f} "
        f"(heuristic {held['heuristic']['brier']:.4f}, uniform {held['uniform']['brier']:.4f}), "
        f"log loss {held['network']['log_loss']:.4f} "
        f"(heuristic {held['heuristic']['log_loss']:.4f}); {out} ({report['weights_bytes']:,} bytes), "
        f"{report['seconds']:.0f} s"
    )
    return 0


def _analyse(args: argparse.Namespace, console: Console) -> int:
    from ravenry.analysis import analyse, summary_lines
    from ravenry.core.errors import IllegalAction, MalformedAction
    from ravenry.core.record import GameRecord

    try:
        record = GameRecord.from_json(json.loads(args.file.read_text()))
        result = analyse(record, samples=args.samples)
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    except (json.JSONDecodeError, MalformedAction, IllegalAction) as exc:
        raise UsageError(f"{args.file} is not a game record: {exc}") from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for line in summary_lines(result):
        console.print(line)
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1) + "\n")
    if args.png is not None:
        from ravenry.analysis.plot import write_png

        write_png(result, args.png)
    return 0


def _serve(args: argparse.Namespace) -> int:
    import gc

    import uvicorn

    from ravenry.server.app import create_app
    from ravenry.server.messages import MAX_MESSAGE_BYTES

    if not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port} is not a port number")
    from ravenry.server.limits import Limits, limit_settings
    from ravenry.server.transport import deadline_protocol

    if args.bot_delay < 0:
        raise UsageError("--bot-delay must not be negative")
    if args.bot_workers < 0:
        raise UsageError("--bot-workers must not be negative")
    if args.cluster_lease < 0.5:
        raise UsageError("--cluster-lease must be at least 0.5 seconds")
    try:
        limits = Limits(**{name: getattr(args, name) for name, _default, _help in limit_settings()})
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    address = f"http://{args.host}:{args.port}/"

    def ready() -> None:
        # The bot workers start now, not at the first bot's move (starting them blocks a moment).
        app.state.hub.bot_pool.warm()
        # What start-up made (modules, restored games) lives as long as the process: keep it
        # out of the collector's full passes, which were the longest pauses under load.
        gc.collect()
        gc.freeze()
        # Every move makes thousands of short-lived JSON objects; with the default thresholds the
        # collector ran many times a move and its older generations stalled the event loop (p99
        # act→ack 77 ms at 200 games; 44 ms with these, benchmarks/README.md).
        gc.set_threshold(SERVER_GC_THRESHOLDS[0], SERVER_GC_THRESHOLDS[1], SERVER_GC_THRESHOLDS[2])
        # PostgreSQL: the writer threads wake from every commit's round trip needing the GIL,
        # which the busy event loop holds, and by default wait up to 5 ms for it at each wake-up
        # (commit wait p50 24-37 ms at 200 games; 11-15 ms with 0.5 ms in four runs of seven,
        # benchmarks/README.md, "Where PostgreSQL's time went"). SQLite commits in-process and
        # was not shown to gain, so it keeps CPython's default.
        if not app.state.hub.storage.is_sqlite:
            sys.setswitchinterval(SERVER_SWITCH_INTERVAL)
        print(f"ravenry is running: open {address}", flush=True)

    try:
        app = create_app(
            args.database,
            bot_delay=args.bot_delay,
            bot_workers=args.bot_workers,
            fixed_seed=args.fixed_seed,
            limits=limits,
            on_ready=ready,
            cluster_redis=args.cluster_redis or None,
            cluster_lease=args.cluster_lease,
            secret=os.environ.get("RAVENRY_SECRET") or None,
            smtp_url=args.smtp_url or None,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    # Bound here, before the app starts, so that "is running" is printed only once it listens.
    try:
        family = socket.getaddrinfo(args.host, args.port, type=socket.SOCK_STREAM)[0][0]
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((args.host, args.port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UsageError(
                f"port {args.port} on {args.host} is already in use (another ravenry serve?); "
                f"stop it or pick a free port: --port N, or make play PORT=N"
            ) from None
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    # The app refuses a message over 64 KiB with a reject ("too_large"); the transport's own cut,
    # which just closes the socket, sits well above it. Frames are a few KB of JSON: compressing
    # them (permessage-deflate) cost more CPU than anything else per frame, so it is off.
    # uvicorn has no deadline for a request head (a client trickling bytes kept its connection
    # for ever): deadline_protocol adds one; timeout_keep_alive closes idle keep-alive sockets.
    config = uvicorn.Config(
        app,
        http=deadline_protocol(limits.header_timeout, app.state.addresses.flooding),
        timeout_keep_alive=max(1, round(limits.keep_alive)) if limits.keep_alive else 3600,
        ws_max_size=16 * MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,
        log_level="warning",
    )
    uvicorn.Server(config).run(sockets=[listener])
    return 0


def _replay(args: argparse.Namespace) -> int:
    """Print the record's moves as the library's one replay (``core.record.replay_to``) applies
    them, each with the events everyone saw."""
    from ravenry.core.errors import IllegalAction
    from ravenry.core.record import GameRecord, replay_to

    try:
        obj = json.loads(args.file.read_text())
        record = GameRecord.from_json(obj)
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    except (ValueError, IllegalAction) as exc:
        raise UsageError(f"{args.file} is not a game record: {exc}") from None
    game = get_game(record.game)
    print(f"{game.name}, {record.config['players']} players, seed {record.config['seed']}")
    shown_json = obj["actions"]  # as the file has them (the record holds them parsed)

    printed = 0  # the moves applied so far: a refusal names the next

    def print_step(seq: int, events: list[Event]) -> None:
        nonlocal printed
        printed = seq
        seat, action = shown_json[seq - 1]
        shown = "; ".join(_event_text(e.view(None)) for e in events)
        print(f"{seq:>5}  seat {seat}  {_action_text(action)}" + (f"  → {shown}" if shown else ""))

    try:
        state = replay_to(record, each_step=print_step)
    except IllegalAction as exc:
        seat, action = shown_json[printed]
        raise UsageError(
            f"move {printed + 1} (seat {seat}, {json.dumps(action)}) is refused: {exc.reason}"
        ) from None
    result = state.decision().result
    if result is None:
        print("the record stops before the game is over")
    else:
        winners = ", ".join(f"seat {w}" for w in result.winners)
        print(f"over: {winners} won ({result.reason}); scores {list(result.scores)}")
    return 0


def _action_text(action: Any) -> str:
    if not isinstance(action, dict):
        return json.dumps(action)
    fields = ", ".join(f"{k}={json.dumps(v)}" for k, v in action.items() if k != "type")
    return f"{action.get('type')}({fields})"


def _event_text(event: dict[str, Any]) -> str:
    fields = ", ".join(f"{k}={json.dumps(v)}" for k, v in event.items() if k != "type" and v is not None)
    return f"{event.get('type')}({fields})" if fields else str(event.get("type"))


if __name__ == "__main__":
    raise SystemExit(main())
