"""benchmarks/bot_strength.py still runs: one short game and its report (the numbers
themselves are measured by running the benchmark, never in tests)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bot_strength import play, report


def test_one_game_and_its_report() -> None:
    row = play("got-catan", 3, "search:iters=4:width=3:horizon=1", "greedy", hero_seat=2)
    assert row["finished"] and row["hero_seat"] == 2
    assert row["hero_decisions"] > 0 and row["field_decisions"] > 0
    line = report("got-catan", [row], "search:iters=4", "greedy")
    assert line["games"] == 1 and line["hero_wins"] == int(row["hero_won"])
    low, high = line["wilson_95"]
    assert 0.0 <= low <= line["win_rate"] <= high <= 1.0
    assert line["hero_ms_per_decision"] > 0 and line["field_ms_per_decision"] > 0
    assert abs(line["hero_ms_per_decision"] * line["hero_decisions_per_s"] - 1000) < 1e-6
