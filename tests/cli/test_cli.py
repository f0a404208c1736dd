"""The ``ravenry`` command line: games, simulate (with JSON), demo, and input errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ravenry.cli import main


def test_games_lists_catan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "catan" in out and "The Settlers of Catan" in out


def test_simulate_prints_and_writes_the_same_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "stats.json"
    argv = ["simulate", "catan", "--players", "3", "--bots", "greedy,random,random:offers=false"]
    argv += ["--games", "4", "--seed", "1", "--workers", "1", "--json", str(target), "--turn-cap", "400"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    data = json.loads(target.read_text())
    assert data["config"]["bots"] == ["greedy", "random", "random:offers=false"]
    assert data["config"]["turn_cap"] == 400
    stats = data["stats"]
    assert stats["games"] == 4
    assert sum(s["wins"] for s in stats["seats"]) + stats["unfinished"] == 4
    assert [s["trials"] for s in stats["seats"]] == [4, 4, 4]
    greedy = next(b for b in stats["bots"] if b["label"] == "greedy")
    assert f"{greedy['win_rate']:.1%}" in out
    assert f"{stats['games_per_second']:.1f} games/s" in " ".join(out.split())


def test_simulate_brotherhood_shows_how_games_ended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "bh.json"
    argv = ["simulate", "brotherhood", "--bots", "greedy,random,random,random:offers=false", "--games", "5"]
    assert main([*argv, "--seed", "3", "--rotate", "--quiet", "--json", str(target)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    extras = json.loads(target.read_text())["stats"]["extras"]
    endings = extras["categories"]["ending"]
    assert sum(e["count"] for e in endings.values()) == 5
    assert sum(e["share"] for e in endings.values()) == pytest.approx(1.0)
    assert set(endings) <= {"10 VP", "3 breaches", "8 wildlings", "unfinished"}
    for ending, numbers in endings.items():
        assert f"{ending} │ {numbers['count']} │ {numbers['share']:.1%}" in out
    assert 0.0 <= extras["averages"]["breaches"] <= 3.0
    assert f"breaches │ {extras['averages']['breaches']:.2f}" in out
    guards = extras["per_seat"]["guards on the Wall"]
    assert len(guards) == 4 and all(0.0 <= g <= 7.0 for g in guards)
    assert f"{extras['per_bot']['guards on the Wall']['greedy']:.2f}" in out


def test_demo_plays_one_game_and_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "catan", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Winner: seat" in out or "Unfinished" in out
    for terrain in ("Hil", "For", "Mtn", "Fld", "Pas", "Des"):
        assert terrain in out
    assert "R" in out and "Seat 3 (greedy)" in out and "settlements:" in out and "roads:" in out


def test_demo_of_brotherhood_tells_how_it_ended(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "brotherhood", "--seed", "4"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "ending: " in out and "breaches: " in out and "guards on the Wall: seat 0: " in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "catan", "--players", "4", "--bots", "greedy,random"], "4 players need 4 bots"),
        (["simulate", "catan", "--players", "7"], "3-4 players"),
        (["simulate", "catan", "--bots", "greedy,random,random,clever"], "no bot 'clever'"),
        (["simulate", "catan", "--bots", "greedy,random,random,random:speed=2"], "bad options"),
        (["simulate", "catan", "--games", "0"], "must be at least 1"),
        (["simulate", "catan", "--workers", "many"], "not a whole number"),
        (["simulate", "catan", "--seed", "-3"], "must not be negative"),
        (["simulate", "catan", "--games", "1", "--option", "board=square"], "unknown board"),
        (["simulate", "catan", "--json", "/nonexistent/dir/out.json"], "cannot write"),
        (["demo", "catan", "--players", "2"], "3-4 players"),
        (["demo", "nope"], "unknown game"),
    ],
)
def test_bad_input_is_a_clear_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
