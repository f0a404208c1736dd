"""The lobby names bots as people do: each bot seat is offered as easy / medium / hard (the
levels of ``bots/levels.py``, each with a tooltip naming the bot it seats), the kinds are still
there for those who know them, and the game made seats the level's bot and shows its level."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from browser_support import Server
from browser_tabs import Tab


def _summary(server: Server, game_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.base}/api/games/{game_id}", timeout=5) as r:
        summary: dict[str, Any] = json.load(r)
    return summary


def test_bot_seats_are_offered_as_levels_and_seat_the_level_bot(browser: Any, server: Server) -> None:
    tab = Tab(browser, "lobby-levels")
    page = tab.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "catan")
    page.click("[data-players='4']")
    menu = page.locator("[data-seat-kind='1']")
    assert menu.input_value() == "bot:medium"  # a new bot seat is a medium bot
    levels = menu.locator("optgroup[label='Bots'] option")
    assert levels.all_inner_texts() == ["Bot: easy", "Bot: medium", "Bot: hard"]
    titles = [levels.nth(i).get_attribute("title") or "" for i in range(3)]
    assert "random" in titles[0] and "greedy" in titles[1] and "expert" in titles[2]
    kinds = menu.locator("optgroup[label='Bot kinds'] option").all_inner_texts()
    assert kinds == ["Kind: expert", "Kind: greedy", "Kind: random", "Kind: search"]

    page.fill("[data-seat-name='0']", "Ann")
    page.select_option("[data-seat-kind='1']", "bot:hard")
    page.select_option("[data-seat-kind='2']", "bot:easy")
    page.select_option("[data-seat-kind='3']", "bot:search")  # a kind, as before
    assert "expert:ms=800" in (page.locator("[data-seat-kind='1']").get_attribute("title") or "")
    tab.shot("form")
    page.click("[data-action=create]")
    created = page.locator("[data-created]")
    created.wait_for()
    assert "Seat 2: hard bot" in created.inner_text() and "Seat 3: easy bot" in created.inner_text()
    game_id = created.get_attribute("data-created") or ""
    seats = _summary(server, game_id)["seats"]
    assert [(s["bot"], s["level"]) for s in seats] == [
        (None, None),
        ("expert:ms=800", "hard"),
        ("random:offers=false", "easy"),
        ("search", None),
    ]
    # The open game (it waits for Ann) names its bots by level in the list of games.
    item = page.locator(f"[data-game='{game_id}']")
    item.wait_for()
    text = item.inner_text()
    assert "Bot 2 · hard" in text and "Bot 3 · easy" in text and "Bot 4 · search" in text
    tab.shot("created")
    assert not tab.errors, tab.errors
    tab.close()


def test_thrones_seats_name_their_houses_in_their_colours(browser: Any, server: Server) -> None:
    """For `thrones` each seat of the form, and of the game in the list, names the house it plays
    in that house's colours (from /api/meta: the rules' data), not the Catan seat colours."""
    from ravenry.games.thrones import data

    tab = Tab(browser, "lobby-houses")
    page = tab.page
    page.goto(server.base + "/")
    page.select_option("#f-game", "thrones")
    for players in (3, 4, 5):
        page.click(f"[data-players='{players}']")
        marks = page.locator(".seat-row [data-seat-house]")
        houses = [data.HOUSE_NAMES[h] for h in data.HOUSES_FOR_PLAYERS[players]]
        assert marks.all_inner_texts() == houses
        for i, h in enumerate(data.HOUSES_FOR_PLAYERS[players]):
            style = marks.nth(i).evaluate("(el) => getComputedStyle(el).backgroundColor")
            r, g, b = (int(x) for x in style[style.index("(") + 1 : style.index(")")].split(",")[:3])
            assert f"#{r:02x}{g:02x}{b:02x}" == data.HOUSE_FILL[h], (players, i, style)
    page.fill("[data-seat-name='0']", "Ned")
    tab.shot("thrones-form")
    page.click("[data-action=create]")
    created = page.locator("[data-created]")
    created.wait_for()
    game_id = created.get_attribute("data-created") or ""
    item = page.locator(f"[data-game='{game_id}'] [data-seat-house]")
    item.first.wait_for()
    assert item.all_inner_texts() == [data.HOUSE_NAMES[h] for h in data.HOUSES_FOR_PLAYERS[5]]
    assert not tab.errors, tab.errors
    tab.close()
