"""The shortage rule (FAQ "Producing Resources") and the single-claimant exception option."""

from __future__ import annotations

from ravenry.games.catan.data import BRICK, GRAIN
from ravenry.games.catan.scenario import Position, rig_dice


def fields_six(grain_in_bank: int, **options: object) -> Position:
    """Three grain claims on fields 6 (player 0 twice, player 1 once) and one brick claim on hills 6
    (player 2), with only ``grain_in_bank`` grain left in the supply; player 3 rolls."""
    pos = Position("catan", players=4, **options)
    fields6, hills6 = pos.hex("fields", 6), pos.hex("hills", 6)
    pos.settlement(0, pos.node(fields6, "N"), pos.node(fields6, "SW")).settlement(1, pos.node(fields6, "SE"))
    pos.settlement(2, pos.node(hills6, "N")).bank(grain=grain_in_bank).turn(3, "pre_roll")
    return pos


def test_shortage_nobody_gets_the_short_resource(one_event) -> None:
    """FAQ: "What if there are not enough resource cards to give every player all the production they
    earn? In this case, no player receives any of the restricted resource that turn"."""
    state = fields_six(grain_in_bank=2).state
    rig_dice(state, 3, 3)
    events = state.apply(3, ("roll",))
    produced = one_event(events, "produced").data
    assert produced["shortages"] == ["grain"]
    assert state.hands[0][GRAIN] == 0 and state.hands[1][GRAIN] == 0
    assert state.bank[GRAIN] == 2


def test_shortage_other_resources_unaffected(one_event) -> None:
    """FAQ: "Production of other types of resources is not affected"."""
    state = fields_six(grain_in_bank=2).state
    rig_dice(state, 2, 4)
    events = state.apply(3, ("roll",))
    assert state.hands[2][BRICK] == 1
    assert one_event(events, "produced").data["gains"] == {"2": {"brick": 1}}


def test_enough_cards_everyone_is_paid() -> None:
    """When the bank holds exactly what is owed, there is no shortage: everyone gets his cards."""
    state = fields_six(grain_in_bank=3).state
    rig_dice(state, 5, 1)
    state.apply(3, ("roll",))
    assert (state.hands[0][GRAIN], state.hands[1][GRAIN], state.bank[GRAIN]) == (2, 1, 0)


def lone_city(grain_in_bank: int, **options: object) -> Position:
    pos = Position("catan", players=4, **options)
    fields6 = pos.hex("fields", 6)
    pos.city(0, pos.node(fields6, "N")).bank(grain=grain_in_bank).turn(3, "pre_roll")
    return pos


def test_shortage_lone_claimant_gets_nothing_by_default() -> None:
    """The Gallery Edition FAQ has no exception: "no player receives any of the restricted resource"."""
    for options in ({}, {"shortage_exception": False}):
        state = lone_city(1, **options).state
        rig_dice(state, 3, 3)
        state.apply(3, ("roll",))
        assert state.hands[0][GRAIN] == 0 and state.bank[GRAIN] == 1


def test_shortage_exception_lone_claimant_takes_what_is_left(one_event) -> None:
    """With ``shortage_exception=True`` (the single-player exception some editions print): if only one
    player is owed the short resource, he takes what the bank has left."""
    state = lone_city(1, shortage_exception=True).state
    rig_dice(state, 4, 2)
    events = state.apply(3, ("roll",))
    assert state.hands[0][GRAIN] == 1 and state.bank[GRAIN] == 0
    assert one_event(events, "produced").data["gains"] == {"0": {"grain": 1}}


def test_shortage_exception_does_not_help_two_claimants() -> None:
    """The exception is for a single claimant only: two players owed a short resource still get none."""
    state = fields_six(grain_in_bank=2, shortage_exception=True).state
    rig_dice(state, 1, 5)
    state.apply(3, ("roll",))
    assert state.hands[0][GRAIN] == 0 and state.hands[1][GRAIN] == 0 and state.bank[GRAIN] == 2
