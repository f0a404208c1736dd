"""The rules on the page for `thrones`, in a real browser: a round-2 planning position (its
Westeros phase just played, a restriction card in force) is written into the server's database,
the page opens as a house, and the test checks that a Westeros card, an order token of the
planning chooser and a house card each say what they do on hover (their title) and on tap (the
help popover, which sends no action), and that the Westeros cards drawn this round stay in their
panel, with their texts, until the person closes it. Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, DESKTOP, PHONE, Server, missing, skip_or_fail
from browser_tabs import Tab
from thrones_kind_positions import new_state, pack
from thrones_play import open_seat, write_positions

from ravenry.games.thrones import data as D
from ravenry.games.thrones import texts as T

SEAT = 0
POPOVER = "[data-help-popover]"


def westeros_position(players: int = 3) -> dict[str, Any]:
    """The first seed whose random play reaches the planning of round 2 with a Winter Is Coming
    drawn and a restriction card in force: that position, as thrones_play.write_positions takes
    it."""
    for seed in range(1, 200):
        state = new_state(players, seed)
        rng = random.Random(seed)
        prefix: list[list[Any]] = []
        while True:
            view = state.observe(None)
            if view["phase"] == "planning" and view["turn"] == 2:
                break
            opts = [(s, a) for s in state.decision().players for a in state.legal_actions(s)]
            seat, action = rng.choice([o for o in opts if o[1][0] != "clear_order"] or opts)
            state.apply(seat, action)
            prefix.append(pack(seat, action))
        if view["restrictions"] and "winter_is_coming" in view["westeros_drawn"]:
            return {"players": players, "seed": seed, "seat": SEAT, "prefix": prefix, "view": view}
    raise AssertionError("no seed reaches such a round 2")


@pytest.fixture
def westeros_server(tmp_path: Path) -> Any:
    if missing():
        skip_or_fail(missing() or "")
    pos = westeros_position()
    db = tmp_path / "rules-text.sqlite"
    ids = write_positions(db, {"westeros": {k: v for k, v in pos.items() if k != "view"}})
    srv = Server(db, 1)
    srv.start()
    yield srv, ids["westeros"], pos["view"]
    srv.stop()


def text_of(west: str) -> str:
    return T.WESTEROS_TEXT[D.WESTEROS_NAMES.index(west)]


def tap_shows(tab: Tab, selector: str, title: str, text: str) -> None:
    """A tap on ``selector`` opens the popover with ``title`` and ``text``, and sends nothing."""
    answers = len(tab.answers)
    tab.page.locator(selector).first.click()
    pop = tab.page.locator(POPOVER)
    pop.wait_for(state="visible")
    assert pop.count() == 1
    assert title in pop.inner_text() and text in pop.inner_text(), pop.inner_text()
    tab.page.wait_for_timeout(150)
    assert len(tab.answers) == answers, "the tap on the help sent an action"
    box = pop.bounding_box()
    size = tab.page.viewport_size or DESKTOP
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, box


def close_popover(tab: Tab) -> None:
    tab.page.locator(f"{POPOVER} [data-help-close]").click()
    tab.page.locator(POPOVER).wait_for(state="detached")


def test_rules_text_on_hover_and_tap(browser: Any, westeros_server: Any) -> None:
    server, game_id, view = westeros_server
    tab = Tab(browser, "rules-text")
    open_seat(tab, server.base, game_id, SEAT)
    page = tab.page
    assert "place_order" in tab.types()

    # The Westeros phase is seen: this round's cards, each with its text, in a panel of their own.
    panel = page.locator("[data-panel=westeros]")
    panel.wait_for(state="visible")
    for west in view["westeros_drawn"]:
        assert panel.locator(f"[data-westeros-card={west}]").count() >= 1, west
        assert text_of(west) in panel.inner_text(), west
    assert T.WESTEROS_TITLES[D.W_WINTER_IS_COMING] in panel.inner_text()
    tab.shot("westeros-panel")

    # A Westeros card: the restriction chip in the status strip.
    west = view["restrictions"][0]
    chip = f"[data-restrictions] [data-westeros-card={west}]"
    title = page.locator(chip).get_attribute("title") or ""
    assert text_of(west) in title and T.WESTEROS_TITLES[D.WESTEROS_NAMES.index(west)] in title, title
    tap_shows(tab, chip, T.WESTEROS_TITLES[D.WESTEROS_NAMES.index(west)], text_of(west))
    close_popover(tab)

    # An order token in the planning chooser: its ⓘ (the token itself would place the order).
    chooser = page.locator("[data-dialog=area]")
    chooser.wait_for(state="visible")
    support = D.ORDER_KIND_NAMES.index("support+1*")
    wrap = chooser.locator(".th-help-wrap").nth(support)
    info = wrap.locator(".th-help-btn")
    title = info.get_attribute("title") or ""
    assert T.ORDER_TEXT[support] in title and T.STAR_TEXT in title, title
    assert T.ORDER_STAR_TEXT[support] in title, title
    assert wrap.locator("button").first.get_attribute("data-help") == T.ORDER_TITLES[support]
    answers = len(tab.answers)
    info.click()
    pop = page.locator(POPOVER)
    pop.wait_for(state="visible")
    assert T.ORDER_TITLES[support] in pop.inner_text() and T.ORDER_TEXT[support] in pop.inner_text()
    # what the star adds, in a paragraph of its own
    assert T.ORDER_STAR_TEXT[support] in pop.locator("[data-help-star]").inner_text()
    page.wait_for_timeout(150)
    assert len(tab.answers) == answers, "the order's help placed an order"
    tab.shot("order-help", phone_too=False)
    close_popover(tab)

    # The planning panel, sticky at the top of the side column, never fills it (a long one
    # scrolls inside itself): the house's cards below it stay in reach on a desktop.
    assert page.evaluate(
        """() => {
      const a = document.querySelector('#actions').getBoundingClientRect();
      const s = document.querySelector('.side-scroll').getBoundingClientRect();
      return a.height > 0 && a.height <= 0.75 * s.height;
    }"""
    ), "the decision panel fills the side column"
    # A house card of the viewer's hand and one of the houses list: their hover titles.
    house = D.HOUSE_CARDS[0]  # seat 0 is Stark
    catelyn = next(i for i, c in enumerate(house) if c.ability == D.A_CATELYN)
    card = f"[data-panel=my-house] .th-card[data-card='{catelyn}'] .th-help-btn"
    title = page.locator(card).get_attribute("title") or ""
    assert T.ABILITY_TEXT[D.A_CATELYN] in title, title
    mini = f".th-houses li[data-seat='0'] .th-mini[data-help-tap][data-help^='{house[catelyn].name}']"
    assert T.ABILITY_TEXT[D.A_CATELYN] in (page.locator(mini).get_attribute("title") or "")

    # On a phone: the taps, and the popover stays on the screen.
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(250)
    page.locator(card).scroll_into_view_if_needed()
    tap_shows(tab, card, house[catelyn].name, T.ABILITY_TEXT[D.A_CATELYN])
    page.screenshot(path=str(ARTIFACTS / "rules-text-phone-card-help.png"))
    close_popover(tab)
    page.locator(mini).scroll_into_view_if_needed()
    tap_shows(tab, mini, house[catelyn].name, T.ABILITY_TEXT[D.A_CATELYN])
    close_popover(tab)
    order_info = f"[data-dialog=area] .th-help-wrap >> nth={support} >> .th-help-btn"
    page.locator(order_info).scroll_into_view_if_needed()
    tap_shows(tab, order_info, T.ORDER_TITLES[support], T.ORDER_TEXT[support])
    page.screenshot(path=str(ARTIFACTS / "rules-text-phone-order-help.png"))
    close_popover(tab)
    page.locator(chip).scroll_into_view_if_needed()
    tap_shows(tab, chip, T.WESTEROS_TITLES[D.WESTEROS_NAMES.index(west)], text_of(west))
    page.screenshot(path=str(ARTIFACTS / "rules-text-phone-westeros-help.png"))
    close_popover(tab)
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(150)

    # The panel stays until closed, through redraws; then it is gone for this round.
    assert panel.is_visible()
    page.locator("[data-ui=close-westeros]").click()
    panel.wait_for(state="detached")
    assert page.locator("[data-panel=orders]").is_visible()
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external
