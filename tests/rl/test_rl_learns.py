"""A standard library learns on a ravenry environment: sb3-contrib's MaskablePPO, through
``examples/train_maskable_ppo.py``, plays Catan's seat 0 against three random bots better after
a few thousand steps than before (mean final victory points on fixed evaluation seeds), and with
learning rate 0 its curve stays exactly flat (the comparison is between real, changing numbers).

Skipped without torch or sb3-contrib (both in the dev extra), and in the compiled build's run:
what it checks is the environment with a learner, not the rules build, whose environments the
rest of tests/rl already covers there; it is the suite's slowest RL test.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")
if os.environ.get("RAVENRY_EXPECT_BUILD") == "compiled":
    pytest.skip("the learning test runs in the pure build only", allow_module_level=True)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"
STEPS = 4096
EVAL_EVERY = 2048
EVAL_GAMES = 32


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_maskable_ppo_learns_against_random_bots() -> None:
    example = load_example()
    points = example.train("catan", STEPS, EVAL_EVERY, EVAL_GAMES, seed=1)
    assert [p.steps for p in points] == [0, EVAL_EVERY, STEPS]
    first, last = points[0], points[-1]
    assert last.score > first.score + 0.1, points


def test_without_learning_the_curve_is_flat() -> None:
    example = load_example()
    points = example.train("catan", 512, 512, 8, seed=1, learning_rate=0.0)
    assert [p.steps for p in points] == [0, 512]
    before, after = points
    assert (after.score, after.win_rate, after.lead) == (before.score, before.win_rate, before.lead)
