"""The RL extra is optional: the core, the simulator, the command line and the server import and
run with pettingzoo, gymnasium and numpy unavailable."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BLOCKED = ("pettingzoo", "gymnasium", "numpy")

SCRIPT = f"""
import sys

class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ImportError("blocked for this test: " + name)
        return None

sys.meta_path.insert(0, Block())
import ravenry
import ravenry.cli
import ravenry.server.app
from ravenry.sim import play_game

summary = play_game("catan", 4, 1, ["random"] * 4, turn_cap=30)
app = ravenry.server.app.create_app(database_url="sqlite:///" + sys.argv[1])
try:
    import ravenry.rl
except ImportError as exc:
    print("rl refused:", exc)
print("ok", summary.steps > 0, sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r}))
"""


def test_core_and_server_work_without_the_rl_extra(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, database], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "ok True []", done.stdout
    assert any(line.startswith("rl refused: blocked") for line in lines), done.stdout


EXPERT_SCRIPT = """
import sys

class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pettingzoo", "gymnasium", "torch", "stable_baselines3", "sb3_contrib"):
            raise ImportError("blocked for this test: " + name)
        return None

sys.meta_path.insert(0, Block())
from ravenry.sim import play_game

for game, players in (("catan", 4), ("thrones", 3)):
    summary = play_game(game, players, 1, ["expert:iters=1"] + ["random"] * (players - 1), turn_cap=4)
    assert summary.steps > 0, game
print("ok", sorted(m for m in sys.modules if m.split(".")[0] in ("gymnasium", "pettingzoo", "torch")))
"""


def test_the_expert_bot_plays_with_numpy_alone() -> None:
    """The lobby's hard level is the expert bot: its learned evaluator needs numpy, never the
    RL extra nor torch."""
    done = subprocess.run([sys.executable, "-c", EXPERT_SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "ok []", done.stdout
