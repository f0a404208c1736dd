"""Turn alerts with the tab closed (issue 31 §3; server/alerts/), into local sinks only: an SMTP
server (aiosmtpd) and HTTP receivers on 127.0.0.1 for the webhook and a push service faked at
the HTTP level (its notifications decrypted with the test device's own key).

One alert per wait by each channel (not per action of one turn); none while the seat's page is
visible; none for bots; a slow game's reminder once, at a quarter of the time; retries with
backoff on a failing receiver, then a failure logged by scheme and host only; never a token or
hidden information; bad input a 4xx with a reason; one-click unsubscribe; once per wait across a
restart (the ``sent_alerts`` row), with the same VAPID keys."""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from account_support import PASSWORD
from alert_sinks import MailSink, device, http_sink, smtp_sink, wait_for
from conftest import FIXED_SEED, TEST_LIMITS
from server_support import Viewer, create, pick, store_game, tokens
from sqlalchemy import select
from starlette.testclient import TestClient

from ravenry.core.registry import get_game
from ravenry.server.account_store import AccountStore as Accounts
from ravenry.server.accounts import COOKIE
from ravenry.server.alerts.config import AlertSettings, parse_smtp_url, safe_url
from ravenry.server.alerts.store import (
    AlertPrefs,
    AlertStore,
    PushTarget,
    Targets,
    alert_prefs_table,
    push_subscriptions_table,
)
from ravenry.server.alerts.text import alert_for, phase_label, time_left
from ravenry.server.app import create_app
from ravenry.server.clocks import ManualClock
from ravenry.server.storage import Storage

pytestmark = pytest.mark.timeout(120)

GRACE = 0.25
HOOK_PATH = "/hook/the-secret-part-of-the-url"
PUSH_PATH = "/push/the-device-secret"


@contextmanager
def server(
    database_url: str, smtp: MailSink | None = None, wall: ManualClock | None = None, **settings: Any
) -> Iterator[TestClient]:
    alerts = AlertSettings(
        grace=GRACE, attempts=3, backoff=0.05, timeout=5, private_webhooks=True, **settings
    )
    limits = dataclasses.replace(TEST_LIMITS, sign_ins_per_minute=0, sign_ins_per_account=0)
    app = create_app(
        database_url,
        bot_delay=0.0,
        fixed_seed=FIXED_SEED,
        limits=limits,
        wall=wall,
        alerts=alerts,
        smtp_url=None if smtp is None else smtp.url,
    )
    with TestClient(app) as client:
        yield client


def drain(client: TestClient) -> None:
    """Past the grace, and every alert handed to the worker delivered (or given up)."""
    time.sleep(GRACE * 3)
    client.app.state.alerts.worker.drain()  # type: ignore[attr-defined]


class Table:
    """A Catan game of one person (seat 0) and two bots, its person on one socket."""

    def __init__(self, client: TestClient, **options: Any) -> None:
        self.client = client
        self.created = create(client, "catan", ["human", "bot:random", "bot:random"], **options)
        self.id: str = self.created["id"]
        self.token = tokens(self.created)[0]
        self.host = self.created["host_token"]

    def set_webhook(self, url: str | None) -> Any:
        return self.client.post(
            f"/api/games/{self.id}/webhook",
            json={"url": url},
            headers={"Authorization": f"Bearer {self.host}"},
        )


def until_mine(me: Viewer) -> None:
    """Read frames until seat 0 decides (the bots play meanwhile)."""
    while not me.legal:
        me.recv_until("ev")


def hide(me: Viewer) -> None:
    me.send({"t": "visibility", "visible": False})
    me.send({"t": "ping"})
    me.recv_until("pong")  # the socket has read the visibility before this


def sign_up_and_keep(client: TestClient, table: Table) -> str:
    made = client.post("/api/accounts", json={"username": "Arya", "password": PASSWORD})
    assert made.status_code == 201, made.text
    csrf: str = made.json()["csrf"]
    kept = client.post(
        f"/api/games/{table.id}/claim", json={"token": table.token}, headers={"X-CSRF-Token": csrf}
    )
    assert kept.status_code == 200, kept.text
    return csrf


