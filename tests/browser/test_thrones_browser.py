"""One person against four bots in A Game of Thrones: The Board Game, through the browser: the
lobby form, the map of Westeros (one SVG path per area, joined to the view's board by id), the
planning phase played by clicking lit areas and order tokens (greyed tokens say why), Done, the
reveal, then the person's March with its reach lit on the map (ship routes, a battle asked about
first with both sides' strength from the view), and a spectator's view. Saves screenshots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, PHONE, Server
from browser_tabs import Tab, box_of

import ravenry
from ravenry.games.thrones import data

MAP_JSON = Path(__file__).resolve().parents[2] / "src/ravenry/web/static/data/thrones-map.json"
ACTION_PHASES = {"messenger_raven", "raid", "march_choose", "march_move", "support", "house_cards"}
MARCH_KINDS = {k for k, name in enumerate(data.ORDER_KIND_NAMES) if name.startswith("march")}


def test_the_view_carries_the_board_facts_and_the_map_draws_every_area() -> None:
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
    geometry = json.loads(MAP_JSON.read_text())
    assert sorted(geometry["areas"]) == sorted(data.AREA_IDS)


def open_battle_warning(page: Any, target: dict[str, Any]) -> None:
    """Click a march target that starts a battle; its warning must show both sides' strengths
    as the engine's preview gives them."""
    page.locator(f"#board path.th-area.spot[data-area='{target['to']}']").dispatch_event("click")
    confirm = page.locator(f"[data-confirm=battle][data-to='{target['to']}']")
    confirm.wait_for()
    text = confirm.inner_text()
    assert f"strength {target['battle']['attacker_strength']}" in text, text
    assert str(target["battle"]["defender_strength"]) in text, text


def change_and_take_back(tab: Tab) -> None:
    """Every area has its order: click one, change it to another kind (one click sends the
    clear_order, then the place_order); then take one back and place it again from the picker."""
    page = tab.page
    mine = tab.view()["my_orders"]
    change = next(c for c in tab.view()["planning"]["changes"] if c["orders"])
    area = change["area"]
    page.locator(f"#board path.th-area.spot[data-area='{area}']").dispatch_event("click")
    chooser = page.locator(f"[data-panel=orders] [data-dialog=change][data-area='{area}']")
    chooser.wait_for()
    tab.shot("order-change")
    assert (
        chooser.locator(f"[data-action=clear_order][data-area='{area}']:not([data-change-to])").count() == 1
    )
    offered = chooser.locator("[data-action=clear_order][data-change-to]")
    assert sorted(
        int(offered.nth(i).get_attribute("data-change-to") or -1) for i in range(offered.count())
    ) == sorted(change["orders"])
    kind = change["orders"][-1]
    answered = len(tab.answers)
    chooser.locator(f"[data-change-to='{kind}']").click()
    tab.wait_for(lambda: len(tab.answers) >= answered + 2, "the clear and the place of a change")
    assert [a["t"] for a in tab.answers[answered:]] == ["ack", "ack"]
    tab.wait_for(lambda: tab.view()["my_orders"][area] == data.ORDER_KIND_NAMES[kind], "the changed order")
    assert [tab.view()["my_orders"][a] for a in range(data.N_AREAS) if a != area] == [
        mine[a] for a in range(data.N_AREAS) if a != area
    ]
    assert "took back" in page.locator("#log").inner_text()

    # Take one back: the normal picker opens on its area, and a token goes there again.
    page.locator(f"#board path.th-area.spot[data-area='{area}']").dispatch_event("click")
    chooser.wait_for()
    tab.click_and_wait(
        f"[data-dialog=change] [data-action=clear_order][data-area='{area}']:not([data-change-to])",
        "take back",
    )
    tab.wait_for(lambda: tab.view()["my_orders"][area] is None, "the order taken back")
    picker = page.locator(f"[data-panel=orders] [data-dialog=area][data-area='{area}']")
    picker.wait_for()
    assert "ready" not in tab.types()
    again = next(a for a in tab.legal() if a["type"] == "place_order" and a["area"] == area)
    tab.click_and_wait(
        f"[data-dialog=area] [data-action=place_order][data-area='{area}'][data-order='{again['order']}']",
        "again",
    )
    tab.wait_for(lambda: tab.view()["my_orders"][area] is not None, "the order placed again")


