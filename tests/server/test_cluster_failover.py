"""Two ``ravenry serve`` processes over one PostgreSQL and Redis (server/cluster.py): the two
people of one game play through different processes, the owner is killed (SIGKILL) mid-game,
the other takes the game over within seconds from the database, no acknowledged move is lost,
the act in flight gets its one answer, and the game's bot and clocks go on."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import psycopg
import pytest
from server_support import free_port, pick, running_server, token_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

pytestmark = pytest.mark.timeout(120)

REDIS_URL = "redis://127.0.0.1:6379/0"
LEASE = 1.5  # seconds: the owner's games are taken over about this long after it dies
TAKEOVER_LIMIT = 15.0  # what "within seconds" is allowed to mean on a loaded machine


def _redis_or_skip() -> None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is not reachable at {REDIS_URL}: {exc}")
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {exc}")


class Player:
    """One person's socket, with what it was last told and every answer it got."""

    def __init__(self, port: int, game_id: str, seat: int, token: str) -> None:
        self.port, self.game_id, self.seat, self.token = port, game_id, seat, token
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws/{game_id}")
        self.ws.send(json.dumps({"t": "hello", "token": token}))
        self.seq = -1
        self.legal: list[dict[str, Any]] | None = None
        self.pending: str | None = None
        self.latest: list[dict[str, Any]] | None = None  # the last frame's legal actions
        self.answers: dict[str, dict[str, Any]] = {}  # cid -> its ack or reject
        self.welcomes: list[dict[str, Any]] = []
        self.evs: list[dict[str, Any]] = []
        self.counter = 0
        self.clocks: dict[str, Any] | None = None
        self.kinds: list[str] = []

    def poll(self, timeout: float = 0.05) -> bool:
        """Read one frame if any comes within ``timeout``."""
        try:
            frame = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return False
        kind = frame["t"]
        self.kinds.append(kind)
        if "clocks" in frame:
            self.clocks = frame["clocks"]
        if kind == "welcome":
            self.welcomes.append(frame)
            self.seq, self.latest = frame["seq"], frame["legal"]
            if self.pending is None:
                self.legal = self.latest
        elif kind == "ev":
            self.evs.append(frame)
            self.seq, self.latest = frame["seq"], frame["legal"]
            if self.pending is None:
                self.legal = self.latest
        elif kind in ("ack", "reject"):
            assert frame["cid"] not in self.answers, f"two answers to {frame['cid']}"
            self.answers[frame["cid"]] = frame
            if frame["cid"] == self.pending:
                # The answer may come after a frame that already shows the state after it: the
                # new owner's welcome after a takeover holds the act in flight. Then that frame's
                # legal actions stand; otherwise wait for the frame of the acked move.
                self.pending = None
                told = kind == "reject" or frame["seq"] <= self.seq
                self.legal = self.latest if told else None
        return True

    def act(self) -> str:
        assert self.legal and self.pending is None
        self.counter += 1
        cid = f"s{self.seat}-{self.counter}"
        action = pick(self.legal, self.counter)
        self.ws.send(json.dumps({"t": "act", "cid": cid, "at": self.seq, "a": action}))
        self.pending = cid
        return cid

    def acked(self) -> dict[str, int]:
        return {cid: a["seq"] for cid, a in self.answers.items() if a["t"] == "ack"}


def _play_until(players: list[Player], done: Any, limit: float = 40.0) -> None:
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time: " + "; ".join(
            f"seat {p.seat} seq {p.seq} legal {bool(p.legal)} pending {p.pending} "
            f"answers {list(p.answers.values())[-2:]} last ev {p.evs[-1:]}"
            for p in players
        )
        for p in players:
            while p.poll(0.02):
                pass
            if done():
                return
            if p.legal and p.pending is None:
                p.act()


def _owner(url: str, game_id: str) -> str:
    with psycopg.connect(url.replace("+psycopg", "")) as db:
        row = db.execute("SELECT node FROM game_owners WHERE game_id = %s", (game_id,)).fetchone()
    assert row is not None
    return str(row[0])


