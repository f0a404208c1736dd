"""Hidden information of the heroes: Melisandre's top 3 development cards and the hand Mance
Rayder looks at are shown to the acting player only (Mance's victim sees his own hand anyway),
in ``observe()`` and in the events; the other seats and spectators see nothing of them.

Besides checking the named fields, each test builds two states that differ only in the secret
and checks that every other viewer's observation and events are identical in both.
"""

from __future__ import annotations

from brotherhood_hero_helpers import (
    ALICE,
    ALL_VIEWERS,
    BOB,
    CARA,
    DAN,
    give_heroes,
    only,
    position,
)

from ravenry.core.protocol import Event
from ravenry.games.brotherhood.heroes import MANCE, MELISANDRE
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import GRAIN, LUMBER, ORE

OTHERS: tuple[int | None, ...] = (BOB, CARA, DAN, None)


BYSTANDERS: tuple[int | None, ...] = (CARA, DAN, None)


def views(events: list[Event], viewer: int | None) -> list[dict[str, object]]:
    return [e.view(viewer) for e in events]


# -- Melisandre ----------------------------------------------------------------------------------------


def melisandre_state(*deck: str) -> BrotherhoodState:
    pos = position()
    pos.hand(ALICE, ore=1, grain=1, wool=1).deck(*deck).turn(ALICE, "main")
    return give_heroes(pos, {ALICE: MELISANDRE})


def test_only_the_buyer_sees_melisandres_three_cards() -> None:
    state = melisandre_state("victory_point", "road_building", "knight", "knight", "year_of_plenty")
    events = state.apply(ALICE, ("use_melisandre", -1, -1))
    shown = only(events, "melisandre_cards")
    assert shown.view(ALICE)["cards"] == ["victory_point", "road_building", "knight"]
    assert state.observe(ALICE)["melisandre_cards"] == ["victory_point", "road_building", "knight"]
    for viewer in OTHERS:
        assert shown.view(viewer)["cards"] is None
        assert shown.view(viewer)["count"] == 3
        assert "melisandre_cards" not in state.observe(viewer)
    events = state.apply(ALICE, ("melisandre_pick", 0))
    bought = only(events, "bought_dev")
    assert bought.view(ALICE)["card"] == "victory_point"
    for viewer in OTHERS:
        assert bought.view(viewer)["card"] is None


def test_others_views_do_not_depend_on_melisandres_cards() -> None:
    """Two decks that differ in their top 3 cards (same size): everyone but Alice sees the same."""
    one = melisandre_state("victory_point", "road_building", "knight", "knight", "year_of_plenty")
    two = melisandre_state("knight", "knight", "year_of_plenty", "victory_point", "road_building")
    events_one = one.apply(ALICE, ("use_melisandre", -1, -1))
    events_two = two.apply(ALICE, ("use_melisandre", -1, -1))
    for viewer in OTHERS:
        assert one.observe(viewer) == two.observe(viewer)
        assert views(events_one, viewer) == views(events_two, viewer)
    assert one.observe(ALICE) != two.observe(ALICE)
    events_one = one.apply(ALICE, ("melisandre_pick", 1))
    events_two = two.apply(ALICE, ("melisandre_pick", 2))
    for viewer in OTHERS:
        assert views(events_one, viewer) == views(events_two, viewer)


# -- Mance Rayder -------------------------------------------------------------------------------------


def mance_state(**bob_hand: int) -> BrotherhoodState:
    pos = position()
    pos.settlement(ALICE, 0).settlement(BOB, 10, 20).hand(BOB, **bob_hand).hand(CARA, wool=2)
    # The supply is public: give both versions the same one, so only Bob's hand differs.
    pos.bank(brick=15, lumber=15, ore=15, grain=15, wool=15).turn(ALICE, "main")
    return give_heroes(pos, {ALICE: MANCE})


def test_only_mance_and_his_victim_see_the_hand_and_the_card_taken() -> None:
    state = mance_state(ore=2, lumber=1)
    events = state.apply(ALICE, ("use_mance", BOB))
    looked = only(events, "looked_at_hand")
    for involved in (ALICE, BOB):
        assert looked.view(involved)["hand"] == {"ore": 2, "lumber": 1}
    for viewer in BYSTANDERS:
        assert looked.view(viewer)["hand"] is None
    assert state.observe(ALICE)["mance_hand"]["ore"] == 2
    for viewer in OTHERS:
        assert "mance_hand" not in state.observe(viewer)
    events = state.apply(ALICE, ("mance_take", LUMBER))
    stole = only(events, "stole")
    assert stole.view(ALICE)["resource"] == stole.view(BOB)["resource"] == "lumber"
    for viewer in BYSTANDERS:
        assert stole.view(viewer)["resource"] is None
    assert "mance_hand" not in state.observe(ALICE)


def test_bystanders_views_do_not_depend_on_the_looked_at_hand() -> None:
    """Bob holds three cards either way; what they are is Alice's and Bob's business only."""
    one = mance_state(ore=2, lumber=1)
    two = mance_state(grain=3)
    events_one = one.apply(ALICE, ("use_mance", BOB))
    events_two = two.apply(ALICE, ("use_mance", BOB))
    for viewer in BYSTANDERS:
        assert one.observe(viewer) == two.observe(viewer)
        assert views(events_one, viewer) == views(events_two, viewer)
    assert one.observe(ALICE) != two.observe(ALICE)
    events_one = one.apply(ALICE, ("mance_take", ORE))
    events_two = two.apply(ALICE, ("mance_take", GRAIN))
    for viewer in BYSTANDERS:
        assert one.observe(viewer) == two.observe(viewer)
        assert views(events_one, viewer) == views(events_two, viewer)


def test_all_viewers_are_covered() -> None:
    assert set(OTHERS) | {ALICE} == set(ALL_VIEWERS)
