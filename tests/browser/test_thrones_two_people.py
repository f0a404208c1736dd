"""Two people in two browsers make `thrones`'s sealed, simultaneous decisions at once -- the
orders of the planning phase, a Clash of Kings bid, the house cards of a battle -- while a
spectator watches in a third. Each person also takes one order back and places it again. Every
WebSocket frame each of them receives is checked: never the other's sealed orders (placed or
taken back), bid or house card before the reveal; and each page shows the other's
readiness (``data-ready-seat``). The positions come from data/thrones-positions.json, written
into the server's database with the two deciders as people and the other houses as bots."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from browser_support import Server, missing, skip_or_fail
from browser_tabs import Tab, _keys
from thrones_kind_positions import load
from thrones_play import MAP_DRAWN, as_tuple, click_towards, open_seat, position_state, write_positions

SCENARIOS = ("planning:place_order", "bidding:iron_throne", "house_cards:card")
# The event that ends each scenario's sealed decision (the next one may be of the same phase:
# the Clash of Kings bids for three tracks in turn).
REVEAL = {
    "planning:place_order": "orders_revealed",
    "bidding:iron_throne": "bids_revealed",
    "house_cards:card": "house_cards_revealed",
}
SECRET_KEYS = {"seed", "rng", "pending", "decks", "b_cards"}  # state fields: never in a frame


@pytest.fixture
def people_server(tmp_path: Any) -> Any:
    if missing():
        skip_or_fail(missing() or "")
    positions = {k: load()[k] for k in SCENARIOS}
    people: dict[str, list[int]] = {}
    bots: dict[str, set[int]] = {}
    for kind, pos in positions.items():
        deciders = list(position_state(pos).decision().players)
        assert len(deciders) >= 2, f"{kind}: not a decision of two at once"
        people[kind] = deciders[:2]
        bots[kind] = set(range(pos["players"])) - set(people[kind])
    db = tmp_path / "people.sqlite"
    ids = write_positions(db, positions, bots)
    srv = Server(db, 1)
    srv.start()
    yield srv, ids, people
    srv.stop()


def check_frames(frames: list[dict[str, Any]], viewer: int | None) -> int:
    """No frame shows ``viewer`` another seat's sealed choice; returns how many were checked."""
    for msg in frames:
        assert not SECRET_KEYS & set(_keys({k: v for k, v in msg.items() if k != "view"})), msg.get("t")
        for e in msg.get("events", []):
            if e.get("seat") == viewer:
                continue
            if e["type"] in ("order_placed", "order_cleared"):
                assert e.get("area") is None and e.get("order") is None, (viewer, e)
            if e["type"] == "bid_placed":
                assert e.get("amount") is None, (viewer, e)
            if e["type"] == "house_card_chosen":
                assert e.get("card") is None, (viewer, e)
        view = msg.get("view")
        if not view:
            continue
        assert "seed" not in view and "pending" not in view
        if viewer is None:
            assert "my_orders" not in view and "my_bid" not in view and "planning" not in view
        if view["phase"] == "planning":
            assert all(o is None for o in view["orders"]), f"{viewer} saw orders before the reveal"
        if view["phase"] == "bidding":
            hidden = [p for p in range(len(view["power"])) if p != viewer]
            assert all(view["power"][p] is None for p in hidden), f"{viewer} saw another's power"
        battle = view.get("battle")
        if battle and view["phase"] == "house_cards":
            for side, seat in enumerate((battle["attacker"], battle["defender"])):
                if seat != viewer:
                    assert battle["cards"][side] is None, f"{viewer} saw seat {seat}'s house card"
    return len(frames)


def sees_ready(tab: Tab, seat: int) -> bool:
    return tab.page.locator(f"[data-ready-seat='{seat}']").count() > 0


def revealed(tab: Tab, event: str) -> bool:
    return any(e["type"] == event for m in tab.frames for e in m.get("events", []))


def play_scenario(browser: Any, base: str, kind: str, game_id: str, seats: list[int], rng: Any) -> int:
    """Both people decide, turn about, one click each; returns the number of frames checked."""
    a_seat, b_seat = seats
    ann, bob = Tab(browser, "people-thrones-ann"), Tab(browser, "people-thrones-bob")
    watcher = Tab(browser, "people-thrones-watcher")
    open_seat(ann, base, game_id, a_seat)
    open_seat(bob, base, game_id, b_seat)
    watcher.page.goto(f"{base}/play/{game_id}")
    watcher.page.locator(MAP_DRAWN).first.wait_for()
    watcher.wait_for(lambda: bool(watcher.last), "the spectator's welcome")
    reveal = REVEAL[kind]
    done = {a_seat: False, b_seat: False}
    took_back: set[int] = set()
    pairs = ((ann, bob, a_seat), (bob, ann, b_seat))
    while not all(done.values()):
        for me, other, seat in pairs:
            if done[seat]:
                continue
            legal = me.legal()
            if not legal:
                done[seat] = True
                continue
            places = [a for a in legal if a["type"] == "place_order"]
            clears = [a for a in legal if a["type"] == "clear_order"]
            ready = [a for a in legal if a["type"] == "ready"]
            if places:
                target = places[rng.randrange(len(places))]
            elif clears and seat not in took_back:  # each person takes one order back once
                target = clears[rng.randrange(len(clears))]
                took_back.add(seat)
            else:
                target = ready[0] if ready else legal[rng.randrange(len(legal))]
            others = [as_tuple(a) for a in legal if a["type"] == target["type"]]
            answer = click_towards(me, [as_tuple(target)], f"{kind}: {target}", others)
            assert answer["t"] == "ack", answer
            if me.legal() and not revealed(me, reveal):
                continue
            done[seat] = True
            if not revealed(me, reveal):  # the other has not decided yet: it sees this one ready
                other.wait_for(partial(sees_ready, other, seat), f"{other.name} to see seat {seat} ready")
                watcher.wait_for(partial(sees_ready, watcher, seat), f"the spectator: seat {seat} ready")
    for tab in (ann, bob, watcher):
        tab.wait_for(partial(revealed, tab, reveal), f"{tab.name} to see the reveal after {kind}", 15)
    if kind == "planning:place_order":
        for tab, seat in ((ann, a_seat), (bob, b_seat)):
            assert seat in took_back and any(
                e["type"] == "order_cleared" and e["seat"] == seat and e["area"] is not None
                for m in tab.frames
                for e in m.get("events", [])
            ), f"seat {seat} took no order back"
        cleared_seen = [
            e for m in watcher.frames for e in m.get("events", []) if e["type"] == "order_cleared"
        ]
        assert {e["seat"] for e in cleared_seen} >= set(seats)  # each clear is seen, never where
    checked = check_frames(ann.frames, a_seat) + check_frames(bob.frames, b_seat)
    checked += check_frames(watcher.frames, None)
    for tab in (ann, bob, watcher):
        assert not tab.errors, (tab.name, kind, tab.errors)
        assert not tab.external, tab.external
        tab.close()
    return checked


def test_two_people_decide_at_once_and_a_spectator_watches(browser: Any, people_server: Any) -> None:
    server, ids, people = people_server
    rng = random.Random(5)
    checked = 0
    for kind in SCENARIOS:
        checked += play_scenario(browser, server.base, kind, ids[kind], people[kind], rng)
    print(f"\n{checked} frames checked")
