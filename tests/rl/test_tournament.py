"""``ravenry tournament``: seat-rotated games among bot kinds, OpenSkill ratings, JSON and PNG."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ravenry.cli import main
from ravenry.sim.runner import GameSummary
from ravenry.sim.tournament import lineups, ranks


def test_lineups_rotate_every_kind_through_the_seats() -> None:
    assert lineups(["a", "b", "c"], 4) == [("a", "b", "c", "a"), ("b", "c", "a", "b"), ("c", "a", "b", "c")]


def test_ranks_put_winners_first_then_scores() -> None:
    summary = GameSummary("catan", 1, ("a", "b", "c", "d"), True, (2,), "10 VP", 50, (7, 9, 10, 7), 900)
    assert ranks(summary) == [2.0, 1.0, 0.0, 2.0]


def test_tournament_command_rates_greedy_above_random(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.json"
    code = main(
        [
            "tournament",
            "catan",
            "--bots",
            "greedy,random",
            "--games",
            "8",
            "--seed",
            "3",
            "--json",
            str(out),
            "--quiet",
        ]
    )
    assert code == 0
    data = json.loads(out.read_text())
    assert len(data["games"]) == 8 and len(data["rating_history"]) == 8
    # every game seats both kinds, and each kind sits at every seat over the run
    seats = {
        kind: {p for g in data["games"] for p, b in enumerate(g["bots"]) if b == kind}
        for kind in ("greedy", "random")
    }
    assert seats == {"greedy": {0, 1, 2, 3}, "random": {0, 1, 2, 3}}
    best, worst = data["ratings"]
    assert best["kind"] == "greedy" and best["mu"] > worst["mu"]
    assert best["low"] < best["mu"] < best["high"]
    assert "greedy" in capsys.readouterr().out


def test_tournament_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "ratings.png"
    assert (
        main(["tournament", "catan", "--bots", "greedy,random", "--games", "2", "--png", str(png), "--quiet"])
        == 0
    )
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tournament_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "catan", "--bots", "greedy", "--games", "4"]) == 2
    assert main(["tournament", "catan", "--bots", "greedy,nosuchbot", "--games", "4"]) == 2
    err = capsys.readouterr().err
    assert "at least 2" in err and "nosuchbot" in err
