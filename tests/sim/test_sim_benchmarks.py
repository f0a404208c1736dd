"""``benchmarks/sim_speed.py`` still runs (briefly), and its runner side plays the very games
``simulate`` plays. (``sim_backends.py`` starts Ray instances: it stays a benchmark.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH_DIR = Path(__file__).resolve().parent.parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH_DIR))

import sim_speed  # noqa: E402


def test_sim_speed_compares_the_runner_with_the_harness(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "speed.json"
    sim_speed.main(["--games", "2", "--rounds", "2", "--json", str(out)])
    report = json.loads(out.read_text())
    assert report["games"] == 2 and len(report["runner_share_steps_per_round"]) == 2
    assert report["harness"]["steps_per_second"] > 0 and report["runner"]["steps_per_second"] > 0
    assert report["steps_per_game"]["runner"] > 100  # whole games of Catan were played
    assert "the runner keeps" in capsys.readouterr().out


def test_the_runner_plays_the_games_simulate_plays() -> None:
    from ravenry.sim.simulate import simulate

    timing = sim_speed.time_runner(3)
    result = simulate("catan", 4, [sim_speed.QUIET_RANDOM] * 4, 3, seed=1, turn_cap=sim_speed.TURN_CAP)
    assert timing.steps == sum(s.steps for s in result.summaries)
