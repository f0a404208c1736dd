"""The benchmark harness still runs: the pure-Python row end to end, the shared worker report,
and the per-call profile. (The compiled row and the peers need their own venvs: ``make bench``.)"""

from __future__ import annotations

import json
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

from ravenry.build import compiled

BENCH_DIR = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH_DIR))

from profile_ravenry import by_action  # noqa: E402
from ravenry_playout import play_many, play_one  # noqa: E402
from worker_cli import run_and_report  # noqa: E402


def test_the_pure_row_runs_and_writes_its_numbers(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    # A subprocess: the benchmark pins its own process to one CPU.
    done = subprocess.run(
        [
            sys.executable,
            str(BENCH_DIR / "catan_speed.py"),
            "--games",
            "2",
            "--engines",
            "ravenry",
            "--clone-calls",
            "10",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    row = report["engines"]["ravenry"]
    assert row["games"] == 2 and row["steps"] > 100 and row["compiled"] is compiled()
    assert report["ravenry_state"]["ravenry"]["json_bytes_without_history"] > 500
    assert "target:" in done.stdout


def test_playouts_are_the_same_games_every_time() -> None:
    first = play_many([5, 6], turn_cap=1000)
    second = play_many([5, 6], turn_cap=1000)
    assert (first.steps, first.unfinished) == (second.steps, second.unfinished)
    state, steps, finished = play_one(5, turn_cap=1000)
    assert finished and state.decision().result is not None
    assert steps == len(state.history)


def test_a_worker_reports_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    played: list[range] = []

    def play(seeds: range) -> tuple[int, int]:
        played.append(seeds)
        return 10 * len(seeds), 1

    run_and_report("ravenry", Namespace(first_seed=3, games=4, turn_cap=1000, warmup=2), play)
    line = json.loads(capsys.readouterr().out)
    assert played == [range(7, 9), range(3, 7)]  # the warm-up games come after the timed seeds
    assert line["engine"] == "ravenry" and line["games"] == 4
    assert line["steps"] == 40 and line["unfinished"] == 1 and line["seconds"] >= 0


def test_the_per_call_profile_names_every_kind_it_timed(capsys: pytest.CaptureFixture[str]) -> None:
    by_action([1], turn_cap=1000)
    text = capsys.readouterr().out
    assert "apply roll" in text and "legal_actions in main" in text and "apply end_turn" in text
