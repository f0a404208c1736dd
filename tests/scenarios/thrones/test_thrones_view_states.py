"""The thrones view states what the page would otherwise have to work out (issue 30): who
controls each area, where face-down orders lie, this battle's result only, the marcher's
strength for each choice of units, how many tie picks the rules ask, and the words of a blocked
token; and the events say what happened (a mustering passed over, a Raid spent). Each position is
found by a seeded random game (ravenry.testing.positions)."""

from __future__ import annotations

import random
from typing import Any

from ravenry.games.thrones import battle as battle_rules
from ravenry.games.thrones import map as thrones_map
from ravenry.games.thrones import texts, views
from ravenry.games.thrones.data import (
    AREA_IS_SEA,
    N_AREAS,
    W_FEAST_FOR_CROWS,
    W_SEA_OF_STORMS,
    W_STORM_OF_SWORDS,
)
from ravenry.games.thrones.state import BID_WILDLINGS, P_MARCH_MOVE, P_PLANNING, P_TIE
from ravenry.testing.positions import find_position, new_state, state_at


def _at(rule: Any, players: int = 5, seeds: range = range(1, 200), **options: Any) -> Any:
    return state_at("thrones", find_position("thrones", rule, players, seeds, options))


def test_the_controller_is_the_rules_one_home_shields_included() -> None:
    state = _at(lambda s: s.turn >= 3)
    view = state.observe(0)
    assert view["controller"] == [state.controller(a) for a in range(N_AREAS)]
    # A printed home shield controls an empty land area with no power token (map.controller's
    # third case, which the page used to miss).
    homes = [
        a
        for a in range(N_AREAS)
        if not AREA_IS_SEA[a] and state.owner[a] < 0 and state.token[a] < 0 and state.home[a] >= 0
    ]
    fresh = _at(lambda s: s.phase == P_PLANNING, seeds=range(1, 3))
    for a in range(N_AREAS):
        got = thrones_map.controller(fresh.units, fresh.owner, fresh.token, fresh.home, a)
        assert fresh.observe(None)["controller"][a] == got
    for a in homes:
        assert view["controller"][a] == state.home[a]


def test_face_down_orders_lie_where_a_ready_house_placed_them() -> None:
    def ready_with_gaps(s: Any) -> bool:
        if s.phase != P_PLANNING or s.ready[0]:
            return False
        return any(
            s.ready[q] and 0 < sum(1 for a in range(N_AREAS) if s.pending[q][a] >= 0) < s.owner.count(q)
            for q in range(1, s.n)
        )

    state = _at(ready_with_gaps, 4, range(1, 100), orders_optional=True)
    view = state.observe(0)
    for a in range(N_AREAS):
        expect = next((q for q in range(1, state.n) if state.ready[q] and state.pending[q][a] >= 0), -1)
        assert view["face_down"][a] == expect
    # The viewer's own orders are its my_orders, never face_down; a house still placing shows none.
    assert all(view["face_down"][a] != 0 for a in range(N_AREAS))
    for q in range(1, state.n):
        if not state.ready[q]:
            assert q not in view["face_down"]
    # Nobody's orders are face down once planning is over.
    assert set(_at(lambda s: s.phase == P_MARCH_MOVE).observe(0)["face_down"]) == {-1}


def test_a_battle_being_joined_carries_no_result_of_the_last() -> None:
    def stale(s: Any) -> bool:
        return s.phase == P_MARCH_MOVE and s.battle.area >= 0 and s.battle.winner >= 0

    state = _at(stale, seeds=range(1, 60))
    for viewer in (None, *range(state.n)):
        battle = state.observe(viewer)["battle"]
        assert battle["winner"] is None and battle["casualties"] == 0


def test_the_marchers_strength_for_each_choice_of_units() -> None:
    def march_in_reach(s: Any) -> bool:
        if s.phase != P_MARCH_MOVE or s.battle.area >= 0:
            return False
        return any(t["battle"] for t in views.march_targets(s, s.current)["targets"])

    checked = 0
    for seeds in (range(1, 40), range(40, 80)):
        state = _at(march_in_reach, seeds=seeds)
        march = views.march_targets(state, state.current)
        for t in march["targets"]:
            if not t["battle"]:
                continue
            by = t["battle"]["attacker_strength_by_sending"]
            for key, strength in by.items():
                counts = [int(c) for c in key.split(",")]
                assert all(counts[u] == 0 or u in t["units"] for u in range(3))
                assert all(counts[u] <= march["free"][u] for u in range(3))
                want = battle_rules.march_preview(state, state.current, t["to"], counts)["attacker_strength"]
                assert strength == want
                checked += 1
            every = ",".join(str(march["free"][u] if u in t["units"] else 0) for u in range(3))
            assert by[every] == t["battle"]["attacker_strength"]
    assert checked


def test_a_wildling_tie_asks_one_pick_and_a_track_tie_all_but_the_last() -> None:
    def wildling_tie(s: Any) -> bool:
        return s.phase == P_TIE and s.bidding.context == BID_WILDLINGS

    def track_tie(s: Any) -> bool:
        return s.phase == P_TIE and s.bidding.context != BID_WILDLINGS

    for rule, wildlings in ((wildling_tie, True), (track_tie, False)):
        state = _at(rule, seeds=range(1, 400))
        tie = state.observe(state.current)["tie"]
        assert tie["picks"] == [1 if wildlings else len(g) - 1 for g in tie["groups"]]
        assert (tie["choose"] == "order") is not wildlings
        # Making the picks the view asks for ends the tie-break: the rules ask for no more.
        for group, picks in zip(tie["groups"], tie["picks"], strict=True):
            for seat in group[:picks]:
                state.apply(state.current, ("tie_pick", seat))
        assert state.phase != P_TIE


def test_a_blocked_token_names_the_card_in_words() -> None:
    for card in (W_SEA_OF_STORMS, W_FEAST_FOR_CROWS, W_STORM_OF_SWORDS):

        def restricted(s: Any, card: int = card) -> bool:
            return s.phase == P_PLANNING and bool((s.restrictions >> card) & 1) and not s.ready[0]

        state = _at(restricted, seeds=range(1, 300))
        reasons = [t["blocked"] for t in state.observe(0)["planning"]["tokens"] if t["blocked"]]
        title = texts.WESTEROS_TITLES[card]
        assert any(r == f"forbidden this round by {title}" for r in reasons), reasons
        assert not any("_" in r for r in reasons), reasons


def test_a_house_passed_over_in_mustering_is_said_so() -> None:
    said: list[dict[str, Any]] = []
    for seed in range(1, 30):
        rng = random.Random(seed)
        state = new_state("thrones", 5, seed)
        while not state.decision().result and not said:
            moves = [(p, a) for p in state.decision().players for a in state.legal_actions(p)]
            seat, action = rng.choice(moves)
            said += [e.data for e in state.apply(seat, action) if e.type == "mustering_skipped"]
        if said:
            break
    assert said and all(e["reason"] in ("no_castle", "nothing_fits") for e in said)
