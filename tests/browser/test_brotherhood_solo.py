"""One person against three bots in Brotherhood of the Watch, entirely through the browser:
the lobby form, the set-up by clicking the board, rolls, building, a bank trade, a 7, several
rounds, a reload in the middle, and a spectator beside it."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from browser_support import Server
from browser_tabs import Tab, assert_no_hidden_info, box_of

SETUP = ("setup_settlement", "setup_road", "setup_guard")
MY_TURNS = 4  # at least 3 full rounds of four players
MAX_TURNS = 14  # a bank trade and a 7 must have come by then


def _spot_count(tab: Tab, action_type: str) -> int:
    return tab.page.locator(f"#board .spot[data-action={action_type}]").count()


def _distinct_spots(tab: Tab, action_type: str) -> int:
    keys = set()
    for a in tab.legal():
        if a["type"] == action_type:
            keys.add(next((f, a[f]) for f in ("node", "edge", "hex", "section") if f in a))
    return len(keys)


def _offer_to_bots(tab: Tab) -> bool:
    """Offer the bots 1 card for 1 through the trade panel; every answer shows. False if the
    template allows no such offer now."""
    templates = tab.last.get("templates") or []
    tpl = next((x for x in templates if x["type"] == "offer_trade"), None)
    if tpl is None:
        return False
    give = next((r for r, n in tpl["give"].items() if n), None)
    get = next((r for r, n in tpl["get"].items() if n and r != give), None)
    if give is None or get is None:
        return False
    page = tab.page
    page.click("#actions [data-action=open-trade]")
    page.click(f"[data-step=offer_trade-give-{give}-plus]")
    page.click(f"[data-step=offer_trade-get-{get}-plus]")
    tab.click_action("offer_trade")
    # The bots answer at once: either all declined (the offer closed) or some accepted.
    tab.wait_for(lambda: tab.view()["offer"] is None or bool(tab.legal()), "the bots' answers", 20)
    closed = [e for m in tab.frames[-6:] for e in m.get("events", []) if e["type"] == "trade_closed"]
    answers = [e for m in tab.frames[-8:] for e in m.get("events", []) if e["type"] == "trade_answer"]
    assert len(answers) == 3, answers
    if tab.view()["offer"] is None:
        assert closed and page.locator("#log li[data-event=trade_answer]").count() >= 3
        # The closed offer keeps its answers on screen until the turn ends, and so does the log.
        kept = page.locator("[data-last-offer] [data-answer]")
        assert kept.count() == 3
        page.wait_for_timeout(1600)  # longer than the bots took to answer and the offer to close
        assert kept.count() == 3
        tab.assert_in_view("[data-last-offer]")
        tab.assert_in_view("#log li[data-event=trade_answer]")
        tab.shot("offer-closed-answers")
        _notices_let_the_board_be_seen(tab)
    else:
        shown = page.locator("[data-offer-from] [data-answer]")
        assert shown.count() == 3
        for i in range(3):
            assert any(w in shown.nth(i).inner_text() for w in ("accepted", "declined", "countered"))
        tab.shot("offer-answers", phone_too=False)
    return True


@pytest.mark.parametrize("server", [5], indirect=True)  # a seed with 7s the person must handle
def test_brotherhood_against_three_bots(browser: Any, server: Server) -> None:
    rng = random.Random(5)
    tab = Tab(browser, "brotherhood")
    page = tab.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "brotherhood")
    assert page.locator("[data-players='4'][aria-pressed=true]").count() == 1
    page.fill("[data-seat-name='0']", "Ann")
    for i in (1, 2, 3):
        assert page.locator(f"[data-seat-kind='{i}']").input_value().startswith("bot:")
    # Every option says what it means, in the server's words; the lobby names all four games and
    # the game menu is wide enough for the longest name.
    meta = {g["id"]: g for g in page.request.get(server.base + "/api/meta").json()["games"]}
    page.locator("#create-form details summary").click()
    for option in meta["brotherhood"]["options"]:
        assert page.locator(f"[data-option-help={option['name']}]").inner_text() == option["description"]
    intro = page.locator(".lobby-hero").inner_text()
    for name in (
        "Catan",
        "A Game of Thrones Catan",
        "Brotherhood of the Watch",
        "A Game of Thrones: The Board Game",
    ):
        assert name in intro
    assert (page.locator("[data-game-name]").text_content() or "").startswith(meta["brotherhood"]["name"])
    assert page.evaluate(
        """() => {
          const menu = document.querySelector("#f-game");
          const pen = document.createElement("canvas").getContext("2d");
          pen.font = getComputedStyle(menu).font;
          const widest = Math.max(...[...menu.options].map((o) => pen.measureText(o.text).width));
          return widest + 36 <= menu.clientWidth;
        }"""
    ), "the game menu cuts a name off"
    tab.shot("lobby")
    page.click("[data-action=create]")
    page.locator("[data-play-seat='0']").wait_for()
    tab.shot("created", phone_too=False)
    page.click("[data-play-seat='0']")
    page.locator("svg.board").wait_for()
    tab.wait_for(lambda: bool(tab.last), "the welcome")
    assert "token=" not in page.url, "the invite token must leave the address bar"
    game_id = page.url.rstrip("/").split("/")[-1]

    # The board as the server describes it.
    board = tab.board
    assert page.locator("g.hex[data-hex]").count() == len(board["hexes"]) == 21
    assert page.locator("g.hex .token").count() == sum(1 for hx in board["hexes"] if hx["numbers"])
    assert page.locator("g.harbor").count() == len(board["harbors"]) == 5
    assert page.locator("[data-wall-section]").count() == 4
    assert page.locator("g.clan").count() == 3
    assert page.locator("line.trail").count() == 6
    assert page.locator("[data-breach-slot]").count() == 3
    assert page.locator(".wildling-dice").count() == 1
    # North of the Wall explains itself: counters with their meaning, a legend, tooltips.
    assert "of 8" in page.locator("[data-gift-count]").inner_text()
    assert "blocks" in (page.locator("[data-gift-count]").get_attribute("title") or "")
    assert "Face-down" in (page.locator("[data-token-pool]").get_attribute("title") or "")
    assert page.locator("[data-camp] title").count() == 15 and page.locator(".trail-badge title").count() == 6
    page.click("[data-legend=north] summary")
    assert page.locator("[data-legend=north] li").count() == 8
    tab.shot("legend")
    page.click("[data-legend=north] summary")

    # A spectator watches from another browser context.
    spectator = Tab(browser, "spectator")
    spectator.page.goto(f"{server.base}/play/{game_id}?watch")
    spectator.page.locator("svg.board").wait_for()

    # -- set-up by clicking the board ---------------------------------------------------------------
    placed: dict[str, int] = {}
    tried_illegal = False
    while True:
        tab.wait_for(lambda: bool(tab.legal()) or tab.view()["phase"] not in SETUP, "my set-up turn", 20)
        if tab.view()["phase"] not in SETUP:
            break
        (kind,) = tab.types()
        assert _spot_count(tab, kind) == _distinct_spots(tab, kind) > 0
        if kind == "place_settlement" and not tried_illegal:
            tried_illegal = True
            seq = tab.last["seq"]
            # A frame that lands while the button is held (here a presence frame, handed to the
            # page's own handler) must not rebuild the board under the pointer and lose the click.
            face = box_of(page.locator("g.hex[data-hex='0'] .hex-face"))
            page.mouse.move(face["x"] + face["width"] / 2, face["y"] + face["height"] / 2)
            renders = page.evaluate("window.ravenry.renders")
            page.mouse.down()
            page.evaluate("window.ravenry.conn.handlers.presence({t: 'presence'})")
            page.wait_for_timeout(100)
            assert page.evaluate("window.ravenry.renders") == renders, "the board was redrawn under a press"
            page.mouse.up()
            page.locator("#toast").wait_for()
            tab.wait_for(
                lambda before=renders: page.evaluate("window.ravenry.renders") > before,
                "the redraw after the release",
            )
            assert "not a legal spot" in page.locator("#toast").inner_text()
            page.wait_for_timeout(200)
            assert tab.last["seq"] == seq and tab.page_seq() == seq
            tab.shot("setup-spots")
        tab.click_spot(rng, kind)
        placed[kind] = placed.get(kind, 0) + 1
    assert placed == {"place_settlement": 2, "place_road": 2, "place_guard": 1}
    assert page.locator(f"[data-building][data-owner='{tab.last['seat']}']").count() == 2
    assert page.locator(f".guard[data-owner='{tab.last['seat']}']").count() == 1
    tab.shot("after-setup")

    # -- turns -------------------------------------------------------------------------------------
    my_turns = built = traded = rolls = sevens = reloads = my_sevens = offered = 0
    latencies: list[float] = []

    def seven_seen() -> bool:
        return any(e.get("type") == "robber_moved" for m in tab.frames for e in m.get("events", []))

    while my_turns < MY_TURNS or ((not traded or not my_sevens) and my_turns < MAX_TURNS):
        tab.wait_for(lambda: bool(tab.legal()) or tab.view()["result"] is not None, "my decision", 30)
        assert tab.view()["result"] is None, "the game ended early"
        types = tab.types()
        if not types:
            continue  # the decision passed on while the page caught up
        if "roll" in types:
            assert page.locator("#actions [data-action=roll]").is_enabled()
            assert "Your turn" in page.locator("#cue").inner_text()
            t0 = time.monotonic()
            tab.click_action("roll")
            latencies.append(time.monotonic() - t0)
            rolls += 1
            dice = tab.view()["dice"]
            assert page.locator("[data-dice-total]").get_attribute("data-dice-total") == str(sum(dice))
            assert page.locator("[data-wildling-die]").get_attribute("data-wildling-die") == str(
                tab.view()["wildling_die"]
            )
            assert f"= {sum(dice)}" in page.locator("#log").inner_text()
            # The hexes the roll paid from light up (from the event), and who got what shows.
            roll_frame = next(
                m for m in reversed(tab.frames) if any(e["type"] == "rolled" for e in m.get("events", []))
            )
            produced = [e for e in roll_frame["events"] if e["type"] == "produced"]
            lit = sorted(
                int(x)
                for x in page.locator("g.hex[data-produced]").evaluate_all(
                    "els => els.map(e => e.dataset.hex)"
                )
            )
            assert lit == sorted(set(produced[0]["hexes"])) if produced else lit == []
            if rolls == 1:  # the bots' set-up pieces came after my first one: marked as new
                assert page.locator("#board [data-fresh]").count() > 0
            if produced and produced[0]["gains"]:
                assert page.locator("[data-gain-seat]").count() == len(produced[0]["gains"])
                if rolls == 1:
                    tab.shot("roll-lit")
            tab.assert_in_view("#log li")
            tab.assert_log_newest_first()
            if sum(dice) == 7:
                sevens += 1
        elif "discard" in types:
            tab.shot("discard")
            tab.discard()
            my_sevens += 1
        elif "move_robber" in types:
            assert _spot_count(tab, "move_robber") == _distinct_spots(tab, "move_robber")
            tab.shot("robber")
            tab.click_spot(rng, "move_robber")
            my_sevens += 1
        elif "place_free_road" in types:
            tab.click_spot(rng, "place_free_road")
        elif types & {"accept_trade", "decline_trade"}:
            assert page.locator("[data-offer-from]").count() == 1
            tab.click_action("decline_trade")
        elif types & {"hero_pass", "hero_flip", "hero_swap", "mance_take", "melisandre_pick"}:
            tab.click_and_wait("#dialog .card.dialog button:enabled", "the hero choice")
        elif "end_turn" in types and not offered and _offer_to_bots(tab):
            offered += 1
        elif types & {"confirm_trade", "accept_counter", "cancel_trade"}:
            tab.click_action("cancel_trade")
        elif "end_turn" in types:
            trades = [a for a in tab.legal() if a["type"] == "maritime_trade"]
            if trades and not traded:
                page.click("#actions [data-action=open-trade]")
                give = trades[0]["give"]
                rate = min(a["rate"] for a in trades if a["give"] == give)
                give_button = page.locator(f"[data-bank-give={give}]")
                assert f"{rate}:1" in give_button.inner_text()
                give_button.click()
                hand = tab.me()["hand"]
                seq = tab.last["seq"]
                target = page.locator("#dialog button[data-action=maritime_trade]").first
                label = target.get_attribute("aria-label") or ""
                match = re.match(r"Trade (\d) (\w+) for 1 (\w+)", label)
                assert match, label
                got = match.group(3)
                tab.shot("bank-trade")
                target.click()
                tab.wait_past(seq, "the bank trade")
                new = tab.me()["hand"]
                assert new[give] == hand[give] - rate and new[got] == hand[got] + 1
                assert page.locator(f"[data-hand={got}]").get_attribute("data-count") == str(new[got])
                traded += 1
                continue
            modes = [
                m
                for m, t in (
                    ("settlement", "build_settlement"),
                    ("road", "build_road"),
                    ("guard", "build_guard"),
                )
                if t in types
            ]
            for mode in ("settlement", "road", "guard"):
                button = page.locator(f"#actions [data-action=mode-{mode}]")
                assert button.is_enabled() == (mode in modes), f"{mode} button must follow the legal list"
            if modes and built < 2:
                mode = modes[0]
                page.click(f"#actions [data-action=mode-{mode}]")
                action_type = {
                    "settlement": "build_settlement",
                    "road": "build_road",
                    "guard": "build_guard",
                }[mode]
                assert _spot_count(tab, action_type) == _distinct_spots(tab, action_type)
                before = (
                    len(tab.view()["roads"])
                    + len(tab.view()["buildings"])
                    + sum(len(s) for s in tab.view()["wall"])
                )
                t0 = time.monotonic()
                tab.click_spot(rng, action_type)
                latencies.append(time.monotonic() - t0)
                after = (
                    len(tab.view()["roads"])
                    + len(tab.view()["buildings"])
                    + sum(len(s) for s in tab.view()["wall"])
                )
                assert after == before + 1
                built += 1
                if built == 1:
                    tab.shot("built")
                continue
            tab.click_action("end_turn")
            my_turns += 1
            if my_turns == 2 and not reloads:
                seq, hand = tab.last["seq"], tab.me()["hand"]
                tab.wait_for(lambda: True, "nothing")
                page.reload()
                page.locator("svg.board").wait_for()
                tab.settle()
                assert tab.last["seq"] >= seq
                if tab.last["seq"] == seq:
                    assert tab.me()["hand"] == hand
                for r, n in tab.me()["hand"].items():
                    assert page.locator(f"[data-hand={r}]").get_attribute("data-count") == str(n)
                reloads += 1
                tab.shot("after-reload")
        else:
            tab.click_and_wait("#dialog button:enabled", f"an answer to {sorted(types)}")

    tab.shot("rounds-done")
    spectator.settle()
    spectator.shot("spectator", phone_too=False)
    assert built >= 1 and traded == 1 and offered == 1 and rolls >= MY_TURNS and reloads == 1
    # A stuck or lost update, not speed (printed below; 1-1.5 s seen on a loaded 2-core machine):
    # speed goals live in benchmarks, not in tests that a busy CI machine could fail.
    assert max(latencies) < 5.0, f"click to board update took {max(latencies):.2f}s"
    assert seven_seen() and my_sevens >= 1, "no 7 for the person in these rounds: pick another seed"
    # A card I stole: my log names it, the spectator's says only "a card".
    me = tab.last["seat"]
    steals = [
        e for m in tab.frames for e in m.get("events", []) if e["type"] == "stole" and e["player"] == me
    ]
    assert steals, "the person never stole a card in these rounds"
    assert steals[0]["resource"] in page.locator("#log").inner_text()
    my_log = [li.inner_text() for li in page.locator("#log li[data-event=stole]").all()]
    spectator_log = [li.inner_text() for li in spectator.page.locator("#log li[data-event=stole]").all()]
    assert any(re.search(f"stole an? {steals[0]['resource']} from", line) for line in my_log)
    assert spectator_log and all("stole a card from" in line for line in spectator_log)
    # The spectator never sees a hand; the seat never sees another seat's cards.
    assert spectator.page.locator("[data-hand]").count() == 0
    assert_no_hidden_info(tab.frames, tab.last["seat"])
    assert_no_hidden_info(spectator.frames, None)
    for t in (tab, spectator):
        assert t.page.evaluate("window.ravenry.conn.resyncs") == 0, f"{t.name}: a gap in the event sequence"
        assert not t.errors, f"{t.name}: console errors {t.errors}"
        assert not t.external, f"{t.name}: requests to other hosts {t.external}"
    print(f"rolls={rolls} sevens={sevens} handled={my_sevens} turns={my_turns} built={built}")
    print(f"click to board update: max {max(latencies):.3f}s over {len(latencies)} clicks")
    spectator.close()
    tab.close()


def _notices_let_the_board_be_seen(tab: Tab) -> None:
    """The bots' answers are notices over the board's top-left corner (Tormund's camp): with
    the pointer over them they fade, and what is under the pointer is the board's, not theirs."""
    page = tab.page
    notice = page.locator("#notices .notice").first
    if not notice.count():  # (gone already: they last 7 s)
        return
    box = box_of(notice)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    assert "see-through" in (page.get_attribute("#notices", "class") or "")
    page.wait_for_timeout(300)  # (the fade takes 0.15 s)
    assert float(page.evaluate("getComputedStyle(document.getElementById('notices')).opacity")) < 0.5
    under = page.evaluate(f"document.elementFromPoint({x}, {y}).closest('#notices') === null")
    assert under, "a click there would land on a notice, not on the board"
    page.mouse.move(5, 5)  # off the board
    assert "see-through" not in (page.get_attribute("#notices", "class") or "")
