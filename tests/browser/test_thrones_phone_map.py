"""The thrones map on a phone (390 × 844) and on a laptop (1280 × 800): on the phone it opens zoomed
on the player's own home area, big enough to read, with pan (drag) and zoom (+/−, wheel) that
move the view, and a button that brings the lit areas of the decision into view; the laptop
shows the map's whole width (the whole map at one click). Screenshots of both go to
test-artifacts/browser/ (named phone-thrones-*
and laptop-thrones-*: the planning test clears thrones-*.png)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, DESKTOP, PHONE, Server
from browser_tabs import Tab, box_of

from ravenry.games.thrones import data

# The home area's shape on the first phone view: at least this many pixels wide (the whole map
# is 1200 units on ~370 px: Winterfell, the widest home area, is ~190 px there, names ~6 px high).
MIN_HOME_PX = 250
MAP_JSON = Path(__file__).resolve().parents[2] / "src/ravenry/web/static/data/thrones-map.json"
NAME_CHAR = float(json.loads(MAP_JSON.read_text())["sizes"]["name_char"])  # map units a letter
# Decisions that light areas away from the home area, some of them (positions of
# tests/browser/data/thrones-positions.json).
DECISIONS = ("march_move:attack", "retreat:area", "raid:order", "mustering:ship")
ANCHOR_KEYS = ("label", "units", "order", "token")


@pytest.fixture
def start_server(tmp_path: Path) -> Any:
    from browser_support import missing, skip_or_fail
    from thrones_play import write_positions

    if missing():
        skip_or_fail(missing() or "")
    from thrones_kind_positions import load

    positions = {k: v for k, v in load().items() if k in DECISIONS}
    positions["start"] = {"players": 5, "seed": 1, "prefix": [], "seat": 0}
    ids = write_positions(tmp_path / "start.sqlite", positions)
    srv = Server(tmp_path / "start.sqlite", 1)
    srv.start()
    yield srv, ids, positions
    srv.stop()


def within(inner: dict[str, float], outer: dict[str, float]) -> bool:
    """Whether one screen box lies in another (to a pixel)."""
    return (
        inner["x"] >= outer["x"] - 1
        and inner["y"] >= outer["y"] - 1
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1
    )


def view_box(page: Any) -> list[float]:
    return [float(x) for x in (page.locator(".th-map").get_attribute("viewBox") or "").split()]


def test_thrones_map_on_a_phone_opens_on_the_home_area(browser: Any, start_server: Any) -> None:
    from thrones_play import open_seat

    server, ids, _ = start_server
    game_id = ids["start"]
    seat = 0
    tab = Tab(browser, "thrones-phone", PHONE)
    page = tab.page
    open_seat(tab, server.base, game_id, seat)
    tab.settle()
    view = tab.view()
    home = next(a for a in range(data.N_AREAS) if view["home"][a] == seat)
    area = page.locator(f".th-map path.th-area[data-area='{home}']")
    # (the frame's seq is on the page before the map's areas are drawn: wait for the area itself;
    # without this wait a CI run found no box for it once)
    area.wait_for(state="visible", timeout=10_000)
    frame = box_of(page.locator(".th-map-wrap"))
    shape = box_of(area)
    assert frame["x"] + frame["width"] <= PHONE["width"], frame  # the map itself fits the screen
    # The home area lies in the map's frame and is drawn big enough to read.
    assert within(shape, frame), (shape, frame)
    assert shape["width"] >= MIN_HOME_PX, shape
    # Names are at least 10 px a line (the whole map on a phone gives about 6).
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.th-map text.th-name')].map((t) => {
             const r = t.getBoundingClientRect(); return r.height / t.querySelectorAll('tspan').length; })"""
    )
    assert min(sizes) >= 10, f"names {min(sizes):.1f} px high on the phone"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-thrones-390x844-home.png"))
    first = view_box(page)
    assert first[2] < 1200, first  # zoomed in, not the whole map

    # + and − zoom; a drag pans; the whole map comes back with one button.
    assert page.locator(".th-pan-hint").is_visible()  # says how to move the map
    page.click("[data-zoom=in]")
    assert page.locator(".th-pan-hint").is_hidden()  # until the viewer has moved it
    zoomed = view_box(page)
    assert zoomed[2] < first[2], (first, zoomed)
    page.click("[data-zoom=out]")
    assert view_box(page)[2] > zoomed[2]
    box = box_of(page.locator(".th-map"))
    before = view_box(page)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 80, y - 120, steps=4)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] > before[0] and panned[1] > before[1], (before, panned)
    page.mouse.move(x, y)
    page.mouse.wheel(0, -300)
    assert view_box(page)[2] < panned[2]

    # The planning lights the house's areas; the button brings those out of view into view.
    lit = page.locator("#board path.th-area.spot")
    assert lit.count() == len({a["area"] for a in tab.legal() if a["type"] == "place_order"})
    show = page.locator("[data-zoom=lit]")
    assert show.is_visible() and int(show.get_attribute("data-off-view") or 0) > 0
    show.click()
    assert show.is_hidden()
    # every lit area's name and pieces within the view
    x0, y0, w, h = view_box(page)
    geometry = json.loads(MAP_JSON.read_text())["areas"]
    for i in range(lit.count()):
        entry = geometry[lit.nth(i).get_attribute("data-area-id")]
        for key in ANCHOR_KEYS:
            x, y = entry[key]
            assert x0 <= x <= x0 + w and y0 <= y <= y0 + h, (key, entry[key], x0, y0, w, h)
    assert w < 1000, "the lit areas of the planning are near each other: the view stays zoomed in"
    page.screenshot(path=str(ARTIFACTS / "phone-thrones-390x844-lit-areas.png"))
    page.click("[data-zoom=reset]")
    assert view_box(page) == [0, 0, 1200, 1600]
    assert not tab.errors, tab.errors

    # A laptop sees the map's whole width without scrolling the page (names legible: the whole
    # map would fit the box's height and shrink them), and the whole map at one click.
    wide = Tab(browser, "thrones-laptop", DESKTOP)
    open_seat(wide, server.base, game_id, seat)
    wide.settle()
    wide.page.wait_for_timeout(300)  # the width is fitted once the box is laid out
    fitted = view_box(wide.page)
    assert fitted[2] == 1200 and fitted[3] < 1600, fitted
    frame = box_of(wide.page.locator(".th-map-wrap"))
    assert frame["y"] + frame["height"] <= DESKTOP["height"], frame
    wide.page.click("[data-zoom=reset]")
    assert view_box(wide.page) == [0, 0, 1200, 1600]
    # Each name is drawn no wider than the label box the map's anchors leave room for
    # (tests/web/test_thrones_map_geometry.py: NAME_CHAR map units a letter of its longest line).
    names = wide.page.evaluate(
        "() => [...document.querySelectorAll('.th-map text.th-name')].map((t) =>"
        " [[...t.querySelectorAll('tspan')].map((s) => s.textContent.length), t.getBBox().width])"
    )
    assert len(names) == data.N_AREAS
    for lines, width in names:
        assert width <= max(lines) * NAME_CHAR + 1, (lines, width)
    wide.page.screenshot(path=str(ARTIFACTS / "laptop-thrones-1280x800-map.png"))
    assert not wide.errors, wide.errors


