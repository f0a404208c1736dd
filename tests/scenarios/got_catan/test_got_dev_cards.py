"""Development cards in the base game: the deck (no Monopoly; New Recruits and the heroes set aside),
when cards may be played, the progress cards' texts, and a victory point card that wins at once.
"""

from __future__ import annotations

from collections import Counter

import ravenry
from ravenry.games.brotherhood.scenario import GiftPosition, rig_dice
from ravenry.games.catan.data import (
    DEV_CARD_IDS,
    GRAIN,
    KNIGHT,
    ORE,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)

RED, BLUE = 0, 1


def deck_of(game: str) -> Counter[str]:
    return Counter(DEV_CARD_IDS[k] for k in ravenry.new_game(game, seed=3).dev_deck)


def test_base_game_deck_has_23_cards_without_monopoly_or_new_recruits() -> None:
    """ "Set the 11 hero cards and the 2 "New Recruits" cards aside. You don't use them in the base
    game." The deck: 14 ranger patrols, 5 victory points, 2 Road Building, 2 Winter is Coming; Game of
    Thrones Catan has no Monopoly."""
    deck = deck_of("got-catan")
    assert sum(deck.values()) == 23
    assert deck == Counter(knight=14, victory_point=5, road_building=2, year_of_plenty=2)
    assert deck["monopoly"] == 0 and deck["new_recruits"] == 0


def test_new_recruits_are_only_in_the_brotherhood_deck() -> None:
    """ "There are 2 each of 3 varieties" of progress card in Brotherhood of the Watch: New Recruits,
    Road Building, Winter is Coming (25 cards)."""
    deck = deck_of("brotherhood")
    assert sum(deck.values()) == 25
    assert deck["new_recruits"] == 2 and deck["monopoly"] == 0


def test_a_card_bought_this_turn_waits_for_the_next_turn(refused) -> None:
    """ "You may not, however, play a card that you bought during the same turn.\""""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 21).hand(RED, ore=1, grain=1, wool=1).deck("knight", "knight").turn(RED, "main")
    state = pos.state
    state.apply(RED, ("buy_dev",))
    assert state.dev_hands[RED][KNIGHT] == 1
    refused(state, RED, ("play_knight",), "bought this turn")
    state.apply(RED, ("end_turn",))
    for p in (1, 2, 3):  # the others roll a "5" and pass
        rig_dice(state, 2, 3)
        state.apply(p, ("roll",))
        state.apply(p, ("end_turn",))
    assert ("play_knight",) in state.legal_actions(RED)


def test_only_one_development_card_per_turn(refused) -> None:
    """ "You may only play 1 development card during your turn—either 1 ranger patrol card or 1
    progress card.\""""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 21).road(RED, pos.edge_between(21, 28))
    pos.dev_cards(RED, knight=1, road_building=1).turn(RED, "main")
    state = pos.state
    state.apply(RED, ("play_knight",))
    state.apply(RED, ("move_robber", 0, -1))
    refused(state, RED, ("play_road_building",), "already played")


def test_road_building_places_two_free_roads() -> None:
    """ "Place 2 new roads as if you had just built them.\""""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 21).dev_cards(RED, road_building=1).turn(RED, "main")
    state = pos.state
    state.apply(RED, ("play_road_building",))
    state.apply(RED, ("place_free_road", pos.edge_between(21, 28)))
    assert state.phase_name() == "free_roads"
    state.apply(RED, ("place_free_road", pos.edge_between(28, 22)))
    assert state.phase_name() == "main"
    assert state.roads_left[RED] == 13 and sum(state.hands[RED]) == 0
    assert state.dev_hands[RED][ROAD_BUILDING] == 0


def test_winter_is_coming_takes_any_two_resources() -> None:
    """ "Take any 2 resources from the supply. Add them to your hand. They can be 2 of the same
    resource or 2 different resources.\""""
    pos = GiftPosition("got-catan").dev_cards(RED, year_of_plenty=2).turn(RED, "main")
    state = pos.state
    assert ("play_year_of_plenty", ORE, ORE) in state.legal_actions(RED)
    state.apply(RED, ("play_year_of_plenty", ORE, GRAIN))
    assert state.hands[RED] == [0, 0, 1, 1, 0]
    assert state.dev_hands[RED][YEAR_OF_PLENTY] == 1
    assert not [a for a in state.legal_actions(RED) if a[0].startswith("play_")]


def nine_points(pos: GiftPosition) -> GiftPosition:
    """Red: 3 keeps and 3 settlements = 9 victory points."""
    pos.city(RED, 4, 1, 2).settlement(RED, 8, 20, 43)
    return pos


def test_a_victory_point_card_bought_to_reach_ten_wins_at_once(one_event) -> None:
    """ "Exception: If you buy a card and it is a victory point card that brings you to 10 points, you
    may immediately reveal this card (and all other VP cards) and win the game.\""""
    pos = nine_points(GiftPosition("got-catan"))
    pos.hand(RED, ore=1, grain=1, wool=1).deck("victory_point").turn(RED, "main")
    state = pos.state
    assert state.public_vp[RED] == 9
    events = state.apply(RED, ("buy_dev",))
    over = one_event(events, "game_over").data
    assert over["winner"] == RED and over["victory_point_cards"][RED] == 1
    result = state.decision().result
    assert result is not None and result.winners == (RED,) and result.scores[RED] == 10


def test_a_ranger_patrol_bought_at_nine_points_does_not_end_the_game() -> None:
    """The same purchase turning up a ranger patrol leaves Red at 9: the game goes on."""
    pos = nine_points(GiftPosition("got-catan"))
    pos.hand(RED, ore=1, grain=1, wool=1).deck("knight").turn(RED, "main")
    state = pos.state
    state.apply(RED, ("buy_dev",))
    assert not state.decision().over
    assert state.dev_hands[RED][VICTORY_POINT] == 0
