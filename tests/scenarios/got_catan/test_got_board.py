"""The Gift in the base game: 21 hexes for 4 players and 16 for 3, the number tokens, the five 2:1
trade routes, the fixed beginner set-up, and the variable and fully random boards.

Our standard layout, trade route paths and beginner pieces are our own (the printed pictures were
not available); these tests check what the rulebook and the fact sheet state about them.
"""

from __future__ import annotations

from collections import Counter

import pytest

import ravenry
from ravenry.games.catan.data import N_RES, TERRAIN_RESOURCE
from ravenry.games.got_catan.gift import breach_column

NUMBERS_4P = Counter({2: 1, 3: 3, 4: 3, 5: 2, 6: 2, 8: 2, 9: 2, 10: 3, 11: 2, 12: 1})


def test_four_player_gift_has_21_hexes_and_its_tokens() -> None:
    """ "Use all 21 terrain hexes in a 4-player game." "There is only one "2" and one "12." ... There
    is no "7." Terrain: 5 mountains and 4 each of hills, pasture, fields and forest; no desert."""
    state = ravenry.new_game("got-catan", players=4)
    layout = state.board.layout
    assert state.board.topo.n_hexes == 21
    assert Counter(layout.terrain) == Counter(mountains=5, hills=4, pasture=4, fields=4, forest=4)
    assert Counter(n for nums in layout.numbers for n in nums) == NUMBERS_4P
    assert all(len(nums) == 1 for nums in layout.numbers)


def test_three_player_gift_is_the_four_breach_columns() -> None:
    """ "Use 16 hexes in a 3-player game." They are the hexes directly south of the four wall sections;
    the conjoined "2 & 12" token replaces the 2 and the 12."""
    state = ravenry.new_game("got-catan", players=3)
    topo = state.board.topo
    assert topo.n_hexes == 16
    assert set(topo.hex_coords) == {c for s in range(1, 5) for c in breach_column(s)}
    tokens = Counter(nums for nums in state.board.layout.numbers)
    assert tokens[(2, 12)] == 1 and tokens[(2,)] == 0 and tokens[(12,)] == 0


@pytest.mark.parametrize("board", ["standard", "variable", "random"])
def test_five_two_to_one_trade_routes_on_the_southern_borderland(board: str) -> None:
    """ "There is only 1 trade route for each type of resource", each 2:1, on the southern edge."""
    state = ravenry.new_game("got-catan", players=4, board=board, seed=5)
    topo = state.board.topo
    routes = state.board.layout.harbors
    assert sorted(kind for _, kind in routes) == list(range(N_RES))
    for edge, _ in routes:
        (h,) = topo.edge_hexes[edge]  # a borderland path
        assert topo.hex_coords[h][1] == 3  # the southern row


@pytest.mark.parametrize("players", [3, 4])
def test_fixed_beginner_set_up(players: int) -> None:
    """ "Place 2 settlements and 2 roads of each color as shown. If only 3 are playing, remove the red
    pieces. Each player receives the 3 resources from the terrain hexes adjacent to his settlement
    marked by the white star. ... The oldest player takes the first turn.\""""
    state = ravenry.new_game("got-catan", players=players, setup="fixed")
    topo = state.board.topo
    assert state.phase_name() == "pre_roll" and state.current == 0 and state.turn == 1
    for p in range(players):
        nodes, edges, star = state.board.layout.starting_pieces[p]
        assert [n for n in range(topo.n_nodes) if state.node_owner[n] == p] == sorted(nodes)
        assert sorted(e for e in range(topo.n_edges) if state.edge_owner[e] == p) == sorted(edges)
        expected = [0] * N_RES
        for h in topo.node_hexes[nodes[star]]:
            expected[state.board.hex_resource[h]] += 1
        assert state.hands[p] == expected and sum(expected) == 3
        assert state.public_vp[p] == 2


def test_variable_board_keeps_the_number_positions() -> None:
    """ "Randomly place the terrain hexes ... Now take the 5 trade route pieces and randomly place them
    ... Place the number tokens in the exactly same positions as in the usual setup.\""""
    standard = ravenry.new_game("got-catan", board="standard").board.layout
    layouts = [ravenry.new_game("got-catan", board="variable", seed=s).board.layout for s in range(6)]
    assert all(layout.numbers == standard.numbers for layout in layouts)
    assert all(Counter(layout.terrain) == Counter(standard.terrain) for layout in layouts)
    assert len({layout.terrain for layout in layouts}) > 1


def test_random_board_never_puts_red_numbers_side_by_side() -> None:
    """ "Note that tokens with the red numbers (6s & 8s) must not be next to each other.\""""
    for seed in range(12):
        state = ravenry.new_game("got-catan", board="random", seed=seed)
        numbers = state.board.layout.numbers
        topo = state.board.topo
        red = [h for h in range(topo.n_hexes) if set(numbers[h]) & {6, 8}]
        assert len(red) == 4
        assert not any(o in red for h in red for o in topo.hex_neighbors[h])
        assert Counter(n for nums in numbers for n in nums) == NUMBERS_4P
        assert all(TERRAIN_RESOURCE[t] is not None for t in state.board.layout.terrain)
