"""The Catan family's players strip at 1280x800 and 390 px: a game of four (a person with a long
name, two bots, a person who is not connected) restored mid-game on the person's turn. Every
player's full name and points are on screen, neither cut nor scrolled away, the log is in view
below, and every number of the strip is the one the server's view holds."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import DESKTOP, PHONE, Server, missing, skip_or_fail
from browser_tabs import Tab

import ravenry
from ravenry.bots.base import bot_decide, make_bot
from ravenry.core.rng import Rng
from ravenry.server.live import hash_token
from ravenry.server.options import level_of
from ravenry.server.storage import GameRow, SeatRow, Storage, actions_table, dumps, games_table

PLAYERS = 4
SMALL_LAPTOP = {"width": 1024, "height": 768}
LONG_NAME = "Annabelle Featherstonehaugh-Wright"
SEATS = [("human", None, LONG_NAME), ("bot", "greedy", ""), ("bot", "search", ""), ("human", None, "Bob")]
# (game, seed, play on until both Longest Road and the army have a holder)
GAMES = [("catan", 1, True), ("brotherhood", 1, False)]

# True when the element is wholly inside the window and inside every box that clips it, and its
# own text is not cut (no ellipsis, no hidden overflow).
FULLY_SHOWN = """sel => {
  const el = document.querySelector(sel);
  if (!el) return "missing";
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return "not drawn";
  if (r.top < 0 || r.left < 0) return "off the window";
  if (r.bottom > innerHeight + 1 || r.right > innerWidth + 1) return "off the window";
  if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) return "text cut";
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const b = a.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return "clipped";
    if (r.left < b.left - 1 || r.right > b.right + 1) return "clipped";
  }
  return "";
}"""


def _trouble(tab: Tab, selector: str) -> str:
    """What keeps the element from being wholly shown ("" when nothing does), checked in one go
    in the page; asked again for a moment while the page redraws (a frame, a resize)."""
    trouble = "missing"
    for _ in range(20):
        trouble = str(tab.page.evaluate(FULLY_SHOWN, selector))
        if not trouble:
            break
        tab.page.wait_for_timeout(100)
    return trouble


def _token(game_id: str, seat: int) -> str:
    return f"{game_id}-seat{seat}-token-of-the-strip-test"


def _write_game(db: Path, game: str, seed: int, badges: bool) -> None:
    """Greedy bots play every seat until seat 0 is to roll after the start (and, when asked,
    until Longest Road and the army are held); the game is stored with the seats of SEATS."""
    state = ravenry.new_game(game, players=PLAYERS, seed=seed)
    bot, rng = make_bot("greedy", game), Rng.from_seed(seed)
    played: list[tuple[int, Any]] = []
    while True:
        decision = state.decision()
        assert decision.result is None, "the game ended before the position was reached"
        held = state.longest_road_holder >= 0 and state.largest_army_holder >= 0
        to_roll = tuple(decision.players) == (0,) and state.phase_name() == "pre_roll"
        if to_roll and len(played) > 150 and (held or not badges):
            break
        seat = decision.players[0]
        action = bot_decide(bot, state, seat, rng)
        state.apply(seat, action)
        played.append((seat, action))
    storage = Storage(f"sqlite:///{db}")
    storage.migrate()
    now = time.time()
    fresh = ravenry.new_game(game, players=PLAYERS, seed=seed)
    seats = [
        SeatRow(s, kind, spec, name, hash_token(_token(game, s)) if kind == "human" else None, now)
        for s, (kind, spec, name) in enumerate(SEATS)
    ]
    storage.create_game(
        GameRow(
            id=game,
            kind=game,
            players=PLAYERS,
            config=fresh.config.to_json(),
            options={},
            seed=seed,
            status="running",
            result=None,
            seq=0,
            host_token_hash=hash_token("host-" + game),
            created_at=now,
            seats=seats,
        )
    )
    rows = [
        {"game_id": game, "seq": i, "seat": seat, "payload": dumps(fresh.game.action_to_json(a))}
        | {"cid": None, "at": now}
        for i, (seat, a) in enumerate(played, start=1)
    ]
    with storage.engine.begin() as conn:
        conn.execute(actions_table.insert(), rows)
        conn.execute(games_table.update().where(games_table.c.id == game).values(seq=len(rows)))
    storage.close()


@pytest.fixture(params=GAMES, ids=[g for g, _, _ in GAMES])
def table(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Server, str]]:
    if missing():
        skip_or_fail(missing() or "")
    game, seed, badges = request.param
    db = tmp_path / "strip.sqlite"
    _write_game(db, game, seed, badges)
    srv = Server(db, 1)
    srv.start()
    yield srv, game
    srv.stop()


def _expected_name(seat: int, game: str) -> str:
    kind, spec, name = SEATS[seat]
    if kind != "bot":
        return name + (" (you)" if seat == 0 else "")
    # A bot's card names its lobby level when its spec is one (greedy is "medium"), else the spec.
    return f"Bot {seat + 1} · {level_of(spec, game) or spec}"


def _assert_strip_shown(tab: Tab, game: str, where: str) -> None:
    page = tab.page
    view = tab.view()
    for p in view["players"]:
        card = f"#players .player[data-seat='{p['seat']}']"
        name = page.locator(f"{card} .player-name")
        assert name.inner_text().strip() == _expected_name(p["seat"], game), f"{where}: seat {p['seat']}"
        points = page.locator(f"{card} [data-vp]")
        assert points.get_attribute("data-vp") == str(p.get("vp", p["visible_vp"]))
        for what, selector in (("name", f"{card} .player-name"), ("points", f"{card} [data-vp]")):
            trouble = _trouble(tab, selector)
            assert not trouble, f"{where}: seat {p['seat']}'s {what} is {trouble}"


def test_every_player_is_in_view_at_desktop_and_phone(browser: Any, table: tuple[Server, str]) -> None:
    server, game = table
    tab = Tab(browser, f"player-strip-{game}")
    page = tab.page
    page.goto(f"{server.base}/play/{game}#seat=0&token={_token(game, 0)}")
    page.locator("#players .player").first.wait_for()
    tab.wait_for(lambda: bool(tab.last) and "roll" in tab.types(), "seat 0's roll")
    assert page.viewport_size == DESKTOP
    view = tab.view()

    # Every number of a card is the view's (the page works out none of its own).
    for p in view["players"]:
        card = page.locator(f"#players .player[data-seat='{p['seat']}']")
        cards = card.locator("[data-resource-count]").get_attribute("data-resource-count")
        assert cards == str(p["resource_count"])
        assert card.locator("[data-dev-count]").get_attribute("data-dev-count") == str(p["dev_card_count"])
        assert card.locator(".stat-knight").inner_text().strip() == str(p["knights_played"])
        assert card.locator(".stat-road").inner_text().strip() == str(p["longest_road"])
        if "guards_on_wall" in p:
            assert card.locator(".stat-guard").inner_text().strip() == str(p["guards_on_wall"])
    holders = {"road": view["longest_road_holder"], "army": view["largest_army_holder"]}
    for badge, holder in holders.items():
        shown = page.locator(f"#players [data-badge={badge}]")
        assert shown.count() == (0 if holder is None else 1)
        if holder is not None:
            assert page.locator(f"#players .player[data-seat='{holder}'] [data-badge={badge}]").count() == 1
    if game == "catan":
        assert holders["road"] is not None and holders["army"] is not None
    assert page.locator("#players .player[data-seat='0'] .turn-mark").inner_text().strip().lower() == "turn"
    assert page.locator("#players .player[data-seat='3'] .away-mark").count() == 1  # Bob is not connected

    _assert_strip_shown(tab, game, "1280x800")
    tab.assert_in_view("#log li")
    assert not _trouble(tab, "#log li"), "the log's newest line is not in view"
    assert not _trouble(tab, "#chat-text"), "the chat box is not in view"
    tab.shot("strip")

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    page.evaluate("scrollTo(0, 0)")
    _assert_strip_shown(tab, game, "390 px")
    # A small laptop: the cards still stand in one row, names whole.
    page.set_viewport_size(SMALL_LAPTOP)
    page.wait_for_timeout(150)
    _assert_strip_shown(tab, game, "1024x768")
    tops = page.locator("#players .player").evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
    assert len(set(tops)) == 1, f"the cards wrap at 1024x768: {tops}"
    tab.shot("strip-1024", phone_too=False)
    page.set_viewport_size(DESKTOP)
    assert not tab.errors, f"console errors {tab.errors}"
