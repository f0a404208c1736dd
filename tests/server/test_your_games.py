"""An account's "Your games" (issue 31 §2; server/your_games.py, watch.py): the finished games
with the result as the account sees it and the winners' names, after the running ones; and the
page's stream (``GET /api/me/games/events``) says ``changed`` when a move is made in one of the
account's games or a seat is kept, within a second, on a real server."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from account_support import PASSWORD, server, sign_up
from server_support import Viewer, create, free_port, pick, running_server, token_of, tokens
from starlette.testclient import TestClient
from websockets.sync.client import connect

pytestmark = pytest.mark.timeout(120)


def _claim(client: TestClient, game_id: str, token: str, csrf: str) -> None:
    answer = client.post(f"/api/games/{game_id}/claim", json={"token": token}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200, answer.text


def test_finished_games_come_last_with_their_result_for_you(any_database: str) -> None:
    with server(any_database) as client:
        csrf = sign_up(client).json()["csrf"]
        running = create(client, "catan", ["human", "human", "bot:random"])
        _claim(client, running["id"], tokens(running)[1], csrf)
        done = create(client, "liars-dice", ["human", "bot:random"])
        _claim(client, done["id"], tokens(done)[0], csrf)
        with client.websocket_connect(f"/ws/{done['id']}") as ws:
            me = Viewer(ws, 0)
            legal = me.hello(tokens(done)[0])["legal"]
            for turn in range(2000):
                result = client.get(f"/api/games/{done['id']}").json()["result"]
                if result is not None:
                    break
                if legal:
                    me.act(pick(legal, turn))
                legal = me.recv_until("ev")["legal"]
        assert result is not None, "the game did not end"
        games = client.get("/api/me/games").json()["games"]
        assert [g["id"] for g in games] == [running["id"], done["id"]]
        finished = games[1]
        assert finished["status"] == "finished" and finished["result"] == result
        expected = "won" if 0 in result["winners"] else "lost"
        assert finished["outcome"] == expected
        names = [p["name"] for p in finished["players"]]
        assert finished["winners"] == [names[w] for w in result["winners"]]
        assert [p["you"] for p in finished["players"]] == [True, False]
        assert games[0]["outcome"] is None and games[0]["winners"] == []
        assert "token" not in json.dumps(games)


def test_the_stream_says_changed_when_a_game_of_yours_moves(postgres_url: str, tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with (
        running_server(postgres_url, port, tmp_path / "server.log"),
        httpx.Client(base_url=base, timeout=30) as web,
    ):
        made = web.post("/api/accounts", json={"username": "Bran", "password": PASSWORD})
        assert made.status_code == 201
        csrf = made.json()["csrf"]
        assert httpx.get(f"{base}/api/me/games/events", timeout=10).status_code == 401
        body = {"game": "liars-dice", "seats": [{"kind": "human"}, {"kind": "human"}]}
        created = web.post("/api/games", json=body).json()
        invite = {s["seat"]: token_of(s["invite"]) for s in created["seats"]}
        game_id = created["id"]
        notices: list[float] = []
        opened = threading.Event()

        def follow() -> None:
            with web.stream("GET", "/api/me/games/events", timeout=30) as stream:
                assert stream.status_code == 200
                assert stream.headers["content-type"].startswith("text/event-stream")
                opened.set()
                for line in stream.iter_lines():
                    if line == "event: changed":
                        notices.append(time.monotonic())
                        if len(notices) == 3:
                            return

        def notice(n: int, since: float, what: str) -> None:
            deadline = time.monotonic() + 5
            while len(notices) < n and time.monotonic() < deadline:
                time.sleep(0.02)
            assert len(notices) >= n, f"no notice after {what}"
            assert notices[n - 1] - since < 2.0, f"the notice after {what} came late"

        reader = threading.Thread(target=follow, daemon=True)
        reader.start()
        assert opened.wait(10)
        time.sleep(0.3)
        since = time.monotonic()  # keeping a seat is a change
        claimed = web.post(
            f"/api/games/{game_id}/claim", json={"token": invite[0]}, headers={"X-CSRF-Token": csrf}
        )
        assert claimed.status_code == 200
        notice(1, since, "the seat was kept")
        since = time.monotonic()  # so is the game's start, once both people came
        for seat in (0, 1):
            with connect(f"ws://127.0.0.1:{port}/ws/{game_id}") as ws:
                ws.send(json.dumps({"t": "hello", "token": invite[seat]}))
                _until(ws, "welcome")
        notice(2, since, "the game started")
        with connect(f"ws://127.0.0.1:{port}/ws/{game_id}") as ws:  # and a move
            ws.send(json.dumps({"t": "hello", "token": invite[0]}))
            welcome = _until(ws, "welcome")
            if not welcome["legal"]:
                ws.close()
                ws = connect(f"ws://127.0.0.1:{port}/ws/{game_id}")
                ws.send(json.dumps({"t": "hello", "token": invite[1]}))
                welcome = _until(ws, "welcome")
            since = time.monotonic()
            act = {"t": "act", "cid": "x", "at": welcome["seq"], "a": pick(welcome["legal"], 0)}
            ws.send(json.dumps(act))
            assert _until(ws, "ack")["t"] == "ack"
        notice(3, since, "a move")
        reader.join(10)
        time.sleep(0.5)
        assert len(notices) == 3, "one notice per change, not more"


def _until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if frame["t"] in (kind, "error", "reject"):
            return frame
