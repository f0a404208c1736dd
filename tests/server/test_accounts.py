"""Optional accounts (issue 31 §1; server/accounts.py, account_routes.py, account_store.py):
sign-up and sign-in set an HttpOnly, SameSite=Lax session cookie made anew at each sign-in;
every change made with it needs the session's CSRF token; "no such user" and "wrong password"
are one answer, each checked against an Argon2 hash; attempts are limited per address and per
name; a password change and "sign out everywhere" end the other sessions; a deleted account
frees its name. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pytest
from account_support import PASSWORD, as_session, delete_account, server, sign_in, sign_up
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import Viewer, create, tokens
from starlette.testclient import TestClient

from ravenry.server.accounts import COOKIE, Passwords, username_key

pytestmark = pytest.mark.timeout(120)


def _signed_out(client: TestClient) -> bool:
    answer = client.get("/api/me")
    return answer.status_code == 200 and answer.json() == {"username": None, "csrf": None}


def test_sign_up_sign_in_and_the_cookie(any_database: str) -> None:
    with server(any_database) as client:
        made = sign_up(client)
        assert made.status_code == 201, made.text
        assert made.json()["username"] == "Arya" and made.json()["csrf"]
        cookie = made.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert "Secure" not in cookie  # plain http here; see the https test below
        assert client.get("/api/me").json()["username"] == "Arya"
        # The name is one whatever its case.
        assert sign_up(client, "arya").status_code == 409
        # A new session at each sign-in: a cookie planted before it is not the one after.
        as_session(client, "planted-by-someone-else")
        signed = sign_in(client, "ARYA")
        assert signed.status_code == 200
        fresh = signed.cookies.get(COOKIE)
        assert fresh and fresh != "planted-by-someone-else" and fresh not in made.headers["set-cookie"]
        as_session(client, fresh)
        assert client.get("/api/me").json() == {"username": "Arya", "csrf": signed.json()["csrf"]}
        # Without the cookie: nobody.
        client.cookies.clear()
        assert _signed_out(client)


def test_the_cookie_is_secure_behind_https(database_url: str) -> None:
    with server(database_url, public_origin="https://ravenry.example.org", check_origin=False) as client:
        assert "Secure" in sign_up(client).headers["set-cookie"]


def test_no_such_user_and_a_wrong_password_are_one_answer_each_checked_by_argon2(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[str | None] = []
    verify = Passwords.verify

    def counted(self: Passwords, password_hash: str | None, password: str) -> bool:
        checked.append(password_hash)
        return verify(self, password_hash, password)

    monkeypatch.setattr(Passwords, "verify", counted)
    with server(database_url) as client:
        sign_up(client)
        client.cookies.clear()
        wrong = sign_in(client, "Arya", "not the password")
        nobody = sign_in(client, "Sansa", "not the password")
        invalid = sign_in(client, "no spaces allowed!", "not the password")
    assert wrong.status_code == nobody.status_code == invalid.status_code == 401
    assert wrong.json() == nobody.json() == invalid.json()
    assert "set-cookie" not in wrong.headers and "set-cookie" not in nobody.headers
    # Each did the same work: one Argon2 check (the stand-in's for names nobody has).
    assert len(checked) == 3 and checked[0] is not None and checked[1] is None and checked[2] is None


def test_changes_need_the_csrf_token_and_the_same_site(any_database: str) -> None:
    with server(any_database) as client:
        csrf = sign_up(client).json()["csrf"]
        refused = client.request("DELETE", "/api/session")
        assert refused.status_code == 403 and refused.json()["code"] == "csrf"
        wrong = client.request("DELETE", "/api/session", headers={"X-CSRF-Token": "guess"})
        assert wrong.status_code == 403
        other_site = client.request(
            "DELETE", "/api/session", headers={"X-CSRF-Token": csrf, "Origin": "https://evil.example"}
        )
        assert other_site.status_code == 403 and other_site.json()["code"] == "cross_site"
        form = client.post("/api/session", content=b"username=Arya", headers={"Content-Type": "text/plain"})
        assert form.status_code == 415
        assert client.get("/api/me").status_code == 200  # none of those signed out
        out = client.request("DELETE", "/api/session", headers={"X-CSRF-Token": csrf})
        assert out.status_code == 204
        assert _signed_out(client)


def test_sign_in_attempts_are_limited_per_address_and_per_name(database_url: str) -> None:
    with server(database_url, sign_ins_per_minute=4) as client:
        answers = [sign_in(client, "Nobody", "guess-guess").status_code for _ in range(6)]
        assert answers[:4] == [401] * 4 and answers[4:] == [429, 429]
    with server(database_url, sign_ins_per_account=8) as client:  # bursts of 2 for one name
        sign_up(client)
        client.cookies.clear()
        answers = [sign_in(client, "Arya", "guess-guess").status_code for _ in range(3)]
        assert answers == [401, 401, 429]
        # The right password too waits: the limit says nothing of whether a guess was right.
        assert sign_in(client).status_code == 429
        assert sign_in(client, "Sansa", "guess-guess").status_code == 401  # another name is not held up


def test_a_new_password_ends_the_other_sessions_and_sign_out_everywhere_ends_all(any_database: str) -> None:
    with server(any_database) as phone, server(any_database) as laptop:
        csrf = sign_up(phone).json()["csrf"]
        assert sign_in(laptop).status_code == 200
        bad = phone.post(
            "/api/me/password",
            json={"password": "not it at all", "new_password": "a brand new one"},
            headers={"X-CSRF-Token": csrf},
        )
        assert bad.status_code == 403
        short = phone.post(
            "/api/me/password",
            json={"password": PASSWORD, "new_password": "short"},
            headers={"X-CSRF-Token": csrf},
        )
        assert short.status_code == 422 and short.json()["code"] == "bad_password"
        changed = phone.post(
            "/api/me/password",
            json={"password": PASSWORD, "new_password": "a brand new one"},
            headers={"X-CSRF-Token": csrf},
        )
        assert changed.status_code == 200
        assert phone.get("/api/me").status_code == 200  # this session goes on
        assert _signed_out(laptop)  # the other ended
        assert sign_in(laptop).status_code == 401
        assert sign_in(laptop, password="a brand new one").status_code == 200
        everywhere = phone.request("DELETE", "/api/me/sessions", headers={"X-CSRF-Token": csrf})
        assert everywhere.status_code == 204
        assert _signed_out(phone) and _signed_out(laptop)


def test_a_deleted_account_frees_its_name(any_database: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with server(any_database) as client:
        csrf = sign_up(client).json()["csrf"]
        keep = delete_account(client, csrf, "wrong one!")
        assert keep.status_code == 403
        gone = delete_account(client, csrf, PASSWORD)
        assert gone.status_code == 204
        assert _signed_out(client)
        assert sign_in(client).status_code == 401
        assert sign_up(client, "arya", "another password").status_code == 201
    assert PASSWORD not in caplog.text and "argon2" not in caplog.text


def test_a_deleted_accounts_seats_read_deleted_player(any_database: str) -> None:
    """Deleting an account keeps its games: its seat, and its lines of chat, read "deleted player"
    in the lobby, in the live game (its viewers are told at once), in the replay and after a
    restart; the name typed for the seat is not shown again."""
    with server(any_database) as client:
        created = create(client, "catan", ["human", "human", "bot:random"])
        game_id, invite = created["id"], tokens(created)
        csrf = sign_up(client).json()["csrf"]
        claim = f"/api/games/{game_id}/claim"
        assert (
            client.post(claim, json={"token": invite[0]}, headers={"X-CSRF-Token": csrf}).status_code == 200
        )
        url = f"/ws/{game_id}"
        with client.websocket_connect(url) as ws, client.websocket_connect(url) as other:
            arya, sansa = Viewer(ws, 0), Viewer(other, 1)
            arya.hello(invite[0])
            sansa.hello(invite[1])
            arya.send({"t": "chat", "text": "winter is coming"})
            assert sansa.recv_until("chat")["name"] == "Player 1"
            gone = delete_account(client, csrf, PASSWORD)
            assert gone.status_code == 204
            # Told at once (a presence frame from before, of the connections, may come first).
            names = [s["name"] for s in sansa.recv_until("presence")["seats"]]
            if names[0] != "deleted player":
                names = [s["name"] for s in sansa.recv_until("presence")["seats"]]
            assert names[:2] == ["deleted player", "Player 2"]
        summary = client.get(f"/api/games/{game_id}").json()
        assert [s["name"] for s in summary["seats"]][:2] == ["deleted player", "Player 2"]
        with client.websocket_connect(url) as ws:
            welcome = Viewer(ws, 1).hello(invite[1])
        assert [line["name"] for line in welcome["chat"]] == ["deleted player"]
        assert "Player 1" not in json.dumps(welcome)
    with server(any_database) as client:  # a restart: the game is read from storage
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            welcome = Viewer(ws, 1).hello(invite[1])
        assert [s["name"] for s in welcome["seats"]][:2] == ["deleted player", "Player 2"]
        assert [line["name"] for line in welcome["chat"]] == ["deleted player"]


def _people_decide(client: TestClient, game_id: str, token: str) -> list[int]:
    """Who decides once the bot (seat 2) has played up to a person's decision."""
    for _ in range(100):
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            players: list[int] = Viewer(ws, 0).hello(token)["view"]["decision"]["players"]
        if 2 not in players:
            return players
        time.sleep(0.02)
    raise AssertionError("the bot never came to a person's decision")