def click_map(tab: Tab, selector: str, what: str) -> None:
    """Click an area of the map: the event goes to the path itself (its box's centre may lie
    outside a bent area, or under the zoom buttons), then wait for the server's answer."""
    answered = len(tab.answers)
    tab.page.locator(selector).first.dispatch_event("click")
    tab.wait_for_ack(answered, what)


@pytest.mark.parametrize("server", [3], indirect=True)
def test_thrones_planning_and_a_march_on_the_map(browser: Any, server: Server) -> None:
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
    page.locator(".th-map path.th-area[data-area]").first.wait_for()
    tab.wait_for(lambda: bool(tab.last), "the welcome")
    tab.settle()
    view = tab.view()
    assert view["game"] == "thrones" and len(view["houses"]) == 5
    paths = page.locator(".th-map path.th-area[data-area]")
    assert paths.count() == data.N_AREAS
    ids = {paths.nth(i).get_attribute("data-area-id") for i in range(paths.count())}
    assert ids == set(data.AREA_IDS)
    assert page.locator(".th-map path.th-area.sea").count() == sum(data.AREA_IS_SEA)
    # Every area names itself (aria-label and a <title> in words).
    winterfell = data.AREA_IDS.index("winterfell")
    title = page.locator(f".th-map path[data-area='{winterfell}'] title").text_content() or ""
    assert title.startswith("Winterfell") and "stronghold" in title and "Stark" in title, title
    for track in ("iron_throne", "fiefdoms", "kings_court", "supply", "castles", "wildlings"):
        assert page.locator(f"[data-track={track}]").count() == 1, track
    assert page.locator("#me .th-card").count() == 7
    assert "No renderer" not in page.locator("#board").inner_text()
    assert "Planning" in page.locator("#cue").inner_text()
    assert page.locator("[data-ready-seat]").count() >= 5
    tab.shot("planning-start")
    # Zoom and pan move the map's viewBox; the whole map comes back with one button.
    whole = page.locator(".th-map").get_attribute("viewBox")
    page.click("[data-zoom=in]")
    zoomed = [float(x) for x in (page.locator(".th-map").get_attribute("viewBox") or "").split()]
    assert zoomed[2] < float((whole or "0 0 0 0").split()[2]), (whole, zoomed)
    box = box_of(page.locator(".th-map"))
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 60, box["y"] + box["height"] / 2 + 40, steps=4)
    page.mouse.up()
    panned = [float(x) for x in (page.locator(".th-map").get_attribute("viewBox") or "").split()]
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1], (zoomed, panned)
    page.click("[data-zoom=reset]")
    assert page.locator(".th-map").get_attribute("viewBox") == "0 0 1200 1600"  # the whole map

    # Planning: every lit area gets an order, by clicking it on the map and then a token.
    placed = 0
    while "place_order" in tab.types():
        legal_areas = {a["area"] for a in tab.legal() if a["type"] == "place_order"}
        ordered = {a["area"] for a in tab.legal() if a["type"] == "clear_order"}
        spots = page.locator("#board path.th-area.spot")
        assert spots.count() == len(legal_areas | ordered)  # the placed ones may change
        # The first order goes to the largest army (its March is the interesting one).
        units = tab.view()["units"]
        area = max(sorted(legal_areas), key=lambda a: sum(units[a])) if placed == 0 else min(legal_areas)
        spot = page.locator(f"#board path.th-area.spot[data-area='{area}']")
        assert (spot.get_attribute("aria-label") or "").strip()
        spot.dispatch_event("click")
        chooser = page.locator(f"[data-panel=orders] [data-dialog=area][data-area='{area}']")
        chooser.wait_for()
        options = [a for a in tab.legal() if a["type"] == "place_order" and a["area"] == area]
        buttons = chooser.locator("[data-action=place_order]")
        assert buttons.count() == len(options)
        greyed = chooser.locator("button[disabled][data-blocked]")
        assert buttons.count() + greyed.count() == len(data.ORDER_KIND_NAMES)
        for i in range(greyed.count()):
            assert (greyed.nth(i).get_attribute("title") or "").strip()
        # The first area marches (the action phase then waits for this house), the rest do not.
        kinds = [a["order"] for a in options]
        pick = next((k for k in kinds if k in MARCH_KINDS), kinds[0]) if placed == 0 else kinds[-1]
        if placed == 0:
            tab.shot("order-chooser")
        tab.click_and_wait(
            f"[data-panel=orders] [data-action=place_order][data-area='{area}'][data-order='{pick}']",
            "an order",
        )
        placed += 1
        assert page.locator("#board [data-my-order]").count() == placed
        if placed == 2:
            tab.shot("planning-orders")
            assert page.locator("[data-panel=orders] button[data-blocked]").count() >= 1
    assert placed >= 3, placed
    assert tab.types() == {"clear_order", "ready"}
    change_and_take_back(tab)
    assert page.locator("#board [data-my-order]").count() == placed
    assert page.locator("#board .spot").count() == placed  # each placed order may still change
    tab.click_action("ready")

    # The bots place theirs; the orders are revealed and the action phase begins.
    def revealed_seen() -> bool:
        return any(e.get("type") == "orders_revealed" for m in tab.frames for e in m.get("events", []))

    tab.wait_for(revealed_seen, "the reveal of the orders", 20)
    tab.wait_for(lambda: tab.view()["phase"] in ACTION_PHASES, "the action phase", 20)
    # The bots' raids and marches go on at once: compare the map with the view once the game
    # waits for this house's March (the one placed first), when neither changes any more.
    tab.wait_for(lambda: "march" in tab.types(), "my march", 20)
    page.wait_for_timeout(100)
    revealed = [o for o in tab.view()["orders"] if o is not None]
    assert revealed, "no order on the board after the reveal"
    assert page.locator("#board [data-order-token]").count() >= len(revealed)
    assert page.locator("#log li[data-event=orders_revealed]").count() == 1
    assert "Orders revealed" in page.locator("#log").inner_text()
    assert page.locator("#log li[data-event=order_placed]").count() >= placed
    tab.shot("action-phase")

    # The March placed first: its area lights up; then its reach lights up on the map.
    march = page.locator("#board .spot[data-action=march]")
    assert march.count() == len({a["area"] for a in tab.legal() if a["type"] == "march"})
    click_map(tab, "#board .spot[data-action=march]", "the march")
    tab.wait_for(lambda: "end_march" in tab.types(), "the march's moves")
    targets = tab.view()["march"]["targets"]
    assert {t["to"] for t in targets} == {a["to"] for a in tab.legal() if a["type"] == "move"}
    lit = page.locator("#board path.th-area.spot[data-action=move]")
    assert lit.count() == len(targets)
    assert {int(lit.nth(i).get_attribute("data-area") or -1) for i in range(lit.count())} == {
        t["to"] for t in targets
    }
    tab.shot("march-reach")
    battle = next((t for t in targets if t["battle"]), None)
    if battle is not None:
        open_battle_warning(page, battle)
        tab.shot("march-battle-preview", phone_too=False)
        page.click("[data-confirm=battle] [data-ui=cancel]")
    quiet = next((t for t in targets if not t["battle"]), None)
    if quiet is not None:
        seq = tab.last["seq"]
        page.locator(f"#board path.th-area.spot[data-area='{quiet['to']}']").dispatch_event("click")
        tab.wait_past(seq, "the units' moves")
        tab.wait_for(lambda: sum(tab.view()["units"][quiet["to"]]) > 0, "the units to arrive")
    if "end_march" in tab.types():
        tab.click_and_wait(
            "[data-panel=march] [data-action=end_march][data-leave_power_token='0']", "the end of the march"
        )
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    page.screenshot(path=str(ARTIFACTS / "thrones-09-action-phase-phone-top.png"))
    # A spectator sees the same map, no hand and no choices.
    game_id = page.url.rstrip("/").split("/")[-1]
    spectator = Tab(browser, "thrones-spectator")
    spectator.page.goto(f"{server.base}/play/{game_id}?watch")
    spectator.page.locator(".th-map path.th-area[data-area]").first.wait_for()
    assert spectator.page.locator(".th-map path.th-area[data-area]").count() == data.N_AREAS
    assert spectator.page.locator("#board .spot, #actions [data-action]").count() == 0
    assert not spectator.errors, spectator.errors

    # Other houses' sealed orders never reached this page.
    me = tab.last["seat"]
    for msg in tab.frames:
        for e in msg.get("events", []):
            if e["type"] == "order_placed" and e["seat"] != me:
                assert e.get("area") is None and e.get("order") is None, e
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external


