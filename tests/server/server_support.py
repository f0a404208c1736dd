"""Helpers for the server tests: a recording WebSocket client over Starlette's TestClient, a
lock-step driver for games whose every seat is a connected person, and the frame checker that
replays a finished game and compares every frame a viewer got with what that viewer may see.

Starlette's TestClient has no receive timeout, so every wait here is for a frame the protocol
promises (an ``act`` always gets an ``ack`` or a ``reject``; every accepted action an ``ev``).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
from starlette.testclient import TestClient, WebSocketTestSession

from ravenry.core.registry import get_game
from ravenry.server.storage import GameRow, SeatRow, Storage

SECRET_PLAYER_KEYS = frozenset({"hand", "dev_cards", "dev_cards_new", "vp"})
PROPOSALS = frozenset({"offer_trade", "counter_offer"})


def store_game(storage: Storage, game_id: str = "g1", people: int = 3) -> None:
    """A running three-player catan game of ``people`` human seats, straight into storage."""
    storage.create_game(
        GameRow(
            game_id,
            "catan",
            3,
            {"players": 3, "seed": 1},
            {},
            1,
            "running",
            None,
            0,
            "h" * 64,
            0.0,
            [SeatRow(n, "human", None, f"P{n}", "t" * 64, None) for n in range(people)],
        )
    )


def token_of(invite: str) -> str:
    fragment = invite.split("#", 1)[1]
    fields = dict(part.split("=", 1) for part in fragment.split("&"))
    return fields["token"]


def create(client: TestClient, game: str, seats: Sequence[str], **options: Any) -> dict[str, Any]:
    """Create a game; ``seats`` like ``["human", "bot:greedy", ...]``."""
    body: dict[str, Any] = {"game": game, "seats": [_seat(s) for s in seats], "options": options}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _seat(spec: str) -> dict[str, Any]:
    if spec == "human":
        return {"kind": "human"}
    kind, _, bot = spec.partition(":")
    assert kind == "bot"
    return {"kind": "bot", "bot": bot or "greedy"}


def tokens(created: Mapping[str, Any]) -> dict[int, str]:
    return {s["seat"]: token_of(s["invite"]) for s in created["seats"] if s["invite"]}


class Viewer:
    """One socket, recording every text frame it receives (raw and parsed)."""

    def __init__(self, ws: WebSocketTestSession, label: int | None) -> None:
        self.ws = ws
        self.label = label
        self.raw: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.seq = -1
        self.legal: list[dict[str, Any]] | None = None
        self.seat: int | None = None
        self.board: Any = None
        self.view: dict[str, Any] = {}
        self.counter = 0

    def send(self, message: Mapping[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def recv(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        frame: dict[str, Any] = json.loads(text)
        self.raw.append(text)
        self.frames.append(frame)
        if frame["t"] == "welcome":
            self.seq, self.legal, self.seat = frame["seq"], frame["legal"], frame["seat"]
            self.view = frame["view"]
            self.board = frame["view"].get("board")
        elif frame["t"] == "ev":
            assert frame["seq"] == self.seq + 1, f"gap: {self.seq} then {frame['seq']}"
            self.seq, self.legal = frame["seq"], frame["legal"]
            self.view = {**frame["view"], "board": self.board}
        return frame

    def recv_until(self, *types: str) -> dict[str, Any]:
        while True:
            frame = self.recv()
            if frame["t"] in types:
                return frame

    def hello(self, token: str | None) -> dict[str, Any]:
        self.send({"t": "hello", "token": token})
        return self.recv_until("welcome", "error")

    def act(self, action: Mapping[str, Any], at: int | None = None, cid: str | None = None) -> dict[str, Any]:
        """Send one action; return its ack or reject (frames before it are recorded)."""
        if cid is None:
            self.counter += 1
            cid = f"c{self.label}-{self.counter}"
        self.send({"t": "act", "cid": cid, "at": self.seq if at is None else at, "a": dict(action)})
        return self.recv_until("ack", "reject")


def pick(legal: Sequence[Mapping[str, Any]], turn: int) -> dict[str, Any]:
    """A deterministic, varied choice that is never a trade proposal unless nothing else is legal."""
    others = [a for a in legal if a["type"] not in PROPOSALS] or list(legal)
    return dict(others[(turn * 7919) % len(others)])


def drive_lockstep(
    viewers: Mapping[int, Viewer], spectators: Sequence[Viewer], max_actions: int = 5000
) -> int:
    """Play a game whose every seat is a connected person until it is over: each step the
    lowest deciding seat acts; then every socket must get exactly the one ``ev`` of that action."""
    everyone = [*viewers.values(), *spectators]
    for step in range(max_actions):
        deciding = [v for v in viewers.values() if v.legal]
        if not deciding:
            return step
        actor = deciding[step % len(deciding)]
        answer = actor.act(pick(actor.legal or [], step))
        assert answer["t"] == "ack", answer
        for viewer in everyone:
            frame = viewer.recv_until("ev")
            assert frame["seq"] == answer["seq"]
    raise AssertionError(f"the game did not end within {max_actions} actions")


def find_keys(obj: Any, names: frozenset[str]) -> Iterator[str]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in names:
                yield key
            yield from find_keys(value, names)
    elif isinstance(obj, list):
        for value in obj:
            yield from find_keys(value, names)


def verify_frames(record: Mapping[str, Any], seed: int, viewers: Sequence[Viewer]) -> int:
    """Replay the finished game and check every frame every viewer got; returns frames checked.

    For a viewer (seat or spectator): each ``welcome`` and ``ev`` view equals ``observe(viewer)``
    of the replayed state at that ``seq`` (the ``ev`` without the board), each ``ev``'s events
    equal ``Event.view(viewer)`` of that action's events (secret fields null outside their
    audience), ``legal`` is the seat's legal actions exactly when it decides, no other seat's
    hand or cards appear, and the seed appears nowhere."""
    game = get_game(record["game"])
    state = game.new_state(game.config_from_json(record["config"]))
    wanted: dict[int, list[tuple[Viewer, dict[str, Any]]]] = {}
    for viewer in viewers:
        for text, frame in zip(viewer.raw, viewer.frames, strict=True):
            assert str(seed) not in text, "the seed reached a client"
            assert not list(find_keys(frame, frozenset({"seed", "rng", "rng_state"}))), frame
            if frame["t"] in ("welcome", "ev"):
                wanted.setdefault(frame["seq"], []).append((viewer, frame))
            for entry in frame.get("log", []) if frame["t"] == "welcome" else []:
                wanted.setdefault(entry["seq"], []).append((viewer, {**entry, "t": "log"}))
    checked = 0
    events: list[Any] = []
    actions = record["actions"]
    for seq in range(len(actions) + 1):
        if seq:
            by, action = actions[seq - 1]
            events = state.apply_json(by, action)
        for viewer, frame in wanted.get(seq, []):
            seat = viewer.seat
            checked += 1
            if frame["t"] != "log":
                _check_view(state, seat, frame)
            if frame["t"] in ("ev", "log"):
                assert frame["by"] == actions[seq - 1][0]
                assert frame["events"] == [e.view(seat) for e in events], (seq, seat)
    return checked


def _check_view(state: Any, seat: int | None, frame: dict[str, Any]) -> None:
    expected = state.observe(seat)
    if frame["t"] == "ev":
        expected.pop("board", None)
    assert frame["view"] == json.loads(json.dumps(expected)), (frame["seq"], seat)
    for player in frame["view"].get("players", []):
        if player.get("seat") != seat:
            over = frame["view"].get("result") is not None
            leaked = set(player) & (SECRET_PLAYER_KEYS - ({"vp"} if over else set()))
            assert not leaked, (frame["seq"], seat, player)
    decision = state.decision()
    if seat is not None and decision.result is None and seat in decision.players:
        legal = [state.game.action_to_json(a) for a in state.legal_actions(seat)]
        assert frame["legal"] == json.loads(json.dumps(legal))
    else:
        assert frame["legal"] is None and frame["templates"] is None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_server(
    database_url: str, port: int, log: Path, extra: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """``ravenry serve`` as a process (its output appended to ``log``), once it answers."""
    argv = [sys.executable, "-m", "ravenry.cli", "serve", "--port", str(port), "--database", database_url]
    argv += ["--bot-delay", "0", "--fixed-seed", "4242424242424242", "--rate", "100000", *extra]
    with log.open("ab") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"the server exited with {proc.returncode}:\n{log.read_text()}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{log.read_text()}")
            time.sleep(0.1)
        assert f"ravenry is running: open http://127.0.0.1:{port}/" in log.read_text()
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
