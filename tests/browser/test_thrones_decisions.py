"""Every kind of decision of `thrones` (thrones_decisions.KINDS), made in a real browser by
clicking only: each kind's position (data/thrones-positions.json) is written into the server's
database before it starts, the page opens as the deciding seat, the test clicks what leads to an
action of that kind, waits for the ack and checks that the server applied an action of that kind
and that the page drew the update. The test fails naming every kind no click made."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, Server, missing, skip_or_fail
from browser_tabs import Tab
from thrones_decisions import KINDS, kinds_now
from thrones_kind_positions import load
from thrones_play import click_towards, kinds_applied, open_seat, position_state, renders, write_positions

# Kinds whose page is worth a screenshot (before the click): what a person sees at that moment.
SHOTS = {
    "planning:place_order": "planning",
    "march_move:attack": "march-reach",
    "house_cards:card": "battle",
    "bidding:iron_throne": "bidding",
    "mustering:ship": "mustering",
    "support:attacker": "support",
}


@pytest.fixture
def positions_server(tmp_path: Path) -> Any:
    if missing():
        skip_or_fail(missing() or "")
    db = tmp_path / "positions.sqlite"
    ids = write_positions(db, load())
    srv = Server(db, 1)
    srv.start()
    yield srv, ids
    srv.stop()


def test_every_decision_kind_by_clicking(browser: Any, positions_server: Any) -> None:
    server, ids = positions_server
    positions = load()
    tab = Tab(browser, "kinds-thrones")
    clicked: dict[str, str] = {}
    failed: dict[str, str] = {}
    t0 = time.monotonic()
    for kind in KINDS:
        pos = positions.get(kind)
        if pos is None:
            failed[kind] = "no position in the fixture"
            continue
        state = position_state(pos)
        seat = pos["seat"]
        targets = [a for s, a in kinds_now(state)[kind] if s == seat]
        try:
            start = open_seat(tab, server.base, ids[kind], seat)
            before = tab.last["seq"]
            if kind in SHOTS:
                tab.shot(SHOTS[kind])
            drawn = renders(tab)
            answer = click_towards(tab, targets, kind)
            if answer["t"] != "ack":
                failed[kind] = f"refused: {answer.get('code')} {answer.get('reason')}"
                continue
            tab.settle()
            # The click's first action is the one after the position (a march may send more).
            got = kinds_applied(state, seat, tab, before + 1, start)
            if kind not in got:
                failed[kind] = f"the clicks made {sorted(got) or 'an unknown action'} instead"
                continue
            assert tab.page_seq() >= answer["seq"] and renders(tab) > drawn, "the page did not redraw"
            clicked[kind] = ids[kind]
        except AssertionError as exc:
            failed[kind] = str(exc).splitlines()[0][:300]
    elapsed = time.monotonic() - t0
    report = {"clicked": sorted(clicked), "failed": failed, "seconds": round(elapsed, 1)}
    (ARTIFACTS / "thrones-decisions.json").write_text(json.dumps(report, indent=1))
    print(f"\n{len(clicked)}/{len(KINDS)} kinds clicked in {elapsed:.1f}s")
    for kind, why in failed.items():
        print(f"  NOT CLICKED {kind}: {why}")
    assert not tab.external, tab.external
    assert not failed, "kinds no browser test clicked: " + "; ".join(f"{k} ({v})" for k, v in failed.items())
    assert not tab.errors, tab.errors