BATTLE_KINDS = ("march_move:attack", "support:attacker", "house_cards:card", "casualties:unit")


@pytest.fixture
def battle_server(tmp_path: Path) -> Any:
    from browser_support import missing, skip_or_fail
    from thrones_kind_positions import load
    from thrones_play import write_positions

    if missing():
        skip_or_fail(missing() or "")
    positions = {k: v for k, v in load().items() if k in BATTLE_KINDS}
    ids = write_positions(tmp_path / "battle.sqlite", positions)
    srv = Server(tmp_path / "battle.sqlite", 1)
    srv.start()
    yield srv, ids, positions
    srv.stop()


def test_thrones_battle_on_the_map(browser: Any, battle_server: Any) -> None:
    """A march into an enemy's area asks first, with both sides' strength from the view; the
    battle panel shows both sides and the engine's totals; the house cards are a chooser."""
    from thrones_play import open_seat

    server, ids, positions = battle_server
    tab = Tab(browser, "thrones-battle")
    page = tab.page
    pos = positions["march_move:attack"]
    open_seat(tab, server.base, ids["march_move:attack"], pos["seat"])
    tab.settle()
    march = tab.view()["march"]
    target = next(t for t in march["targets"] if t["battle"])
    open_battle_warning(page, target)
    assert page.locator(f"#board path.th-area.battle-target[data-area='{target['to']}']").count() == 1
    tab.shot("battle-preview")

    pos = positions["house_cards:card"]
    open_seat(tab, server.base, ids["house_cards:card"], pos["seat"])
    tab.settle()
    battle = tab.view()["battle"]
    panel = page.locator("[data-panel=battle]")
    for side in (0, 1):
        total = panel.locator(f"[data-side='{side}'] [data-strength]").get_attribute("data-strength")
        assert total == str(battle["strength"][side])
    cards = page.locator("[data-panel=cards] [data-action=house_card]")
    assert cards.count() == len([a for a in tab.legal() if a["type"] == "house_card"])
    tab.shot("battle-cards")
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external