def _stored(url: str, game_id: str) -> dict[int, tuple[int | None, str | None]]:
    with psycopg.connect(url.replace("+psycopg", "")) as db:
        rows = db.execute("SELECT seq, seat, cid FROM actions WHERE game_id = %s", (game_id,)).fetchall()
    return {seq: (seat, cid) for seq, seat, cid in rows}


@contextmanager
def _two_processes_and_a_game(
    postgres_url: str, tmp_path: Path
) -> Iterator[tuple[Any, int, int, dict[str, Any]]]:
    """Processes A and B of one cluster, and a game made on A (so A owns it) of two people and
    a greedy bot with a clock: (A's process, A's port, B's port, the game as made)."""
    extra = ["--cluster-redis", REDIS_URL, "--cluster-lease", str(LEASE), "--bot-workers", "0"]
    extra += ["--bot-delay", "0.05"]
    port_a, port_b = free_port(), free_port()
    with (
        running_server(postgres_url, port_a, tmp_path / "a.log", extra) as proc_a,
        running_server(postgres_url, port_b, tmp_path / "b.log", extra),
    ):
        body = {
            "game": "catan",
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            "options": {"clock": "move:60"},
        }
        created = httpx.post(f"http://127.0.0.1:{port_a}/api/games", json=body, timeout=30).json()
        yield proc_a, port_a, port_b, created


