"""Two people in two browser contexts play Catan (with a bot) and trade with each other: one
offers through the trade panel, the other accepts, the offerer confirms, and both hands change."""

from __future__ import annotations

import random
from typing import Any

from browser_support import Server
from browser_tabs import Tab, assert_no_hidden_info

SETUP = ("setup_settlement", "setup_road")
MAX_STEPS = 400


def _routine(tab: Tab, rng: random.Random) -> bool:
    """Play one routine decision of this tab (not trading); False if it has none."""
    types = tab.types()
    if not types:
        return False
    if types & {"place_settlement", "place_road", "place_free_road", "move_robber"}:
        (kind,) = types & {"place_settlement", "place_road", "place_free_road", "move_robber"}
        tab.click_spot(rng, kind)
    elif "roll" in types:
        tab.click_action("roll")
    elif "discard" in types:
        tab.discard()
    elif types & {"accept_trade", "decline_trade"}:
        tab.click_action("decline_trade")
    elif "cancel_trade" in types:
        tab.click_action("cancel_trade")
    elif "end_turn" in types:
        tab.click_action("end_turn")
    else:
        tab.click_and_wait("#dialog button:enabled", f"an answer to {sorted(types)}")
    return True


def _trade_plan(offerer: Tab, partner: Tab) -> tuple[str, str] | None:
    """A 1-for-1 offer the partner can accept: something the offerer has for something the
    partner has (the test may look at both hands; the pages cannot)."""
    mine = offerer.me()["hand"]
    theirs = partner.me()["hand"]
    for give, n in mine.items():
        for get, m in theirs.items():
            if n and m and give != get:
                return give, get
    return None


def _trade(offerer: Tab, partner: Tab, give: str, get: str) -> None:
    """The offerer offers 1 give for 1 get; the partner accepts; the offerer confirms."""
    before = (offerer.me()["hand"], partner.me()["hand"])
    offerer.page.click("#actions [data-action=open-trade]")
    offerer.page.click(f"[data-step=offer_trade-give-{give}-plus]")
    offerer.page.click(f"[data-step=offer_trade-get-{get}-plus]")
    offerer.shot("offer")
    offerer.click_action("offer_trade")
    partner.wait_for(lambda: "accept_trade" in partner.types(), "the offer to reach the partner")
    box = partner.page.locator("[data-offer-from]")
    assert give in box.inner_text() and get in box.inner_text()
    partner.shot("offered")
    partner.click_action("accept_trade")
    partner_seat = partner.last["seat"]
    offerer.wait_for(
        lambda: {"type": "confirm_trade", "with": partner_seat} in offerer.legal(), "the acceptance", 20
    )
    seq = offerer.last["seq"]
    partner_name = partner.page.locator(".player.me .player-name").inner_text().replace(" (you)", "")
    offerer.page.get_by_role("button", name=f"Trade with {partner_name}").click()
    offerer.wait_past(seq, "the confirm")
    partner.wait_for(lambda: partner.last["seq"] >= offerer.last["seq"], "the partner to see the trade")
    a_hand, b_hand = offerer.me()["hand"], partner.me()["hand"]
    assert a_hand[give] == before[0][give] - 1 and a_hand[get] == before[0][get] + 1
    assert b_hand[give] == before[1][give] + 1 and b_hand[get] == before[1][get] - 1
    for tab, hand in ((offerer, a_hand), (partner, b_hand)):
        for r in (give, get):
            assert tab.page.locator(f"[data-hand={r}]").get_attribute("data-count") == str(hand[r])
    assert "traded with" in offerer.page.locator("#log").inner_text()
    # The closed offer and its answers stay on both screens; the log is in view, newest first.
    for tab in (offerer, partner):
        tab.page.locator("[data-last-offer] [data-answer]").first.wait_for()
        assert "Traded with" in tab.page.locator("[data-last-offer]").inner_text()
        tab.assert_in_view("[data-last-offer]")
        tab.assert_in_view("#log li[data-event=trade_closed]")
        tab.assert_log_newest_first()
    offerer.shot("traded")
    partner.shot("traded", phone_too=False)


def test_two_people_trade_with_each_other(browser: Any, server: Server) -> None:
    rng = random.Random(11)
    ann = Tab(browser, "catan-ann")
    page = ann.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "catan")
    page.click("[data-players='3']")
    page.fill("[data-seat-name='0']", "Ann")
    page.select_option("[data-seat-kind='1']", "human")
    page.fill("[data-seat-name='1']", "Bob")
    assert page.locator("[data-seat-kind='2']").input_value().startswith("bot:")
    page.click("[data-action=create]")
    page.locator("[data-invite='1']").wait_for()
    bob_link = page.locator("[data-invite='1']").input_value()
    assert "#seat=1&token=" in bob_link
    page.click("[data-play-seat='0']")
    page.locator("svg.board").wait_for()

    bob = Tab(browser, "catan-bob")
    bob.page.goto(bob_link)
    bob.page.locator("svg.board").wait_for()
    for tab in (ann, bob):
        tab.wait_for(lambda t=tab: bool(t.last), "the welcome")
        assert tab.page.locator("g.hex[data-hex]").count() == len(tab.board["hexes"]) == 19
        assert tab.page.locator("g.harbor").count() == len(tab.board["harbors"]) == 9
    assert ann.last["seat"] == 0 and bob.last["seat"] == 1

    traded = False
    for _ in range(MAX_STEPS):
        acted = False
        for offerer, partner in ((ann, bob), (bob, ann)):
            offerer.page.wait_for_timeout(20)
            plan = _trade_plan(offerer, partner) if "end_turn" in offerer.types() and not traded else None
            if plan and offerer.view()["offers_left"] > 0:
                _trade(offerer, partner, *plan)
                traded = acted = True
                break
            acted = _routine(offerer, rng) or acted
        if traded:
            break
        if not acted:
            ann.page.wait_for_timeout(50)
    assert traded, "no domestic trade happened"
    ann.page.fill("#chat-text", "good trade, Bob")
    ann.page.click("[data-action=chat]")
    bob.page.locator("#log li.chat", has_text="Ann: good trade, Bob").wait_for()
    assert bob.page.locator("#log li").first.inner_text() == "Ann: good trade, Bob"
    bob.assert_in_view("#log li.chat")
    for tab in (ann, bob):
        assert not tab.errors, f"{tab.name}: console errors {tab.errors}"
        assert not tab.external, f"{tab.name}: requests to other hosts {tab.external}"
        assert tab.page.locator("[data-hand]").count() == 5
        assert_no_hidden_info(tab.frames, tab.last["seat"])
    ann.close()
    bob.close()
