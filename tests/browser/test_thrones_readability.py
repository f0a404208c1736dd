"""The `thrones` map is readable at 1280×800 in chromium (issue 30, part 2), measured on the page:
the map takes at least 55% of the page's width and more with the tracks folded (they come back);
area names are at least 11 CSS px and order tokens at least 18 px across at the default zoom;
footmen, knights and ships have shapes of their own, each at least 18 px; any two houses' colours
differ by CIE ΔE2000 >= 20, and the text on each is at WCAG contrast >= 4.5:1."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from browser_support import Server, missing, skip_or_fail
from browser_tabs import Tab
from colour_metrics import contrast, delta_e2000, parse_css_colour, to_lab
from thrones_finder import find_position
from thrones_play import open_seat, write_positions

from ravenry.games.thrones.state import P_MARCH_MOVE

DESKTOP = {"width": 1280, "height": 800}


def test_the_colour_measures_match_published_values() -> None:
    # Sharma, Wu and Dalal (2005), table 1: pairs 1, 7 and 17.
    assert delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # WCAG: black on white is 21:1, white on #777 about 4.48:1.
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((255, 255, 255), parse_css_colour("#777")) == pytest.approx(4.48, abs=0.01)


MEASURE = """() => {
  const svg = document.querySelector('svg.th-map');
  const wrap = document.querySelector('.th-map-wrap');
  const scale = svg.getScreenCTM().a;
  const vb = svg.viewBox.baseVal;
  const r = svg.getBoundingClientRect();
  const visible = (el) => {
    const b = el.getBoundingClientRect();
    return b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom && b.width > 0;
  };
  const names = [...document.querySelectorAll('.th-name')].filter(visible)
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const tokens = [...document.querySelectorAll('.th-order-token circle')].filter(visible)
    .map((c) => c.getBoundingClientRect().width);
  const units = {};
  for (const g of document.querySelectorAll('.th-unit')) {
    if (!visible(g)) continue;
    const k = g.dataset.unitKind;
    const shape = g.firstElementChild;
    const w = g.getBoundingClientRect().width;
    (units[k] = units[k] || []).push({tag: shape.tagName, d: shape.getAttribute('d') || '', w});
  }
  const chips = {};
  for (const c of document.querySelectorAll('.th-chip')) {
    const house = [...c.classList].find((x) => x.startsWith('house-'));
    const style = getComputedStyle(c);
    if (house && house !== 'house-neutral') chips[house] = {bg: style.backgroundColor, ink: style.color};
  }
  return {mapWidth: wrap.getBoundingClientRect().width, page: window.innerWidth, names, tokens, units, chips,
          vb: [vb.x, vb.y, vb.width, vb.height]};
}"""


def _marching(s: Any) -> bool:
    return bool(s.phase == P_MARCH_MOVE and s.turn >= 2)


def test_the_map_reads_at_a_laptop_size(browser: Any, tmp_path: Any) -> None:
    if missing():
        skip_or_fail(missing() or "")
    pos = find_position(_marching, 5, range(1, 40))
    db = tmp_path / "readable.sqlite"
    ids = write_positions(db, {"marching": pos})
    srv = Server(db, 1)
    srv.start()
    try:
        tab = Tab(browser, "thrones-readable", DESKTOP)
        open_seat(tab, srv.base, ids["marching"], pos["seat"])
        tab.page.wait_for_timeout(300)  # the first view fits the map's width after a frame
        m = tab.page.evaluate(MEASURE)
        assert m["mapWidth"] / m["page"] >= 0.55, m["mapWidth"]
        assert m["names"] and min(m["names"]) >= 11, sorted(m["names"])[:5]
        assert m["tokens"] and min(m["tokens"]) >= 18, sorted(m["tokens"])[:5]
        # Footmen, knights and ships: a shape each, each big enough to see.
        shapes = {k: {(u["tag"], u["d"]) for u in us} for k, us in m["units"].items()}
        assert len(shapes) >= 2, shapes
        for a, b in itertools.combinations(shapes, 2):
            assert not shapes[a] & shapes[b], (a, b)
        assert min(u["w"] for us in m["units"].values() for u in us) >= 18
        # Every house's colour against every other, and its text on it.
        chips = m["chips"]
        assert len(chips) == 5, chips
        for house, c in chips.items():
            fill, ink = parse_css_colour(c["bg"]), parse_css_colour(c["ink"])
            assert contrast(fill, ink) >= 4.5, (house, c)
        for (ha, a), (hb, b) in itertools.combinations(chips.items(), 2):
            de = delta_e2000(to_lab(parse_css_colour(a["bg"])), to_lab(parse_css_colour(b["bg"])))
            assert de >= 20, (ha, hb, round(de, 1))
        tab.shot("laptop")
        # The tracks fold away (a wider map) and come back.
        tab.page.locator("[data-fold=tracks]").click()
        tab.page.locator("[data-side-col=tracks].folded").wait_for()
        assert tab.page.locator("[data-panel=tracks]").count() == 0
        tab.page.wait_for_timeout(300)
        wide = tab.page.evaluate(MEASURE)
        assert wide["mapWidth"] / wide["page"] >= 0.65, wide["mapWidth"]
        assert min(wide["names"]) >= 11
        tab.shot("tracks-folded", phone_too=False)
        tab.page.locator("[data-fold=tracks]").click()
        tab.page.locator("[data-panel=tracks]").wait_for()
        assert not tab.errors, tab.errors
    finally:
        srv.stop()