def test_a_claimed_seat_opens_on_two_browsers_and_is_refused_to_another_account(any_database: str) -> None:
    with server(any_database) as client:
        created = create(client, "catan", ["human", "human", "bot:random"])
        game_id, invite = created["id"], tokens(created)
        made = sign_up(client)
        arya_csrf, arya = made.json()["csrf"], made.cookies[COOKIE]
        laptop = sign_in(client).cookies[COOKIE]  # a second browser, its own session
        as_session(client, arya)
        claim = f"/api/games/{game_id}/claim"
        wrong = client.post(claim, json={"token": "not-an-invite"}, headers={"X-CSRF-Token": arya_csrf})
        assert wrong.status_code == 403
        assert client.post(claim, json={"token": invite[0]}).status_code == 403  # no CSRF token
        took = client.post(claim, json={"token": invite[0]}, headers={"X-CSRF-Token": arya_csrf})
        assert took.status_code == 200 and took.json() == {"game": game_id, "seat": 0}
        again = client.post(claim, json={"token": invite[0]}, headers={"X-CSRF-Token": arya_csrf})
        assert again.status_code == 200

        # Another account may not take it, but may take its own seat.
        client.cookies.clear()
        made = sign_up(client, "Sansa")
        sansa_csrf, sansa = made.json()["csrf"], made.cookies[COOKIE]
        taken = client.post(claim, json={"token": invite[0]}, headers={"X-CSRF-Token": sansa_csrf})
        assert taken.status_code == 409 and taken.json()["code"] == "claimed"
        assert (
            client.post(claim, json={"token": invite[1]}, headers={"X-CSRF-Token": sansa_csrf}).json()["seat"]
            == 1
        )

        # Seat 1 comes by its invite, so the game runs.
        url = f"/ws/{game_id}"
        with client.websocket_connect(url) as ws:
            Viewer(ws, 1).hello(invite[1])
        # Seat 0 on two browsers at once, each by its own session and no token.
        with (
            client.websocket_connect(url, headers={"cookie": f"{COOKIE}={arya}"}) as one,
            client.websocket_connect(url, headers={"cookie": f"{COOKIE}={laptop}"}) as two,
        ):
            first, second = Viewer(one, None), Viewer(two, None)
            first.send({"t": "hello", "seat": 0})
            second.send({"t": "hello", "seat": 0})
            welcome = first.recv_until("welcome", "error")
            assert welcome["t"] == "welcome" and welcome["seat"] == 0
            assert second.recv_until("welcome", "error")["seat"] == 0
        deciding = _people_decide(client, game_id, invite[0])
        # Sansa's session does not open Arya's seat; nor does no session.
        for cookie in (f"{COOKIE}={sansa}", ""):
            with client.websocket_connect(url, headers={"cookie": cookie} if cookie else {}) as ws:
                viewer = Viewer(ws, None)
                viewer.send({"t": "hello", "seat": 0})
                refused = viewer.recv_until("welcome", "error")
                assert refused["t"] == "error" and refused["code"] == "unauthorized"

        # "Your games": 401 without a session; Arya's game, with whether it waits for her.
        client.cookies.clear()
        assert client.get("/api/me/games").status_code == 401
        as_session(client, arya)
        mine = client.get("/api/me/games").json()["games"]
        assert [(g["id"], g["seat"], g["game"]) for g in mine] == [(game_id, 0, "catan")]
        assert mine[0]["your_turn"] == (0 in deciding) and mine[0]["play"] == f"/play/{game_id}"


