"""A rematch reaches every person at the table: when one seat asks for it, another seat's page
(open on the finished game) is told by its socket and offers its own invite; a reload keeps the
offer (the welcome carries it) and the link seats that person in the new game."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, missing, skip_or_fail
from browser_tabs import Tab

import ravenry
from ravenry.bots.base import bot_decide, make_bot
from ravenry.core.rng import Rng
from ravenry.server.live import hash_token
from ravenry.server.storage import GameRow, SeatRow, Storage, actions_table, dumps, games_table

GAME_ID = "finished-catan"
PLAYERS = 3


def _token(seat: int) -> str:
    return f"{GAME_ID}-seat{seat}-token-of-the-test"


def _write_finished_game(db: Path, seed: int = 5) -> None:
    """A catan game three greedy bots played to its end, stored as a game of three people (the
    server marks it finished when it restores it)."""
    state = ravenry.new_game("catan", players=PLAYERS, seed=seed)
    bot, rng = make_bot("greedy", "catan"), Rng.from_seed(seed)
    played: list[tuple[int, Any]] = []
    while state.decision().result is None:
        seat = state.decision().players[0]
        action = bot_decide(bot, state, seat, rng)
        state.apply(seat, action)
        played.append((seat, action))
        assert len(played) < 5000, "the greedy game did not end"
    storage = Storage(f"sqlite:///{db}")
    storage.migrate()
    now = time.time()
    fresh = ravenry.new_game("catan", players=PLAYERS, seed=seed)
    seats = [SeatRow(s, "human", None, f"Person {s}", hash_token(_token(s)), now) for s in range(PLAYERS)]
    storage.create_game(
        GameRow(
            id=GAME_ID,
            kind="catan",
            players=PLAYERS,
            config=fresh.config.to_json(),
            options={},
            seed=seed,
            status="running",
            result=None,
            seq=0,
            host_token_hash=hash_token("host-" + GAME_ID),
            created_at=now,
            seats=seats,
        )
    )
    rows = [
        {
            "game_id": GAME_ID,
            "seq": i,
            "seat": seat,
            "payload": dumps(fresh.game.action_to_json(a)),
            "cid": None,
            "at": now,
        }
        for i, (seat, a) in enumerate(played, start=1)
    ]
    with storage.engine.begin() as conn:
        conn.execute(actions_table.insert(), rows)
        conn.execute(games_table.update().where(games_table.c.id == GAME_ID).values(seq=len(rows)))
    storage.close()


@pytest.fixture
def finished_server(tmp_path: Path) -> Any:
    if missing():
        skip_or_fail(missing() or "")
    db = tmp_path / "finished.sqlite"
    _write_finished_game(db)
    srv = Server(db, 1)
    srv.start()
    yield srv
    srv.stop()


def _ask_rematch(base: str, token: str) -> dict[str, Any]:
    req = urllib.request.Request(
        f"{base}/api/games/{GAME_ID}/rematch",
        data=b"{}",
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Origin": base},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return dict(json.load(r))


def test_a_rematch_asked_by_one_seat_reaches_the_others_page(browser: Any, finished_server: Server) -> None:
    base = finished_server.base
    tab = Tab(browser, "rematch-invite")
    page = tab.page
    page.goto(f"{base}/play/{GAME_ID}#seat=1&token={_token(1)}")
    page.locator("#banner h2[data-winner]").wait_for()
    assert page.locator("[data-rematch-invite]").count() == 0
    assert page.locator("#banner [data-action=rematch]").count() == 1

    asked = _ask_rematch(base, _token(0))  # seat 0, in another browser, asks for the rematch
    mine = {s["seat"]: s["invite"] for s in asked["seats"]}
    assert mine[0] and not mine[1], "a seat's answer holds only its own invite"

    link = page.locator("#banner [data-rematch-invite]")
    link.wait_for(timeout=5000)
    invite = link.get_attribute("href") or ""
    assert invite.startswith(f"/play/{asked['id']}") and "seat=1" in invite
    frames = [m for m in tab.frames if m.get("t") == "rematch"]
    assert len(frames) == 1 and frames[0]["invite"] == invite
    assert mine[0] not in json.dumps(tab.frames), "seat 1 must never receive seat 0's invite"
    tab.shot("rematch-offered", phone_too=True)

    page.reload()
    page.locator("#banner [data-rematch-invite]").wait_for()
    assert page.locator("#banner [data-rematch-invite]").get_attribute("href") == invite

    page.locator("#banner [data-rematch-invite]").click()
    page.wait_for_url(f"**/play/{asked['id']}**")
    tab.wait_for(
        lambda: any(
            m.get("t") == "welcome" and m.get("game") == asked["id"] and m.get("seat") == 1
            for m in tab.frames
        ),
        "the rematch's welcome to seat 1",
    )
    assert not tab.errors, f"console errors {tab.errors}"
    assert not tab.external, f"requests to other hosts {tab.external}"
    tab.close()
