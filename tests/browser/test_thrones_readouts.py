"""The `thrones` readouts at the moment of deciding say what the rules say (issue 30, part 1):
each fault a player met has its position, found by a seeded random game (thrones_finder), opened
in chromium as the deciding seat.

- In a battle after the first, before the march ends, the panel names no winner (it named the
  last battle's).
- The battle warning gives the strength of the units chosen (it gave all the units').
- The attacking army is drawn in the contested area, marked as attackers (it vanished).
- After a tie on the Night's Watch bid, "Confirm this order" sends the one pick the rules ask for
  (it sent one per position and reported a false error).
- The map's face-down orders are the view's ``face_down``, its colours the view's ``controller``.
- Log lines and the end banner read as sentences (they showed rule ids).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, missing, skip_or_fail
from browser_tabs import Tab
from thrones_finder import find_position, state_of
from thrones_play import open_seat, write_positions

from ravenry.games.thrones import battle as battle_rules
from ravenry.games.thrones import views
from ravenry.games.thrones.state import BID_WILDLINGS, P_MARCH_MOVE, P_PLANNING, P_TIE


def _stale_battle(s: Any) -> bool:
    """A march has moved units into a house's area (a battle engaged, not begun) while the record
    still holds the last battle's winner."""
    b = s.battle
    return bool(
        s.phase == P_MARCH_MOVE and b.area >= 0 and b.winner >= 0 and b.neutral == 0 and sum(b.attacking) > 0
    )


def _choice_matters(s: Any) -> bool:
    """A march about to move, with a battle in reach where sending one unit fewer changes the
    strength."""
    if s.phase != P_MARCH_MOVE or s.battle.area >= 0:
        return False
    targets = views.march_targets(s, s.current)
    return any(t["battle"] and sum(targets["free"][u] for u in t["units"]) >= 2 for t in targets["targets"])


def _wildling_tie_of_three(s: Any) -> bool:
    if s.phase != P_TIE or s.bidding.context != BID_WILDLINGS:
        return False
    groups = views.tie_groups(s)
    return bool(groups) and len(groups[0]) >= 3


def _others_ready(s: Any) -> bool:
    """Planning, with orders optional: another house done (with at least one area left without
    an order), the first seat still placing."""
    if s.phase != P_PLANNING or s.ready[0]:
        return False
    for q in range(1, s.n):
        owned = [a for a in range(len(s.owner)) if s.owner[a] == q]
        placed = [a for a in owned if s.pending[q][a] >= 0]
        if s.ready[q] and placed and len(placed) < len(owned):
            return True
    return False


POSITIONS: dict[str, dict[str, Any]] = {}


def positions() -> dict[str, dict[str, Any]]:
    if not POSITIONS:
        POSITIONS["stale"] = find_position(_stale_battle, 5, range(1, 60))
        POSITIONS["choice"] = find_position(_choice_matters, 5, range(1, 60))
        POSITIONS["tie"] = find_position(_wildling_tie_of_three, 5, range(1, 400))
    return POSITIONS


@pytest.fixture(scope="module")
def readouts_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    if missing():
        skip_or_fail(missing() or "")
    db = tmp_path_factory.mktemp("readouts") / "positions.sqlite"
    ids = write_positions(db, positions())
    srv = Server(db, 1)
    srv.start()
    yield srv, ids
    srv.stop()


def test_a_later_battle_names_no_winner_before_it_is_fought(browser: Any, readouts_server: Any) -> None:
    server, ids = readouts_server
    pos = positions()["stale"]
    state = state_of(pos)
    tab = Tab(browser, "readout-stale")
    open_seat(tab, server.base, ids["stale"], pos["seat"])
    panel = tab.page.locator("[data-panel=battle]")
    panel.wait_for()
    assert tab.view()["battle"]["winner"] is None, "the view still carries the last battle's winner"
    assert panel.locator(".th-result").count() == 0, panel.inner_text()
    assert "wins" not in panel.inner_text()
    # The attacking army is drawn in the contested area, marked as attackers.
    b = state.battle
    attackers = tab.page.locator(".th-attackers")
    assert attackers.count() == 1, "the attacking army is not drawn"
    assert attackers.get_attribute("data-attacking") == ",".join(str(x) for x in b.attacking)
    assert attackers.get_attribute("data-attacker") == str(b.attacker)
    drawn = sum(int(n or 0) for n in attackers.locator(".th-unit.attacking .th-count").all_text_contents())
    assert drawn == sum(b.attacking)
    area = tab.page.locator(f"path.th-area[data-area='{b.area}'] title")
    assert "attacking:" in (area.text_content() or "")
    tab.shot("attackers")
    assert not tab.errors, tab.errors


