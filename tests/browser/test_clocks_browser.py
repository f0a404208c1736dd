"""The clock in the browser: the lobby offers it, the page shows every seat's time ticking down
from the server's deadline with the seat being waited for marked, and once the clock runs out
(a bot moves for the seat, which is then away) one click takes the seat back.

The clock is real here (``ravenry serve`` reads the wall clock): a move clock of 10 s, the
shortest wait that leaves the page time to load; the server tests drive a manual clock instead.
"""

from __future__ import annotations

import json
import re
import urllib.request
from contextlib import ExitStack
from typing import Any

from browser_support import Server
from browser_tabs import Tab
from websockets.sync.client import connect


def _post(server: Server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server.base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def _hello(stack: ExitStack, server: Server, game_id: str, token: str | None) -> tuple[Any, dict[str, Any]]:
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}"))
    ws.send(json.dumps({"t": "hello", "token": token}))
    while True:
        frame = json.loads(ws.recv(timeout=10))
        if frame["t"] == "welcome":
            return ws, frame


def test_the_clock_ticks_runs_out_and_the_seat_is_taken_back(browser: Any, server: Server) -> None:
    tab = Tab(browser, "clocks")
    page = tab.page
    page.goto(server.base + "/")
    page.locator("#opt-clock").wait_for()
    labels = page.locator("#opt-clock option").all_inner_texts()
    assert "Slow (asynchronous): 24 h per decision" in labels and "No clock" in labels

    body = {
        "game": "catan",
        "seats": [{"kind": "human"}] * 3,
        "options": {"clock": "move:10", "away_after": 1},
    }
    created = _post(server, "/api/games", body)
    invites = {s["seat"]: s["invite"] for s in created["seats"]}
    with ExitStack() as watching:
        _spectator, welcome = _hello(watching, server, created["id"], None)
    (first,) = welcome["view"]["decision"]["players"]
    with ExitStack() as others:
        # The two other people arrive (and then wait); the page's person decides first.
        for seat, invite in invites.items():
            if seat != first:
                _hello(others, server, created["id"], invite.split("token=")[1])
        page.goto(server.base + invites[first])
        mine = page.locator(f"[data-clock-seat='{first}']")
        mine.locator("[data-clock-time]").wait_for()
        assert mine.get_attribute("data-waiting") == "true"
        assert page.locator("[data-waiting=true]").count() == 1  # only the seat being waited for
        assert re.fullmatch(r"Your time: 0:(10|0\d)", page.locator("#clock-cue").inner_text())
        before = mine.locator("[data-clock-time]").inner_text()
        page.wait_for_function(
            "([seat, shown]) => document.querySelector(`[data-clock-time='${seat}']`).textContent !== shown",
            arg=[first, before],
            timeout=3000,
        )
        after = mine.locator("[data-clock-time]").inner_text()
        assert after < before, (before, after)  # "0:09" < "0:10": it counts down
        # The players strip shows the same ticking time on the waiting seat's card, and none on
        # the others (a per-decision clock has no time to show for a seat not being waited for).
        strip = page.locator(f"#players .player[data-seat='{first}'] [data-seat-clock]")
        page.wait_for_function(
            "seat => { const a = document.querySelector(`#players [data-seat-clock='${seat}']`);"
            " const b = document.querySelector(`[data-clock-time='${seat}']`);"
            " return a && !a.hidden && a.textContent === b.textContent; }",
            arg=first,
            timeout=3000,
        )
        assert re.fullmatch(r"0:(10|0\d)", strip.inner_text())
        assert page.locator("#players [data-seat-clock]:visible").count() == 1
        tab.shot("clock-ticking")  # and at a phone's width: nothing runs off the screen

        # Time runs out: a bot places for the seat, which is shown away with a button to return.
        button = page.locator("[data-action=takeover]")
        button.wait_for(timeout=15000)
        assert mine.get_attribute("data-away") == "true"
        page.locator(f"#players .player[data-seat='{first}'] .away-mark").wait_for(timeout=3000)
        assert tab.last["seq"] >= 1 and any(f.get("timeout") for f in tab.frames if f.get("t") == "ev")
        tab.shot("clock-away", phone_too=False)
        button.click()
        page.locator(f"[data-clock-seat='{first}'][data-away=false]").wait_for(timeout=5000)
        assert page.locator("[data-action=takeover]").count() == 0
        away_mark = page.locator(f"#players .player[data-seat='{first}'] .away-mark")
        away_mark.wait_for(state="detached", timeout=3000)
        assert not tab.errors, f"console errors {tab.errors}"
        assert not tab.external


def _seconds(shown: str) -> int:
    """ "9:57" -> 597 (the clock's m:ss)."""
    minutes, seconds = shown.strip().split(":")[-2:]
    return int(minutes) * 60 + int(seconds)


def _deadline(frames: list[dict[str, Any]], seat: int) -> float | None:
    """The seat's deadline in the newest frame that carries the clocks."""
    last = next(f for f in reversed(frames) if f.get("clocks"))
    deadline = next(s for s in last["clocks"]["seats"] if s["seat"] == seat)["deadline"]
    return None if deadline is None else float(deadline)


def test_a_running_clock_survives_a_server_crash(browser: Any, server: Server) -> None:
    """The deadline is kept in the database: after a SIGKILL and a restart the page reconnects
    to the very same deadline (not a fresh clock) and goes on counting down from it."""
    tab = Tab(browser, "clocks-restart")
    page = tab.page
    body = {"game": "catan", "seats": [{"kind": "human"}] * 3, "options": {"clock": "move:600"}}
    created = _post(server, "/api/games", body)
    invites = {s["seat"]: s["invite"] for s in created["seats"]}
    with ExitStack() as others:
        _spectator, welcome = _hello(others, server, created["id"], None)
        (first,) = welcome["view"]["decision"]["players"]
        for seat, invite in invites.items():
            if seat != first:
                _hello(others, server, created["id"], invite.split("token=")[1])
    page.goto(server.base + invites[first])
    page.locator(f"[data-clock-seat='{first}'][data-waiting=true] [data-clock-time]").wait_for()
    welcomes = [f for f in tab.frames if f.get("t") == "welcome"]
    before = _deadline(tab.frames, first)
    assert before is not None
    shown = page.locator(f"[data-clock-time='{first}']").inner_text()

    server.kill()
    page.wait_for_timeout(1500)  # the page sees the socket drop and retries
    server.restart()
    tab.wait_for(
        lambda: sum(f.get("t") == "welcome" for f in tab.frames) > len(welcomes),
        "the welcome after the restart",
    )
    after = _deadline(tab.frames, first)  # the welcome after the restart
    assert after is not None and abs(after - before) < 0.01, (
        f"the deadline moved across the restart: {before} -> {after}"
    )
    page.locator(f"[data-clock-seat='{first}'][data-waiting=true]").wait_for()
    now_shown = page.locator(f"[data-clock-time='{first}']").inner_text()
    assert _seconds(now_shown) < _seconds(shown), (shown, now_shown)  # still counting down from it
    assert not tab.external
