"""The load benchmark's harness works (``benchmarks/server_load.py``), run for a few seconds:
people's seats and bot seats at the same tables, and a game of bots beside them. Its numbers
are reported in benchmarks/README.md, not checked here."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(120)

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"


def test_a_short_load_run_with_bots_reports_people_and_bots(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    argv = [sys.executable, str(SCRIPT), "--games", "2", "--bots", "2", "--bot-games", "1"]
    argv += ["--bot", "random:offers=false", "--bot-delay", "0", "--think", "0.05"]
    # A long enough window for a loaded CI machine: the bots think in a worker process at a lower
    # priority (bot_workers.BOT_WORKER_NICE), which the other tests' processes can starve for a
    # second or two (a 3 s window once measured no bot move at the people's tables there).
    argv += ["--seconds", "6", "--warmup", "3", "--json", str(out)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=100, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["bot_seats"] == 2 and result["bot_games"] == 1
    assert result["moves"] > 0 and result["p99_ms"] >= result["p50_ms"] > 0
    # The bots at the people's tables moved while measuring, and so did the bots' own game.
    assert result["bot_moves_per_s"] > 0, result
    assert result["bot_game_moves_per_s"] > 0, result


def test_bot_moves_are_counted_in_every_game_not_only_the_newest_200(tmp_path: Path) -> None:
    """The lobby's list stops at the newest 200 games: the bots' moves come from the database."""
    import sqlite3

    spec = importlib.util.spec_from_file_location("server_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    server_load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(server_load)
    path = tmp_path / "load.sqlite"
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE actions (game_id TEXT, seq INTEGER, seat INTEGER, payload TEXT, cid TEXT, at REAL)"
        )
        rows: list[tuple[str, int, int, str, str | None, float]] = []
        for g in range(250):  # games of bots only: one move inside the window, one before it
            rows += [(f"b{g}", 1, 0, "{}", None, 50.0), (f"b{g}", 2, 2, "{}", None, 150.0)]
        for g in range(210):  # people at seats 0 and 2, bots at 1 and 3
            rows += [(f"p{g}", 1, 0, "{}", "m1", 120.0), (f"p{g}", 2, 1, "{}", None, 130.0)]
            rows += [(f"p{g}", 3, 2, "{}", "m1", 140.0), (f"p{g}", 4, 3, "{}", None, 199.0)]
            rows += [(f"p{g}", 5, 1, "{}", None, 200.0)]  # the window's end is left out
        db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", rows)
    totals = server_load.Totals()
    totals.bot_games = {f"b{g}" for g in range(250)}
    totals.window = (100.0, 200.0)
    seats = server_load.seating(4, 2, "random")
    assert server_load.bot_moves(f"sqlite:///{path}", totals, seats) == (420, 250)
