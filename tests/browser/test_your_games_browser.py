""" "Your games" in chromium (issue 31 §2): signed in, the account's games stand in three groups
(waiting for you, your other games, finished with the result for you and a link to the replay and
its analysis), and the list follows the games live: when the other player moves, the game goes to
"Waiting for you" within seconds, far sooner than the page's slow poll, with no reload."""

from __future__ import annotations

import json
import time
from typing import Any

from browser_support import Server
from browser_tabs import Tab
from websockets.sync.client import ClientConnection, connect

POLL_S = 30  # the page's slow poll (your-games.js): a live change must come well before it


def _token(invite: str) -> str:
    return dict(p.split("=", 1) for p in invite.split("#", 1)[1].split("&"))["token"]


def _create(page: Any, base: str, seats: list[dict[str, Any]]) -> tuple[str, dict[int, str]]:
    answer = page.request.post(f"{base}/api/games", data={"game": "liars-dice", "seats": seats})
    assert answer.status == 201, answer.text()
    made = answer.json()
    return made["id"], {s["seat"]: _token(s["invite"]) for s in made["seats"] if s["invite"]}


def _keep(page: Any, base: str, game_id: str, token: str) -> None:
    csrf = page.request.get(f"{base}/api/me").json()["csrf"]
    answer = page.request.post(
        f"{base}/api/games/{game_id}/claim", data={"token": token}, headers={"X-CSRF-Token": csrf}
    )
    assert answer.status == 200, answer.text()


def _until(ws: ClientConnection, *kinds: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if frame["t"] in (*kinds, "error"):
            assert frame["t"] != "error", frame
            return frame


def _seat(base: str, game_id: str, token: str) -> tuple[ClientConnection, dict[str, Any]]:
    ws = connect(base.replace("http", "ws") + f"/ws/{game_id}")
    ws.send(json.dumps({"t": "hello", "token": token}))
    return ws, _until(ws, "welcome")


def _move(ws: ClientConnection, frame: dict[str, Any], n: int) -> dict[str, Any]:
    legal = frame["legal"]
    bids = [a for a in legal if a.get("type") == "bid"]
    action = bids[0] if bids else legal[n % len(legal)]
    ws.send(json.dumps({"t": "act", "cid": f"m{n}", "at": frame["seq"], "a": action}))
    _until(ws, "ack")
    return action


def test_your_games_in_groups_and_live(browser: Any, server: Server) -> None:
    tab = Tab(browser, "your-games")
    page = tab.page
    base = server.base
    page.goto(base + "/")
    page.fill("[data-account=username]", "Davos")
    page.fill("[data-account=password]", "onion knight")
    page.click("[data-account=sign-up]")
    page.locator("[data-signed-in]").wait_for()

    # A finished game (against a bot, played out here) and a game of two people.
    done, done_tokens = _create(
        page, base, [{"kind": "human", "name": "Davos"}, {"kind": "bot", "bot": "random"}]
    )
    _keep(page, base, done, done_tokens[0])
    ws, frame = _seat(base, done, done_tokens[0])
    with ws:
        for n in range(2000):
            if page.request.get(f"{base}/api/games/{done}").json()["result"] is not None:
                break
            if frame.get("legal"):
                ws.send(json.dumps({"t": "act", "cid": f"d{n}", "at": frame["seq"], "a": frame["legal"][-1]}))
            frame = _until(ws, "ev")
    duel, duel_tokens = _create(
        page, base, [{"kind": "human", "name": "Davos"}, {"kind": "human", "name": "Stannis"}]
    )
    _keep(page, base, duel, duel_tokens[0])
    mine, _ = _seat(base, duel, duel_tokens[0])
    theirs, _ = _seat(base, duel, duel_tokens[1])  # both came: the game runs
    mine.close()
    theirs.close()
    page.reload()
    finished = page.locator(f"[data-my-game='{done}']")
    finished.wait_for()
    assert finished.locator("[data-outcome]").count() == 1
    assert finished.locator("a.btn").inner_text() == "Replay and analysis"
    assert page.locator("[data-group=finished]").count() == 1
    row = page.locator(f"[data-my-game='{duel}']")
    row.wait_for()
    # Davos decides first or Stannis does; whoever it is, each move flips the group.
    listed = page.request.get(f"{base}/api/me/games").json()["games"]
    waiting = next(g for g in listed if g["id"] == duel)["your_turn"]
    tab.shot("groups")
    for n in range(2):
        ws, frame = _seat(base, duel, duel_tokens[0] if waiting else duel_tokens[1])
        with ws:
            started = time.monotonic()
            _move(ws, frame, n)
            expected = "false" if waiting else "true"
            page.wait_for_function(
                "([id, want]) => { const r = document.querySelector(`[data-my-game='${id}']`);"
                " return r && String(r.hasAttribute('data-waiting')) === want; }",
                arg=[duel, expected],
                timeout=10_000,
            )
            took = time.monotonic() - started
        assert took < POLL_S / 3, f"the list followed the move after {took:.1f} s"
        waiting = not waiting
    tab.shot("live")
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external
    tab.close()