def test_thrones_casualties_on_the_map_then_the_battle_tally(browser: Any, battle_server: Any) -> None:
    """The loser's army lights up on the map; a click opens the chooser of its unit kinds with the
    view's counts; the last casualty ends the battle and its closing tally shows the view's final
    strengths and winner (and the log line says them) until the person closes it."""
    from thrones_play import click_towards, open_seat

    server, ids, positions = battle_server
    tab = Tab(browser, "thrones-casualties")
    page = tab.page
    pos = positions["casualties:unit"]
    open_seat(tab, server.base, ids["casualties:unit"], pos["seat"])
    tab.settle()
    battle = tab.view()["battle"]
    spot = page.locator(f"#board path.th-area.spot[data-area='{battle['area']}'][data-opens=casualty]")
    assert spot.count() == 1
    assert page.locator("#actions [data-action=casualty]").count() == 0  # the map first
    spot.dispatch_event("click")
    chooser = page.locator(f"[data-panel=casualties] [data-dialog=area][data-area='{battle['area']}']")
    chooser.wait_for()
    buttons = chooser.locator("[data-action=casualty]")
    legal = [a for a in tab.legal() if a["type"] == "casualty"]
    assert buttons.count() == len(legal)
    for i in range(buttons.count()):
        unit = int(buttons.nth(i).get_attribute("data-unit") or -1)
        assert buttons.nth(i).get_attribute("data-count") == str(battle["casualty_pool"][unit])
    tab.shot("casualty-chooser")
    answer = click_towards(tab, [("casualty", legal[0]["unit"])], "the casualty")
    assert answer["t"] == "ack", answer
    tab.settle()
    tally = tab.view()["last_battle"]
    assert tally is not None and "battle" not in tab.view()
    panel = page.locator("[data-panel=battle-result]")
    panel.wait_for()
    for side in (0, 1):
        total = panel.locator(f"[data-side='{side}'] [data-strength]").get_attribute("data-strength")
        assert total == str(tally["strength"][side])
    assert panel.locator("[data-winner]").get_attribute("data-winner") == str(tally["winner"])
    won = sorted(tally["strength"], reverse=True)
    assert f"strength {won[0]} against {won[1]}" in page.locator("#log").inner_text()
    tab.shot("battle-tally")
    panel.locator("[data-ui=close-tally]").click()
    assert page.locator("[data-panel=battle-result]").count() == 0
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external


