"""The stepwise hero choosers of Brotherhood of the Watch and the hero log lines, in a browser.

Jeor Mormont (dozens of demands) and Bowen Marsh (a dozen trades) are chosen field by field:
each step narrows the server's legal actions, Back undoes a step, and the last click sends one
of the legal actions unchanged. The engine's events for that action, as each viewer receives
them, are then described by the real log renderer: every viewer's line says what happened, and
only the two players of a Mormont exchange read the card given back.

The page is a small harness (fulfilled by Playwright, not shipped) that loads the real renderer
from the server's /static/ and records the actions it would send."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import ARTIFACTS, Server
from browser_tabs import Tab

from ravenry.games.brotherhood.heroes import BENJEN, HEROES, MARSH, MELISANDRE, MORMONT, OTHELL, THORNE
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.scenario import Position

ALICE, BOB, CARA, DAN = 0, 1, 2, 3
VIEWERS: tuple[int | None, ...] = (ALICE, BOB, CARA, DAN, None)

HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/app.css"><link rel="stylesheet" href="/static/css/board.css"></head>
<body class="play-page"><main class="play-main"><section class="board-area"><div id="dice"></div>
<div id="board" class="board-host"></div></section><aside class="side"><div id="actions"></div>
<div id="dialog"></div><div id="me"></div><div id="players"></div></aside></main>
<script type="module">
import { describeEvent } from "/static/js/games/catan-log.js";
import renderer from "/static/js/games/catan.js";
const model = JSON.parse(document.getElementById("model").textContent);
const areas = {};
for (const k of ["board", "dice", "players", "me", "actions", "dialog"]) {
  areas[k] = document.getElementById(k);
}
window.acts = [];
// The game's entry of /api/meta, as the shell hands it over (its action kinds).
const game = (await (await fetch("/api/meta")).json()).games.find((g) => g.id === model.view.game);
const ctx = { ui: {}, game, seatName: (p) => `P${p}`, presence: () => "online",
  flash: (m) => { window.flashed = m; },
  rerender: () => draw(), act: async (a) => { window.acts.push(a); return { ok: true, seq: 1 }; },
  actMany: async (list) => { for (const a of list) await ctx.act(a); return { ok: true }; } };
window.describe = (events) => events.map((e) => describeEvent(e, ctx, model.view)).filter(Boolean);
function draw() { renderer.render(areas, model, ctx); }
draw(); window.ready = true;
</script><script type="application/json" id="model">MODEL</script></body></html>"""


def _with_hero(pos: Position, hero: int) -> BrotherhoodState:
    """Alice holds ``hero`` (A side, held since before this turn); the rest form the display."""
    state = pos.state
    assert isinstance(state, BrotherhoodState)
    state.heroes.hero = [hero, -1, -1, -1]
    state.heroes.hero_b_side = [0] * state.n
    state.heroes.hero_taken_turn = [-1] * state.n
    state.heroes.hero_used_turn = [-1] * state.n
    state.heroes.hero_display = [h for h in range(len(HEROES)) if h != hero]
    state.forget_legal_actions()
    return state


def mormont_position() -> BrotherhoodState:
    """Alice (Jeor Mormont) holds ore, wool and lumber; Bob and Cara hold grain, Dan only brick."""
    pos = Position("brotherhood", players=4)
    pos.hand(ALICE, ore=1, wool=1, lumber=1).hand(BOB, grain=2).hand(CARA, grain=1, brick=1).hand(
        DAN, brick=3
    )
    pos.turn(ALICE, "main")
    return _with_hero(pos, MORMONT)


def marsh_position() -> BrotherhoodState:
    """Alice (Bowen Marsh) holds ore, wool and grain: 3 cards to give times 4 others to take."""
    pos = Position("brotherhood", players=4)
    pos.hand(ALICE, ore=1, wool=1, grain=1).hand(BOB, brick=1)
    pos.turn(ALICE, "main")
    return _with_hero(pos, MARSH)


