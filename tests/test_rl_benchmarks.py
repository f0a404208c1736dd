"""The RL speed benchmarks still run: rl_speed.py's loops in this build, and the comparison with
catanatron-gym (only where benchmarks/.venv-catanatron-gym is set up: it is never installed here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ravenry.build import compiled

BENCH_DIR = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH_DIR))

from peer_envs import CATANATRON_GYM, _installed_version  # noqa: E402


def test_rl_speed_runs_every_loop(tmp_path: Path) -> None:
    out = tmp_path / "rl.json"
    command = [sys.executable, str(BENCH_DIR / "rl_speed.py"), "--seconds", "0.3", "--games", "catan"]
    done = subprocess.run(
        [*command, "--json", str(out)], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    row = json.loads(out.read_text())["games"]["catan"]
    assert set(row) == {"raw", "bots", "gym", "gym_fixed_obs", "vector", "aec"}
    for loop in ("gym", "gym_fixed_obs", "vector"):
        assert row[loop]["steps_per_s"] > 0 and row[loop]["actions_vs_raw"] > 0
    # An env step covers the agent's action and the bots' up to its next decision.
    for loop in ("gym", "vector"):
        assert row[loop]["actions_per_s"] > row[loop]["steps_per_s"], loop


@pytest.mark.skipif(
    _installed_version(CATANATRON_GYM) != CATANATRON_GYM.version,
    reason="benchmarks/.venv-catanatron-gym is not set up (rl_vs_catanatron_gym.py installs it)",
)
def test_the_catanatron_gym_comparison_runs(tmp_path: Path) -> None:
    out = tmp_path / "vs.json"
    command = [sys.executable, str(BENCH_DIR / "rl_vs_catanatron_gym.py"), "--seconds", "0.5"]
    build = "compiled" if compiled() else "pure"  # the build this suite runs, in its venv
    command += ["--rounds", "1", "--builds", build, "--json", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    (round_,) = json.loads(out.read_text())["rounds"]
    peer = round_["catanatron-gym"]
    assert peer["version"] == "4.0.0" and peer["catanatron"] == "3.2.1" and peer["players"] == 4
    assert peer["steps"] > 0 and peer["actions"] > peer["steps"]
    assert round_[build]["build"] == build and round_[build]["gym_vs_catanatron_gym"] > 0
