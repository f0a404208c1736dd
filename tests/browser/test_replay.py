"""A finished game in the browser: the winner and the scores, the replay stepping forward and
back to the same positions, and a rematch from the lobby's finished list."""

from __future__ import annotations

from typing import Any

from browser_support import Server
from browser_tabs import Tab

STEPS = 6


def _board_signature(tab: Tab) -> tuple[int, int, str | None]:
    page = tab.page
    robber = page.locator("#board [data-robber]")
    where = None
    if robber.count():
        # The hex it stands on (a box measured before the layout settles could read 0).
        where = robber.first.evaluate("r => r.closest('g.tormund-camp') ? 'camp' : r.dataset.hex")
    return (page.locator("#board [data-building]").count(), page.locator("#board [data-road]").count(), where)


def test_finished_game_replay_and_rematch(browser: Any, server: Server) -> None:
    tab = Tab(browser, "replay")
    page = tab.page
    game_id = tab.create_finished_bots_game(server.base)

    page.goto(f"{server.base}/play/{game_id}?watch")
    banner = page.locator("#banner h2[data-winner]")
    banner.wait_for()
    tab.settle()
    result = tab.view()["result"]
    assert result is not None
    assert ("wins" in banner.inner_text()) == (len(result["winners"]) == 1)
    assert page.locator("#banner [data-score-seat]").count() == 3
    assert "Game over" in page.locator("#log").inner_text()
    final = _board_signature(tab)
    tab.shot("finished")

    page.click("[data-action=replay]")
    page.locator("[data-replay-k='0']").wait_for()
    start = _board_signature(tab)
    assert start[:2] == (0, 0)
    assert start[2] is not None, "the robber is drawn on its hex (or in its camp)"
    forward = [start]
    for k in range(1, STEPS + 1):
        page.click("[data-replay=next]")
        page.locator(f"[data-replay-k='{k}']").wait_for()
        forward.append(_board_signature(tab))
    assert forward[-1] != forward[0], "six moves of the set-up must show on the board"
    tab.shot("replay-forward")
    for k in range(STEPS - 1, -1, -1):
        page.click("[data-replay=previous]")
        page.locator(f"[data-replay-k='{k}']").wait_for()
        assert _board_signature(tab) == forward[k], f"step {k} looks different going back"
    page.keyboard.press("ArrowRight")
    page.locator("[data-replay-k='1']").wait_for()
    assert _board_signature(tab) == forward[1]
    page.click("[data-replay=last]")
    total = tab.view()  # the live view is the end of the game
    page.locator(
        f"[data-replay-k='{int(page.locator('.replay-pos').inner_text().split('/')[1])}']"
    ).wait_for()
    assert _board_signature(tab) == final
    assert total["result"] is not None
    page.click("[data-replay=close]")
    assert page.locator("#replay").is_hidden()

    # The lobby lists it as finished; the host (this browser made it) may ask for a rematch.
    page.goto(server.base + "/")
    page.click("[data-tab=finished]")
    item = page.locator(f"[data-game='{game_id}']")
    item.wait_for()
    item.locator(f"[data-rematch='{game_id}']").click()
    rematch = page.locator("[data-created]")
    rematch.wait_for()
    page.wait_for_function(f"document.querySelector('[data-created]').dataset.created !== '{game_id}'")
    tab.shot("rematch", phone_too=True)
    assert not tab.errors, f"console errors {tab.errors}"
    assert not tab.external, f"requests to other hosts {tab.external}"
    tab.close()