def _model(state: BrotherhoodState) -> dict[str, Any]:
    view = state.observe(ALICE)
    legal = [state.game.action_to_json(a) for a in state.legal_actions(ALICE)]
    return {"board": view["board"], "view": view, "legal": legal, "templates": [], "seat": ALICE, "seq": 0}


def _open(tab: Tab, server: Server, model: dict[str, Any]) -> None:
    html = HARNESS.replace("MODEL", json.dumps(model).replace("</", "<\\/"))
    tab.page.route(
        f"{server.base}/harness", lambda route: route.fulfill(status=200, content_type="text/html", body=html)
    )
    tab.page.goto(f"{server.base}/harness")
    tab.page.wait_for_function("window.ready === true")


def _acts(tab: Tab) -> list[dict[str, Any]]:
    return list(tab.page.evaluate("window.acts"))


def _step(tab: Tab) -> str:
    return str(tab.page.locator("[data-dialog=hero]").get_attribute("data-step"))


def _options(tab: Tab) -> list[str]:
    buttons = tab.page.locator("[data-dialog=hero] .step-options button")
    return [buttons.nth(i).inner_text().strip() for i in range(buttons.count())]


def _pick(tab: Tab, label: str) -> None:
    tab.page.locator("[data-dialog=hero] .step-options button").filter(has_text=label).first.click()


def _log_lines(tab: Tab, state: BrotherhoodState, action: dict[str, Any]) -> dict[int | None, list[str]]:
    """Apply the sent action to the engine; each viewer's log lines for its events."""
    events = state.apply_json(ALICE, action)
    return {
        v: list(tab.page.evaluate("(es) => window.describe(es)", [e.view(v) for e in events]))
        for v in VIEWERS
    }


@pytest.fixture
def tab(browser: Any) -> Any:
    t = Tab(browser, "hero-choosers")
    yield t
    assert not t.errors, f"console errors {t.errors}"
    assert not t.external, f"requests to other hosts {t.external}"
    t.close()


def test_jeor_mormont_is_chosen_step_by_step_and_every_viewer_reads_what_happened(
    tab: Tab, server: Server
) -> None:
    state = mormont_position()
    model = _model(state)
    uses = [a for a in model["legal"] if a["type"] == "use_mormont"]
    assert len(uses) > 40, "a position with many demands: the flat list would be long"
    _open(tab, server, model)
    tab.page.click("#actions [data-action=hero]")
    assert _step(tab) == "resource"
    assert sorted(_options(tab)) == sorted({a["resource"] for a in uses})
    tab.shot("mormont-resource")
    _pick(tab, "grain")
    assert _step(tab) == "first"
    assert _options(tab) == ["P1", "P2", "P3"]  # every opponent holding cards may be asked
    tab.page.click("[data-dialog=hero] [data-action=step-back]")
    assert _step(tab) == "resource", "Back undoes the last step"
    _pick(tab, "grain")
    _pick(tab, "P1")
    assert _step(tab) == "give_first"
    assert sorted(_options(tab)) == ["lumber", "ore", "wool"]  # never the demanded grain
    _pick(tab, "ore")
    assert _step(tab) == "second"
    assert _options(tab) == ["No one else", "P2", "P3"]
    assert "demand grain · from P1 · give ore" in tab.page.locator("[data-summary]").inner_text()
    tab.shot("mormont-second")
    _pick(tab, "P3")
    assert sorted(_options(tab)) == ["lumber", "wool"]  # Alice holds one ore: already given
    assert _acts(tab) == []
    tab.shot("mormont-last")
    _pick(tab, "wool")
    (sent,) = _acts(tab)
    demand = {"resource": "grain", "first": BOB, "give_first": "ore", "second": DAN, "give_second": "wool"}
    assert sent == {"type": "use_mormont", **demand}
    assert sent in uses

    lines = _log_lines(tab, state, sent)
    for viewer, said in lines.items():
        assert said[0] == "P0 used Jeor Mormont: demanded grain."
        back = "an ore" if viewer in (ALICE, BOB) else "a card"
        assert f"P1 handed P0 a grain, getting {back} back." in said, (viewer, said)
        assert "P3 had no grain: nothing exchanged." in said, (viewer, said)
        assert not any("P3 handed" in line or "took" in line for line in said), (viewer, said)
    assert not any("wool" in line for viewer in (BOB, CARA, DAN, None) for line in lines[viewer])


