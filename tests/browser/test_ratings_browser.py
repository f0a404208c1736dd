"""Ratings in chromium (issue 31 §4, with §1's "the account may create games with itself
seated"): a person signs up, creates a rated game with bots and themself seated, plays a move,
finds it in "Your games", signs out, and on a second browser signs in and finds it again; then
the profile (its rating history drawn as a chart) and the leaderboard (the bots' anchors among
the people), at desktop and phone width, after rated games that accounts played through the API."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx2 as httpx
from browser_support import Server
from browser_tabs import Tab
from websockets.sync.client import connect

PASSWORD = "tarth and true"


def _sign(page: Any, button: str, username: str) -> None:
    page.fill("[data-account=username]", username)
    page.fill("[data-account=password]", PASSWORD)
    page.click(f"[data-account={button}]")
    page.locator(f"[data-signed-in='{username}']").wait_for()


def _account(base: str, name: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=base, timeout=10)
    made = client.post("/api/accounts", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return client, made.json()["csrf"]


def _rated_dice_game(base: str, a: tuple[httpx.Client, str], b: tuple[httpx.Client, str], seed: int) -> None:
    """A rated liar's dice game of two accounts (a seated by creating it, b by its invite),
    played to its end over the WebSocket."""
    (first, first_csrf), (second, second_csrf) = a, b
    made = first.post(
        "/api/games",
        json={
            "game": "liars-dice",
            "seats": [{"kind": "human", "me": True}, {"kind": "human"}],
            "options": {"dice": 2, "clock": "move:60", "rated": True},
        },
        headers={"X-CSRF-Token": first_csrf},
    )
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    tokens = {s["seat"]: s["invite"].split("token=")[1] for s in made.json()["seats"]}
    kept = second.post(
        f"/api/games/{game_id}/claim", json={"token": tokens[1]}, headers={"X-CSRF-Token": second_csrf}
    )
    assert kept.status_code == 200, kept.text
    rng = random.Random(seed)
    url = base.replace("http://", "ws://") + f"/ws/{game_id}"
    with connect(url) as one, connect(url) as two:
        sockets = {0: one, 1: two}
        legal: dict[int, list[Any]] = {}
        seq = 0
        for seat, ws in sockets.items():
            ws.send(json.dumps({"t": "hello", "token": tokens[seat]}))
            while (frame := json.loads(ws.recv(10)))["t"] != "welcome":
                pass
            legal[seat], seq = frame["legal"] or [], frame["seq"]
        for step in range(2000):
            deciding = [s for s in sockets if legal[s]]
            if not deciding:
                return
            seat = deciding[0]
            sockets[seat].send(
                json.dumps({"t": "act", "cid": f"c{step}", "at": seq, "a": rng.choice(legal[seat])})
            )
            for s, ws in sockets.items():
                while (frame := json.loads(ws.recv(10)))["t"] != "ev":
                    assert frame["t"] != "reject", frame
                legal[s], seq = frame["legal"] or [], frame["seq"]
    raise AssertionError("the game did not end")


def test_a_rated_game_with_me_seated_then_profile_and_leaderboard(browser: Any, server: Server) -> None:
    rng = random.Random(11)
    first = Tab(browser, "ratings")
    page = first.page
    page.goto(server.base + "/")
    page.locator("[data-account=sign-in]").wait_for()
    _sign(page, "sign-up", "Brienne")
    page.locator("#site-links [data-link=profile]").wait_for()  # the name links to the profile

    # A rated catan game with bots, Brienne seated by creating it: no invite needed.
    page.select_option("#f-game", "catan")
    page.click("[data-players='3']")
    page.select_option("[data-seat-kind='0']", "me")
    page.select_option("#opt-clock", json.dumps("move:60"))
    page.select_option("#opt-rated", "true")
    page.click("[data-action=create]")
    page.locator("[data-play-mine]").wait_for()
    first.shot("created-with-me-seated", phone_too=False)
    page.click("[data-play-mine]")
    page.locator("svg.board").wait_for()
    first.wait_for(lambda: bool(first.legal()), "my first decision", 20)
    assert first.last["seat"] == 0, "the account's seat was not taken"
    (kind,) = first.types()
    first.click_spot(rng, kind)
    game_id = page.url.split("?")[0].split("#")[0].rstrip("/").split("/")[-1]
    page.goto(server.base + "/")
    row = page.locator(f"[data-my-game='{game_id}']")
    row.wait_for()
    assert page.locator(f"[data-keep='{game_id}']").count() == 0  # kept from its creation
    first.shot("your-games-rated")
    page.click("[data-account=sign-out]")
    page.locator("[data-account=sign-in]").wait_for()
    assert page.locator("#site-links [data-link=profile]").count() == 0
    assert not first.errors, first.errors

    second = Tab(browser, "ratings-second")
    other = second.page
    other.goto(server.base + "/")
    other.locator("[data-account=sign-in]").wait_for()
    _sign(other, "sign-in", "Brienne")
    mine = other.locator(f"[data-my-game='{game_id}']")
    mine.wait_for()
    mine.locator("a.btn").first.click()
    other.locator("svg.board").wait_for()
    second.settle()
    assert second.last["seat"] == 0 and second.last["seq"] >= 1

    # Rated games between accounts, played through the API; one of them deletes its account.
    pod, hyle, sansa = (_account(server.base, name) for name in ("Podrick", "Hyle", "Sansa"))
    for n in range(4):
        _rated_dice_game(server.base, pod, hyle, n)
    _rated_dice_game(server.base, sansa, pod, 9)
    gone = sansa[0].request(
        "DELETE", "/api/me", json={"password": PASSWORD}, headers={"X-CSRF-Token": sansa[1]}
    )
    assert gone.status_code == 204

    view = Tab(browser, "ratings-pages")
    p = view.page
    p.goto(server.base + "/players/Podrick")
    p.locator("[data-profile=Podrick]").wait_for()
    chart = p.locator("[data-chart=liars-dice] svg.rating-chart")
    chart.wait_for()
    assert chart.locator("circle.dot").count() == 6  # the start and five rated games
    assert p.locator("[data-rating=liars-dice]").count() == 1
    p.click("[data-profile-game=liars-dice] .rating-games summary")  # the rated games, each with whom
    assert "deleted player" in p.locator("[data-profile-game=liars-dice]").inner_text()
    view.shot("profile")
    p.goto(server.base + "/leaderboard?game=liars-dice")
    rows = p.locator("#board tbody tr[data-place]")
    rows.first.wait_for()
    assert rows.count() == 3 and p.locator("#board [data-deleted]").count() == 1
    view.shot("leaderboard-liars-dice")
    p.click("[data-board=catan]")
    p.locator("#board[data-game=catan] tr.anchor-row").first.wait_for()
    assert p.locator("#board tr.anchor-row").count() == 3
    view.shot("leaderboard-catan-anchors")
    assert not view.errors and not view.external, (view.errors, view.external)
    p.goto(server.base + "/players/nobody-here")  # the API's 404 (in the console), said on the page
    p.locator("[data-error=no_player]").wait_for()
    assert not second.errors, second.errors
    for tab in (first, second, view):
        tab.close()
