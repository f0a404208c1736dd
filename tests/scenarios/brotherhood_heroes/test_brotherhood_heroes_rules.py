"""The rules every hero follows: starting heroes, the four rules for playing a hero card, and
the after-use choice (flip to B, or return it and take another from the display)."""

from __future__ import annotations

import pytest
from brotherhood_hero_helpers import (
    ALICE,
    BOB,
    give_heroes,
    hero_actions,
    only,
    play_round_to,
    position,
    put_wildlings,
    refused,
    roll,
)

import ravenry
from ravenry.core.errors import NotYourTurn
from ravenry.games.brotherhood.heroes import (
    BENJEN,
    HERO_IDS,
    MANCE,
    MARSH,
    MELISANDRE,
    MORMONT,
    OTHELL,
    QHORIN,
    TARLY,
    THORNE,
    YGRITTE,
    YOREN,
)
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import BRICK, ORE

# -- setting up the heroes ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_four_players_start_with_yarwyck_tarly_marsh_mormont_by_player_number(seed: int) -> None:
    """ "In a 4-player game: Player 1 takes "A4" Yarwick, player 2 takes "A3" Tarley, player 3
    takes "A2" Marsh, and player 4 takes "A1" Mormont" — player 1 is whoever rolled highest."""
    state = ravenry.new_game("brotherhood", players=4, seed=seed)
    assert isinstance(state, BrotherhoodState)
    first = state.first_player
    order = [(first + k) % 4 for k in range(4)]
    assert [state.heroes.hero[p] for p in order] == [OTHELL, TARLY, MARSH, MORMONT]
    assert state.heroes.hero_display == [THORNE, MELISANDRE, MANCE, BENJEN, YGRITTE, YOREN, QHORIN]
    assert state.heroes.hero_b_side == [0, 0, 0, 0]
    view = state.observe(None)
    assert [h["hero"] for h in view["heroes"]] == [HERO_IDS[h] for h in state.heroes.hero]
    assert view["hero_display"] == ["thorne", "melisandre", "mance", "benjen", "ygritte", "yoren", "qhorin"]


def test_the_seeds_above_include_a_starting_player_other_than_seat_0() -> None:
    firsts = set()
    for seed in range(6):
        state = ravenry.new_game("brotherhood", players=4, seed=seed)
        assert isinstance(state, BrotherhoodState)
        firsts.add(state.first_player)
    assert firsts != {0}


@pytest.mark.parametrize("seed", range(4))
def test_three_players_start_with_tarly_marsh_mormont(seed: int) -> None:
    """ "In a 3-player game: Player 1 takes "A3" Tarley, player 2 takes "A2" Marsh, and player 3
    takes "A1" Mormont." The other eight heroes form the display."""
    state = ravenry.new_game("brotherhood", players=3, seed=seed)
    assert isinstance(state, BrotherhoodState)
    first = state.first_player
    assert [state.heroes.hero[(first + k) % 3] for k in range(3)] == [TARLY, MARSH, MORMONT]
    assert state.heroes.hero_display == [OTHELL, THORNE, MELISANDRE, MANCE, BENJEN, YGRITTE, YOREN, QHORIN]


@pytest.mark.parametrize(
    ("players", "expected"), [(4, [OTHELL, TARLY, MARSH, MORMONT]), (3, [TARLY, MARSH, MORMONT])]
)
def test_fixed_setup_deals_the_starting_heroes_too(players: int, expected: list[int]) -> None:
    """The fixed set-up skips the starting roll (seat 0 is player 1) but still deals heroes."""
    state = ravenry.new_game("brotherhood", players=players, seed=0, setup="fixed")
    assert isinstance(state, BrotherhoodState)
    assert state.heroes.hero == expected


# -- rule 1: only on your own turn -------------------------------------------------------------------


def test_a_hero_is_used_only_on_its_owners_turn() -> None:
    """ "You may only play a hero card on your own turn, unless the card says otherwise.\""""
    pos = position()
    pos.hand(BOB, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MORMONT, BOB: MARSH})
    assert state.legal_actions(BOB) == []
    before = state.to_json()
    with pytest.raises(NotYourTurn):
        state.apply(BOB, ("use_marsh", BRICK, ORE))
    assert state.to_json() == before


