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
            assert json.loads(ws.recv(timeout=10))["t"] == "welcome"
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