def test_your_games_puts_the_games_waiting_for_you_first(database_url: str) -> None:
    with server(database_url) as client:
        csrf = sign_up(client).json()["csrf"]
        waiting, other = None, None
        # Games of two people and a bot (seat 0 ours): one where seat 0 decides, one where seat 1 does.
        for _ in range(12):
            created = create(client, "catan", ["human", "human", "bot:random"])
            game_id, invite = created["id"], tokens(created)
            client.post(
                f"/api/games/{game_id}/claim", json={"token": invite[0]}, headers={"X-CSRF-Token": csrf}
            )
            with (
                client.websocket_connect(f"/ws/{game_id}") as a,
                client.websocket_connect(f"/ws/{game_id}") as b,
            ):
                Viewer(a, 0).hello(invite[0])
                Viewer(b, 1).hello(invite[1])
            players = _people_decide(client, game_id, invite[0])
            if 0 in players and waiting is None:
                waiting = game_id
            elif 0 not in players and other is None:
                other = game_id
            if waiting and other:
                break
        assert waiting and other, "no game of each kind in 12"
        mine = client.get("/api/me/games").json()["games"]
        ids = [g["id"] for g in mine]
        assert ids.index(waiting) < ids.index(other), (waiting, other, mine)
        assert mine[0]["your_turn"] and not next(g for g in mine if g["id"] == other)["your_turn"]


def test_names_and_passwords_are_checked() -> None:
    assert username_key("Arya") == "arya" and username_key("ＡＲＹＡ") == "arya"  # full-width folds
    for bad in ("ab", "x" * 33, "has space", "semi;colon", ""):
        assert username_key(bad) is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.one_of(
        st.dictionaries(
            st.sampled_from(["username", "password", "x"]), st.one_of(st.text(max_size=80), st.integers())
        ),
        st.text(max_size=60),
        st.lists(st.integers(), max_size=3),
    )
)
def test_any_body_gets_a_4xx_with_a_reason(database_url: str, body: Any) -> None:
    with server(database_url) as client:
        for path in ("/api/session", "/api/accounts"):
            answer = client.post(path, content=json.dumps(body), headers={"Content-Type": "application/json"})
            # 201/200: a valid name and password (signed up, then in: the database is kept
            # between examples); anything else a 4xx with a reason, never a 5xx.
            assert 400 <= answer.status_code < 500 or answer.status_code in (200, 201), answer.text
            if answer.status_code >= 400:
                assert answer.json()["reason"]
