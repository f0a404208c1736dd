"""The server on the open internet (issue 14): hostile input, clients that reconnect to get round
per-connection limits, games made without end, cross-site posts, control characters, chat floods,
rematches asked for too early, options outside their specification. Each test sets the limits it
checks (the other server tests run with every limit off)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from conftest import TEST_LIMITS
from server_support import Viewer, create, tokens
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ravenry.server.app import create_app
from ravenry.server.limits import Limits

pytestmark = pytest.mark.timeout(60)

NO_LIMITS = TEST_LIMITS


@contextmanager
def server(database_url: str, **limits: Any) -> Iterator[TestClient]:
    settings = Limits(**{**NO_LIMITS.__dict__, **limits})
    with TestClient(create_app(database_url, bot_delay=0.0, limits=settings)) as client:
        yield client


def answers(viewer: Viewer, count: int) -> list[dict[str, Any]]:
    return [viewer.recv_until("pong", "reject", "ack", "error") for _ in range(count)]


# -- hostile messages ---------------------------------------------------------------------------
def test_a_deeply_nested_message_gets_a_reject_and_the_socket_stays_open(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    created = create(client, "catan", ["human", "bot:random", "bot:random"])
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        viewer = Viewer(ws, 0)
        viewer.hello(tokens(created)[0])
        nested = "[" * 5000 + "]" * 5000
        with caplog.at_level(logging.ERROR, logger="ravenry.server"):
            ws.send_text('{"t":"act","cid":"deep","a":{"a":' + nested + "}}")
            answer = viewer.recv_until("reject", "error")
            assert answer["t"] == "reject" and answer["code"] == "bad_message", answer
            viewer.send({"t": "ping"})
            assert viewer.recv_until("pong", "error")["t"] == "pong"
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# -- per-address limits -------------------------------------------------------------------------
def test_reconnecting_does_not_reset_the_message_rate_of_an_address(database_url: str) -> None:
    with server(database_url, rate=1000, address_rate=5) as client:
        created = create(client, "catan", ["human", "bot:random", "bot:random"])
        started = time.monotonic()
        served = 0
        for _ in range(5):
            with client.websocket_connect(f"/ws/{created['id']}") as ws:
                viewer = Viewer(ws, 0)
                assert viewer.hello(None)["t"] == "welcome"
                for _ in range(10):
                    viewer.send({"t": "ping"})
                served += sum(a["t"] == "pong" for a in answers(viewer, 10))
        elapsed = time.monotonic() - started
        # A bucket of 5 (and 5 a second more): far fewer than the 50 pings sent.
        assert served <= 5 + 5 * elapsed + 1, (served, elapsed)


def test_a_flood_is_refused_cheaply_and_its_address_kept_out_for_a_while(database_url: str) -> None:
    """A socket that keeps sending past its rate gets one reject per act (its cid read without
    parsing, the text as any reject's), then is closed; its address's next sockets are refused
    before the handshake until the cooldown has passed."""
    with server(database_url, rate=5, address_rate=0, flood_cooldown=0.6) as client:
        game_id = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            flooder = Viewer(ws, None)
            assert flooder.hello(None)["t"] == "welcome"
            for n in range(80):
                flooder.send({"t": "act", "cid": f"f{n}", "at": 0, "a": {"type": "end_turn"}})
            closing = flooder.recv_until("error")
        assert closing["code"] == "rate_limited" and "closing" in closing["reason"]
        refused = [f for f in flooder.frames if f["t"] == "reject" and f["code"] == "rate_limited"]
        assert len(refused) >= 30
        # each refused act named by its own cid, in the order sent
        numbers = [int(f["cid"][1:]) for f in refused]
        assert numbers == sorted(set(numbers)) and numbers[0] > 0 and numbers[-1] < 80
        assert all(set(f) == {"t", "cid", "code", "reason", "seq"} and f["seq"] == 0 for f in refused)
        assert "at most 5 messages a second per socket" in refused[0]["reason"]
        with pytest.raises(WebSocketDisconnect) as kept_out, client.websocket_connect(f"/ws/{game_id}"):
            pass
        assert kept_out.value.code == 1008
        time.sleep(0.7)  # the cooldown is over
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            assert Viewer(ws, None).hello(None)["t"] == "welcome"


def test_an_address_may_hold_only_so_many_sockets_and_open_them_only_so_fast(database_url: str) -> None:
    with server(database_url, connections_per_address=2) as client:
        game_id = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
        with client.websocket_connect(f"/ws/{game_id}") as a, client.websocket_connect(f"/ws/{game_id}") as b:
            assert Viewer(a, None).hello(None)["t"] == "welcome"
            assert Viewer(b, None).hello(None)["t"] == "welcome"
            with client.websocket_connect(f"/ws/{game_id}") as c:
                refused = Viewer(c, None).recv()
                assert refused["t"] == "error" and refused["code"] == "too_many_connections"
        with client.websocket_connect(f"/ws/{game_id}") as again:  # the others are closed now
            assert Viewer(again, None).hello(None)["t"] == "welcome"
    with server(database_url, connects_per_minute=3) as client:
        game_id = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
        for _ in range(3):
            with client.websocket_connect(f"/ws/{game_id}") as ws:
                assert Viewer(ws, None).hello(None)["t"] == "welcome"
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            refused = Viewer(ws, None).recv()
            assert refused["t"] == "error" and refused["code"] == "rate_limited"


def test_presence_is_sent_once_for_a_burst_of_reconnects_and_not_for_spectators(database_url: str) -> None:
    with server(database_url, presence_delay=0.3) as client:
        created = create(client, "catan", ["human", "human", "bot:random"])
        seat_tokens = tokens(created)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            watcher = Viewer(ws, 0)
            watcher.hello(seat_tokens[0])
            time.sleep(0.5)
            for _ in range(5):
                with client.websocket_connect(f"/ws/{created['id']}") as other:
                    Viewer(other, 1).hello(seat_tokens[1])
                with client.websocket_connect(f"/ws/{created['id']}") as spectator:
                    Viewer(spectator, None).hello(None)
            time.sleep(0.6)
            watcher.send({"t": "ping"})
            watcher.recv_until("pong")
        presences = [f for f in watcher.frames if f["t"] == "presence"]
        # The watcher's own arrival, and at most one for the whole burst (which ends where it began).
        assert len(presences) <= 2, presences


# -- creating games -----------------------------------------------------------------------------
def test_an_address_may_create_only_so_many_games(database_url: str) -> None:
    with server(database_url, creates_per_hour=30) as client:  # bursts of 5
        body = {"game": "catan", "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}
        statuses = [client.post("/api/games", json=body).status_code for _ in range(7)]
        assert statuses[:5] == [201] * 5
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"


def test_cross_site_form_posts_are_refused(client: TestClient) -> None:
    body = '{"game": "catan", "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}'
    as_form = client.post("/api/games", content=body, headers={"content-type": "text/plain"})
    assert as_form.status_code == 415 and as_form.json()["code"] == "bad_content_type"
    elsewhere = client.post(
        "/api/games",
        content=body,
        headers={"content-type": "application/json", "origin": "https://evil.example"},
    )
    assert elsewhere.status_code == 403 and elsewhere.json()["code"] == "cross_site"
    same = client.post(
        "/api/games",
        content=body,
        headers={"content-type": "application/json", "origin": "http://testserver"},
    )
    assert same.status_code == 201
    assert len(client.get("/api/games").json()["games"]) == 1


def test_games_nobody_came_to_expire_and_are_not_restored(database_url: str) -> None:
    # The watcher is on the waiting game before anything else happens: with the other game made
    # first, a loaded machine once took longer than the TTL, and the game expired before the hello.
    ttl = 2.0
    with server(database_url, open_game_ttl=ttl) as client:
        waiting = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
        with client.websocket_connect(f"/ws/{waiting}") as watching:
            watcher = Viewer(watching, None)
            assert watcher.hello(None)["t"] == "welcome"
            started = create(client, "catan", ["human", "bot:random", "bot:random"])
            with client.websocket_connect(f"/ws/{started['id']}") as ws:
                Viewer(ws, 0).hello(tokens(started)[0])
            # the sweeper (every TTL / 4) deletes the waiting game and tells whoever watches it
            assert watcher.recv_until("error")["code"] == "not_found"
        assert client.get(f"/api/games/{waiting}").status_code == 404
        assert client.get(f"/api/games/{started['id']}").json()["status"] == "running"
        late = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
    time.sleep(ttl + 0.2)
    with server(database_url, open_game_ttl=ttl) as client:  # expired while the server was down
        assert client.get(f"/api/games/{late}").status_code == 404
        assert client.app.state.hub.games.keys() == {started["id"]}  # type: ignore[attr-defined]


# -- names, logs --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Ann\x00", "line\nbreak", "bell\x07", "rtl\u202eoverride"])
def test_control_characters_in_a_name_are_refused_on_sqlite(client: TestClient, name: str) -> None:
    body = {"game": "catan", "seats": [{"kind": "human", "name": name}, {"kind": "bot"}, {"kind": "bot"}]}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 422 and refused.json()["code"] == "bad_request", refused.text
    assert "name" in refused.json()["reason"]


def test_control_characters_are_refused_on_postgresql_and_no_parameter_is_logged(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(postgres_url, bot_delay=0.0, limits=NO_LIMITS)
    with TestClient(app) as client, caplog.at_level(logging.DEBUG):
        body = {
            "game": "catan",
            "seats": [{"kind": "human", "name": "N\x00L"}, {"kind": "bot"}, {"kind": "bot"}],
        }
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 422, refused.text
        storage = app.state.hub.storage
        created = create(client, "catan", ["human", "bot:random", "bot:random"])
        marker = "secret-marker-7f3a"
        storage.append_action(created["id"], 1, 0, {"type": marker}, None, None)
        with pytest.raises(Exception) as failure:  # the same seq again: refused by the database
            storage.append_action(created["id"], 1, 0, {"type": marker}, None, None)
    assert marker not in str(failure.value)
    assert storage.engine.hide_parameters


# -- chat, rematch ------------------------------------------------------------------------------
def test_spectator_chat_is_bounded_per_game_and_per_address(database_url: str) -> None:
    with server(database_url, spectator_chat_per_minute=12) as client:  # bursts of 3
        game_id = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            spectator = Viewer(ws, None)
            spectator.hello(None)
            for n in range(5):
                spectator.send({"t": "chat", "text": f"hi {n}"})
            spectator.send({"t": "ping"})
            spectator.recv_until("pong")
        said = [f for f in spectator.frames if f["t"] == "chat"]
        refused = [f for f in spectator.frames if f["t"] == "reject" and f["code"] == "rate_limited"]
        assert len(said) == 3 and len(refused) == 2
    with server(database_url, chat_per_minute=8) as client:  # bursts of 2
        created = create(client, "catan", ["human", "bot:random", "bot:random"])
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            seat = Viewer(ws, 0)
            seat.hello(tokens(created)[0])
            for n in range(4):
                seat.send({"t": "chat", "text": f"gl {n}"})
            seat.send({"t": "ping"})
            seat.recv_until("pong")
        assert sum(f["t"] == "chat" for f in seat.frames) == 2


def test_a_rematch_waits_for_the_end_and_gives_each_seat_only_its_own_invite(client: TestClient) -> None:
    created = create(client, "catan", ["human", "bot:random", "human"])
    game_id, seat_tokens = created["id"], tokens(created)
    url = f"/api/games/{game_id}/rematch"
    early = client.post(url, headers={"Authorization": f"Bearer {seat_tokens[0]}"})
    assert early.status_code == 409 and early.json()["code"] == "running"
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[game_id]
    hub.storage.mark_finished(game_id, {"winners": [0]})  # the end of the game, without playing it
    live.status = "finished"
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        other = Viewer(ws, 2)
        other.hello(seat_tokens[2])
        by_seat = client.post(url, headers={"Authorization": f"Bearer {seat_tokens[0]}"})
        assert by_seat.status_code == 201
        again = by_seat.json()
        assert "host_token" not in again
        assert [s["invite"] is not None for s in again["seats"]] == [True, False, False]
        told = other.recv_until("rematch")
        assert told["game"] == again["id"] and told["invite"].startswith(f"/play/{again['id']}#seat=2&")
    by_host = client.post(url, headers={"Authorization": f"Bearer {created['host_token']}"})
    assert by_host.status_code == 201 and by_host.json()["id"] == again["id"]  # one rematch per game
    assert [s["invite"] is not None for s in by_host.json()["seats"]] == [True, False, True]
    with client.websocket_connect(f"/ws/{game_id}") as ws:  # told again on a later hello
        assert Viewer(ws, 2).hello(seat_tokens[2])["rematch"]["game"] == again["id"]


# -- headers and origins ------------------------------------------------------------------------
def test_pages_and_answers_carry_security_headers(client: TestClient) -> None:
    for path in ("/", "/play/x", "/api/meta", "/static/js/lobby.js"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "unsafe-inline" not in csp
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_websocket_from_another_origin_is_refused(database_url: str) -> None:
    with server(database_url, public_origin="https://ravenry.example") as client:
        game_id = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
        with client.websocket_connect(f"/ws/{game_id}", headers={"origin": "https://evil.example"}) as ws:
            refused = Viewer(ws, None).recv()
            assert refused["t"] == "error" and refused["code"] == "forbidden_origin"
        with client.websocket_connect(f"/ws/{game_id}", headers={"origin": "https://ravenry.example"}) as ws:
            assert Viewer(ws, None).hello(None)["t"] == "welcome"
        posted = client.post(
            "/api/games",
            json={"game": "catan", "seats": [{"kind": "bot"}] * 3},
            headers={"origin": "http://testserver"},  # not the public address
        )
        assert posted.status_code == 403
    unchecked = server(database_url, public_origin="https://ravenry.example", check_origin=False)
    with (
        unchecked as client,
        client.websocket_connect(f"/ws/{game_id}", headers={"origin": "https://evil.example"}) as ws,
    ):
        assert Viewer(ws, None).hello(None)["t"] == "welcome"


def test_without_a_public_origin_a_websocket_must_come_from_the_host_it_was_sent_to(
    database_url: str,
) -> None:
    """As POSTs are checked against Host when no --public-origin is set, so are WebSockets: a
    page of another site may not open a seat's socket (the TestClient's Host is testserver)."""
    with server(database_url) as client:
        game_id = create(client, "catan", ["human", "bot:random", "bot:random"])["id"]
        with client.websocket_connect(f"/ws/{game_id}", headers={"origin": "https://evil.example"}) as ws:
            refused = Viewer(ws, None).recv()
            assert refused["t"] == "error" and refused["code"] == "forbidden_origin"
        with client.websocket_connect(f"/ws/{game_id}", headers={"origin": "http://testserver"}) as ws:
            assert Viewer(ws, None).hello(None)["t"] == "welcome"
        with client.websocket_connect(f"/ws/{game_id}") as ws:  # no Origin: not a browser's page
            assert Viewer(ws, None).hello(None)["t"] == "welcome"


# -- options ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seats", "options", "code", "named"),
    [
        ([{"kind": "bot", "bot": "random:offers=maybe"}], {}, "bad_bot", "offers"),
        ([{"kind": "bot", "bot": "random:offer_rate=x"}], {}, "bad_bot", "offer_rate"),
        ([{"kind": "bot", "bot": "random:zzz=1"}], {}, "bad_bot", "zzz"),
        ([{"kind": "bot", "bot": "random:offer_cards=2.5"}], {}, "bad_bot", "offer_cards"),
        ([], {"players": 3}, "bad_options", "players"),
        ([], {"seed": 3}, "bad_options", "seed"),
        ([], {"board": "moon"}, "bad_options", "board"),
        ([], {"shortage_exception": "maybe"}, "bad_options", "shortage_exception"),
    ],
)
def test_options_are_checked_by_their_specification(
    client: TestClient, seats: list[dict[str, Any]], options: dict[str, Any], code: str, named: str
) -> None:
    body = {"game": "catan", "seats": seats + [{"kind": "bot"}] * (3 - len(seats)), "options": options}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 400, refused.text
    answer = refused.json()
    assert answer["code"] == code and named in answer["reason"], answer
    for internal in ("()", "keyword argument", "__init__", "make_config", "not supported between"):
        assert internal not in answer["reason"], answer
    assert client.get("/api/games").json()["games"] == []
