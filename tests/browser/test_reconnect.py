"""The page survives the server: a reload restores the same position, and after the server is
killed (SIGKILL) and restarted on the same database the page reconnects by itself and play
goes on with no accepted move lost; a revoked seat link turns the page into a spectator."""

from __future__ import annotations

import random
from typing import Any

from browser_support import Server
from browser_tabs import Tab


def test_page_reconnects_after_a_server_crash(browser: Any, server: Server) -> None:
    rng = random.Random(3)
    tab = Tab(browser, "reconnect")
    page = tab.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "catan")
    page.click("[data-players='3']")
    page.fill("[data-seat-name='0']", "Ann")
    page.click("[data-action=create]")
    page.click("[data-play-seat='0']")
    page.locator("svg.board").wait_for()
    while True:
        tab.wait_for(lambda: bool(tab.legal()), "my decision", 20)
        types = tab.types()
        if "roll" in types:
            break
        (kind,) = types
        tab.click_spot(rng, kind)

    seq, hand = tab.last["seq"], tab.me()["hand"]
    page.reload()
    page.locator("svg.board").wait_for()
    tab.settle()
    assert tab.last["seq"] == seq and tab.me()["hand"] == hand

    assert not tab.errors, f"console errors {tab.errors}"
    server.kill()
    page.locator("#conn[data-status=reconnecting]").wait_for()
    tab.shot("server-down", phone_too=False)
    server.restart()
    page.locator("#conn[data-status=online]").wait_for(timeout=20000)
    tab.settle()
    assert tab.last["seq"] == seq, "an accepted move was lost in the crash"
    assert tab.me()["hand"] == hand
    for r, n in hand.items():
        assert page.locator(f"[data-hand={r}]").get_attribute("data-count") == str(n)
    assert page.locator("#board [data-building]").count() == len(tab.view()["buildings"]) == 6
    tab.click_action("roll")
    assert tab.view()["dice"] is not None
    tab.shot("after-restart")

    # The host revokes the seat's link: the page is told, and goes on as a spectator.
    game_id = page.url.rstrip("/").split("/")[-1]
    status = page.evaluate(
        """async (id) => {
            const host = localStorage.getItem(`ravenry-host:${id}`);
            const r = await fetch(`/api/games/${id}/seats/0/revoke`,
                {method: "POST", headers: {Authorization: `Bearer ${host}`}});
            return r.status;
        }""",
        game_id,
    )
    assert status == 200
    page.locator("#toast", has_text="no longer valid").wait_for()
    page.locator("#cue", has_text="Watching").wait_for()
    assert page.locator("[data-hand]").count() == 0
    # While the server was down the browser logged the refused connections, and nothing else. The
    # SIGKILL may also cut off an asset or a socket mid-transfer: those network errors are its own.
    killed = (
        "ERR_CONNECTION_REFUSED",
        "ERR_CONTENT_LENGTH_MISMATCH",
        "ERR_CONNECTION_RESET",
        "ERR_EMPTY_RESPONSE",
    )
    assert all(any(k in e for k in killed) for e in tab.errors), f"console errors {tab.errors}"
    assert not tab.external, f"requests to other hosts {tab.external}"
    tab.close()


def test_page_reconnects_when_its_server_falls_silent(browser: Any, server: Server) -> None:
    """A server process alive but stalled (SIGSTOP) never closes its sockets: the page notices the
    missing answer to its heartbeat and reconnects on its own, and is back online once a server
    answers again (here the same one, woken: in a cluster, the game's new owner). The heartbeat's
    timings are shortened for the test (window.__ravenryHeartbeat)."""
    import os
    import signal

    tab = Tab(browser, "silent-server")
    page = tab.page
    page.add_init_script("window.__ravenryHeartbeat = {every: 700, wait: 700};")
    page.goto(server.base + "/")
    page.select_option("#f-game", "catan")
    page.click("[data-players='3']")
    page.click("[data-action=create]")
    page.click("[data-play-seat='0']")
    page.locator("#conn[data-status=online]").wait_for()
    page.wait_for_timeout(2000)  # heartbeats answered: the page stays online
    assert page.locator("#conn[data-status=online]").count() == 1
    assert server.proc is not None
    os.kill(server.proc.pid, signal.SIGSTOP)
    try:
        page.locator("#conn[data-status=reconnecting]").wait_for(timeout=6000)
    finally:
        os.kill(server.proc.pid, signal.SIGCONT)
    page.locator("#conn[data-status=online]").wait_for(timeout=20000)
    tab.settle()
    tab.close()
