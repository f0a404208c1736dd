"""Durability: ``ravenry serve`` runs as a real process, a game is played over real WebSockets,
the process is killed with SIGKILL in the middle, restarted on the same database, and the game
is finished there — with every acknowledged action still in place. On SQLite and on PostgreSQL.

PostgreSQL (127.0.0.1:5432, user postgres, trust auth) gets a fresh database per test, dropped
afterwards (the ``postgres_url`` fixture in conftest.py). Without a server the PostgreSQL test
skips with the reason, except under CI=true, where it fails: CI must run it.
"""

from __future__ import annotations

import json
import secrets
import signal
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from server_support import free_port, pick, running_server, token_of
from websockets.sync.client import ClientConnection, connect

pytestmark = pytest.mark.timeout(150)


class Seat:
    """One person's socket over the network, acting as soon as it may."""

    def __init__(self, ws: ClientConnection, token: str) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"t": "hello", "token": token}))
        self.seen: dict[int, int | None] = {}  # seq → who acted, for every ev this socket got
        self.acked: dict[str, tuple[int, dict[str, Any]]] = {}  # cid → (seq, action)
        self.legal: list[dict[str, Any]] | None = None
        self.seq = -1
        self.result: Any = None
        self.welcome = self._until("welcome")
        self.counter = 0

    def _recv(self) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=20))
        if frame["t"] == "welcome":
            self.seq, self.legal, self.result = frame["seq"], frame["legal"], frame["view"].get("result")
        elif frame["t"] == "ev":
            self.seen[frame["seq"]] = frame["by"]
            self.seq, self.legal, self.result = frame["seq"], frame["legal"], frame["view"].get("result")
        return frame

    def _until(self, *types: str) -> dict[str, Any]:
        while True:
            frame = self._recv()
            if frame["t"] in types:
                return frame

    def act_once(self) -> dict[str, Any] | None:
        """Wait until this seat decides (or the game ends), then act once; None when over."""
        while self.legal is None and self.result is None:
            self._until("ev")
        if self.result is not None:
            return None
        self.counter += 1
        cid = f"d{self.counter}-{secrets.token_hex(3)}"
        action = pick(self.legal or [], self.counter)
        self.ws.send(json.dumps({"t": "act", "cid": cid, "at": self.seq, "a": action}))
        answer = self._until("ack", "reject")
        assert answer["t"] == "ack", answer
        self.acked[cid] = (answer["seq"], action)
        self.legal = None  # act again only on a frame sent after this one
        return answer

    def resend(self, cid: str, action: dict[str, Any]) -> dict[str, Any]:
        self.ws.send(json.dumps({"t": "act", "cid": cid, "a": action}))
        return self._until("ack", "reject")


def play_kill_restart_finish(database_url: str, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    seats_body = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3
    with running_server(database_url, port, log) as proc:
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/games", json={"game": "catan", "seats": seats_body}
        )
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        token = token_of(created.json()["seats"][0]["invite"])
        with connect(f"ws://127.0.0.1:{port}/ws/{game_id}", open_timeout=10) as ws:
            person = Seat(ws, token)
            for _ in range(12):
                assert person.act_once() is not None
            # Kill it right after an ack, while the bots are busy committing their own moves.
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
    before_seen, before_acked = dict(person.seen), dict(person.acked)
    assert before_acked and max(before_seen) >= 20

    with (
        running_server(database_url, port, log),
        connect(f"ws://127.0.0.1:{port}/ws/{game_id}", open_timeout=10) as ws,
    ):
        person = Seat(ws, token)
        assert person.welcome["seq"] >= max(before_seen), "an action everyone had been told of is lost"
        first_cid, (first_seq, first_action) = next(iter(before_acked.items()))
        assert person.resend(first_cid, first_action) == {"t": "ack", "cid": first_cid, "seq": first_seq}
        while person.act_once() is not None:
            pass  # the bots were re-armed at start-up: the game goes on to its end
        record = httpx.get(f"http://127.0.0.1:{port}/api/games/{game_id}/record").json()
        summary = httpx.get(f"http://127.0.0.1:{port}/api/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["seq"] == len(record["actions"])
    actions = record["actions"]
    for seq, by in before_seen.items():
        assert actions[seq - 1][0] == by, f"action {seq} changed hands"
    for seq, action in before_acked.values():
        assert actions[seq - 1] == [0, action], f"acknowledged action {seq} is lost"


def test_sqlite_keeps_every_acknowledged_action_through_a_sigkill(tmp_path: Path) -> None:
    play_kill_restart_finish(f"sqlite:///{tmp_path / 'kill.sqlite'}", tmp_path)


def test_postgresql_keeps_every_acknowledged_action_through_a_sigkill(
    postgres_url: str, tmp_path: Path
) -> None:
    play_kill_restart_finish(postgres_url, tmp_path)
