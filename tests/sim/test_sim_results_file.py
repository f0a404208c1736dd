"""Results streamed to a JSON-lines file as games finish, and a resumed run that replays nothing."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from ravenry.cli import main
from ravenry.sim.results_file import ResultsFileError, summary_from_json
from ravenry.sim.runner import GameSummary, play_game
from ravenry.sim.simulate import SimulationConfig, SimulationResult, simulate

# The module, not the function of the same name that ravenry.sim exports.
simulate_module = importlib.import_module("ravenry.sim.simulate")
QUIET = "random:offers=false"
BOTS = ["greedy", QUIET, QUIET, QUIET]
GAMES = 6


def _run(out: Path | None, workers: int = 1) -> SimulationResult:
    return simulate("catan", 4, BOTS, GAMES, seed=7, workers=workers, rotate=True, out=out)


def _game_lines(path: Path) -> list[dict[str, object]]:
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["run"]["seed"] == 7
    return [json.loads(line) for line in lines[1:]]


def _stats_without_time(result: SimulationResult) -> dict[str, object]:
    stats = result.stats.to_json()
    del stats["elapsed_seconds"], stats["games_per_second"]
    return stats


@pytest.fixture(scope="module")
def uninterrupted() -> SimulationResult:
    return _run(None)


class _Recorder:
    """Stands in for play_one: records the game indices it is asked to play, and stops the run
    (as Ctrl-C would) when asked for one more than ``budget``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, budget: int) -> None:
        self.asked: list[int] = []
        self.budget = budget
        self._play = simulate_module.play_one
        monkeypatch.setattr(simulate_module, "play_one", self)

    def __call__(self, config: SimulationConfig, index: int) -> GameSummary:
        if len(self.asked) == self.budget:
            raise KeyboardInterrupt
        self.asked.append(index)
        return self._play(config, index)


def test_each_game_is_written_as_it_finishes_and_a_resumed_run_plays_only_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, uninterrupted: SimulationResult
) -> None:
    out = tmp_path / "results.jsonl"
    recorder = _Recorder(monkeypatch, budget=2)
    with pytest.raises(KeyboardInterrupt):
        _run(out)
    assert recorder.asked == [0, 1]
    # The two finished games are on disk, whole, with everything the summary needs.
    written = _game_lines(out)
    assert [line["index"] for line in written] == [0, 1]
    assert [summary_from_json(line) for line in written] == list(uninterrupted.summaries[:2])

    recorder.asked.clear()
    recorder.budget = GAMES
    resumed = _run(out)
    assert recorder.asked == [2, 3, 4, 5]  # the finished games are read back, never replayed
    assert resumed.summaries == uninterrupted.summaries
    assert _stats_without_time(resumed) == _stats_without_time(uninterrupted)
    assert (resumed.resumed, resumed.played) == (2, 4)
    assert sorted(line["index"] for line in _game_lines(out)) == list(range(GAMES))

    # Once complete, the same command plays nothing and reports the same.
    recorder.asked.clear()
    again = _run(out)
    assert recorder.asked == [] and again.summaries == uninterrupted.summaries


def test_a_torn_last_line_is_cut_off_and_that_game_played_again_on_the_pool(
    tmp_path: Path, uninterrupted: SimulationResult
) -> None:
    out = tmp_path / "results.jsonl"
    _run(out)
    lines = out.read_text().splitlines(keepends=True)
    # Killed while writing game 4's line, after games 0, 1, 3 (workers finish out of order).
    kept = [lines[0], lines[1], lines[2], lines[4]]
    out.write_text("".join(kept) + lines[5][:40])
    resumed = _run(out, workers=2)
    assert resumed.summaries == uninterrupted.summaries
    assert resumed.played == 3
    indices = [line["index"] for line in _game_lines(out)]
    assert sorted(indices) == list(range(GAMES)) and indices[:3] == [0, 1, 3]
    assert out.read_text().endswith("\n")


def test_a_file_from_another_run_or_a_corrupt_one_is_refused_and_left_alone(
    tmp_path: Path, uninterrupted: SimulationResult
) -> None:
    out = tmp_path / "results.jsonl"
    _run(out)
    text = out.read_text()
    with pytest.raises(ResultsFileError, match="differs in seed"):
        simulate("catan", 4, BOTS, GAMES, seed=8, rotate=True, out=out)
    with pytest.raises(ResultsFileError, match="beyond a run of 3 games"):
        simulate("catan", 4, BOTS, 3, seed=7, rotate=True, out=out)
    assert out.read_text() == text
    lines = text.splitlines(keepends=True)
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text(lines[0] + "{not json\n" + "".join(lines[1:]))
    with pytest.raises(ResultsFileError, match="line 2 is not a finished game"):
        _run(corrupt)
    stranger = tmp_path / "stranger.jsonl"
    stranger.write_text('{"hello": 1}\n')
    with pytest.raises(ResultsFileError, match="not a ravenry results file"):
        _run(stranger)
    assert stranger.read_text() == '{"hello": 1}\n'


def test_summaries_with_extras_survive_the_round_trip() -> None:
    quiet = "random:offers=false"
    summary = play_game("brotherhood", 4, 3, ["greedy", quiet, quiet, quiet], turn_cap=40)
    assert summary.extras and summary.seat_extras
    assert summary_from_json(json.loads(json.dumps(summary.to_json()))) == summary


def test_simulate_command_streams_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def argv(seed: int = 2, out: Path = tmp_path / "r.jsonl") -> list[str]:
        flags = ["--games", "3", "--seed", str(seed), "--quiet", "--out", str(out)]
        return ["simulate", "catan", *flags, "--bots", ",".join([QUIET] * 4)]

    assert main(argv()) == 0
    assert "0 games read back, 3 played now" in " ".join(capsys.readouterr().out.split())
    assert main(argv()) == 0
    assert "3 games read back, 0 played now" in " ".join(capsys.readouterr().out.split())
    assert main(argv(seed=3)) == 2
    assert "holds another run (it differs in seed)" in capsys.readouterr().err
    assert main(argv(out=tmp_path / "nowhere" / "r.jsonl")) == 2
    assert "no directory" in capsys.readouterr().err


def test_an_interrupted_command_says_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.jsonl"
    argv = [
        "simulate",
        "catan",
        "--games",
        "3",
        "--quiet",
        "--bots",
        ",".join([QUIET] * 4),
        "--out",
        str(out),
    ]
    recorder = _Recorder(monkeypatch, budget=1)
    assert main(argv) == 130
    assert "the same command resumes" in capsys.readouterr().err
    recorder.budget = 3
    assert main(argv) == 0
    assert recorder.asked == [0, 1, 2]
    assert "1 games read back, 2 played now" in " ".join(capsys.readouterr().out.split())
