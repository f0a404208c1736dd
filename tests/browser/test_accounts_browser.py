"""Accounts in chromium (issue 31 §1, §2): a person signs up in the lobby, makes a game with bots,
plays a move, keeps the seat in the account ("Your games"), signs out, and on a second browser
(another context: no storage shared) signs in and opens the same seat from "Your games"."""

from __future__ import annotations

import random
from typing import Any

from browser_support import Server
from browser_tabs import Tab


def _sign(page: Any, button: str, username: str, password: str) -> None:
    page.fill("[data-account=username]", username)
    page.fill("[data-account=password]", password)
    page.click(f"[data-account={button}]")
    signed = page.locator("[data-signed-in]")
    signed.wait_for()
    assert (signed.get_attribute("data-signed-in") or "").casefold() == username.casefold()


def test_sign_up_keep_a_seat_and_find_it_on_another_browser(browser: Any, server: Server) -> None:
    rng = random.Random(5)
    first = Tab(browser, "accounts")
    page = first.page
    page.goto(server.base + "/")
    page.locator("[data-account=sign-in]").wait_for()
    first.shot("signed-out")
    _sign(page, "sign-up", "Brienne", "tarth and true")

    first.create_in_lobby(server.base, "catan", 3, "Brienne")
    page.locator("svg.board").wait_for()
    first.wait_for(lambda: bool(first.legal()), "my first decision", 20)
    (kind,) = first.types()
    first.click_spot(rng, kind)  # one move, as a person makes it
    game_id = page.url.split("?")[0].split("#")[0].rstrip("/").split("/")[-1]

    # Back in the lobby: the game this browser opened, kept in the account by a click.
    page.goto(server.base + "/")
    keep = page.locator(f"[data-keep='{game_id}']")
    keep.wait_for()
    keep.click()
    keep.wait_for(state="detached")  # kept: listed now from the account, with no Keep button
    page.locator(f"[data-my-game='{game_id}'] a.btn").wait_for()
    first.shot("your-games")
    page.click("[data-account=sign-out]")
    page.locator("[data-account=sign-in]").wait_for()
    assert not first.errors, first.errors

    # Another browser: nothing stored; signed in, the game is there and opens as seat 0.
    second = Tab(browser, "accounts-second")
    other = second.page
    other.goto(server.base + "/")
    other.locator("[data-account=sign-in]").wait_for()
    assert other.locator(f"[data-my-game='{game_id}']").count() == 0
    _sign(other, "sign-in", "brienne", "tarth and true")
    row = other.locator(f"[data-my-game='{game_id}']")
    row.wait_for()
    row.locator("a.btn").click()
    other.locator("svg.board").wait_for()
    second.settle()
    welcome = next(f for f in second.frames if f.get("t") == "welcome")
    assert welcome["seat"] == 0, "the account's seat was not taken"
    assert second.last["seq"] >= 1
    second.shot("seat-on-second-browser", phone_too=False)
    assert not second.errors, second.errors
    first.close()
    second.close()
