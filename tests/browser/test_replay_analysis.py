"""A finished game's analysis in the replay: the win-probability graph (one line per seat) above
the board, a click on it moves the replay, a mistake chosen shows the better move in words; a
running game's page has no analysis and never asks for one."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from browser_support import Server
from browser_tabs import Tab


def _post(server: Server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server.base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": server.base},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        answer: dict[str, Any] = json.load(r)
        return answer


def _analysis_requests(page: Any) -> list[str]:
    """The page's requests for an analysis, as it makes them (its script's own file is not one)."""
    asked = _analysis_requests(page)
    return asked


def _status(server: Server, game_id: str) -> str:
    with urllib.request.urlopen(f"{server.base}/api/games/{game_id}", timeout=5) as r:
        return str(json.load(r)["status"])


def test_a_finished_games_replay_shows_its_analysis(browser: Any, server: Server) -> None:
    bots = [{"kind": "bot", "bot": "greedy"}] * 3
    game_id = _post(server, "/api/games", {"game": "catan", "seats": bots, "options": {}})["id"]
    deadline = time.monotonic() + 90
    while _status(server, game_id) != "finished":
        assert time.monotonic() < deadline, "the bots' game did not finish in 90 s"
        time.sleep(0.2)
    tab = Tab(browser, "analysis")
    page = tab.page
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.url) if "/api/games/" in r.url and r.url.endswith("/analysis") else None,
    )
    page.goto(f"{server.base}/play/{game_id}?watch")
    page.locator("#banner h2[data-winner]").wait_for()
    assert page.locator("#analysis").is_hidden() and not asked  # nothing until the replay opens
    page.click("[data-action=replay]")
    page.locator("[data-replay-k='0']").wait_for()
    graph = page.locator("[data-analysis-graph]")
    graph.wait_for(timeout=60_000)
    assert page.locator("[data-analysis-graph] polyline").count() == 3  # a line per seat
    assert page.locator("[data-analysis-cursor='0']").count() == 1
    tab.shot("graph-at-start")

    # A click three quarters along the graph moves the replay there.
    box = graph.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.75, box["y"] + box["height"] / 2)
    page.locator(".replay-pos:not([data-replay-k='0'])").wait_for()
    k = int(page.locator(".replay-pos").get_attribute("data-replay-k") or "0")
    total = int(page.locator(".replay-pos").inner_text().split("/")[1])
    assert abs(k - 0.75 * total) <= 0.05 * total + 2, (k, total)
    page.locator(f"[data-analysis-cursor='{k}']").wait_for(state="attached")  # a line: no width

    # A mistake chosen: the replay stands before that decision and the better move is named.
    mistake = page.locator("[data-mistake]").first
    mistake.wait_for()
    step = int(mistake.get_attribute("data-mistake") or "0")
    mistake.click()
    page.locator(f"[data-replay-k='{step}']").wait_for()
    better = page.locator(f"[data-better-move='{step}']")
    better.wait_for()
    assert "the better move:" in better.inner_text()
    tab.shot("mistake-chosen")
    page.click("[data-replay=close]")
    assert page.locator("#analysis").is_hidden()
    assert not tab.errors, f"console errors {tab.errors}"
    tab.close()


def test_a_running_games_page_has_no_analysis(browser: Any, server: Server) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    created = _post(server, "/api/games", {"game": "catan", "seats": seats, "options": {}})
    tab = Tab(browser, "analysis-running")
    page = tab.page
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.url) if "/api/games/" in r.url and r.url.endswith("/analysis") else None,
    )
    invite = next(s["invite"] for s in created["seats"] if s["invite"])
    page.goto(server.base + invite)
    tab.settle()
    page.wait_for_timeout(500)
    assert page.locator("#analysis").is_hidden()
    assert page.locator("[data-analysis-graph]").count() == 0
    assert page.locator("[data-action=replay]").count() == 0
    assert not asked, f"a running game asked for an analysis: {asked}"
    tab.close()
