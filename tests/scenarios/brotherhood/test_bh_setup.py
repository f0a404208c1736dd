"""Setting up Brotherhood of the Watch: the three set-up rounds (the third places one guard each on
the lowest free space of a wall section of the player's choice), the starting heroes by player
number, the wildling tokens on the building cost cards and in the pool, and the 25-card deck.
"""

from __future__ import annotations

from collections import Counter

import pytest

import ravenry
from ravenry.games.brotherhood.data import CLANS, TOKENS_PER_CLAN, all_tokens
from ravenry.games.brotherhood.heroes import HERO_IDS
from ravenry.games.catan.data import DEV_CARD_IDS


def play_rounds_one_and_two(state: ravenry.GameState) -> list[int]:
    """Place every set-up settlement and road (the first legal spot each time); who placed, in order."""
    order = []
    while state.phase_name() in ("setup_settlement", "setup_road"):
        p = state.decision().players[0]
        if state.phase_name() == "setup_settlement":
            order.append(p)
        state.apply(p, state.legal_actions(p)[0])
    return order


def test_set_up_has_three_rounds_and_the_third_places_guards(one_event) -> None:
    """ "Round 1: Player 1, player 2, player 3, player 4. Round 2: Player 4, player 3, player 2,
    player 1. ... Place 1 of your guards on the lowest available number of a wall section of your
    choice: Round 3: Player 1, player 2, player 3, player 4.\""""
    state = ravenry.new_game("brotherhood", players=4, seed=2)
    first = state.first_player
    players = [(first + i) % 4 for i in range(4)]
    assert play_rounds_one_and_two(state) == players + players[::-1]

    assert state.phase_name() == "setup_guard"
    placed = []
    for player, section in zip(players, (1, 1, 0, 1), strict=True):
        assert state.decision().players == (player,)
        assert sorted(state.legal_actions(player)) == [("place_guard", s) for s in range(4)]
        events = state.apply(player, ("place_guard", section))
        placed.append(one_event(events, "guard_placed").data)
    assert [(g["section"], g["space"]) for g in placed] == [(2, 1), (2, 2), (1, 1), (2, 3)]
    assert state.watch.sections == [[players[2]], [players[0], players[1], players[3]], [], []]
    assert state.watch.guards_left == [6, 6, 6, 6]

    assert state.phase_name() == "pre_roll" and state.current == first and state.turn == 1
    assert state.public_vp == [2, 2, 2, 2]  # one guard is not yet worth a VP token


def test_set_up_settlements_reveal_no_tokens() -> None:
    """The two set-up settlements migrate no wildlings (fact sheet, assumed): the tokens stay on the
    cards — one under each of the 3 settlements left, two under each of the 4 keeps."""
    state = ravenry.new_game("brotherhood", players=4, seed=4)
    play_rounds_one_and_two(state)
    assert state.north.camps == [[], [], []] and state.north.tokens_used == []
    assert [len(t) for t in state.north.settlement_tokens] == [3, 3, 3, 3]
    assert [len(t) for t in state.north.keep_tokens] == [8, 8, 8, 8]


@pytest.mark.parametrize("players", [3, 4])
def test_wildling_tokens_start_on_the_cards_and_in_the_pool(players: int) -> None:
    """ "Place 1 wildling token face down on each settlement space on your build cost card ... Place 2
    wildling tokens and 1 keep on each keep space ... Leave any remaining tokens face down beside the
    board to form a wildling token pool." 57 tokens in all, the breach marker on 0, no wildling yet.

    Assumed (data.py, ``SETTLEMENT_TOKENS``): the two settlements placed during set-up reveal no
    token, so only the 3 settlements that stay on the card carry one; the 2 others are in the pool."""
    state = ravenry.new_game("brotherhood", players=players, seed=1)
    assert [len(t) for t in state.north.settlement_tokens] == [3] * players
    assert [len(t) for t in state.north.keep_tokens] == [8] * players
    assert len(state.north.token_pool) == 57 - 11 * players
    everything = state.north.token_pool + [
        t for ts in state.north.settlement_tokens + state.north.keep_tokens for t in ts
    ]
    assert sorted(everything) == sorted(all_tokens())
    assert len(all_tokens()) == 57 == len(CLANS) * sum(TOKENS_PER_CLAN.values())
    assert (
        state.north.breaches == 0
        and state.north.wildlings_north() == 0
        and state.north.wildlings_in_gift() == 0
    )


@pytest.mark.parametrize(
    ("players", "heroes"),
    [(4, ("othell", "tarly", "marsh", "mormont")), (3, ("tarly", "marsh", "mormont"))],
)
def test_starting_heroes_by_player_number(players: int, heroes: tuple[str, ...]) -> None:
    """ "In a 4-player game: Player 1 takes "A4" Yarwick, player 2 takes "A3" Tarley, player 3 takes
    "A2" Marsh, and player 4 takes "A1" Mormont. In a 3-player game: Player 1 takes "A3" Tarley,
    player 2 takes "A2" Marsh, and player 3 takes "A1" Mormont." Player 1 is the starting player."""
    for seed in range(4):
        state = ravenry.new_game("brotherhood", players=players, seed=seed)
        first = state.first_player
        dealt = tuple(HERO_IDS[state.heroes.hero[(first + k) % players]] for k in range(players))
        assert dealt == heroes
        assert sorted(HERO_IDS[h] for h in state.heroes.hero_display) == sorted(set(HERO_IDS) - set(heroes))
        assert state.heroes.hero_b_side == [0] * players


def test_brotherhood_deck_and_tormunds_camp() -> None:
    """ "Shuffle all of the development cards to form the stack" (25, with the 2 New Recruits), and
    Tormund starts in his camp."""
    state = ravenry.new_game("brotherhood", seed=9)
    deck = Counter(DEV_CARD_IDS[k] for k in state.dev_deck)
    assert deck == Counter(knight=14, victory_point=5, road_building=2, year_of_plenty=2, new_recruits=2)
    assert state.robber == -1
