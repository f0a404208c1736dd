"""The choosers of the Catan renderer on positions the engine produces: Year of Plenty,
Monopoly, the robber's victim, and the discard of exactly half (sent one card at a time).

The page is a small harness (fulfilled by Playwright, not shipped) that loads the real
renderer from the server's /static/ and records the actions it would send."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import Server
from browser_tabs import Tab

import ravenry

HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/app.css"><link rel="stylesheet" href="/static/css/board.css"></head>
<body class="play-page"><main class="play-main"><section class="board-area"><div id="dice"></div>
<div id="board" class="board-host"></div></section><aside class="side"><div id="actions"></div>
<div id="dialog"></div><div id="me"></div><div id="players"></div></aside></main>
<script type="module">
import renderer from "/static/js/games/catan.js";
const model = JSON.parse(document.getElementById("model").textContent);
const areas = {};
for (const k of ["board", "dice", "players", "me", "actions", "dialog"]) {
  areas[k] = document.getElementById(k);
}
window.acts = [];
window.notices = [];
// The game's entry of /api/meta, as the shell hands it over (its action kinds).
const game = (await (await fetch("/api/meta")).json()).games.find((g) => g.id === model.view.game);
const ctx = { ui: {}, game, seatName: (p) => `P${p}`, presence: () => "online",
  flash: (m) => { window.flashed = m; }, notice: (m) => { window.notices.push(m); },
  rerender: () => draw(), act: async (a) => { window.acts.push(a); return { ok: true, seq: 1 }; },
  actMany: async (list) => { for (const a of list) await ctx.act(a); return { ok: true }; } };
function draw() { renderer.render(areas, model, ctx); }
// The events that led to this position, as the shell hands them to the renderer.
for (const entry of model.entries || []) renderer.observe(entry, ctx, model, true);
draw(); window.ready = true;
</script><script type="application/json" id="model">MODEL</script></body></html>"""


OFFERS = frozenset({"offer_trade", "counter_offer"})


def _offer(state: Any, p: int, rng: random.Random) -> Any:
    """A 1-for-1 domestic offer within the seat's template, or None."""
    for tpl in state.action_templates(p):
        if tpl["type"] != "offer_trade":
            continue
        gives = [r for r, n in tpl["give"].items() if n]
        gets = [r for r, n in tpl["get"].items() if n and r not in gives[:1]]
        if gives and gets:
            obj = {"type": "offer_trade", "give": {gives[0]: 1}, "get": {rng.choice(gets): 1}}
            return state.game.action_from_json(obj)
    return None