def test_thrones_phone_map_shows_the_lit_areas_of_a_decision(browser: Any, start_server: Any) -> None:
    """Whatever the decision, one of its lit areas is wholly in view on the phone's first view
    (the map goes to them when the home area is far), and the button shows the rest."""
    from thrones_play import open_seat

    server, ids, positions = start_server
    geometry = json.loads(MAP_JSON.read_text())["areas"]
    tab = Tab(browser, "thrones-phone-decisions", PHONE)
    page = tab.page
    for kind in DECISIONS:
        open_seat(tab, server.base, ids[kind], positions[kind]["seat"])
        tab.settle()
        x0, y0, w, h = view_box(page)

        def in_view(area_id: str, x0: float = x0, y0: float = y0, w: float = w, h: float = h) -> bool:
            points = [geometry[area_id][key] for key in ANCHOR_KEYS]
            return all(x0 <= x <= x0 + w and y0 <= y <= y0 + h for x, y in points)

        lit = page.locator("#board path.th-area.spot")
        assert lit.count() > 0, kind
        shown = [in_view(lit.nth(i).get_attribute("data-area-id") or "") for i in range(lit.count())]
        assert any(shown), (kind, x0, y0, w, h)
        show = page.locator("[data-zoom=lit]")
        if not all(shown):
            show.click()
            x0, y0, w, h = view_box(page)
            assert all(
                in_view(lit.nth(i).get_attribute("data-area-id") or "", x0, y0, w, h)
                for i in range(lit.count())
            )
        assert show.is_hidden(), kind
    page.screenshot(path=str(ARTIFACTS / "phone-thrones-390x844-decision.png"))
    assert not tab.errors, tab.errors
