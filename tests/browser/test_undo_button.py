"""The undo option in the browser: a game made in the lobby with "undo" on; a person takes back a
set-up settlement, then, later, a road built in their own turn: the "Undo" button over the board
(heading the dice strip)
names what it takes back, the road goes, the cards come back, the log says so, and Ctrl+Z does
the same. Screenshots at 1280x800 and 390 px wide."""

from __future__ import annotations

import random
from typing import Any

from browser_support import Server
from browser_tabs import Tab, assert_no_hidden_info

from ravenry.games.catan.boards import classic_topology

MAX_STEPS = 300
UNDO_BUTTON = "#dice button[data-action=undo]"


def _my_roads(tab: Tab) -> set[int]:
    seat = tab.last["seat"]
    return {e for e, owner in tab.view()["roads"] if owner == seat}


def _my_settlements(tab: Tab) -> set[int]:
    seat = tab.last["seat"]
    return {node for node, owner, _ in tab.view()["buildings"] if owner == seat}


def _settle_on_brick_and_lumber(tab: Tab) -> None:
    """A set-up settlement by a hills and a forest hex where one is free (the test reads the
    board; the second settlement's starting cards then make a road), clicked on the board."""
    topo = classic_topology()
    terrain = {h["id"]: h["terrain"] for h in tab.board["hexes"]}
    nodes = [a["node"] for a in tab.legal() if a["type"] == "place_settlement"]
    good = [n for n in nodes if {"hills", "forest"} <= {terrain[h] for h in topo.node_hexes[n]}]
    answered = len(tab.answers)
    tab.page.locator(f"#board .spot[data-node='{(good or nodes)[0]}']").click()
    tab.wait_for_ack(answered, "a set-up settlement")


def _routine(tab: Tab, rng: random.Random) -> None:
    """One decision that is not a build: set-up placements, the dice, discards, the robber,
    declining offers, ending the turn."""
    types = tab.types()
    if "place_settlement" in types:
        _settle_on_brick_and_lumber(tab)
        return
    spot_kinds = types & {"place_settlement", "place_road", "place_free_road", "move_robber"}
    if spot_kinds:
        tab.click_spot(rng, sorted(spot_kinds)[0])
    elif "roll" in types:
        tab.click_action("roll")
    elif "discard" in types:
        tab.discard()
    elif "decline_trade" in types:
        tab.click_action("decline_trade")
    elif "end_turn" in types:
        tab.click_action("end_turn")
    else:
        tab.click_and_wait("#dialog button:enabled", f"an answer to {sorted(types)}")


def _undo(tab: Tab, how: str) -> None:
    answered = len(tab.answers)
    if how == "click":
        tab.page.locator(UNDO_BUTTON).click()
    else:
        tab.page.locator("body").click(position={"x": 5, "y": 5})  # focus out of any field
        tab.page.keyboard.press("Control+z")
    tab.wait_for_ack(answered, f"undo by {how}")


def test_undo_a_settlement_and_a_road(browser: Any, server: Server) -> None:
    rng = random.Random(3)
    ann = Tab(browser, "catan-undo")
    page = ann.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "catan")
    page.click("[data-players='3']")
    page.fill("[data-seat-name='0']", "Ann")
    for seat in (1, 2):
        page.select_option(f"[data-seat-kind='{seat}']", "bot:random")
    page.locator("details summary", has_text="Options").click()
    help_text = page.locator("[data-option-help=undo]").inner_text()
    assert "misclick" in help_text  # the game's own words (/api/meta)
    page.select_option("#opt-undo", "true")
    page.click("[data-action=create]")
    page.locator("[data-play-seat='0']").wait_for()
    page.click("[data-play-seat='0']")
    page.locator("svg.board").wait_for()
    ann.wait_for(lambda: bool(ann.last), "the welcome")
    assert ann.view()["undoable"] is None

    # Set-up: the first settlement, taken back while its road waits.
    ann.wait_for(lambda: "place_settlement" in ann.types(), "Ann's first settlement", 30)
    assert page.locator(UNDO_BUTTON).count() == 0
    ann.click_spot(rng, "place_settlement")
    placed = _my_settlements(ann)
    assert len(placed) == 1 and "undo" in ann.types()
    assert page.locator(UNDO_BUTTON).inner_text().strip() == "↶ Undo settlement"
    ann.shot("setup-settlement")
    _undo(ann, "click")
    assert _my_settlements(ann) == set() and "place_settlement" in ann.types()
    assert page.locator(UNDO_BUTTON).count() == 0
    assert page.locator("#board .spot[data-action=place_settlement]").count() > 0
    page.locator("#log li", has_text="took back their settlement").first.wait_for()

    # Play on until Ann can build a road in her own turn.
    built = False
    for _ in range(MAX_STEPS):
        if not ann.types():
            page.wait_for_timeout(40)
            continue
        if "build_road" in ann.types():
            built = True
            break
        _routine(ann, rng)
    assert built, "Ann never could build a road"

    hand = dict(ann.me()["hand"])
    roads = _my_roads(ann)
    vp = ann.me()["visible_vp"]
    page.click("#actions [data-action=mode-road]")
    ann.click_spot(rng, "build_road")
    (new_road,) = _my_roads(ann) - roads
    assert ann.me()["hand"]["brick"] == hand["brick"] - 1 and ann.me()["hand"]["lumber"] == hand["lumber"] - 1
    button = page.locator(UNDO_BUTTON)
    assert button.inner_text().strip() == "↶ Undo road"
    assert "Ctrl+Z" in (button.get_attribute("title") or "")
    ann.assert_in_view(UNDO_BUTTON)
    ann.shot("built-road")
    _undo(ann, "click")
    assert _my_roads(ann) == roads and ann.me()["hand"] == hand and ann.me()["visible_vp"] == vp
    assert page.locator(f"#board g.road[data-road='{new_road}']").count() == 0
    for r in ("brick", "lumber"):
        assert page.locator(f"[data-hand={r}]").get_attribute("data-count") == str(hand[r])
    assert page.locator(UNDO_BUTTON).count() == 0
    page.locator("#log li", has_text="took back their road").first.wait_for()
    ann.assert_log_newest_first()
    ann.shot("road-taken-back")

    # The same again with Ctrl+Z.
    page.click("#actions [data-action=mode-road]")
    ann.click_spot(rng, "build_road")
    assert len(_my_roads(ann)) == len(roads) + 1
    _undo(ann, "keyboard")
    assert _my_roads(ann) == roads and ann.me()["hand"] == hand
    assert not ann.errors, f"console errors {ann.errors}"
    assert not ann.external, f"requests to other hosts {ann.external}"
    assert_no_hidden_info(ann.frames, ann.last["seat"])
    ann.close()
