"""One person against four bots in A Game of Thrones: The Board Game, through the browser: the
lobby form, the area cards of the board, the planning phase played by clicking the highlighted
areas and the order buttons, then Done, until the game reaches the action phase. Also checks that
the view's static board (what the renderer names areas with) is games/thrones/data.py's facts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, PHONE, Server
from browser_tabs import Tab

import ravenry
from ravenry.games.thrones import data

DATA_JS = Path(__file__).resolve().parents[2] / "src/ravenry/web/static/js/games/thrones-data.js"
ACTION_PHASES = {"messenger_raven", "raid", "march_choose", "march_move", "support", "house_cards"}


def test_the_view_carries_the_board_facts_and_the_layout_covers_every_area() -> None:
    board = ravenry.new_game("thrones", players=5, seed=1).observe(None)["board"]
    assert [a["id"] for a in board["areas"]] == list(data.AREA_IDS)
    assert [a["name"] for a in board["areas"]] == list(data.AREA_NAMES)
    for key, facts in (("sea", data.AREA_IS_SEA), ("castle", data.AREA_CASTLE), ("supply", data.AREA_SUPPLY),
                       ("power", data.AREA_POWER), ("home", data.AREA_HOME)):  # fmt: skip
        assert [a[key] for a in board["areas"]] == list(facts), key
    assert board["houses"] == list(data.HOUSE_NAMES)
    assert board["orders"] == list(data.ORDER_KIND_NAMES)
    assert board["westeros"] == list(data.WESTEROS_NAMES)
    cards = [[(c.name, c.strength, c.swords, c.fortifications) for c in hc] for hc in data.HOUSE_CARDS]
    assert [
        [(c["name"], c["strength"], c["swords"], c["forts"]) for c in hc] for hc in board["cards"]
    ] == cards
    text = DATA_JS.read_text()
    regions = json.loads(re.search(r"export const REGIONS = (\[.*?\]);\n", text).group(1))  # type: ignore[union-attr]
    assert sorted(a for _, areas in regions for a in areas) == list(range(data.N_AREAS))


@pytest.mark.parametrize("server", [3], indirect=True)
def test_thrones_planning_against_four_bots(browser: Any, server: Server) -> None:
    for old in ARTIFACTS.glob("thrones-*.png"):
        old.unlink()  # the numbering below must not mix with an earlier run's
    tab = Tab(browser, "thrones")
    page = tab.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "thrones")
    page.click("[data-players='5']")
    page.fill("[data-seat-name='0']", "Ann")
    for i in (1, 2, 3, 4):
        assert page.locator(f"[data-seat-kind='{i}']").input_value().startswith("bot:")
    page.click("[data-action=create]")
    page.locator("[data-play-seat='0']").wait_for()
    page.click("[data-play-seat='0']")
    page.locator(".th-board").wait_for()
    tab.wait_for(lambda: bool(tab.last), "the welcome")
    tab.settle()
    view = tab.view()
    assert view["game"] == "thrones" and len(view["houses"]) == 5
    n_areas = len(view["owner"])
    assert page.locator(".th-area[data-area]").count() == n_areas == data.N_AREAS
    assert page.locator(".th-region.seas .th-area").count() == sum(data.AREA_IS_SEA)
    assert page.locator(".th-track").count() == 3
    assert page.locator("#me .th-card").count() == 7
    assert "No renderer" not in page.locator("#board").inner_text()
    assert "Planning" in page.locator("#cue").inner_text()
    tab.shot("planning-start")

    # Planning: every highlighted area gets an order, by clicking its card and an order button.
    placed = 0
    while "place_order" in tab.types():
        legal_areas = {a["area"] for a in tab.legal() if a["type"] == "place_order"}
        spots = page.locator(".th-area.spot[data-action=place_order]")
        assert spots.count() == len(legal_areas)
        card = spots.first
        area = int(card.get_attribute("data-area") or "-1")
        assert area in legal_areas
        assert (card.get_attribute("aria-label") or "").strip()
        answered = len(tab.answers)
        card.click()
        chooser = page.locator("[data-dialog=area] [data-action=place_order]")
        options = [a for a in tab.legal() if a["type"] == "place_order" and a["area"] == area]
        if len(options) > 1:
            assert chooser.count() == len(options)
            # The first area marches (the action phase then waits for this house), the rest do not.
            pick = 0 if placed == 0 else len(options) - 1
            label = chooser.nth(pick).inner_text()
            if placed == 0:
                tab.shot("order-chooser")
            assert label.startswith("Place ") and data.AREA_NAMES[area] in label
            tab.click_and_wait(f"[data-dialog=area] [data-action=place_order] >> nth={pick}", label)
        else:
            tab.wait_for_ack(answered, f"the order in {area}")  # one choice: the click sent it
        placed += 1
        assert page.locator(f".th-area[data-area='{area}'] [data-my-order]").count() == 1
        if placed == 2:
            tab.shot("planning-orders")
    assert placed >= 3, placed
    assert tab.types() == {"ready"}
    assert page.locator(".th-area.spot").count() == 0
    tab.click_action("ready")

    # The bots place theirs; the orders are revealed and the action phase begins.
    def revealed_seen() -> bool:
        return any(e.get("type") == "orders_revealed" for m in tab.frames for e in m.get("events", []))

    tab.wait_for(revealed_seen, "the reveal of the orders", 20)
    tab.wait_for(lambda: tab.view()["phase"] in ACTION_PHASES, "the action phase", 20)
    page.wait_for_timeout(100)
    revealed = [o for o in tab.view()["orders"] if o is not None]
    assert revealed, "no order on the board after the reveal"
    assert page.locator(".th-area [data-order]").count() >= len(revealed)
    assert page.locator("#log li[data-event=orders_revealed]").count() == 1
    assert "Orders revealed" in page.locator("#log").inner_text()
    assert page.locator("#log li[data-event=order_placed]").count() >= placed
    tab.shot("action-phase")

    # The March placed first: its area lights up; the moves are buttons with readable labels.
    tab.wait_for(lambda: "march" in tab.types(), "my march", 20)
    march = page.locator(".th-area.spot[data-action=march]")
    assert march.count() == len({a["area"] for a in tab.legal() if a["type"] == "march"})
    tab.click_and_wait(".th-area.spot[data-action=march] >> nth=0", "the march")
    tab.wait_for(lambda: "end_march" in tab.types(), "the march's moves")
    moves = [a for a in tab.legal() if a["type"] == "move"]
    buttons = page.locator("#actions [data-action=move]")
    assert buttons.count() == len(moves)
    if moves:
        assert re.match(r"Move 1 (footman|knight|ship) .+ → .+", buttons.first.inner_text())
    tab.shot("march-moves", phone_too=False)
    tab.click_action("end_march")
    assert "end_march" not in tab.types()
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    page.screenshot(path=str(ARTIFACTS / "thrones-04-action-phase-phone-top.png"))
    # A spectator sees the same board, no hand and no choices.
    game_id = page.url.rstrip("/").split("/")[-1]
    spectator = Tab(browser, "thrones-spectator")
    spectator.page.goto(f"{server.base}/play/{game_id}?watch")
    spectator.page.locator(".th-board").wait_for()
    assert spectator.page.locator(".th-area[data-area]").count() == data.N_AREAS
    assert spectator.page.locator(".th-area.spot, #actions button").count() == 0
    assert not spectator.errors, spectator.errors

    # Other houses' sealed orders never reached this page.
    me = tab.last["seat"]
    for msg in tab.frames:
        for e in msg.get("events", []):
            if e["type"] == "order_placed" and e["seat"] != me:
                assert e.get("area") is None and e.get("order") is None, e
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external
