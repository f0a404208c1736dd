"""A replay you can move around, in the browser: no press or click is dropped however fast they
come (20 ArrowRight presses move 20 steps, 10 fast clicks 10), the slider moves to any step, the
chapter jumps (each turn of a Catan game) land on the chapter's first step, the log shows only
what had happened up to the step shown, and the controls fit a phone with thumb-sized targets."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from browser_support import ARTIFACTS, DESKTOP, PHONE, Server
from browser_tabs import Tab

THUMB_PX = 40  # the smallest a target may be on a phone (the CSS asks 44)


def _get(server: Server, path: str) -> Any:
    with urllib.request.urlopen(f"{server.base}{path}", timeout=10) as r:
        return json.load(r)


def _shown(tab: Tab) -> int:
    return int(tab.page.locator(".replay-pos").get_attribute("data-replay-k") or "-1")


def _settles_at(tab: Tab, k: int, what: str) -> None:
    """The replay reaches step k and stays there (no fetch left that would move it on)."""
    tab.page.locator(f".replay-pos[data-replay-k='{k}']").wait_for(timeout=15_000)
    tab.page.wait_for_timeout(400)
    assert _shown(tab) == k, f"{what}: the replay moved on from {k} to {_shown(tab)}"


def _board_matches(tab: Tab, server: Server, game_id: str, k: int) -> None:
    view = _get(server, f"/api/games/{game_id}/replay/{k}")["view"]
    page = tab.page
    drawn = (page.locator("#board [data-building]").count(), page.locator("#board [data-road]").count())
    assert drawn == (len(view["buildings"]), len(view["roads"])), f"step {k}: the board shows {drawn}"


def _log_is_up_to(tab: Tab, k: int) -> None:
    page = tab.page
    seqs = [
        int(s) for s in page.locator("#log li[data-seq]").evaluate_all("els => els.map(e => e.dataset.seq)")
    ]
    assert seqs, f"step {k}: the log is empty"
    assert max(seqs) == k, f"step {k}: the log's newest line is of step {max(seqs)}"
    assert page.locator("#log li[data-event=game_over]").count() == 0, "the end of the game shows in the log"
    assert "Game over" not in page.locator("#log").inner_text()


def test_the_replay_follows_every_input_the_slider_and_the_chapters(browser: Any, server: Server) -> None:
    tab = Tab(browser, "replay-scrub")
    page = tab.page
    game_id = tab.create_finished_bots_game(server.base)
    outline = _get(server, f"/api/games/{game_id}/replay")
    total, chapters = outline["total"], outline["chapters"]
    assert total > 60 and len(chapters) > 4

    page.goto(f"{server.base}/play/{game_id}?watch")
    page.locator("#banner h2[data-winner]").wait_for()
    tab.settle()
    assert page.locator("#log li[data-event=game_over]").count() == 1  # the live log: the end
    page.click("[data-action=replay]")
    _settles_at(tab, 0, "opening")
    page.locator("[data-replay=chapters] option").first.wait_for(state="attached")

    # 20 presses as fast as the keyboard sends them: each one counts.
    page.locator("#board").click(position={"x": 2, "y": 2})  # the focus on the page, off any field
    for _ in range(20):
        page.keyboard.press("ArrowRight")
    _settles_at(tab, 20, "20 ArrowRight presses")
    _board_matches(tab, server, game_id, 20)
    _log_is_up_to(tab, 20)  # an early step: what had happened up to it, not the game's end
    assert "move 20 of" in page.locator("#cue").inner_text()

    # 10 fast clicks on "next".
    nxt = page.locator("[data-replay=next]")
    for _ in range(10):
        nxt.click(delay=0, no_wait_after=True)
    _settles_at(tab, 30, "10 clicks on next")
    _board_matches(tab, server, game_id, 30)
    _log_is_up_to(tab, 30)

    # The slider: dragged by the mouse, then set to a step exactly.
    slider = page.locator("[data-replay=slider]")
    assert slider.get_attribute("max") == str(total)
    slider.scroll_into_view_if_needed()
    box = slider.bounding_box()
    assert box is not None
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] * 0.2, y)
    page.mouse.down()
    for frac in (0.3, 0.45, 0.6, 0.7):
        page.mouse.move(box["x"] + box["width"] * frac, y, steps=4)
    page.mouse.up()
    dragged = int(slider.input_value())
    assert total * 0.55 < dragged < total * 0.85, f"the drag ended at {dragged} of {total}"
    _settles_at(tab, dragged, "the slider's drag")
    _board_matches(tab, server, game_id, dragged)
    exact = total // 3
    slider.evaluate(
        "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input', {bubbles: true})); }", exact
    )
    _settles_at(tab, exact, "the slider set")
    _board_matches(tab, server, game_id, exact)
    _log_is_up_to(tab, exact)

    # The chapters: the list jumps to a turn's first step, the buttons to the next and back.
    mark = chapters[len(chapters) // 2]
    page.select_option("[data-replay=chapters]", str(mark["k"]))
    _settles_at(tab, mark["k"], f"the jump to {mark['label']}")
    _board_matches(tab, server, game_id, mark["k"])
    assert mark["label"] in page.locator("[data-replay-chapter]").inner_text()
    page.click("[data-replay=chapter-next]")
    after = chapters[chapters.index(mark) + 1]
    _settles_at(tab, after["k"], f"the next turn, {after['label']}")
    assert page.locator("[data-replay=chapters]").input_value() == str(after["k"])
    page.click("[data-replay=chapter-previous]")
    _settles_at(tab, mark["k"], "the turn before")
    assert page.locator("[data-replay=chapter-next]").inner_text().strip() == "Turn ▶"

    # A shot of the controls on a desktop and on a phone (the shot fails on a page wider than it).
    tab.shot("controls")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    page.locator("#replay").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "replay-scrub-controls-phone-view.png"))
    controls = ("first", "previous", "next", "last", "slider", "chapter-previous", "chapters", "chapter-next")
    for name in (*controls, "close"):
        target = page.locator(f"[data-replay={name}]").bounding_box()
        assert target is not None, name
        assert target["height"] >= THUMB_PX and target["width"] >= THUMB_PX, f"{name} is too small: {target}"
        assert target["x"] >= 0 and target["x"] + target["width"] <= PHONE["width"] + 1, f"{name}: {target}"
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page runs {overflow}px off a phone's screen"
    page.set_viewport_size(DESKTOP)

    # Back to the end: the live log again, the end of the game in it.
    page.click("[data-replay=close]")
    assert page.locator("#log li[data-event=game_over]").count() == 1
    assert not tab.errors, f"console errors {tab.errors}"
    assert not tab.external, f"requests to other hosts {tab.external}"
    tab.close()


def _bots_game(server: Server, game: str, players: int) -> str:
    """A game of random bots made over the API, waited for until it is over."""
    body = {"game": game, "seats": [{"kind": "bot", "bot": "random"}] * players, "options": {}}
    request = urllib.request.Request(
        f"{server.base}/api/games", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        game_id = str(json.load(r)["id"])
    deadline = time.monotonic() + 120
    while _get(server, f"/api/games/{game_id}")["status"] != "finished":
        assert time.monotonic() < deadline, f"the bots' {game} did not finish in 120 s"
        time.sleep(0.2)
    return game_id


def test_a_thrones_replay_jumps_by_round_and_phase(browser: Any, server: Server) -> None:
    tab = Tab(browser, "replay-scrub-thrones")
    page = tab.page
    game_id = _bots_game(server, "thrones", 3)
    chapters = _get(server, f"/api/games/{game_id}/replay")["chapters"]
    page.goto(f"{server.base}/play/{game_id}?watch")
    page.locator("#banner h2[data-winner]").wait_for()
    tab.settle()
    page.click("[data-action=replay]")
    _settles_at(tab, 0, "opening")
    page.locator("[data-replay=chapters] option").first.wait_for(state="attached")
    labels = page.locator("[data-replay=chapters] option").all_inner_texts()
    assert [t.split(" (move")[0] for t in labels] == [c["label"] for c in chapters]
    assert page.locator("[data-replay=chapter-next]").inner_text().strip() == "Round ▶"

    # The next round: the first step of round 2 (its Westeros phase), past round 1's phases.
    page.click("[data-replay=chapter-next]")
    round_2 = next(c for c in chapters if c["label"].startswith("Round 2 "))
    _settles_at(tab, round_2["k"], "the next round")
    assert round_2["label"] in page.locator("#cue").inner_text()
    # A phase from the list: round 2's Action phase, the log no further than that step.
    action = next(c for c in chapters if c["label"] == "Round 2 · Action")
    page.select_option("[data-replay=chapters]", str(action["k"]))
    _settles_at(tab, action["k"], "round 2's Action phase")
    seqs = page.locator("#log li[data-seq]").evaluate_all("els => els.map(e => Number(e.dataset.seq))")
    assert seqs and max(seqs) <= action["k"]
    assert page.locator("#log li[data-event=game_over]").count() == 0
    page.click("[data-replay=chapter-previous]")
    _settles_at(tab, round_2["k"], "back to the round's start")
    tab.shot("thrones-controls")
    assert not tab.errors, f"console errors {tab.errors}"
    tab.close()