def _ended_game(players: int, seed: int) -> dict[str, Any]:
    """A position past the end: a seeded random game (thrones_kind_positions' rules) played out."""
    import random

    from thrones_kind_positions import new_state, pack

    state = new_state(players, seed)
    rng = random.Random(seed)
    prefix: list[list[Any]] = []
    while state.decision().result is None:
        seat = rng.choice(state.decision().players)
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        prefix.append(pack(seat, action))
    return {"players": players, "seed": seed, "seat": 0, "prefix": prefix}


def test_thrones_end_panel_names_the_winning_house(browser: Any, tmp_path: Path) -> None:
    """A game over: the end panel names the winning house and ranks every house by the view's
    standings (castles, supply, power); the shell's banner names the house too."""
    from browser_support import missing, skip_or_fail
    from thrones_play import open_seat, write_positions

    if missing():
        skip_or_fail(missing() or "")
    ids = write_positions(tmp_path / "end.sqlite", {"end": _ended_game(3, 2)})
    srv = Server(tmp_path / "end.sqlite", 1)
    srv.start()
    try:
        tab = Tab(browser, "thrones-end")
        page = tab.page
        open_seat(tab, srv.base, ids["end"], 0)
        tab.settle()
        view = tab.view()
        result = view["result"]
        assert result is not None
        panel = page.locator("[data-panel=end]")
        panel.wait_for()
        assert panel.locator("h3").get_attribute("data-winner") == ",".join(map(str, result["winners"]))
        rows = panel.locator("tr[data-rank-seat]")
        assert rows.count() == len(result["standings"]) == 3
        for i, r in enumerate(result["standings"]):
            assert rows.nth(i).get_attribute("data-rank-seat") == str(r["seat"])
            assert rows.nth(i).locator("[data-castles]").inner_text() == str(r["castles"])
            assert rows.nth(i).locator("[data-supply]").inner_text() == str(r["supply"])
        heading = page.locator("#banner h2").inner_text()
        for p in result["winners"]:
            assert view["houses"][p] in heading and view["houses"][p] in panel.locator("h3").inner_text()
        tab.shot("end-panel")
        assert not tab.errors, tab.errors
        assert not tab.external, tab.external
    finally:
        srv.stop()