# -- rule 2: not on the turn you receive it ------------------------------------------------------------


def test_a_hero_taken_this_turn_cannot_be_used_until_a_later_turn() -> None:
    """ "You cannot play a hero card on the turn you receive it." Alice uses Bowen Marsh, returns
    him and takes Ygritte: Ygritte waits until Alice's next turn."""
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH})
    put_wildlings(state, gift={5: [0], 9: [0]})
    state.apply(ALICE, ("use_marsh", BRICK, ORE))
    events = state.apply(ALICE, ("hero_swap", YGRITTE))
    assert only(events, "hero_swapped").data == {"player": ALICE, "returned": "marsh", "took": "ygritte"}
    assert state.heroes.hero[ALICE] == YGRITTE and state.heroes.hero_b_side[ALICE] == 0
    assert hero_actions(state, ALICE, "use_ygritte") == []
    refused(state, ALICE, ("use_ygritte", 5), "turn you took it")
    assert state.observe(ALICE)["heroes"][ALICE]["ready"] is False

    play_round_to(state, ALICE)
    assert state.phase_name() == "pre_roll"
    assert hero_actions(state, ALICE, "use_ygritte") == [("use_ygritte", 5), ("use_ygritte", 9)]
    state.apply(ALICE, ("use_ygritte", 5))
    assert state.north.gift[5] == []


def test_a_starting_hero_is_usable_on_the_first_turn() -> None:
    """The starting heroes are taken during set-up, not during a turn."""
    state = ravenry.new_game("brotherhood", players=4, seed=3, setup="fixed")
    assert isinstance(state, BrotherhoodState)
    for seat in range(4):  # the fixed pieces still leave set-up's guard round to play
        state.apply(seat, ("place_guard", seat))
    assert state.turn == 1 and state.heroes.hero_taken_turn == [-1, -1, -1, -1]
    assert state.heroes.hero_ready(state, 0)


# -- rule 3: once per turn -------------------------------------------------------------------------------


def test_a_hero_is_used_once_per_turn_even_when_flipped_to_b() -> None:
    """ "You may only play a hero card 1 time on the turn you use it." Alice uses Ygritte before
    her roll and flips her to B; after the roll Ygritte is not offered again, although a
    wildling is still in the Gift; on her next turn she is."""
    pos = position()
    pos.turn(ALICE, "pre_roll")
    state = give_heroes(pos, {ALICE: YGRITTE})
    put_wildlings(state, gift={5: [0], 9: [0]})
    state.apply(ALICE, ("use_ygritte", 5))
    state.apply(ALICE, ("hero_flip",))
    assert state.phase_name() == "pre_roll"
    assert hero_actions(state, ALICE, "use_ygritte") == []
    roll(state, 2, 3)
    assert hero_actions(state, ALICE, "use_ygritte") == []
    refused(state, ALICE, ("use_ygritte", 9), "already used")
    play_round_to(state, ALICE)
    assert hero_actions(state, ALICE, "use_ygritte") == [("use_ygritte", 9)]


# -- rule 4: no use without meeting all requirements -----------------------------------------------------


def test_a_hero_whose_requirements_are_not_met_is_not_offered() -> None:
    """ "If you can't / don't comply with all of a hero card's requirements, you cannot play it":
    Ygritte with no wildling in the Gift."""
    pos = position()
    pos.turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: YGRITTE})
    assert hero_actions(state, ALICE, "use_ygritte") == []
    refused(state, ALICE, ("use_ygritte", 5), "wildling in the Gift")


def test_using_another_players_hero_is_refused() -> None:
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MORMONT, BOB: MARSH})
    refused(state, ALICE, ("use_marsh", BRICK, ORE), "your hero is Jeor Mormont")


# -- after use: flip or swap -----------------------------------------------------------------------------


