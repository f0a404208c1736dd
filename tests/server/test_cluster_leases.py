"""The parts of several processes that need no second process: the database's fence against a
process that lost a game (leases.py, migration 0004), and rematch invites kept sealed in the
database so that another process answers them (rematches.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from server_support import Viewer, create, token_of, tokens
from starlette.testclient import TestClient

from ravenry.server.app import create_app
from ravenry.server.cluster import with_node
from ravenry.server.rematches import open_sealed, seal
from ravenry.server.storage import ChatRow, GameRow, NotOwner, SeatRow, Storage
from ravenry.server.storage.leases import Leases

pytestmark = pytest.mark.timeout(60)


def _game(game_id: str) -> GameRow:
    return GameRow(
        id=game_id,
        kind="catan",
        players=2,
        config={},
        options={},
        seed=1,
        status="running",
        result=None,
        seq=0,
        host_token_hash="0" * 64,
        created_at=time.time(),
        seats=[SeatRow(0, "bot", "random", "a", None, None), SeatRow(1, "bot", "random", "b", None, None)],
    )


def test_the_fence_refuses_a_process_that_does_not_own_the_game_or_whose_lease_lapsed(
    postgres_url: str,
) -> None:
    plain = Storage(postgres_url)  # one process, no cluster: never fenced
    plain.migrate()
    plain.create_game(_game("g1"))
    plain.append_action("g1", 1, 0, {"type": "x"}, "c1", None)
    a, b = Storage(with_node(postgres_url, "node-a")), Storage(with_node(postgres_url, "node-b"))
    # Every connection says its process, the group-commit writer's own one included (a name it
    # could not pass made every batch fall back to one commit per move).
    assert a._postgres_writer().execute("SHOW ravenry.node").fetchone() == ("node-a",)
    with a.engine.connect() as conn:
        assert conn.exec_driver_sql("SHOW ravenry.node").scalar_one() == "node-a"
    leases = Leases(plain.engine, ttl=0.6)
    try:
        leases.join("node-a")
        leases.join("node-b")
        assert leases.claim("node-a", "g1") == "node-a"
        assert leases.claim("node-b", "g1") == "node-a"  # a live owner keeps its game
        a.append_action("g1", 2, 1, {"type": "x"}, "c2", None)
        with pytest.raises(Exception, match="no longer owns game g1"):
            b.append_action("g1", 3, 0, {"type": "x"}, "c3", None)
        leases.renew("node-b")
        time.sleep(0.8)  # node-a's lease lapses: its writes are refused before anyone takes over
        leases.renew("node-b")
        with pytest.raises(Exception, match="no longer owns game g1"):
            a.append_action("g1", 3, 0, {"type": "x"}, "c3", None)
        assert leases.take_orphans("node-b", 10) == ["g1"]
        b.append_action("g1", 3, 0, {"type": "x"}, "c3", None)
        assert leases.renew("node-a")  # back, but the game is node-b's now
        assert leases.mine("node-a") == set() and leases.mine("node-b") == {"g1"}
        with pytest.raises(Exception, match="no longer owns game g1"):
            a.append_action("g1", 4, 1, {"type": "x"}, "c4", None)
        assert [r.seq for r in plain.actions("g1")] == [1, 2, 3]
        leases.leave("node-b")  # a clean stop: its lease ends now, so node-a may take the game
        assert leases.alive(["node-a", "node-b"]) == {"node-a"}
        assert leases.claim("node-a", "g1") == "node-a"
        leases.forget_dead(0.0)  # node-b is dead and owns nothing now: its row goes
        assert leases.alive(["node-a"]) == {"node-a"}
    finally:
        for storage in (a, b, plain):
            storage.close()


def _writes(storage: Storage, game_id: str) -> dict[str, Callable[[], object]]:
    """Every write a live game's owner makes besides its actions: clock saves, a seat's claim and
    token, the finished state, the spectators' mute, a chat line."""
    return {
        "save_clocks": lambda: storage.save_clocks(game_id, 9, [(0, (None, 30.0, 1, True))]),
        "claim_seat": lambda: storage.claim_seat(game_id, 1),
        "set_token_hash": lambda: storage.set_token_hash(game_id, 0, "f" * 64),
        "mark_finished": lambda: storage.mark_finished(game_id, {"winner": 0}),
        "set_spectators_muted": lambda: storage.set_spectators_muted(game_id, True),
        "add_chat": lambda: storage.add_chat(game_id, ChatRow(1, 0, 0, "a", "hi", time.time())),
    }


def _stored_game(storage: Storage, game_id: str) -> tuple[object, ...]:
    row = storage.get_game(game_id)
    assert row is not None
    return (
        row.status,
        row.result,
        row.spectators_muted,
        row.clock_seq,
        tuple(tuple(vars(s).values()) for s in row.seats),
        storage.chat_count(game_id),
    )


