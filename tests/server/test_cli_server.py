"""``ravenry replay FILE`` prints a finished game's record move by move; ``ravenry serve``
refuses bad flags with a reason."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from server_support import Viewer, create, drive_lockstep, tokens
from starlette.testclient import TestClient

import ravenry
from ravenry.cli import main

pytestmark = pytest.mark.timeout(60)


def test_replay_prints_every_move_and_the_winner(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    created = create(client, "catan", ["human"] * 3, setup="fixed")
    seat_tokens = tokens(created)
    with (
        client.websocket_connect(f"/ws/{created['id']}") as w0,
        client.websocket_connect(f"/ws/{created['id']}") as w1,
        client.websocket_connect(f"/ws/{created['id']}") as w2,
    ):
        seats = {n: Viewer(ws, n) for n, ws in enumerate((w0, w1, w2))}
        for n, viewer in seats.items():
            viewer.hello(seat_tokens[n])
        total = drive_lockstep(seats, [])
    record = client.get(f"/api/games/{created['id']}/record").json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = [line for line in lines if line[:5].strip().isdigit()]
    assert len(moves) == total
    first_seat, first_action = record["actions"][0]
    assert f"seat {first_seat}" in moves[0] and first_action["type"] in moves[0]
    assert lines[-1].startswith("over: seat ")


def test_replay_refuses_a_file_that_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "catan"}')
    assert main(["replay", str(path)]) == 2
    assert "not a game record" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_names_the_first_move_the_rules_refuse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record bent after its third move: the three are printed, the fourth is named refused."""
    game = ravenry.get_game("catan")
    state = ravenry.new_game("catan", players=3, seed=4)
    actions = []
    for _ in range(3):
        seat = state.decision().players[0]
        action = state.legal_actions(seat)[0]
        actions.append([seat, game.action_to_json(action)])
        state.apply(seat, action)
    actions.append(list(actions[-1]))  # the same move again: no longer legal
    path = tmp_path / "bent.json"
    path.write_text(json.dumps({"game": "catan", "config": state.config.to_json(), "actions": actions}))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert [line[:5].strip() for line in out.splitlines()[1:]] == ["1", "2", "3"]
    assert "move 4 " in err and "is refused" in err


def test_serve_refuses_bad_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "port" in capsys.readouterr().err
    assert main(["serve", "--bot-delay", "-1"]) == 2
    assert main(["serve", "--bot-workers", "-1"]) == 2
    assert "--bot-workers must not be negative" in capsys.readouterr().err
    assert main(["serve", "--database", "sqlite://"]) == 2
    assert "SQLite file" in capsys.readouterr().err
    assert main(["serve", "--address-rate", "-1"]) == 2
    assert "address_rate must not be negative" in capsys.readouterr().err
    assert main(["serve", "--public-origin", "ravenry.example.org"]) == 2
    assert "https://host" in capsys.readouterr().err


def test_serve_on_a_port_already_taken_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        database = f"sqlite:///{tmp_path / 'taken.sqlite'}"
        assert main(["serve", "--port", str(port), "--database", database]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"port {port} on 127.0.0.1 is already in use" in err and "--port" in err