def test_after_using_the_a_side_flip_to_b_or_swap_for_any_display_hero() -> None:
    """A side: "Turn the card over so that its "B" side is face up" or "Return the hero card to
    the display ... and choose one of the other available hero cards"."""
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH, BOB: MORMONT})
    events = state.apply(ALICE, ("use_marsh", BRICK, ORE))
    assert only(events, "hero_used").data["side"] == "A"
    assert state.phase_name() == "hero_after_use"
    assert state.decision().players == (ALICE,)
    display = [h for h in range(11) if h not in (MARSH, MORMONT)]
    assert state.legal_actions(ALICE) == [("hero_flip",)] + [("hero_swap", h) for h in display]
    # Nothing else may happen before the choice.
    refused(state, ALICE, ("end_turn",), "flip", "swap")
    events = state.apply(ALICE, ("hero_flip",))
    assert only(events, "hero_flipped").data == {"player": ALICE, "hero": "marsh"}
    assert state.heroes.hero[ALICE] == MARSH and state.heroes.hero_b_side[ALICE] == 1
    assert state.phase_name() == "main"
    assert state.observe(BOB)["heroes"][ALICE]["side"] == "B"


def test_after_using_the_b_side_the_hero_must_be_returned() -> None:
    """ "If the card is on its "B" side when you use it, you must select option 2": return it and
    take another, which comes A side up."""
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH, BOB: MORMONT}, b_side=(ALICE,))
    events = state.apply(ALICE, ("use_marsh", BRICK, ORE))
    assert only(events, "hero_used").data["side"] == "B"
    assert ("hero_flip",) not in state.legal_actions(ALICE)
    refused(state, ALICE, ("hero_flip",), "B side")
    state.apply(ALICE, ("hero_swap", MANCE))
    assert state.heroes.hero[ALICE] == MANCE and state.heroes.hero_b_side[ALICE] == 0
    assert MARSH in state.heroes.hero_display and MANCE not in state.heroes.hero_display
    assert state.heroes.hero_taken_turn[ALICE] == state.turn


def test_the_returned_hero_cannot_be_taken_back_nor_another_players_hero() -> None:
    """ "(no, you cannot take back the one you just placed on the display)"; "You cannot trade,
    give away, or steal hero cards.\""""
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH, BOB: MORMONT})
    state.apply(ALICE, ("use_marsh", BRICK, ORE))
    refused(state, ALICE, ("hero_swap", MARSH), "display")
    refused(state, ALICE, ("hero_swap", MORMONT), "display")
    assert ("hero_swap", MARSH) not in state.legal_actions(ALICE)
    assert ("hero_swap", MORMONT) not in state.legal_actions(ALICE)


def test_flip_and_swap_are_refused_outside_the_after_use_choice() -> None:
    pos = position()
    pos.turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH})
    refused(state, ALICE, ("hero_flip",), "right after using a hero")
    refused(state, ALICE, ("hero_swap", MANCE), "right after using a hero")


def test_hero_phases_survive_json_and_clone() -> None:
    """A state waiting in a hero phase round-trips through to_json and clone."""
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH})
    state.apply(ALICE, ("use_marsh", BRICK, ORE))
    copy = state.game.state_from_json(state.to_json())
    assert copy == state and copy.phase_name() == "hero_after_use"
    assert copy.legal_actions(ALICE) == state.legal_actions(ALICE)
    twin = state.clone()
    assert isinstance(twin, BrotherhoodState)
    twin.apply(ALICE, ("hero_swap", BENJEN))
    assert state.heroes.hero[ALICE] == MARSH and twin.heroes.hero[ALICE] == BENJEN


def test_json_actions_for_heroes() -> None:
    """Hero actions travel as JSON like every other action."""
    pos = position()
    pos.hand(ALICE, brick=1).turn(ALICE, "main")
    state = give_heroes(pos, {ALICE: MARSH})
    state.apply_json(ALICE, {"type": "use_marsh", "give": "brick", "get": "ore"})
    state.apply_json(ALICE, {"type": "hero_swap", "hero": YOREN})
    assert state.heroes.hero[ALICE] == YOREN and state.hands[ALICE][ORE] == 1
