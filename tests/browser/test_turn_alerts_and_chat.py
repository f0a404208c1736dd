"""Being told and talking, in the browser: the tab's title and favicon change when the server
starts waiting for this seat (and change back once it has moved), a hidden tab shows a
notification, the sound switch is kept across
a reload, the chat said before a reload is there again after it (from the database), and the
host's page mutes spectators."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

from browser_support import Server
from browser_tabs import Tab

YOUR_MOVE = "▶ Your move"

# Headless chromium shows no notifications and its tabs are never hidden: the page gets a
# Notification that records what it was asked to show (permission granted), and a
# document.hidden the test switches.
RECORD_NOTIFICATIONS = """
window.__notes = [];
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
  addEventListener() {}
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(document, "hidden", { get: () => window.__hidden === true, configurable: true });
"""


def _create(server: Server) -> dict[str, Any]:
    body = {
        "game": "catan",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot"}],
    }
    request = urllib.request.Request(
        server.base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created: dict[str, Any] = json.load(response)
    return created


def _favicon(tab: Tab) -> str:
    return str(tab.page.evaluate("document.querySelector(\"link[rel~='icon']\").getAttribute('href')"))


def test_the_title_tells_you_it_is_your_move_and_chat_survives_a_reload(browser: Any, server: Server) -> None:
    created = _create(server)
    ann, bob = Tab(browser, "alerts-ann"), Tab(browser, "alerts-bob")
    for tab, seat in ((ann, 0), (bob, 1)):
        tab.context.add_init_script(RECORD_NOTIFICATIONS)
        tab.page.goto(server.base + created["seats"][seat]["invite"])
        tab.page.locator("svg.board").wait_for()
    # Whoever the seed makes place first (the bot's placement, if it starts, is instant): that tab
    # says it is its move, the other does not. In snake order the other person places next.
    ann.wait_for(lambda: bool(ann.legal() or bob.legal()), "a person's first settlement")
    mover, other = (ann, bob) if ann.legal() else (bob, ann)
    mover.settle()
    other.settle()
    assert mover.page.title().startswith(YOUR_MOVE) and _favicon(mover).endswith("favicon-turn.svg")
    assert not other.page.title().startswith(YOUR_MOVE) and _favicon(other).endswith("favicon.svg")

    bob.page.click("[data-action=sound]")  # the switch is off until a person turns it on
    assert bob.page.get_attribute("[data-action=sound]", "aria-pressed") == "true"

    other.page.evaluate("window.__hidden = true")  # that person is in another tab meanwhile
    rng = random.Random(5)
    mover.click_spot(rng, "place_settlement")
    mover.wait_for(lambda: "place_road" in mover.types(), "the road after it")
    mover.click_spot(rng, "place_road")
    # Now the server waits for the other person: that title changes, the mover's goes back.
    other.page.wait_for_function(f"document.title.startsWith({json.dumps(YOUR_MOVE)})", timeout=10000)
    assert other.types() == {"place_settlement"}
    assert _favicon(other).endswith("favicon-turn.svg")
    mover.page.wait_for_function(f"!document.title.startsWith({json.dumps(YOUR_MOVE)})", timeout=10000)
    assert _favicon(mover).endswith("favicon.svg")
    # The hidden tab shows one notification; the mover's page, opened on its move, showed none.
    notes = other.page.evaluate("window.__notes")
    assert [n["title"] for n in notes] == ["Your move – The Settlers of Catan"] and "settlement" in notes[0][
        "body"
    ]
    assert mover.page.evaluate("window.__notes") == []
    other.page.evaluate("window.__hidden = false")

    bob.page.fill("#chat-text", "nice spot, Ann \u202e!")
    bob.page.click("[data-action=chat]")
    ann.page.locator("#log li.chat", has_text="Bob: nice spot, Ann !").wait_for()
    bob.shot("your-move-and-chat", phone_too=False)

    bob.page.reload()
    bob.page.locator("svg.board").wait_for()
    bob.settle()
    bob.page.locator("#log li.chat", has_text="Bob (you): nice spot, Ann !").wait_for()
    assert bob.page.title().startswith(YOUR_MOVE) == (other is bob)
    assert bob.page.get_attribute("[data-action=sound]", "aria-pressed") == "true"

    # The host's browser (it keeps the host token) gets the switch that mutes spectators.
    assert ann.page.locator("#chat-mute").is_hidden()
    ann.page.evaluate(
        "([id, token]) => localStorage.setItem(`ravenry-host:${id}`, token)",
        [created["id"], created["host_token"]],
    )
    ann.page.reload()
    ann.page.check("[data-action=mute-spectators]")
    bob.page.locator("#toast", has_text="The host muted spectators' chat.").wait_for()
    for tab in (ann, bob):
        assert not tab.errors, f"{tab.name}: console errors {tab.errors}"
        assert not tab.external, f"{tab.name}: requests to other hosts {tab.external}"
        tab.close()