def test_the_battle_warning_counts_the_units_chosen(browser: Any, readouts_server: Any) -> None:
    server, ids = readouts_server
    pos = positions()["choice"]
    state = state_of(pos)
    tab = Tab(browser, "readout-choice")
    open_seat(tab, server.base, ids["choice"], pos["seat"])
    march = views.march_targets(state, pos["seat"])
    target = next(
        t for t in march["targets"] if t["battle"] and sum(march["free"][u] for u in t["units"]) >= 2
    )
    counts = [march["free"][u] if u in target["units"] else 0 for u in range(3)]
    # One unit fewer of the first kind that may go there.
    less = next(u for u in target["units"] if counts[u] > 0)
    counts[less] -= 1
    tab.page.locator(f"[data-unit-less='{less}']").click()
    tab.page.locator(f"[data-unit-count='{less}'][data-count='{march['free'][less] - 1}']").wait_for()
    tab.page.locator(f".th-target.battle[data-area='{target['to']}']").click()
    warning = tab.page.locator(f"[data-confirm=battle][data-to='{target['to']}'] p")
    warning.wait_for()
    expected = battle_rules.march_preview(state, pos["seat"], target["to"], counts)["attacker_strength"]
    text = warning.inner_text()
    assert f"with strength {expected} " in text, (expected, counts, text)
    tab.shot("battle-warning", phone_too=False)
    assert not tab.errors, tab.errors


def test_a_wildling_tie_sends_only_the_pick_the_rules_ask(browser: Any, readouts_server: Any) -> None:
    server, ids = readouts_server
    pos = positions()["tie"]
    tab = Tab(browser, "readout-tie")
    open_seat(tab, server.base, ids["tie"], pos["seat"])
    confirm = tab.page.locator("[data-panel=tie] [data-action=tie_pick]")
    confirm.wait_for()
    assert tab.view()["tie"]["picks"] == [1]
    before = tab.last["seq"]
    confirm.click()
    tab.wait_for(lambda: any(a.get("t") == "ack" for a in tab.answers), "the pick's ack")
    tab.page.wait_for_timeout(400)  # a second, needless pick would be refused or flashed by now
    assert [a["t"] for a in tab.answers] == ["ack"], tab.answers
    toast = tab.page.locator("#toast")
    assert toast.is_hidden() or "no longer possible" not in toast.inner_text()
    assert tab.last["seq"] >= before + 1
    assert not tab.errors, tab.errors


def test_face_down_orders_and_control_come_from_the_view(browser: Any, tmp_path: Path) -> None:
    if missing():
        skip_or_fail(missing() or "")
    pos = find_position(_others_ready, 4, range(1, 80), options={"orders_optional": True})
    state = state_of(pos)
    db = tmp_path / "face-down.sqlite"
    ids = write_positions(db, {"optional": pos})
    srv = Server(db, 1)
    srv.start()
    try:
        tab = Tab(browser, "readout-face-down")
        open_seat(tab, srv.base, ids["optional"], 0)
        view = tab.view()
        expected = views.face_down(state, 0)
        assert view["face_down"] == expected
        drawn = tab.page.locator("[data-order-token=face-down]")
        assert drawn.count() == sum(1 for q in expected if q >= 0) > 0
        for i in range(drawn.count()):
            assert int(drawn.nth(i).get_attribute("data-order-seat") or -1) >= 1
        assert view["controller"] == [state.controller(a) for a in range(len(state.owner))]
    finally:
        srv.stop()


EVENTS = """async () => {
  const m = await import('/static/js/games/thrones-labels.js');
  const view = window.ravenry.model.view;
  const say = (e) => m.describeEvent(e, view);
  return {
    upgrade: say({type: 'mustered', seat: 0, area: 0, unit: 'upgrade', to: 0}),
    skipped: say({type: 'mustering_skipped', seat: 1, reason: 'no_castle'}),
    tie: say({type: 'tie_broken', seat: 0, picked: 0}),
    raid: say({type: 'raid_done', seat: 0, area: 0, raided: 1}),
    over: say({type: 'game_over', reason: 'castles', winners: [0]}),
  };
}"""


def test_log_lines_read_as_sentences(browser: Any, readouts_server: Any) -> None:
    server, ids = readouts_server
    pos = positions()["stale"]
    tab = Tab(browser, "readout-words")
    open_seat(tab, server.base, ids["stale"], pos["seat"])
    said = tab.page.evaluate(EVENTS)
    assert "upgraded a footman to a knight" in said["upgrade"] and "1 upgrade" not in said["upgrade"]
    assert "muster" in said["skipped"]
    assert "breaks the tie for" not in said["tie"] and "itself" in said["tie"]
    assert "removed its Raid" not in said["raid"]
    assert "(castles)" not in said["over"] and "castles and strongholds" in said["over"]
