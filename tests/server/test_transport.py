"""The wire under ``ravenry serve`` (a real process): a client that trickles its request head
is cut off after ``--header-timeout``; an idle keep-alive connection after ``--keep-alive``; a
whole request on time is answered, and a WebSocket outlives both."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import pytest
from server_support import free_port, running_server
from websockets.sync.client import connect

pytestmark = pytest.mark.timeout(90)


def _closed_after(sock: socket.socket, limit: float) -> float | None:
    """Seconds until the server closed ``sock`` (reading what it sent), or None within ``limit``."""
    started = time.monotonic()
    sock.settimeout(0.2)
    while time.monotonic() - started < limit:
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - started
        except TimeoutError:
            continue
        except ConnectionResetError:
            return time.monotonic() - started
    return None


def test_slow_request_heads_and_idle_connections_are_closed(tmp_path: Path) -> None:
    port = free_port()
    flags = ["--header-timeout", "1", "--keep-alive", "1"]
    with running_server(f"sqlite:///{tmp_path / 't.sqlite'}", port, tmp_path / "log", flags):
        # A head trickled a byte at a time, each byte well within the keep-alive time.
        with socket.create_connection(("127.0.0.1", port)) as slow:
            slow.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n")
            started = time.monotonic()
            closed = False
            for byte in b"X-Slow: " + b"a" * 40:
                try:
                    slow.sendall(bytes([byte]))
                except OSError:
                    closed = True
                    break
                time.sleep(0.2)
                if time.monotonic() - started > 6:
                    break
            assert closed or _closed_after(slow, 1.0) is not None, "a trickled head kept its connection"
            assert time.monotonic() - started < 4
        # A connection that says nothing at all.
        with socket.create_connection(("127.0.0.1", port)) as silent:
            assert _closed_after(silent, 4.0) is not None
        # A whole request is answered; the idle keep-alive socket is closed afterwards.
        with socket.create_connection(("127.0.0.1", port)) as quick:
            quick.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
            quick.settimeout(5)
            assert quick.recv(64).startswith(b"HTTP/1.1 200")
            assert _closed_after(quick, 4.0) is not None
        # A WebSocket lives on past both timeouts.
        game = json.loads(
            _post(port, b'{"game":"catan","seats":[{"kind":"human"},{"kind":"bot"},{"kind":"bot"}]}')
        )
        with connect(f"ws://127.0.0.1:{port}/ws/{game['id']}", open_timeout=10) as ws:
            ws.send(json.dumps({"t": "hello", "token": None}))
            first = json.loads(ws.recv(timeout=10))
            while first["t"] not in ("welcome", "error"):
                first = json.loads(ws.recv(timeout=10))
            assert first["t"] == "welcome", first
            time.sleep(2.5)
            ws.send(json.dumps({"t": "ping"}))
            while json.loads(ws.recv(timeout=10))["t"] != "pong":
                pass  # presence frames may come first


def _post(port: int, body: bytes) -> str:
    import httpx2 as httpx

    answer = httpx.post(
        f"http://127.0.0.1:{port}/api/games", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 201, answer.text
    return answer.text


def test_an_address_closed_for_flooding_is_dropped_at_the_door_and_others_are_not(tmp_path: Path) -> None:
    """A socket from 127.0.0.7 floods until it is closed; for the cooldown that address's new
    connections are dropped as they open (not even an HTTP answer), while 127.0.0.1 is served;
    afterwards 127.0.0.7 is welcome again."""
    import httpx2 as httpx

    port = free_port()
    flags = ["--rate", "5", "--flood-cooldown", "2"]
    with running_server(f"sqlite:///{tmp_path / 'f.sqlite'}", port, tmp_path / "log", flags):
        bot = {"kind": "bot", "bot": "random"}
        body = {"game": "catan", "seats": [{"kind": "human"}, bot, bot]}
        game_id = httpx.post(f"http://127.0.0.1:{port}/api/games", json=body, timeout=30).json()["id"]
        url = f"ws://127.0.0.1:{port}/ws/{game_id}"

        def from_7() -> socket.socket:
            return socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.7", 0))

        with connect(url, sock=from_7()) as ws:
            ws.send(json.dumps({"t": "hello", "token": None}))
            for n in range(120):
                ws.send(json.dumps({"t": "act", "cid": f"f{n}", "at": 0, "a": {"type": "end_turn"}}))
            closing = None
            while closing is None:
                frame = json.loads(ws.recv(timeout=10))
                if frame["t"] == "error":
                    closing = frame
        assert closing["code"] == "rate_limited"
        flooded_at = time.monotonic()
        with from_7() as door:
            door.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
            door.settimeout(3)
            try:
                answer = door.recv(4096)
            except ConnectionResetError:
                answer = b""
            assert answer == b"", "the flooding address was answered"
        assert time.monotonic() - flooded_at < 2
        assert httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=5).status_code == 200
        time.sleep(2.2)  # the cooldown is over
        with connect(url, sock=from_7()) as ws:
            ws.send(json.dumps({"t": "hello", "token": None}))
            first = json.loads(ws.recv(timeout=10))
            while first["t"] not in ("welcome", "error"):
                first = json.loads(ws.recv(timeout=10))
            assert first["t"] == "welcome", first