def test_bowen_marsh_is_chosen_step_by_step_and_logged(tab: Tab, server: Server) -> None:
    state = marsh_position()
    model = _model(state)
    uses = [a for a in model["legal"] if a["type"] == "use_marsh"]
    assert len(uses) == 12
    _open(tab, server, model)
    tab.page.click("#actions [data-action=hero]")
    assert _step(tab) == "give"
    assert sorted(_options(tab)) == ["grain", "ore", "wool"]
    _pick(tab, "ore")
    assert _step(tab) == "get"
    assert sorted(_options(tab)) == ["brick", "grain", "lumber", "wool"]
    tab.shot("marsh-get")
    tab.page.click("[data-dialog=hero] [data-action=step-back]")
    _pick(tab, "wool")
    _pick(tab, "brick")
    (sent,) = _acts(tab)
    assert sent == {"type": "use_marsh", "give": "wool", "get": "brick"}
    assert sent in uses
    for said in _log_lines(tab, state, sent).values():
        assert said == ["P0 used Bowen Marsh: gave a wool to the supply for a brick."]


def thorne_position() -> BrotherhoodState:
    """Ser Alliser Thorne: a guard (brick, lumber, wool) with one of them paid by another card, on
    any of the 4 open wall sections."""
    pos = Position("brotherhood", players=4)
    pos.hand(ALICE, brick=1, lumber=1, ore=1, grain=1)
    pos.turn(ALICE, "main")
    return _with_hero(pos, THORNE)


def melisandre_position() -> BrotherhoodState:
    """Melisandre: a development card with one resource of its price substituted."""
    pos = Position("brotherhood", players=4)
    pos.hand(ALICE, ore=2, grain=2, wool=2, brick=1, lumber=1)
    pos.turn(ALICE, "main")
    return _with_hero(pos, MELISANDRE)


def benjen_position() -> BrotherhoodState:
    """Benjen Stark: wildlings in every clan's camps and in a clearing."""
    pos = Position("brotherhood", players=4)
    pos.turn(ALICE, "main")
    state = _with_hero(pos, BENJEN)
    state.north.camps = [[0, 0, 1], [0, 2], [1, 1]]
    state.north.clearings[1] = [0]
    state.north.wildlings_created += 8
    state.forget_legal_actions()
    return state


@pytest.mark.parametrize(
    ("build", "hero", "lit", "second_step"),
    [
        (thorne_position, "Ser Alliser Thorne", 4, None),  # the first step is the wall section
        (melisandre_position, "Melisandre", 0, None),
        (
            benjen_position,
            "Benjen Stark",
            0,
            ["Camp 1: a regular (hottest)", "Camp 2: a regular", "Camp 3: a climber"],
        ),
    ],
)
def test_other_heroes_with_many_choices_are_stepwise_too(
    tab: Tab,
    server: Server,
    build: Callable[[], BrotherhoodState],
    hero: str,
    lit: int,
    second_step: list[str] | None,
) -> None:
    """Always taking the first answer reaches one of the legal actions, unchanged, within as many
    steps as the action has fields; a step that is a place on the board lights those places up;
    the log line says more than the hero's name."""
    state = build()
    model = _model(state)
    uses = [a for a in model["legal"] if a["type"].startswith("use_")]
    assert len(uses) > 6
    _open(tab, server, model)
    tab.page.click("#actions [data-action=hero]")
    assert tab.page.locator("#board .spot").count() == lit
    tab.shot(build.__name__.removesuffix("_position"), phone_too=False)
    for _ in range(len(uses[0])):
        if _acts(tab):
            break
        assert _options(tab), f"a step with nothing to choose ({_step(tab)})"
        tab.page.locator("[data-dialog=hero] .step-options button").first.click()
        if second_step is not None and not _acts(tab):
            assert _options(tab) == second_step
            second_step = None
    (sent,) = _acts(tab)
    assert sent in uses
    for said in _log_lines(tab, state, sent).values():
        assert said[0].startswith(f"P0 used {hero}") and said[0] != f"P0 used {hero}.", said


