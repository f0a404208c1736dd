"""On a phone (390×844) a `thrones` decision's chooser is a sheet over the lower part of the map,
and the lit areas stay seen above it: for an order placement, a march and a muster, the chooser
and a lit area are on the screen at once, with no scrolling between them (issue 30, part 4). The
sheet lowers to its title bar and comes back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_support import PHONE, Server, missing, skip_or_fail
from browser_tabs import Tab
from thrones_kind_positions import load
from thrones_play import open_seat, write_positions

KINDS = ("planning:place_order", "march_move:attack", "mustering:footman")

SEEN = """(sel) => {
  const sheet = document.querySelector('.th-sheet');
  const top = sheet ? sheet.getBoundingClientRect().top : window.innerHeight;
  const map = document.querySelector('svg.th-map').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const b = el.getBoundingClientRect();
    // the area's middle on the screen, inside the map and above the sheet
    const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    const x = Math.min(Math.max(cx, map.left + 4), map.right - 4);
    const y = Math.min(Math.max(cy, map.top + 4), Math.min(map.bottom, top) - 4);
    const hit = document.elementFromPoint(x, y);
    const bottom = Math.min(map.bottom, top);
    const onMap = b.right > map.left && b.left < map.right && b.bottom > map.top && b.top < bottom;
    out.push({area: el.dataset.area, seen: onMap && hit === el});
  }
  return {out, sheetTop: top, scrollY: window.scrollY};
}"""


IN_SCREEN = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const b = el.getBoundingClientRect();
  return b.height > 0 && b.top >= 0 && b.top + Math.min(b.height, 40) <= window.innerHeight;
}"""


def _in_screen(page: Any, selector: str) -> bool:
    """The chooser's top (40 px of it) on the screen once the page has laid the sheet out: the
    sheet is fitted in an animation frame after the render, so this waits up to 3 s for it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(IN_SCREEN, arg=selector, timeout=3000)
    except PlaywrightTimeout:  # the answer "not on the screen"
        return False
    return True


def test_the_chooser_and_the_lit_areas_are_seen_together(browser: Any, tmp_path: Path) -> None:
    if missing():
        skip_or_fail(missing() or "")
    positions = {k: v for k, v in load().items() if k in KINDS}
    ids = write_positions(tmp_path / "sheet.sqlite", positions)
    srv = Server(tmp_path / "sheet.sqlite", 1)
    srv.start()
    try:
        tab = Tab(browser, "thrones-sheet", PHONE)
        page = tab.page
        for kind in KINDS:
            open_seat(tab, srv.base, ids[kind], positions[kind]["seat"])
            tab.settle()
            page.locator(".th-sheet").wait_for()
            page.wait_for_timeout(200)
            scroll = page.evaluate("window.scrollY")
            # Open the chooser where it takes a click on the map first.
            if kind != "march_move:attack":
                # The last lit area (the planning opens on the first by itself); a dispatched
                # click, as an area's shape may be concave around its middle.
                spot = page.locator("#board path.th-area.spot").last
                spot.dispatch_event("click")
                chooser = f".th-sheet [data-dialog=area][data-area='{spot.get_attribute('data-area')}']"
                page.locator(chooser).wait_for()
            else:
                chooser = ".th-sheet [data-unit-count]"
            page.wait_for_timeout(200)
            assert _in_screen(page, chooser), (kind, page.locator(chooser).first.bounding_box())
            seen = page.evaluate(SEEN, "#board path.th-area.spot, #board path.th-area.selected")
            assert any(s["seen"] for s in seen["out"]), (kind, seen)
            assert page.evaluate("window.scrollY") == scroll or kind == KINDS[0], "the page scrolled"
            tab.shot(kind.replace(":", "-"), phone_too=False)
        # Lowered, the sheet is its title bar; raised, the chooser again.
        page.locator("[data-sheet-toggle]").click()
        page.locator(".th-sheet.down").wait_for()
        assert page.locator(".th-sheet").bounding_box()["height"] < 70  # type: ignore[index]
        page.locator("[data-sheet-toggle]").click()
        page.locator(".th-sheet:not(.down)").wait_for()
        assert not tab.errors, tab.errors
    finally:
        srv.stop()