def expected_text(table: Table, me: Viewer, reminder: bool = False, left: str | None = None) -> str:
    name = get_game("catan").name
    details = ", ".join(p for p in (phase_label(me.view), left) if p)
    move = "still your move" if reminder else "your move"
    return f"Player 1, {move} in {name}: {details} http://testserver/play/{table.id}"


def no_secrets(table: Table, payload: bytes | str) -> None:
    text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
    assert table.token not in text and table.host not in text, "a token in an alert"
    assert str(FIXED_SEED) not in text


def test_one_alert_per_wait_by_each_channel_none_while_visible_none_for_bots(database_url: str) -> None:
    with (
        smtp_sink() as mail,
        http_sink() as hooks,
        http_sink() as pushes,
        server(database_url, mail) as client,
    ):
        table = Table(client)
        csrf = sign_up_and_keep(client, table)
        answer = client.post(
            "/api/me/alerts",
            json={"email": "arya@example.org", "email_on": True},
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 200 and answer.json()["email_on"], answer.text
        phone = device(pushes.url(PUSH_PATH))
        subscribed = client.post("/api/me/push", json=phone.subscription(), headers={"X-CSRF-Token": csrf})
        assert (
            subscribed.status_code == 201
            and subscribed.json()["push_on"]
            and subscribed.json()["devices"] == 1
        )
        assert table.set_webhook(hooks.url(HOOK_PATH)).json() == {"webhook": "http://127.0.0.1"}
        key = client.get("/api/push/key").json()["key"]

        with client.websocket_connect(f"/ws/{table.id}") as ws:
            me = Viewer(ws, 0)
            assert me.hello(table.token)["t"] == "welcome"  # the game starts: the bots play
            until_mine(me)
            # The page is open and visible: this wait gets nothing, by any channel.
            drain(client)
            assert not hooks.posts and not mail.mails and not pushes.posts
            hide(me)
            waits = 0
            for turn in range(40):
                answer = me.act(pick(me.legal or [], turn))
                assert answer["t"] == "ack", answer
                me.recv_until("ev")
                if me.legal:
                    # Still seat 0's decision (a settlement, then its road): the same wait.
                    drain(client)
                    assert len(hooks.posts) == len(mail.mails) == len(pushes.posts) == waits
                    continue
                until_mine(me)  # the bots played; a new wait of seat 0 begins
                waits += 1
                wait_for(lambda n=waits: min(len(hooks.posts), len(mail.mails), len(pushes.posts)) >= n)
                text = expected_text(table, me)
                # The webhook: Discord's JSON, for the human seat only (the bots' turns came
                # between, and none of them was posted).
                body = json.loads(hooks.posts[-1].body)
                assert hooks.posts[-1].path == HOOK_PATH
                assert body == {"content": text, "allowed_mentions": {"parse": []}}
                # The email, with its one-click unsubscribe.
                sent = mail.mails[-1]
                assert mail.recipients[-1] == ["arya@example.org"] and sent["To"] == "arya@example.org"
                assert sent["Subject"] == f"Your move in {get_game('catan').name}"
                assert sent["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
                assert sent["List-Unsubscribe"].strip().startswith("<http://testserver/alerts/unsubscribe/")
                content = sent.get_content()
                assert f"http://testserver/play/{table.id}" in content
                # The push: encrypted aes128gcm for the device, signed with the site's VAPID key.
                push = pushes.posts[-1]
                assert push.path == PUSH_PATH and push.headers["content-encoding"] == "aes128gcm"
                assert (
                    push.headers["authorization"].startswith("vapid t=")
                    and f"k={key}" in push.headers["authorization"]
                )
                assert body["content"].encode() not in push.body  # encrypted, not in clear
                note = json.loads(phone.decrypt(push.body))
                assert note["url"] == f"http://testserver/play/{table.id}"
                assert f"{note['body']} {note['url']}" == text
                for raw in (hooks.posts[-1].body, sent.as_bytes(), phone.decrypt(push.body)):
                    no_secrets(table, raw)
                # Exactly one each: past the grace nothing more comes for this wait.
                drain(client)
                assert len(hooks.posts) == len(mail.mails) == len(pushes.posts) == waits
                if waits == 2:
                    break
            assert waits == 2, "seat 0 did not get two turns"

            # One click unsubscribes: the page asks, a POST (a mail client's) does it.
            link = mail.mails[-1]["List-Unsubscribe"].strip().strip("<>").removeprefix("http://testserver")
            page = client.get(link)
            assert page.status_code == 200 and 'method="post"' in page.text
            client.cookies.clear()  # a mail client has no cookie
            done = client.post(
                link,
                content=b"List-Unsubscribe=One-Click",
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            assert done.status_code == 200 and "Unsubscribed" in done.text
            assert client.post(link.replace("unsubscribe/", "unsubscribe/x")).status_code == 404
            store = AlertStore(client.app.state.hub.storage.engine)  # type: ignore[attr-defined]
            prefs = store.prefs(store_account(store, client))
            assert prefs.email_on is False and prefs.email == "arya@example.org"


def store_account(store: AlertStore, client: TestClient) -> str:
    with store.engine.connect() as conn:
        account_id: str = conn.exec_driver_sql("SELECT account_id FROM alert_prefs").scalar_one()
    return account_id


def test_a_failing_receiver_is_retried_with_backoff_then_logged_without_its_secret(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with http_sink() as hooks, server(database_url) as client:
        table = Table(client)
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            me = Viewer(ws, 0)
            me.hello(table.token)
            hide(me)
            until_mine(me)
            drain(client)  # the first wait: no webhook yet
            hooks.statuses = [500] * 10
            assert table.set_webhook(hooks.url(HOOK_PATH)).status_code == 200
            while me.legal:
                me.act(pick(me.legal or [], 0))
                me.recv_until("ev")
            until_mine(me)
            wait_for(lambda: len(hooks.posts) >= 3, what="three tries")
            drain(client)
            assert len(hooks.posts) == 3  # AlertSettings.attempts
            gaps = [b.at - a.at for a, b in zip(hooks.posts, hooks.posts[1:], strict=False)]
            assert gaps[0] >= 0.05 * 0.9 and gaps[1] >= 0.1 * 0.9, gaps  # backoff 0.05, then doubled
            failures = [r.getMessage() for r in caplog.records if "failed after" in r.getMessage()]
            assert len(failures) == 1 and "http://127.0.0.1" in failures[0] and "3 tries" in failures[0]
            assert "answered 500" in failures[0]
            logged = "\n".join(r.getMessage() for r in caplog.records)
            assert "the-secret-part" not in logged and "/hook/" not in logged
            with client.app.state.hub.storage.engine.connect() as conn:  # type: ignore[attr-defined]
                rows = conn.exec_driver_sql("SELECT channel, status, attempts FROM sent_alerts").all()
            assert [tuple(r) for r in rows] == [("webhook", "failed", 3)]

            # A receiver that fails once, then takes it: two tries, no failure logged.
            hooks.statuses = [503]
            posted = len(hooks.posts)
            while me.legal:  # this decision, then the bots, then seat 0 again
                me.act(pick(me.legal or [], 1))
                me.recv_until("ev")
            until_mine(me)
            wait_for(lambda: len(hooks.posts) >= posted + 2)
            drain(client)
            assert len(hooks.posts) == posted + 2
            assert len([r for r in caplog.records if "failed after" in r.getMessage()]) == 1


def test_a_slow_receiver_never_delays_a_move(database_url: str) -> None:
    with http_sink() as hooks, server(database_url) as client:
        hooks.delay = 3.0
        table = Table(client)
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            me = Viewer(ws, 0)
            me.hello(table.token)
            hide(me)
            until_mine(me)
            drain(client)
            assert table.set_webhook(hooks.url(HOOK_PATH)).status_code == 200
            slowest = 0.0
            for turn in range(12):
                if not me.legal:
                    until_mine(me)
                    time.sleep(GRACE * 1.5)  # a new wait: its alert is handed over, and hangs
                started = time.monotonic()
                answer = me.act(pick(me.legal or [], turn))
                slowest = max(slowest, time.monotonic() - started)
                assert answer["t"] == "ack", answer
                me.recv_until("ev")
            # A webhook answering in 3 s each time is being posted to all along; no move waited.
            assert hooks.posts, "no alert was posted"
            assert slowest < 1.0, slowest


def test_a_slow_game_gets_one_reminder_at_a_quarter_of_the_time(database_url: str) -> None:
    wall = ManualClock()
    with http_sink() as hooks, server(database_url, wall=wall) as client:
        table = Table(client, clock="slow:1h")
        assert table.set_webhook(hooks.url(HOOK_PATH)).status_code == 200
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            me = Viewer(ws, 0)
            me.hello(table.token)
            until_mine(me)
            drain(client)
            assert not hooks.posts  # visible
            hide(me)
            while me.legal:
                me.act(pick(me.legal or [], 0))
                me.recv_until("ev")
            until_mine(me)  # a new wait, begun with the page hidden
            wait_for(lambda: len(hooks.posts) == 1)
            first = json.loads(hooks.posts[0].body)["content"]
            assert first == expected_text(table, me, left="1 h 0 min left")
            wall.advance(2000)  # not yet a quarter left
            drain(client)
            assert len(hooks.posts) == 1
            wall.advance(701)  # 899 s of 3600 left
            wait_for(lambda: len(hooks.posts) == 2, what="the reminder")
            assert json.loads(hooks.posts[1].body)["content"] == expected_text(
                table, me, reminder=True, left="14 min left"
            )
            wall.advance(300)  # still deciding: no second reminder
            drain(client)
            assert len(hooks.posts) == 2


def test_a_wait_is_alerted_once_across_a_restart_with_the_same_vapid_keys(any_database: str) -> None:
    database_url = any_database
    with http_sink() as hooks:
        with server(database_url) as client:
            table = Table(client)
            key = client.get("/api/push/key").json()["key"]
            with client.websocket_connect(f"/ws/{table.id}") as ws:
                me = Viewer(ws, 0)
                me.hello(table.token)
                hide(me)
                until_mine(me)
                drain(client)  # the first wait: no webhook yet
                assert table.set_webhook(hooks.url(HOOK_PATH)).status_code == 200
                while me.legal:
                    me.act(pick(me.legal or [], 0))
                    me.recv_until("ev")
                until_mine(me)
                wait_for(lambda: len(hooks.posts) == 1)
        # Restarted: the game is restored, the same wait stands and nobody's page is open, but
        # the row of the alert sent says it went already.
        with server(database_url) as client:
            assert client.get("/api/push/key").json()["key"] == key
            assert client.app.state.alerts.noticed  # type: ignore[attr-defined]
            drain(client)
            assert len(hooks.posts) == 1


def test_racing_senders_take_one_row_per_wait_and_channel(any_database: str) -> None:
    # Two processes (or a restarted one) noticing the same wait: only one inserts its row, and
    # only the one that did sends.
    storage = Storage(any_database)
    storage.migrate()
    try:
        store_game(storage, "g1", people=1)
        store = AlertStore(storage.engine)
        wins: list[bool] = []
        barrier = threading.Barrier(4)

        def send() -> None:
            barrier.wait()
            wins.append(store.claim_sending("g1", 0, 7, "turn", "webhook"))

        threads = [threading.Thread(target=send) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(wins) == [False, False, False, True]
        assert store.claim_sending("g1", 0, 7, "turn", "email")  # another channel: its own row
        assert store.claim_sending("g1", 0, 7, "reminder", "webhook")  # the wait's reminder too
    finally:
        storage.close()


def test_an_accounts_alerts_follow_its_settings_and_stop_when_it_is_deleted(database_url: str) -> None:
    storage = Storage(database_url)
    storage.migrate()
    try:
        store_game(storage, "g1", people=2)
        accounts, store = Accounts(storage.engine), AlertStore(storage.engine)
        assert accounts.create("a1", "Arya", "arya", "hash")
        assert accounts.claim("g1", 0, "a1") == "claimed"
        assert store.targets("g1", 0).email is None  # nothing is on until the person turns it on
        store.set_prefs("a1", AlertPrefs("arya@example.org", True, True, "https://site"))
        phone = device("https://push.example.org/x").subscription()
        store.add_push(
            "a1", PushTarget(phone["endpoint"], phone["keys"]["p256dh"], phone["keys"]["auth"]), None
        )
        kept = store.targets("g1", 0)
        assert kept.email == "arya@example.org" and len(kept.push) == 1 and kept.origin == "https://site"
        assert store.targets("g1", 1) == Targets(None, None, None, None, (), None)  # a guest's seat
        store.set_seat_off("a1", "g1", 0, True)
        assert store.targets("g1", 0).email is None and store.targets("g1", 0).push == ()
        store.set_seat_off("a1", "g1", 0, False)
        assert store.targets("g1", 0).email == "arya@example.org"
        accounts.delete("a1")  # the seat stays the deleted player's, and hears nothing more
        gone = store.targets("g1", 0)
        assert gone.account_id is None and gone.email is None and gone.push == ()
        # The deletion route erases what the alerts kept: the address and the devices too.
        store.forget_account("a1")
        assert store.prefs("a1").email is None and store.seats_off("a1") == []
        with storage.engine.begin() as conn:
            for table in (alert_prefs_table, push_subscriptions_table):
                assert conn.execute(select(table).where(table.c.account_id == "a1")).all() == []
    finally:
        storage.close()


def test_bad_input_gets_a_4xx_with_a_reason(database_url: str) -> None:
    with smtp_sink() as mail, server(database_url, mail) as client:
        table = Table(client)

        def refused(answer: Any, status: int, code: str | None = None) -> None:
            assert answer.status_code == status, answer.text
            assert answer.json()["reason"]
            if code is not None:
                assert answer.json()["code"] == code

        hook = f"/api/games/{table.id}/webhook"
        refused(client.post(hook, json={"url": "https://example.org/x"}), 401)
        refused(
            client.post(
                hook, json={"url": "https://example.org/x"}, headers={"Authorization": "Bearer nope"}
            ),
            403,
        )
        refused(
            client.post(
                "/api/games/nosuchgame/webhook",
                json={"url": None},
                headers={"Authorization": f"Bearer {table.host}"},
            ),
            404,
        )
        for bad in (
            "ftp://example.org/x",
            "javascript:alert(1)",
            "https://",
            "not a url",
            "https://x/" + "a" * 2100,
        ):
            answer = table.set_webhook(bad)
            refused(answer, 422, "bad_url")
            assert bad == "https://" or bad not in answer.text  # the input is not echoed
        refused(client.post(hook, json={"url": 5}, headers={"Authorization": f"Bearer {table.host}"}), 422)
        refused(
            client.post(
                hook,
                content=b"url=x",
                headers={"Authorization": f"Bearer {table.host}", "Content-Type": "text/plain"},
            ),
            415,
        )
        assert table.set_webhook(None).json() == {"webhook": None}
        assert client.get(hook, headers={"Authorization": f"Bearer {table.host}"}).json() == {"webhook": None}

        refused(client.get("/api/me/alerts"), 401)
        refused(client.post("/api/me/push", json=device("https://push.example.org/x").subscription()), 401)
        csrf = sign_up_and_keep(client, table)
        good = device("https://push.example.org/x").subscription()
        refused(client.post("/api/me/push", json=good), 403, "csrf")
        refused(client.post("/api/me/alerts", json={"email_on": True}), 403, "csrf")
        with_csrf = {"X-CSRF-Token": csrf}
        for bad_sub in (
            {"endpoint": "ftp://push.example.org/x", "keys": good["keys"]},
            {"endpoint": good["endpoint"]},
            {"endpoint": good["endpoint"], "keys": {"p256dh": "AAAA", "auth": good["keys"]["auth"]}},
            {"endpoint": good["endpoint"], "keys": {"p256dh": good["keys"]["p256dh"], "auth": "!!"}},
            [1, 2],
        ):
            refused(client.post("/api/me/push", json=bad_sub, headers=with_csrf), 422, "bad_subscription")
        refused(
            client.post(
                "/api/me/push", content=b"{nope", headers={**with_csrf, "Content-Type": "application/json"}
            ),
            422,
        )
        refused(
            client.post("/api/me/alerts", json={"email": "not an address"}, headers=with_csrf),
            422,
            "bad_email",
        )
        refused(client.post("/api/me/alerts", json={"email_on": True}, headers=with_csrf), 422, "no_email")
        refused(client.post("/api/me/alerts", json={"push_on": "yes"}, headers=with_csrf), 422)
        refused(
            client.post(
                "/api/me/alerts/seats", json={"game": table.id, "seat": 1, "on": False}, headers=with_csrf
            ),
            404,
        )
        seat_off = client.post(
            "/api/me/alerts/seats", json={"game": table.id, "seat": 0, "on": False}, headers=with_csrf
        )
        assert seat_off.json()["seats_off"] == [{"game": table.id, "seat": 0}]
        refused(client.request("DELETE", "/api/me/push", json={}, headers=with_csrf), 422)
        assert client.post("/alerts/unsubscribe/not-a-token").status_code == 404
        assert "not valid" in client.get("/alerts/unsubscribe/not-a-token").text
        client.cookies.clear()
        client.cookies.set(COOKIE, "forged")
        refused(client.get("/api/me/alerts"), 401)


def test_the_service_worker_is_served_at_the_root(client: TestClient) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["service-worker-allowed"] == "/"
    assert "showNotification" in worker.text and "notificationclick" in worker.text


def test_the_settings_and_urls_are_checked() -> None:
    smtp = parse_smtp_url("smtp://user:p%40ss@mail.example.org:587?from=ravenry@example.org")
    assert (smtp.host, smtp.port, smtp.username, smtp.password, smtp.sender) == (
        "mail.example.org",
        587,
        "user",
        "p@ss",
        "ravenry@example.org",
    )
    assert "p@ss" not in smtp.describe() and "user" not in smtp.describe()
    assert parse_smtp_url("smtps://mail.example.org?from=a@b.org").port == 465
    for bad in ("http://mail.example.org?from=a@b.org", "smtp://mail.example.org", "smtp://?from=a@b.org"):
        with pytest.raises(ValueError) as refused:
            parse_smtp_url(bad)
        assert "secret" not in str(refused.value)
    with pytest.raises(ValueError) as refused:
        parse_smtp_url("smtp://u:secret@host?from=nobody")
    assert "secret" not in str(refused.value)
    assert safe_url("https://discord.com/api/webhooks/123/abc?x=1") == "https://discord.com"
    assert safe_url("https://user:pw@host.example:8080/p") == "https://host.example"


def test_the_text_names_the_house_the_phase_and_the_time_left() -> None:
    view = {"phase": "planning", "houses": ["Stark", "Lannister"], "hands": [["secret"], ["secret"]]}
    stark = alert_for("g1", 0, "Stark", "A Game of Thrones", view, 23 * 3600 + 59)
    assert (
        stark.text("https://site/")
        == "Stark, your move in A Game of Thrones: Planning, 23 h left https://site/play/g1"
    )
    arya = alert_for(
        "g1", 0, "Arya", "A Game of Thrones", {"phase": "messenger_raven", "houses": ["Stark"]}, 90
    )
    assert arya.sentence() == "Arya (Stark), your move in A Game of Thrones: Messenger raven, 1 min left"
    assert "secret" not in stark.text(None)  # only the phase and the houses are read
    assert alert_for("g1", 2, "", "Catan", {}, None).sentence() == "Player 3, your move in Catan"
    assert [time_left(s) for s in (4000, 3599, 59, -5)] == [
        "1 h 6 min left",
        "59 min left",
        "59 s left",
        "0 s left",
    ]
    assert (
        alert_for("g1", 0, "Ann", "Catan", {"phase": "main"}, 60, reminder=True).headline()
        == "Reminder: your move in Catan"
    )