def othell_position() -> BrotherhoodState:
    """Othell Yarwyck: two settlements far apart, each with one road that ends in nothing."""
    pos = Position("brotherhood", players=4)
    for h in (pos.hexes("hills")[0], pos.hexes("pasture")[-1]):
        pos.settlement(ALICE, pos.node(h, "N")).road(ALICE, pos.edge(h, "NE"))
    pos.turn(ALICE, "main")
    return _with_hero(pos, OTHELL)


def test_othell_yarwyck_picks_the_road_then_the_path_on_the_board(tab: Tab, server: Server) -> None:
    state = othell_position()
    model = _model(state)
    uses = [a for a in model["legal"] if a["type"] == "use_othell"]
    removable = sorted({a["remove"] for a in uses})
    assert len(removable) == 2 and len(uses) > 6
    _open(tab, server, model)
    assert tab.page.locator("#board .spot-edge").count() == 0
    tab.page.click("#actions [data-action=hero]")
    assert _step(tab) == "remove"
    lit = tab.page.locator("#board .spot-edge[data-action=use_othell]")
    assert sorted(int(lit.nth(i).get_attribute("data-edge") or -1) for i in range(lit.count())) == removable
    tab.page.click(f"#board .spot-edge[data-edge='{removable[0]}']")
    assert _step(tab) == "build"
    targets = sorted(a["build"] for a in uses if a["remove"] == removable[0])
    assert sorted(int(lit.nth(i).get_attribute("data-edge") or -1) for i in range(lit.count())) == targets
    tab.shot("othell-build")
    tab.page.click(f"#board .spot-edge[data-edge='{targets[-1]}']")
    (sent,) = _acts(tab)
    assert sent == {"type": "use_othell", "remove": removable[0], "build": targets[-1]}
    for said in _log_lines(tab, state, sent).values():
        assert (
            said[0] == f"P0 used Othell Yarwyck: moved a road (path {removable[0]} to path {targets[-1]})."
        ), said


def test_after_a_use_the_heroes_own_question_asks_with_the_servers_kinds(tab: Tab, server: Server) -> None:
    """The question of a hero's own phase (here: flip the hero or take another, after Bowen
    Marsh's use) comes from Brotherhood's module, which knows the hero actions by the kinds
    /api/meta gives it: every legal answer is a button, and "Use hero" is not offered."""
    state = marsh_position()
    use = next(a for a in state.legal_actions(ALICE) if a[0] == "use_marsh")
    state.apply(ALICE, use)
    model = _model(state)
    assert model["view"]["phase"] == "hero_after_use"
    _open(tab, server, model)
    dialog = tab.page.locator("[data-dialog=hero-after]")
    assert dialog.locator("h3").inner_text() == "After using your hero"
    buttons = dialog.locator("button")
    assert buttons.count() == len(model["legal"]) > 1
    assert tab.page.locator("[data-action=hero]").count() == 0
    assert tab.page.get_by_text("More actions").count() == 0
    buttons.first.click()
    assert _acts(tab) == [model["legal"][0]]
    tab.page.screenshot(path=str(ARTIFACTS / "hero-after-use.png"))
