"""``ravenry analyse``: the analysis of a short game of each game id holds its schema (a row of
win probabilities per step summing to 1, the result at the end, decisions valued against their
best alternative, each seat's mistakes and the turning points), is deterministic, and the
command writes JSON and PNG and refuses what is not a record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ravenry.analysis import SCHEMA, analyse
from ravenry.analysis.analyse import MISTAKE_FLOOR, MISTAKES, TURNING_POINTS
from ravenry.cli import main
from ravenry.core.record import GameRecord
from ravenry.sim.runner import run_game

GAMES = [("catan", 4), ("got-catan", 4), ("brotherhood", 4), ("thrones", 5)]


def _record(game_id: str, players: int, seed: int) -> GameRecord:
    _, state = run_game(game_id, players, seed, ["greedy"] * players)
    return GameRecord.of(state)


def _check_schema(result: dict[str, Any], record: GameRecord) -> None:
    n = result["players"]
    assert result["schema"] == SCHEMA
    assert result["game"] == record.game
    assert result["steps"] == len(record.actions)
    assert len(result["seats"]) == n
    table = result["win_probability"]
    assert len(table) == len(record.actions) + 1
    for row in table:
        assert len(row) == n
        assert sum(row) == pytest.approx(1.0, abs=1e-3)
    assert result["finished"]
    assert table[-1] == [1.0 if p in result["winners"] else 0.0 for p in range(n)]
    assert result["decisions"], "a whole game has decisions with a choice"
    for d in result["decisions"]:
        assert 0 <= d["step"] < len(record.actions)
        assert record.actions[d["step"]][0] == d["seat"]
        assert d["choices"] >= 2
        assert 0.0 <= d["value"] <= d["best_value"] + 1e-9 <= 1.0 + 1e-9
        assert d["loss"] == pytest.approx(d["best_value"] - d["value"], abs=2e-4)
        assert isinstance(d["played"], dict) and isinstance(d["best"], dict)
    assert len(result["mistakes"]) == n
    for p, own in enumerate(result["mistakes"]):
        assert len(own) <= MISTAKES
        assert all(m["seat"] == p and m["loss"] >= MISTAKE_FLOOR for m in own)
        assert [m["loss"] for m in own] == sorted((m["loss"] for m in own), reverse=True)
    assert len(result["turning_points"]) == TURNING_POINTS
    for t in result["turning_points"]:
        assert table[t["step"]][t["seat"]] == t["after"]
        assert table[t["step"] - 1][t["seat"]] == t["before"]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_analysis_of_a_game_holds_its_schema(game_id: str, players: int) -> None:
    record = _record(game_id, players, seed=4)
    result = analyse(record, samples=1)
    _check_schema(result, record)
    assert json.loads(json.dumps(result)) == result  # JSON as it stands


def test_the_analysis_is_deterministic_and_its_samples_matter() -> None:
    record = _record("catan", 4, seed=6)
    one = analyse(record, samples=2)
    assert analyse(record, samples=2) == one
    assert analyse(record, samples=2, seed=1)["decisions"] != one["decisions"]


def test_the_command_writes_json_and_png_and_refuses_junk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = tmp_path / "game.json"
    assert main(["demo", "catan", "--seed", "3", "--record", str(rec)]) == 0
    out_json, out_png = tmp_path / "a.json", tmp_path / "a.png"
    assert main(["analyse", str(rec), "--json", str(out_json), "--png", str(out_png), "--samples", "1"]) == 0
    printed = capsys.readouterr().out
    assert "turning points" in printed and "winner" in printed
    result = json.loads(out_json.read_text())
    _check_schema(result, GameRecord.from_json(json.loads(rec.read_text())))
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    junk = tmp_path / "junk.json"
    junk.write_text('{"game": "catan"}')
    assert main(["analyse", str(junk)]) == 2
    assert "not a game record" in capsys.readouterr().err
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
