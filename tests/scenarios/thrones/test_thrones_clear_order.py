"""Planning: a house takes back a face-down order (``clear_order``) and may put another there,
until it says ready; the others learn only that it moved a token (issue 12)."""

from __future__ import annotations

import pytest
from thrones_positions import act, area, blank, put, seat

from ravenry.core.errors import IllegalAction
from ravenry.games.thrones.data import KINGS_COURT, ORDER_KIND_NAMES
from ravenry.games.thrones.planning import start_planning
from ravenry.games.thrones.rules import ThronesState

MARCH_MINUS = ORDER_KIND_NAMES.index("march-1")
DEFENSE = ORDER_KIND_NAMES.index("defense+1")
MARCH_STAR = ORDER_KIND_NAMES.index("march+1*")
RAID_STAR = ORDER_KIND_NAMES.index("raid*")


def _planning(stark_court_position: int = 0) -> ThronesState:
    """Stark in Winterfell and White Harbor, planning; Stark at ``stark_court_position`` on the
    King's Court track (position 3 gives one star), Lannister in Lannisport."""
    s = blank()
    put(s, "winterfell", "stark", footmen=1)
    put(s, "white-harbor", "stark", footmen=1)
    put(s, "lannisport", "lannister", footmen=1)
    court = [p for p in s.tracks[KINGS_COURT] if p != seat(s, "stark")]
    court.insert(stark_court_position, seat(s, "stark"))
    s.tracks[KINGS_COURT] = court
    start_planning(s)
    s.forget_legal_actions()
    return s


def _kinds_for(s: ThronesState, house: str, where: str) -> set[int]:
    return {a[2] for a in s.legal_actions(seat(s, house)) if a[0] == "place_order" and a[1] == area(where)}


def test_a_placed_order_is_cleared_and_another_kind_placed_there() -> None:
    s = _planning()
    stark = seat(s, "stark")
    assert ("clear_order", area("winterfell")) not in s.legal_actions(stark)
    act(s, "stark", ("place_order", area("winterfell"), MARCH_MINUS))
    act(s, "stark", ("place_order", area("white-harbor"), DEFENSE))
    legal = s.legal_actions(stark)
    assert ("clear_order", area("winterfell")) in legal and ("clear_order", area("white-harbor")) in legal
    assert not [a for a in legal if a[0] == "place_order"]  # both areas hold an order
    assert ("ready",) in legal

    events = act(s, "stark", ("clear_order", area("winterfell")))
    assert s.pending[stark][area("winterfell")] == -1
    assert s.pending[stark][area("white-harbor")] == DEFENSE
    assert [e.type for e in events] == ["order_cleared"]
    assert events[0].view(stark) == {
        "type": "order_cleared",
        "seat": stark,
        "area": area("winterfell"),
        "order": "march-1",
    }
    # The token is back: it (or any other left) may go to Winterfell, and the area needs one again.
    legal = s.legal_actions(stark)
    assert ("clear_order", area("winterfell")) not in legal
    assert ("ready",) not in legal
    assert MARCH_MINUS in _kinds_for(s, "stark", "winterfell")
    assert s.observe(stark)["planning"]["tokens"][MARCH_MINUS]["left"] == 1
    assert s.observe(stark)["my_orders"][area("winterfell")] is None

    act(s, "stark", ("place_order", area("winterfell"), MARCH_STAR))
    assert s.pending[stark][area("winterfell")] == MARCH_STAR
    act(s, "stark", ("ready",))
    act(s, "lannister", ("place_order", area("lannisport"), DEFENSE))
    for p in range(s.n):
        if not s.ready[p]:
            s.apply(p, ("ready",))
    assert s.order[area("winterfell")] == MARCH_STAR and s.order_owner[area("winterfell")] == stark


def test_clearing_a_starred_order_frees_its_star() -> None:
    s = _planning(stark_court_position=3)  # one star
    stark = seat(s, "stark")
    assert RAID_STAR in _kinds_for(s, "stark", "white-harbor")
    act(s, "stark", ("place_order", area("winterfell"), MARCH_STAR))
    assert not _kinds_for(s, "stark", "white-harbor") & {RAID_STAR, MARCH_STAR}
    assert s.observe(stark)["planning"]["stars_used"] == 1
    # The page's change offer counts the star as back: Winterfell's march+1* may become a raid*.
    changes = s.observe(stark)["planning"]["changes"]
    assert changes[0]["area"] == area("winterfell") and RAID_STAR in changes[0]["orders"]
    assert MARCH_STAR not in changes[0]["orders"]
    act(s, "stark", ("clear_order", area("winterfell")))
    assert RAID_STAR in _kinds_for(s, "stark", "white-harbor")
    assert RAID_STAR in _kinds_for(s, "stark", "winterfell")
    assert s.observe(stark)["planning"]["stars_used"] == 0
    act(s, "stark", ("place_order", area("white-harbor"), RAID_STAR))
    assert not _kinds_for(s, "stark", "winterfell") & {RAID_STAR, MARCH_STAR}


@pytest.mark.parametrize("why", ["no order there", "another house's order", "ready"])
def test_clear_order_is_refused_and_changes_nothing(why: str) -> None:
    s = _planning()
    stark = seat(s, "stark")
    act(s, "stark", ("place_order", area("winterfell"), MARCH_MINUS))
    act(s, "lannister", ("place_order", area("lannisport"), DEFENSE))
    target = area("white-harbor")
    if why == "another house's order":
        target = area("lannisport")
    if why == "ready":
        act(s, "stark", ("place_order", area("white-harbor"), DEFENSE))
        act(s, "stark", ("ready",))
        target = area("winterfell")
        assert s.legal_actions(stark) == []
    before = s.to_json_text()
    with pytest.raises(IllegalAction):
        s.apply(stark, ("clear_order", target))
    assert s.to_json_text() == before


def test_a_cleared_order_stays_hidden_from_the_others() -> None:
    s = _planning()
    stark, lannister = seat(s, "stark"), seat(s, "lannister")
    act(s, "stark", ("place_order", area("winterfell"), MARCH_STAR))
    before = {p: s.observe(p) for p in range(s.n) if p != stark}
    spectator = s.observe(None)
    events = act(s, "stark", ("clear_order", area("winterfell")))
    for viewer in [*before, None]:
        assert events[0].view(viewer) == {"type": "order_cleared", "seat": stark, "area": None, "order": None}
    # Nobody else's view changed (nothing in it said where the token was, nor says so now)...
    for p, view in before.items():
        assert s.observe(p) == view, f"seat {p}'s view changed"
        assert s.observe(p)["my_orders"][area("winterfell")] is None
    assert s.observe(None) == spectator
    # ... nor their legal actions.
    assert not [a for a in s.legal_actions(lannister) if a[0] == "clear_order"]
