"""The tutorial's game (examples/liars_dice) in the lobby and on its page, played to the end by
clicking: the server knows it only through its declaration (found by its entry point), and the
page only through its renderer (js/games/liars-dice.js). Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from browser_support import Server
from browser_tabs import Tab

from ravenry.core.registry import available_games


def test_liars_dice_is_created_in_the_lobby_and_played_to_the_end(browser: Any, server: Server) -> None:
    if "liars-dice" not in available_games():
        pytest.fail("examples/liars_dice is not installed: pip install -e examples/liars_dice")
    tab = Tab(browser, "liars-dice")
    page = tab.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "liars-dice")
    page.click("[data-players='2']")
    assert page.locator("[data-seat-kind='1']").input_value() == "bot:medium"
    tab.shot("lobby", phone_too=False)
    page.fill("[data-seat-name='0']", "Ann")
    page.click("[data-action=create]")
    page.locator("[data-play-seat='0']").wait_for()
    page.click("[data-play-seat='0']")
    page.locator(".ld-table").wait_for()
    tab.wait_for(lambda: bool(tab.last), "the welcome")
    assert page.locator("[data-cup='0'] .ld-die:not(.hidden)").count() == 3  # my own dice, face up
    assert page.locator("[data-cup='1'] .ld-die.hidden").count() == 3  # the bot's, under its cup
    tab.shot("opening")

    rng = random.Random(5)
    shots = {"reveal"}
    deadline = time.monotonic() + 60
    while not tab.view().get("result"):
        assert time.monotonic() < deadline, "the game did not end in a minute"
        tab.wait_for(lambda: bool(tab.legal()) or bool(tab.view().get("result")), "my turn or the end", 20)
        if tab.view().get("result"):
            break
        if "reveal" in shots and tab.view().get("reveal"):
            shots.discard("reveal")
            tab.shot("after-a-challenge")
        if "challenge" in tab.types() and rng.random() < 0.55:
            tab.click_action("challenge")
            continue
        if rng.random() < 0.5:  # a person tries the stepper and a face before bidding
            if page.locator("[data-step=up]:not([disabled])").count():
                page.click("[data-step=up]")
            faces = page.locator(".ld-face:not([disabled])")
            faces.nth(rng.randrange(faces.count())).click()
        label = page.locator("#actions [data-action=bid]").inner_text()
        tab.click_action("bid")
        assert any(e["type"] == "bid" for e in tab.frames[-1].get("events", [])) or label
    page.locator("#banner:not([hidden])").wait_for()
    tab.settle()
    winner = tab.view()["result"]["winners"][0]
    assert "wins!" in page.locator("#banner").inner_text()
    assert page.locator(f"[data-cup='{1 - winner}'].out").count() == 1
    tab.shot("the-end")
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external
    tab.close()