def test_two_processes_one_game_and_the_owner_killed(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _redis_or_skip()
    monkeypatch.setenv("RAVENRY_SECRET", "test-secret")
    with _two_processes_and_a_game(postgres_url, tmp_path) as (proc_a, port_a, port_b, created):
        game_id = created["id"]
        owner_a = _owner(postgres_url, game_id)  # the process that made the game owns it
        tokens = {s["seat"]: token_of(s["invite"]) for s in created["seats"] if s["invite"]}
        on_a = Player(port_a, game_id, 0, tokens[0])  # on the owner
        on_b = Player(port_b, game_id, 1, tokens[1])  # relayed through the other process
        players = [on_a, on_b]

        # Both play through their own process; the bot (seat 2) plays on the owner.
        _play_until(players, lambda: len(on_a.acked()) >= 2 and len(on_b.acked()) >= 2)
        assert on_a.welcomes[0]["seq"] == 0 and on_b.welcomes[0]["seat"] == 1
        assert any(ev["by"] == 2 for ev in on_b.evs), "the bot's moves reach the relayed socket"
        # Seat 1 only ever sees its own view: the relay sent it no other seat's private frames.
        assert all(w["seat"] == 1 for w in on_b.welcomes)
        assert all(f["view"]["viewer"] == 1 for f in [*on_b.welcomes, *on_b.evs])
        # A request that changes the game, sent to the process that does not own it, runs on
        # the owner: every socket hears of it.
        muted = httpx.post(
            f"http://127.0.0.1:{port_b}/api/games/{game_id}/chat/mute",
            json={"spectators": True},
            headers={"Authorization": f"Bearer {created['host_token']}"},
            timeout=30,
        )
        assert muted.status_code == 200 and muted.json() == {"spectators_muted": True}
        _play_until(players, lambda: "chat_mute" in on_a.kinds and "chat_mute" in on_b.kinds)

        # Wait for seat 1 (on B) to decide; send its act and kill the owner at once.
        _play_until(players, lambda: bool(on_b.legal) and on_b.pending is None and on_a.pending is None)
        in_flight = on_b.act()
        os.kill(proc_a.pid, signal.SIGKILL)
        killed_at = time.monotonic()
        acked_before = {**on_a.acked(), **on_b.acked()}

        # The act in flight gets exactly one answer, through the new owner (B took the game).
        while in_flight not in on_b.answers:
            assert time.monotonic() - killed_at < TAKEOVER_LIMIT, "no answer after the owner died"
            on_b.poll(0.2)
        took = time.monotonic() - killed_at
        assert on_b.answers[in_flight]["t"] in ("ack", "reject")
        assert len(on_b.welcomes) >= 2, "the relayed socket got a fresh welcome from the new owner"
        new_owner = _owner(postgres_url, game_id)
        assert new_owner != owner_a

        # No acknowledged move is lost: each is stored at the seq its ack gave, with its cid.
        stored = _stored(postgres_url, game_id)
        for cid, seq in {**acked_before, **on_b.acked()}.items():
            assert stored[seq][1] == cid, f"acked move {cid} (seq {seq}) is not stored"
        assert on_b.welcomes[-1]["seq"] >= max(acked_before.values())

        # Seat 0's socket died with its process; it reconnects through B and plays on.
        with pytest.raises(ConnectionClosed):
            for _ in range(200):
                on_a.poll(0.05)
        counter = on_a.counter
        on_a = Player(port_b, game_id, 0, tokens[0])
        on_a.counter = counter  # new cids: an old one would get its old ack again
        players = [on_a, on_b]
        _play_until(players, lambda: bool(on_a.welcomes))
        welcome = on_a.welcomes[-1]
        assert welcome["seq"] >= max(acked_before.values())

        # Clocks resume: once a person decides (not the bot), that person's deadline runs.
        def person_waits() -> bool:
            seats = (on_a.clocks or {}).get("seats", [])
            return any(s["waiting"] and s["timed"] for s in seats)

        _play_until([on_a], person_waits)
        waiting = [s for s in (on_a.clocks or {})["seats"] if s["waiting"] and s["timed"]]
        assert all(s["deadline"] is not None and s["deadline"] > time.time() for s in waiting)

        # The game goes on: both people act again and the bot moves again, now on B.
        bot_moves = sum(ev["by"] == 2 for ev in on_b.evs)
        acked_a, acked_b = len(on_a.acked()), len(on_b.acked())
        _play_until(
            players,
            lambda: (
                sum(ev["by"] == 2 for ev in on_b.evs) > bot_moves
                and len(on_a.acked()) > acked_a
                and len(on_b.acked()) > acked_b
            ),
        )
        stored = _stored(postgres_url, game_id)
        assert sorted(stored) == list(range(1, len(stored) + 1)), "the stored actions have no gap"
        for p in players:
            p.ws.close()
        print(f"takeover answered the act in flight {took:.1f} s after the kill")


def _muted(url: str, game_id: str) -> bool:
    with psycopg.connect(url.replace("+psycopg", "")) as db:
        row = db.execute("SELECT spectators_muted FROM games WHERE id = %s", (game_id,)).fetchone()
    assert row is not None
    return bool(row[0])


def test_a_paused_owner_that_wakes_up_writes_nothing_into_the_game_it_lost(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner is paused (SIGSTOP) past its lease; the other process takes the game and the host
    mutes the spectators through it. Woken, the old owner is asked to unmute at once, while it may
    still hold the game in memory: either the fence refuses its write (409 "elsewhere", nothing
    stored) or it already knows and the new owner makes the change. The stored game always says
    what the owner said, and play goes on with no gap (migration 0006)."""
    _redis_or_skip()
    monkeypatch.setenv("RAVENRY_SECRET", "test-secret")
    with _two_processes_and_a_game(postgres_url, tmp_path) as (proc_a, port_a, port_b, created):
        game_id = created["id"]
        owner_a = _owner(postgres_url, game_id)
        host = {"Authorization": f"Bearer {created['host_token']}"}
        tokens = {s["seat"]: token_of(s["invite"]) for s in created["seats"] if s["invite"]}
        on_a, on_b = Player(port_a, game_id, 0, tokens[0]), Player(port_b, game_id, 1, tokens[1])
        _play_until([on_a, on_b], lambda: len(on_a.acked()) >= 1 and len(on_b.acked()) >= 1)

        os.kill(proc_a.pid, signal.SIGSTOP)
        try:
            paused_at = time.monotonic()
            while _owner(postgres_url, game_id) == owner_a:
                assert time.monotonic() - paused_at < TAKEOVER_LIMIT, "nobody took the paused owner's game"
                on_b.poll(0.2)
            muted = httpx.post(
                f"http://127.0.0.1:{port_b}/api/games/{game_id}/chat/mute",
                json={"spectators": True},
                headers=host,
                timeout=30,
            )
            assert muted.status_code == 200, muted.text
            assert _muted(postgres_url, game_id)
            # Asked while still paused, so that it reads the request as it wakes, before its
            # heartbeat may have told it that the game is gone.
            with ThreadPoolExecutor(1) as pool:
                later = pool.submit(
                    httpx.post,
                    f"http://127.0.0.1:{port_a}/api/games/{game_id}/chat/mute",
                    json={"spectators": False},
                    headers=host,
                    timeout=30,
                )
                time.sleep(0.5)
                os.kill(proc_a.pid, signal.SIGCONT)
                asked = later.result()
        finally:
            os.kill(proc_a.pid, signal.SIGCONT)
        assert asked.status_code in (200, 409), asked.text
        if asked.status_code == 409:
            assert asked.json()["code"] == "elsewhere"
            assert _muted(postgres_url, game_id), "a refused write changed the stored game"
            print("the woken owner's write was refused by the fence")
        else:
            assert not _muted(postgres_url, game_id)
            _play_until([on_b], lambda: on_b.kinds.count("chat_mute") >= 2, limit=10)
            print("the woken owner knew already: the new owner made the change")
        assert proc_a.poll() is None, "the woken process died"
        assert _owner(postgres_url, game_id) != owner_a

        # The game goes on through the new owner, seat 0 back through it, every stored action in
        # its place.
        on_a.ws.close()
        counter = on_a.counter
        on_a = Player(port_b, game_id, 0, tokens[0])
        on_a.counter = counter + 100  # new cids
        players = [on_a, on_b]
        stored_before = len(_stored(postgres_url, game_id))
        _play_until(players, lambda: len(_stored(postgres_url, game_id)) >= stored_before + 3)
        stored = _stored(postgres_url, game_id)
        assert sorted(stored) == list(range(1, len(stored) + 1)), "the stored actions have no gap"
        for p in players:
            p.ws.close()


def test_an_account_opens_its_seat_through_a_process_that_does_not_play_the_game(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hello by account (``{"t":"hello","seat":N}``, no token) on process B of a game A plays:
    B reads the cookie and relays the seats it keeps with the socket; another account's cookie
    opens no seat."""
    _redis_or_skip()
    monkeypatch.setenv("RAVENRY_SECRET", "test-secret")
    with _two_processes_and_a_game(postgres_url, tmp_path) as (_proc_a, port_a, port_b, created):
        game_id = created["id"]
        invite = {s["seat"]: token_of(s["invite"]) for s in created["seats"] if s["invite"]}
        on_b = f"http://127.0.0.1:{port_b}"
        cookies = {}
        for name in ("Arya", "Sansa"):
            made = httpx.post(
                f"{on_b}/api/accounts", json={"username": name, "password": "correct horse"}, timeout=30
            )
            assert made.status_code == 201, made.text
            cookies[name] = made.cookies["ravenry_session"]
            if name == "Arya":
                claimed = httpx.post(
                    f"{on_b}/api/games/{game_id}/claim",
                    json={"token": invite[1]},
                    headers={"X-CSRF-Token": made.json()["csrf"]},
                    cookies={"ravenry_session": cookies[name]},
                    timeout=30,
                )
                assert claimed.status_code == 200, claimed.text

        def hello_by_account(port: int, cookie: str) -> dict[str, Any]:
            headers = {"Cookie": f"ravenry_session={cookie}"}
            with connect(f"ws://127.0.0.1:{port}/ws/{game_id}", additional_headers=headers) as ws:
                ws.send(json.dumps({"t": "hello", "seat": 1}))
                while True:
                    frame: dict[str, Any] = json.loads(ws.recv(timeout=20))
                    if frame["t"] in ("welcome", "error"):
                        return frame

        assert _owner(postgres_url, game_id) != "" and port_a != port_b
        welcome = hello_by_account(port_b, cookies["Arya"])
        assert welcome["t"] == "welcome" and welcome["seat"] == 1, welcome
        refused = hello_by_account(port_b, cookies["Sansa"])
        assert refused["t"] == "error" and refused["code"] == "unauthorized", refused