def test_the_fence_guards_every_write_of_a_game_not_only_its_actions(postgres_url: str) -> None:
    """A process whose lease lapsed (as it does when it is paused past ``ttl``) can change nothing
    of the game another process took: each write is refused and the stored game stays as it was;
    the new owner's same writes go through (migration 0006)."""
    plain = Storage(postgres_url)
    plain.migrate()
    plain.create_game(_game("g2"))
    a, b = Storage(with_node(postgres_url, "node-a2")), Storage(with_node(postgres_url, "node-b2"))
    leases = Leases(plain.engine, ttl=0.6)
    try:
        leases.join("node-a2")
        leases.join("node-b2")
        assert leases.claim("node-a2", "g2") == "node-a2"
        for name, write in _writes(b, "g2").items():  # not the owner: refused while a's lease holds
            with pytest.raises(Exception, match="no longer owns game g2"):
                write()
            assert name
        leases.renew("node-a2")  # as its process does, so a loaded machine cannot lapse it here
        a.set_spectators_muted("g2", False)  # the owner writes
        time.sleep(0.8)  # a's lease lapses, as when its process is stopped
        leases.renew("node-b2")
        assert leases.take_orphans("node-b2", 10) == ["g2"]
        before = _stored_game(plain, "g2")
        for name, write in _writes(a, "g2").items():
            with pytest.raises(Exception, match="no longer owns game g2"):
                write()
            assert _stored_game(plain, "g2") == before, f"{name} changed the game after the takeover"
        # Through the event loop's door the refusal is a NotOwner (a 409 "elsewhere" to a request).
        with pytest.raises(NotOwner, match="no longer owns game g2"):
            asyncio.run(a.call(a.set_spectators_muted, "g2", True))
        assert leases.renew("node-a2")  # awake again: still not its game
        for name, write in _writes(a, "g2").items():
            with pytest.raises(Exception, match="no longer owns game g2"):
                write()
            assert _stored_game(plain, "g2") == before, name
        leases.renew("node-b2")  # the new owner keeps its lease up, as its process does
        for write in _writes(b, "g2").values():  # the new owner's writes land
            write()
        after = plain.get_game("g2")
        assert after is not None and after.status == "finished" and after.spectators_muted
        assert plain.chat_count("g2") == 1
        plain.set_spectators_muted("g2", False)  # one process, no cluster: never fenced
    finally:
        for storage in (a, b, plain):
            storage.close()


def test_a_sealed_rematch_opens_only_with_the_secret() -> None:
    seat_tokens = {0: "tok-zero-aaaaaaaaaaaaaaaaaaaaaaaaaaa", 2: "tok-two-bbbbbbbbbbbbbbbbbbbbbbbbbbbb"}
    sealed = seal("secret", "NEW", seat_tokens)
    assert not any(token in str(sealed) for token in seat_tokens.values())
    assert open_sealed("secret", "NEW", sealed) == seat_tokens
    with pytest.raises(ValueError):
        open_sealed("another secret", "NEW", sealed)


def test_a_rematch_made_by_one_process_is_answered_by_another(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    first = create_app(url, bot_delay=0.0, fixed_seed=7, secret="s3")
    second = create_app(url, bot_delay=0.0, fixed_seed=7, secret="s3")
    with TestClient(first) as one:
        created = create(one, "catan", ["human", "bot:random", "human"])
        game_id, host = created["id"], created["host_token"]
        hub = one.app.state.hub  # type: ignore[attr-defined]
        hub.storage.mark_finished(game_id, {"winners": [0]})
        hub.games[game_id].status = "finished"
        made = one.post(f"/api/games/{game_id}/rematch", headers={"Authorization": f"Bearer {host}"})
        assert made.status_code == 201
        invites = {s["seat"]: s["invite"] for s in made.json()["seats"] if s["invite"]}
    # The first process is gone; the second never held the rematch in memory.
    with TestClient(second) as two:
        seat_token = tokens(created)[2]
        asked = two.post(f"/api/games/{game_id}/rematch", headers={"Authorization": f"Bearer {seat_token}"})
        assert asked.status_code == 201
        answer = asked.json()
        assert answer["id"] == made.json()["id"]  # the same rematch, not a second one
        shown = {s["seat"]: s["invite"] for s in answer["seats"] if s["invite"]}
        assert shown == {2: invites[2]}  # a seat sees only its own invite
        with two.websocket_connect(f"/ws/{game_id}") as ws:
            welcome = Viewer(ws, 0).hello(tokens(created)[0])
            assert welcome["rematch"]["invite"] == invites[0]
        with two.websocket_connect(f"/ws/{answer['id']}") as ws:
            assert Viewer(ws, 2).hello(token_of(invites[2]))["seat"] == 2