def _find(game: str, want: Callable[[Any, int, list[dict[str, Any]]], bool]) -> dict[str, Any]:
    """Play random legal moves (with a domestic offer now and then) until the deciding seat's
    legal actions satisfy ``want``."""
    for seed in range(1, 40):
        state = ravenry.new_game(game, players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            d = state.decision()
            if d.result is not None:
                break
            p = d.players[0]
            actions = state.legal_actions(p, exclude=OFFERS)
            legal = [state.game.action_to_json(a) for a in actions]
            if want(state, p, legal):
                view = state.observe(p)
                return {
                    "board": view["board"],
                    "view": view,
                    "legal": legal,
                    "templates": state.action_templates(p),
                    "seat": p,
                    "seq": 0,
                }
            offer = _offer(state, p, rng) if state.phase_name() == "main" and rng.random() < 0.2 else None
            if offer is not None:
                state.apply(p, offer)
            elif state.phase_name() == "trade_responses" and rng.random() < 0.5:
                counters = [t for t in state.action_templates(p) if t["type"] == "counter_offer"]
                give = [r for r, n in counters[0]["give"].items() if n] if counters else []
                get = (
                    [r for r, n in counters[0]["get"].items() if n and r not in give[:1]] if counters else []
                )
                if give and get:
                    obj = {"type": "counter_offer", "give": {give[0]: 1}, "get": {get[0]: 1}}
                    state.apply(p, state.game.action_from_json(obj))
                else:
                    state.apply(p, rng.choice(actions))
            else:
                state.apply(p, rng.choice(actions))
    raise AssertionError("no such position in 40 random games")


def _open(tab: Tab, server: Server, model: dict[str, Any]) -> None:
    html = HARNESS.replace("MODEL", json.dumps(model).replace("</", "<\\/"))
    tab.page.route(
        f"{server.base}/harness", lambda route: route.fulfill(status=200, content_type="text/html", body=html)
    )
    tab.page.goto(f"{server.base}/harness")
    tab.page.wait_for_function("window.ready === true")


def _acts(tab: Tab) -> list[dict[str, Any]]:
    return list(tab.page.evaluate("window.acts"))


@pytest.fixture
def tab(browser: Any) -> Any:
    t = Tab(browser, "choosers")
    yield t
    assert not t.errors, f"console errors {t.errors}"
    assert not t.external, f"requests to other hosts {t.external}"
    t.close()


def test_year_of_plenty_chooser(tab: Tab, server: Server) -> None:
    model = _find("catan", lambda s, p, legal: any(a["type"] == "play_year_of_plenty" for a in legal))
    _open(tab, server, model)
    page = tab.page
    page.click("#actions [data-action=play_year_of_plenty]")
    take = page.locator("#dialog button[data-action=play_year_of_plenty]")
    assert take.is_disabled()
    options = [a for a in model["legal"] if a["type"] == "play_year_of_plenty"]
    first, second = options[0]["first"], options[0]["second"]
    page.click(f"[data-action=yop-{first}]")
    if second is not None:
        page.click(f"[data-action=yop-{second}]")
    assert take.is_enabled()
    take.click()
    (sent,) = _acts(tab)
    assert sent["type"] == "play_year_of_plenty" and {sent["first"], sent["second"]} == {first, second}
    assert sent in options or {**sent, "first": sent["second"], "second": sent["first"]} in options


def test_monopoly_chooser(tab: Tab, server: Server) -> None:
    model = _find("catan", lambda s, p, legal: any(a["type"] == "play_monopoly" for a in legal))
    _open(tab, server, model)
    tab.page.click("#actions [data-action=play_monopoly]")
    buttons = tab.page.locator("#dialog button[data-action=play_monopoly]")
    assert buttons.count() == sum(a["type"] == "play_monopoly" for a in model["legal"])
    tab.page.get_by_role("button", name="Monopoly on ore").click()
    assert _acts(tab) == [{"type": "play_monopoly", "resource": "ore"}]


def _victim_hexes(legal: list[dict[str, Any]]) -> dict[Any, list[dict[str, Any]]]:
    by_hex: dict[Any, list[dict[str, Any]]] = {}
    for a in legal:
        if a["type"] == "move_robber":
            by_hex.setdefault(a["hex"], []).append(a)
    return {h: acts for h, acts in by_hex.items() if len(acts) >= 2}


def test_victim_chooser(tab: Tab, server: Server) -> None:
    model = _find("catan", lambda s, p, legal: bool(_victim_hexes(legal)))
    _open(tab, server, model)
    hexes = {a["hex"] for a in model["legal"] if a["type"] == "move_robber"}
    assert tab.page.locator("#board .spot[data-action=move_robber]").count() == len(hexes)
    hex_id, options = next(iter(_victim_hexes(model["legal"]).items()))
    tab.page.click(f"#board .spot[data-hex='{hex_id}']")
    steal = tab.page.locator("[data-dialog=victim] button[data-action=steal]")
    assert steal.count() == len(options)
    tab.shot("victim", phone_too=False)
    steal.last.click()
    assert _acts(tab) == [options[-1]]


def test_a_roll_lights_the_hexes_its_event_names_and_shows_the_gains(tab: Tab, server: Server) -> None:
    """The lit hexes and the gains come from the ``produced`` event the seat received, not from
    the page working production out; a steal makes a notice."""
    state = ravenry.new_game("catan", players=4, seed=3)
    rng = random.Random(3)
    produced: dict[str, Any] | None = None
    for _ in range(3000):  # random moves until a roll pays someone
        p = state.decision().players[0]
        actions = state.legal_actions(p, exclude=OFFERS)
        action = next((a for a in actions if state.game.action_to_json(a)["type"] == "roll"), None)
        events = state.apply(p, action if action is not None else rng.choice(actions))
        produced = next((e.view(p) for e in events if e.type == "produced" and e.data["gains"]), None)
        if produced is not None:
            break
    assert produced is not None
    view = state.observe(p)
    entries = [{"seq": 1, "events": [e.view(p) for e in events]}]
    entries.append({"seq": 2, "events": [{"type": "stole", "player": 1, "victim": p, "resource": "ore"}]})
    model = {"board": view["board"], "view": view, "legal": None, "templates": None, "seat": p, "seq": 2}
    _open(tab, server, {**model, "entries": entries})
    lit = tab.page.locator("g.hex[data-produced]").evaluate_all("els => els.map(e => +e.dataset.hex)")
    assert sorted(lit) == sorted(set(produced["hexes"])) and lit
    gains = tab.page.locator("[data-gain-seat]")
    assert sorted(
        int(gains.nth(i).get_attribute("data-gain-seat") or -1) for i in range(gains.count())
    ) == sorted(int(q) for q in produced["gains"])
    assert tab.page.evaluate("window.notices") == ["P1 stole an ore from you"]
    tab.shot("roll-lit", phone_too=False)


def test_discard_chooser_needs_the_exact_count(tab: Tab, server: Server) -> None:
    model = _find("catan", lambda s, p, legal: any(a["type"] == "discard" for a in legal))
    _open(tab, server, model)
    me = model["view"]["players"][model["seat"]]
    owed, hand = me["discards_owed"], me["hand"]
    button = tab.page.locator("[data-dialog=discard] button[data-action=discard]")
    picked: list[str] = []
    for res, n in hand.items():
        for _ in range(n):
            assert button.is_disabled() == (len(picked) != owed)
            tab.page.click(f"[data-step=discard-{res}-plus]")
            picked.append(res)
    assert len(picked) > owed and button.is_disabled(), "one card too many must not be sendable"
    while len(picked) > owed:
        res = picked.pop()
        tab.page.click(f"[data-step=discard-{res}-minus]")
    assert button.is_enabled()
    tab.shot("discard", phone_too=True)
    button.click()
    tab.page.wait_for_function(f"window.acts.length === {owed}")
    sent = _acts(tab)
    assert all(a["type"] == "discard" for a in sent)
    assert sorted(a["resource"] for a in sent) == sorted(picked)


def test_counter_offer_within_the_template(tab: Tab, server: Server) -> None:
    model = _find(
        "catan",
        lambda s, p, legal: (
            s.phase_name() == "trade_responses"
            and any(t["type"] == "counter_offer" and t["max_give"] >= 1 for t in s.action_templates(p))
        ),
    )
    _open(tab, server, model)
    page = tab.page
    tpl = next(t for t in model["templates"] if t["type"] == "counter_offer")
    assert page.locator("[data-offer-from]").count() == 1
    page.click("#dialog [data-action=counter]")
    builder = page.locator("[data-builder=counter_offer]")
    # The draft starts as the offer turned round; clear it, then build one within the template.
    for side in ("give", "get"):
        for res in ("brick", "lumber", "ore", "grain", "wool"):
            minus = builder.locator(f"[data-step=counter_offer-{side}-{res}-minus]")
            while minus.is_enabled():
                minus.click()
    send = builder.locator("button[data-action=counter_offer]")
    assert send.is_disabled()
    give = next(r for r, n in tpl["give"].items() if n)
    get = next(r for r, n in tpl["get"].items() if n and r != give)
    for res, n in tpl["give"].items():
        plus = builder.locator(f"[data-step=counter_offer-give-{res}-plus]")
        assert plus.is_enabled() == (n > 0), f"give {res}: the template allows {n}"
    builder.locator(f"[data-step=counter_offer-give-{give}-plus]").click()
    assert send.is_disabled(), "nothing asked for yet"
    builder.locator(f"[data-step=counter_offer-get-{get}-plus]").click()
    assert send.is_enabled()
    tab.shot("counter", phone_too=True)
    send.click()
    assert _acts(tab) == [{"type": "counter_offer", "give": {give: 1}, "get": {get: 1}}]


def test_offerer_takes_a_counter_offer(tab: Tab, server: Server) -> None:
    model = _find("catan", lambda s, p, legal: any(a["type"] == "accept_counter" for a in legal))
    _open(tab, server, model)
    offer = model["view"]["offer"]
    take = next(a for a in model["legal"] if a["type"] == "accept_counter")
    counter = offer["counters"][str(take["from"])]
    answer = tab.page.locator(f"[data-answer='{take['from']}']")
    for res in (*counter["give"], *counter["get"]):
        assert res in answer.inner_text()
    tab.shot("confirm", phone_too=False)
    tab.page.get_by_role("button", name=f"Take P{take['from']}'s counter-offer").click()
    assert _acts(tab) == [take]
    assert tab.page.locator("#dialog button[data-action=cancel_trade]").count() == 1
