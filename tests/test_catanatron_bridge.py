"""The catanatron bridge (benchmarks/catanatron_bridge*.py): its maps, its seat-only states, the
differential test and the match, each run briefly inside benchmarks/.venv-catanatron.

Those tests run only where that venv already holds catanatron, mypy_extensions and numpy (made by
``benchmarks/catanatron_bridge_run.py``); they never create it, so CI downloads nothing. The
summary of match results needs no venv and always runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH_DIR = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH_DIR))

from catanatron_bridge_run import summarize  # noqa: E402

VENV_PYTHON = BENCH_DIR / ".venv-catanatron" / "bin" / "python"

# Every class of divergence the differential test has found, each explained in
# benchmarks/README.md ("catanatron, state by state"). A new class fails the test: explain it first.
EXPLAINED = {
    "only_catanatron:knight:bought_this_turn",
    "only_catanatron:monopoly:bought_this_turn",
    "only_catanatron:year_of_plenty:bought_this_turn",
    "only_catanatron:road_building:bought_this_turn",
    "only_catanatron:year_of_plenty:one_card",
    "only_ravenry:road_building:pre_roll",
    "only_ravenry:year_of_plenty:pre_roll",
    "only_ravenry:monopoly:pre_roll",
    "only_ravenry:road_building:cannot_pay_a_road",
    "only_ravenry:end_road_building:free_roads",
    "only_ravenry:maritime:worse_rate_also_listed",
    "road_length_differs:a_road_ends_at_an_opponent_building",
    "longest_road_holder:their_lengths",
    "longest_road_holder:their_broken_road_rule",
    "won_off_turn",
}


def _venv_ready() -> bool:
    if not VENV_PYTHON.exists():
        return False
    imports = "import catanatron, mypy_extensions, numpy"
    return subprocess.run([str(VENV_PYTHON), "-c", imports], capture_output=True, check=False).returncode == 0


needs_venv = pytest.mark.skipif(not _venv_ready(), reason="benchmarks/.venv-catanatron is not set up")
# catanatron's AlphaBetaPlayer is not in its package; a local, git-ignored copy of their code may be
# put in benchmarks/.peer-src (benchmarks/README.md says from where). Without it, those tests skip.
needs_alphabeta = pytest.mark.skipif(
    not (BENCH_DIR / ".peer-src" / "catanatron_players" / "minimax.py").is_file(),
    reason="catanatron's AlphaBetaPlayer is not in benchmarks/.peer-src (see benchmarks/README.md)",
)


def _run(worker: str, *args: str) -> list[dict[str, Any]]:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(BENCH_DIR.parent / "src"))
    done = subprocess.run(
        [str(VENV_PYTHON), str(BENCH_DIR / worker), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


@needs_venv
def test_maps_agree_and_the_bot_never_reads_catanatrons_hidden_state() -> None:
    # One random 4-player game: at every 25th choice the others' hands, their development cards
    # and the deck are scrambled in a twin; the seat's ravenry state and the bot's choice stay.
    (out,) = _run("catanatron_bridge_match.py", "--no-peeking-check", "--first-seed", "1", "--games", "1",
                  "--opponents", "3", "--iters", "4")  # fmt: skip
    assert (out["hexes"], out["nodes"], out["edges"]) == (19, 54, 72)
    assert out["checked"] >= 5
    assert out["hidden_state_changed"] == out["checked"]  # the scramble changed the truth each time


@needs_venv
def test_differential_run_finds_only_explained_divergences() -> None:
    (out,) = _run("catanatron_bridge_diff.py", "--first-seed", "1", "--games", "2", "--players", "random")
    totals = out["totals"]
    assert totals["games"] == 2 and totals["steps"] > 500
    classes = {k for k in totals if k not in ("games", "finished", "steps", "steps_differing")}
    assert classes <= EXPLAINED, classes - EXPLAINED
    assert "final_scores_differ" not in totals


@needs_venv
def test_search_bot_plays_a_whole_game_in_catanatron() -> None:
    (result,) = _run("catanatron_bridge_match.py", "--first-seed", "3", "--games", "1", "--opponents", "1",
                     "--iters", "4")  # fmt: skip
    assert result["finished"] and result["unmapped"] == 0
    assert result["decisions"] > 10
    assert max(result["scores"]) >= 10


@needs_venv
@pytest.mark.parametrize("spec", ["greedy", "expert:iters=2"])
def test_any_bot_spec_plays_a_whole_game_in_catanatron(spec: str) -> None:
    (result,) = _run("catanatron_bridge_match.py", "--first-seed", "3", "--games", "1", "--opponents", "1",
                     "--bot", spec)  # fmt: skip
    assert result["bot"] == spec and result["finished"] and result["unmapped"] == 0
    assert result["decisions"] > 10


@needs_venv
def test_a_missing_alphabeta_copy_is_a_clear_error_naming_where_to_put_it(tmp_path: Path) -> None:
    code = (
        "import sys, pathlib; sys.path.insert(0, sys.argv[1]); import catanatron_bridge_match as m; "
        "m.PEER_SRC = pathlib.Path(sys.argv[2]); print(m.alphabeta_available()); m.load_alphabeta()"
    )
    env = dict(os.environ, PYTHONPATH=str(BENCH_DIR.parent / "src"))
    done = subprocess.run(
        [str(VENV_PYTHON), "-c", code, str(BENCH_DIR), str(tmp_path)],
        capture_output=True, text=True, env=env, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout.strip() == "False"
    assert "github.com/bcollazo/catanatron" in done.stderr and ".peer-src" in done.stderr


@needs_venv
@needs_alphabeta
def test_search_bot_plays_a_whole_game_against_alphabeta() -> None:
    (result,) = _run("catanatron_bridge_match.py", "--first-seed", "2", "--games", "1", "--opponents", "1",
                     "--opponent", "alphabeta", "--iters", "4")  # fmt: skip
    assert result["finished"] and result["unmapped"] == 0 and result["bot"] == "search:iters=4"
    assert result["decisions"] > 10
    assert max(result["scores"]) >= 10


def test_summary_gives_wilson_intervals(tmp_path: Path) -> None:
    lines = [
        {"players": 2, "won": i < 3, "finished": True, "our_seat": i % 2, "unmapped": 0, "seconds": 1.0}
        for i in range(4)
    ]
    path = tmp_path / "m.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    text = summarize([path])
    assert text.startswith("search, 2 players: won 3/4 = 75.0% (Wilson 95% 30.1%-95.4%)")
    assert "seats {0: 2, 1: 2}" in text


def test_summary_keeps_each_bot_apart(tmp_path: Path) -> None:
    lines = [
        {"bot": bot, "players": 2, "won": won, "finished": True, "our_seat": 0, "unmapped": 0, "seconds": 1.0}
        for bot, won in (("greedy", False), ("greedy", False), ("expert:iters=16", True))
    ]
    path = tmp_path / "m.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    expert, greedy = summarize([path]).splitlines()
    assert expert.startswith("expert:iters=16, 2 players: won 1/1 ")
    assert greedy.startswith("greedy, 2 players: won 0/2 ")
