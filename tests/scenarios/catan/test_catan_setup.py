"""Set-up: our fixed beginner position, and the snake-order placement of the Variable Set-up."""

from __future__ import annotations

import pytest

import ravenry
from ravenry.games.catan.boards import CLASSIC_BEGINNER_PIECES
from ravenry.games.catan.data import N_RES, RESOURCES
from ravenry.games.catan.rules import CatanState


def catan(players: int = 4, seed: int = 0, **options: object) -> CatanState:
    state = ravenry.new_game("catan", players=players, seed=seed, **options)
    assert isinstance(state, CatanState)
    return state


def hex_resources(state: CatanState, node: int) -> list[int]:
    """What one settlement on ``node`` collects from its hexes (desert: nothing)."""
    counts = [0] * N_RES
    for h in state.board.topo.node_hexes[node]:
        if state.board.hex_resource[h] >= 0:
            counts[state.board.hex_resource[h]] += 1
    return counts


# -- the fixed beginner set-up ("Starting Set-up"), ours ------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_fixed_setup_starts_in_pre_roll_with_two_points_and_starred_resources(players: int) -> None:
    """Rulebook: "Since you begin with 2 settlements, you begin the game with 2 victory points" and "You
    receive resource cards for each terrain hex around your starting settlement marked with a white star"."""
    state = catan(players, setup="fixed")
    assert state.phase_name() == "pre_roll"
    assert state.decision().players == (0,)
    assert state.legal_actions(0) == [("roll",)]
    assert state.public_vp == [2] * players
    assert [state.total_vp(p) for p in range(players)] == [2] * players
    for p in range(players):
        nodes, roads, star = CLASSIC_BEGINNER_PIECES[p]
        assert state.hands[p] == hex_resources(state, nodes[star])
        assert sum(state.hands[p]) == 3
        assert [n for n, o in enumerate(state.node_owner) if o == p] == sorted(nodes)
        assert [e for e, o in enumerate(state.edge_owner) if o == p] == sorted(roads)
        view = state.observe(p)["players"][p]
        assert view["hand"] == {RESOURCES[r]: state.hands[p][r] for r in range(N_RES)}
        assert view["visible_vp"] == 2
    # "Remove the orange pieces from the game if you only have 3 players": seat 3's pieces stay off.
    placed = {o for o in state.node_owner if o >= 0} | {o for o in state.edge_owner if o >= 0}
    assert placed == set(range(players))
    assert all(state.bank[r] + sum(h[r] for h in state.hands) == 19 for r in range(N_RES))
    assert state.longest_road_holder == -1 and state.largest_army_holder == -1


def test_fixed_starting_pieces_follow_the_normal_placement_rules() -> None:
    """Rulebook: "No two settlements or cities may occupy adjacent intersections"; each starting road adjoins
    a settlement of its owner, so the position could have come from a normal set-up."""
    topo = catan().board.topo
    settlements = [n for nodes, _, _ in CLASSIC_BEGINNER_PIECES for n in nodes]
    assert len(set(settlements)) == 8
    for a in settlements:
        assert not set(topo.node_neighbors[a]) & set(settlements), f"node {a} breaks the distance rule"
    roads = [e for _, edges, _ in CLASSIC_BEGINNER_PIECES for e in edges]
    assert len(set(roads)) == 8
    for nodes, edges, star in CLASSIC_BEGINNER_PIECES:
        assert 0 <= star < len(nodes) == len(edges) == 2
        for node, edge in zip(nodes, edges, strict=True):
            assert node in topo.edge_nodes[edge]


def test_fixed_starting_pieces_are_balanced() -> None:
    """Our own position (the Gallery Edition picture is not available) aims to be "well-balanced for
    all players": every seat reaches all five resources and the production odds differ by one pip."""
    state = catan()
    pips = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    totals = []
    for nodes, _, star in CLASSIC_BEGINNER_PIECES:
        reach = {state.board.hex_resource[h] for n in nodes for h in state.board.topo.node_hexes[n]}
        assert reach >= set(range(N_RES))
        numbers = [
            k for n in nodes for h in state.board.topo.node_hexes[n] for k in state.board.layout.numbers[h]
        ]
        totals.append(sum(pips[k] for k in numbers))
        assert sorted(hex_resources(state, nodes[star])) == [0, 0, 1, 1, 1]  # three different cards
    assert max(totals) - min(totals) <= 1


# -- the set-up phase ("Placing Your Initial Settlements & Roads") --------------------------------


