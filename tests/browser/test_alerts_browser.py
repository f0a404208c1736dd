"""Turn alerts in chromium (issue 31 §3): a signed-in person sets an email address and turns email
alerts on in the lobby's "Turn alerts" panel, turns on "alerts on this device" (the service worker
registers at /sw.js; the browser's push service is stood in for by a fake subscription, since
nothing may leave the machine), and as a game's host sets and removes its webhook on the play page.
The play page tells the server when it is hidden. Screenshots at desktop and phone width.

Every address used is this machine's: an SMTP sink on 127.0.0.1, and a webhook and push endpoint
on 127.0.0.1, which the server refuses to send to (private addresses are off by default)."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from browser_support import Server, missing, skip_or_fail
from browser_tabs import Tab

# The page's PushManager.subscribe, stood in for: a real one asks the browser's push service.
FAKE_PUSH = """
(() => {
  const fake = {
    endpoint: "https://127.0.0.1:9/push/fake-device",
    unsubscribe: async () => true,
    toJSON() {
      return { endpoint: this.endpoint, expirationTime: null, keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg" } };
    },
  };
  let subscribed = null;
  if (window.PushManager) {
    PushManager.prototype.subscribe = async function () { subscribed = fake; return fake; };
    PushManager.prototype.getSubscription = async function () { return subscribed; };
  }
})();
"""


class Mails:
    def __init__(self) -> None:
        self.count = 0

    async def handle_DATA(self, _server: Any, _session: Any, _envelope: Any) -> str:
        self.count += 1
        return "250 OK"


@pytest.fixture
def alert_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    if missing():
        skip_or_fail(missing() or "")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sink = Controller(Mails(), hostname="127.0.0.1", port=port)
    sink.start()
    monkeypatch.setenv("RAVENRY_SMTP_URL", f"smtp://127.0.0.1:{port}?from=ravenry@example.org")
    srv = Server(tmp_path / "alerts.sqlite", int(os.environ.get("RAVENRY_BROWSER_SEED", 7)))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()
        sink.stop()


def test_the_alerts_panel_and_the_hosts_webhook(browser: Any, alert_server: Server) -> None:
    server = alert_server
    tab = Tab(browser, "alerts")
    tab.context.grant_permissions(["notifications"], origin=server.base)
    tab.context.add_init_script(FAKE_PUSH)
    page = tab.page
    page.goto(server.base + "/")
    page.locator("[data-account=sign-in]").wait_for()
    assert page.locator("#alerts-settings").is_hidden()  # signed out: no panel
    page.fill("[data-account=username]", "Lyanna")
    page.fill("[data-account=password]", "winter roses")
    page.click("[data-account=sign-up]")
    page.locator("[data-signed-in]").wait_for()

    # Email: an address, switched on.
    page.locator("[data-alerts=email]").wait_for()
    page.fill("[data-alerts=email]", "lyanna@example.org")
    page.check("[data-alerts=email-on]")
    status = page.locator(".alerts-status")
    status.filter(has_text="Email alerts go to lyanna@example.org").wait_for()

    # This device: the service worker at the site's root, then the subscription, kept.
    page.click("[data-alerts=device]")
    status.filter(has_text="This device will show an alert").wait_for()
    assert (
        page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => !!r && r.scope)")
        == server.base + "/"
    )
    page.locator("[data-alerts=device]", has_text="Stop alerts on this device").wait_for()
    settings = page.evaluate("fetch('/api/me/alerts').then(r => r.json())")
    assert settings["email"] == "lyanna@example.org" and settings["email_on"] and settings["push_on"]
    assert settings["devices"] == 1
    tab.shot("lobby-panel")

    # As the host of a game: the webhook field, a refusal with its reason, then one set and removed.
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(json.loads(p))))
    tab.create_in_lobby(server.base, "catan", 3, "Lyanna")
    page.locator("svg.board").wait_for()
    field = page.locator("[data-action=webhook-url]")
    field.wait_for()
    field.fill("ftp://example.org/not-a-webhook")
    page.click("[data-action=webhook-save]")
    page.locator("#toast", has_text="Webhook not set").wait_for()
    field.fill("http://127.0.0.1:9/api/webhooks/1/the-secret")
    page.click("[data-action=webhook-save]")
    page.locator("[data-webhook-state]", has_text="Posting each turn to http://127.0.0.1").wait_for()
    assert "the-secret" not in (page.locator(".host-webhook").inner_text())
    tab.shot("host-webhook")
    page.click("[data-action=webhook-clear]")
    page.locator("[data-webhook-state]", has_text="can be posted").wait_for()

    # The page told the server it is visible once welcomed, and tells it when it is hidden.
    visibility = [f["visible"] for f in sent if f.get("t") == "visibility"]
    assert visibility and visibility[0] is True, sent[:5]
    page.evaluate(
        "Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    tab.wait_for(lambda: [f for f in sent if f.get("t") == "visibility"][-1]["visible"] is False, "hidden", 5)
    assert not tab.external, tab.external
    # The one 422 is the refused ftp:// webhook's answer, which the browser logs.
    assert [e for e in tab.errors if "status of 422" not in e] == [], tab.errors
    tab.close()
