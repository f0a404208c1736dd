"""The load benchmark's harness works (``benchmarks/server_load.py``), run for a few seconds:
people's seats and bot seats at the same tables, and a game of bots beside them. Its numbers
are reported in benchmarks/README.md, not checked here."""

from __future__ import annotations

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
    argv += ["--seconds", "3", "--warmup", "1", "--json", str(out)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=100, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["bot_seats"] == 2 and result["bot_games"] == 1
    assert result["moves"] > 0 and result["p99_ms"] >= result["p50_ms"] > 0
    assert result["bot_game_moves_per_s"] > 0  # the bots' own game moved while measuring