def test_setup_phase_runs_in_snake_order() -> None:
    """Rulebook: "Round Two: The player who went last in the first round begins round two ... Proceeding
    counterclockwise, each other player places 1 settlement and 1 adjoining road"."""
    state = catan(seed=5)
    first = state.first_player
    seen = []
    while state.phase_name() in ("setup_settlement", "setup_road"):
        (p,) = state.decision().players
        seen.append((p, state.phase_name()))
        state.apply(p, state.legal_actions(p)[0])
    order = [(first + i) % 4 for i in range(4)]
    expected = [(p, step) for p in order + order[::-1] for step in ("setup_settlement", "setup_road")]
    assert seen == expected
    # "The starting player then takes the first regular turn."
    assert state.phase_name() == "pre_roll"
    assert state.decision().players == (first,)
    assert state.public_vp == [2, 2, 2, 2]


def test_setup_settlement_keeps_the_distance_rule(refused) -> None:
    """Rulebook: "The placement locations of all settlements and roads must follow the normal rules" — no
    settlement next to another."""
    state = catan(seed=1)
    p = state.first_player
    node = state.board.topo.node_at(0, "S")  # the inland south corner of mountains 10 (hex 0)
    state.apply(p, ("place_settlement", node))
    road = state.legal_actions(p)[0]
    state.apply(p, road)
    q = state.decision().players[0]
    legal = {a[1] for a in state.legal_actions(q)}
    for neighbour in state.board.topo.node_neighbors[node]:
        assert neighbour not in legal
        refused(state, q, ("place_settlement", neighbour), "distance rule")
    refused(state, q, ("place_settlement", node), "distance rule")
    far = max(legal)
    state.apply(q, ("place_settlement", far))
    assert state.node_owner[far] == q


def test_setup_road_must_adjoin_the_settlement_just_placed(refused) -> None:
    """Rulebook: "He places his 2nd settlement and its adjacent road" — the road goes next to that settlement,
    not next to the first one."""
    state = catan(seed=2)
    first_nodes: dict[int, int] = {}
    while state.setup_index < 4 * 2:  # round one
        (p,) = state.decision().players
        action = state.legal_actions(p)[len(state.legal_actions(p)) // 3]
        if action[0] == "place_settlement":
            first_nodes[p] = action[1]
        state.apply(p, action)
    (last,) = state.decision().players
    second = max(a[1] for a in state.legal_actions(last))
    state.apply(last, ("place_settlement", second))
    topo = state.board.topo
    legal = state.legal_actions(last)
    assert legal and all(second in topo.edge_nodes[a[1]] for a in legal)
    free_near_first = [e for e in topo.node_edges[first_nodes[last]] if state.edge_owner[e] < 0]
    assert free_near_first
    refused(state, last, ("place_road", free_near_first[0]), "road", "settlement")
    state.apply(last, legal[0])


def test_second_setup_settlement_gives_starting_resources(one_event) -> None:
    """Rulebook: "You receive your starting resources immediately after placing your 2nd settlement. For each
    hex adjacent to this 2nd settlement, you take a corresponding resource card"."""
    state = catan(seed=3)
    placed: dict[int, list[int]] = {p: [] for p in range(4)}
    while state.phase_name() in ("setup_settlement", "setup_road"):
        (p,) = state.decision().players
        action = state.legal_actions(p)[-1]
        before = list(state.hands[p])
        events = state.apply(p, action)
        if action[0] != "place_settlement":
            assert state.hands[p] == before
            continue
        placed[p].append(action[1])
        if len(placed[p]) == 1:
            assert state.hands[p] == before == [0] * N_RES
            assert not [e for e in events if e.type == "starting_resources"]
        else:
            gained = hex_resources(state, action[1])
            assert state.hands[p] == gained
            cards = one_event(events, "starting_resources").data["cards"]
            assert cards == {RESOURCES[r]: gained[r] for r in range(N_RES) if gained[r]}
    assert all(len(nodes) == 2 for nodes in placed.values())


def test_starting_player_is_the_highest_roller() -> None:
    """Rulebook: "Each player rolls both dice. The player who rolls highest is the starting player" (ties roll
    again among the tied players)."""
    saw_tie = False
    for seed in range(40):
        state = catan(seed=seed)
        (event,) = state.start_setup_phase()
        rounds = event.data["rolls"]
        contenders = {str(p) for p in range(4)}
        for rolls in rounds:
            assert set(rolls) == contenders
            best = max(rolls.values())
            contenders = {p for p, v in rolls.items() if v == best}
        saw_tie = saw_tie or len(rounds) > 1
        assert contenders == {str(event.data["player"])}
        assert state.first_player == event.data["player"]
        assert state.decision().players == (state.first_player,)
        assert state.phase_name() == "setup_settlement"
    assert saw_tie, "no seed produced a tie; the tie-break went untested"
