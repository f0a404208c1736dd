"""Catan's invariant checks and hidden-information scramble, on their own.

Each invariant is shown to fail on a state broken in exactly that way, so a green conformance run
means the rule held rather than that the check could not fire.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import ravenry
from ravenry.core.rng import Rng
from ravenry.games.catan.data import ORE, VICTORY_POINT
from ravenry.games.catan.invariants import CatanInvariants, scramble_hidden
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.state import MAIN, OVER
from ravenry.testing import GameChecks, choose_action


def _midgame(
    seed: int,
    steps: int,
    checks: GameChecks,
    phase: int = MAIN,
    want: Callable[[CatanState], bool] | None = None,
) -> CatanState:
    """A random 4-player game after ``steps`` actions, continued until it is in ``phase``; the
    first such game from ``seed`` on that has not ended earlier and satisfies ``want``."""
    for game_seed in range(seed, seed + 50):
        state = ravenry.new_game("catan", players=4, seed=game_seed, board="random")
        assert isinstance(state, CatanState)
        policy = Rng.from_seed(game_seed)
        done = 0
        while not state.decision().over and (done < steps or state.phase != phase):
            player, action = choose_action(state, policy, checks)
            state.apply(player, action)
            done += 1
        if state.phase == phase and (want is None or want(state)):
            return state
    raise AssertionError("no game reached the wanted position")


def _has_special_cards(s: CatanState) -> bool:
    """Someone holds Longest Road and someone Largest Army, so moving them is a real change."""
    return s.longest_road_holder >= 0 and s.largest_army_holder >= 0


def _free_neighbour(s: CatanState) -> int:
    """An empty intersection next to a building."""
    topo = s.board.topo
    return next(
        m for n, o in enumerate(s.node_owner) if o >= 0 for m in topo.node_neighbors[n] if s.node_owner[m] < 0
    )


def _far_edge(s: CatanState, p: int) -> int:
    """An empty path touching nothing of player ``p``."""
    topo = s.board.topo
    return next(e for e, o in enumerate(s.edge_owner) if o < 0 and not set(topo.edge_nodes[e]) & s.network[p])


def _break_bank(s: CatanState) -> None:
    s.bank[ORE] += 1


def _break_hand(s: CatanState) -> None:
    s.bank[ORE] += s.hands[1][ORE] + 1  # conservation still holds; only the hand is wrong
    s.hands[1][ORE] = -1


def _break_deck(s: CatanState) -> None:
    s.dev_deck.pop()


def _break_knights(s: CatanState) -> None:
    s.knights_played[2] += 1


def _break_roads_left(s: CatanState) -> None:
    s.roads_left[0] -= 1


def _break_city_count(s: CatanState) -> None:
    node = next(n for n, o in enumerate(s.node_owner) if o == 0 and s.node_level[n] == 1)
    s.node_level[node] = 2  # a city appears without using a city piece or returning the settlement


def _break_distance(s: CatanState) -> None:
    node = _free_neighbour(s)
    p = 3
    s.node_owner[node], s.node_level[node] = p, 1
    s.settlements_left[p] -= 1
    s.public_vp[p] += 1


def _break_connection(s: CatanState) -> None:
    s.edge_owner[_far_edge(s, 0)] = 0
    s.roads_left[0] -= 1


def _break_vp(s: CatanState) -> None:
    s.public_vp[1] += 1


def _break_road_length(s: CatanState) -> None:
    s.road_length[2] += 1


def _break_longest_road(s: CatanState) -> None:
    s.longest_road_holder = min(range(s.n), key=lambda p: s.road_length[p])  # the shortest road


def _break_army(s: CatanState) -> None:
    s.largest_army_holder = min(range(s.n), key=lambda p: s.knights_played[p])  # the fewest knights


def _break_robber(s: CatanState) -> None:
    s.robber = len(s.board.robber_hexes) + 5


def _break_discards(s: CatanState) -> None:
    s.discards_owed[1] = 1


def _break_free_roads(s: CatanState) -> None:
    s.free_roads = 2


BREAKAGES: dict[str, tuple[Callable[[CatanState], None], str]] = {
    "bank": (_break_bank, "resource 2: bank"),
    "negative hand": (_break_hand, "negative"),
    "dev deck": (_break_deck, "development card kind"),
    "knights": (_break_knights, "development card kind 0"),
    "supply": (_break_roads_left, "roads +"),
    "city count": (_break_city_count, "settlements +"),
    "distance rule": (_break_distance, "adjacent intersections"),
    "connection": (_break_connection, "not connected"),
    "public vp": (_break_vp, "public_vp"),
    "road length": (_break_road_length, "road_length"),
    "longest road holder": (_break_longest_road, "longest road"),
    "largest army holder": (_break_army, "largest army"),
    "robber": (_break_robber, "robber"),
    "discards": (_break_discards, "discards owed"),
    "free roads": (_break_free_roads, "free roads"),
}


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_each_invariant_can_fail(name: str, catan_checks: GameChecks) -> None:
    state = _midgame(seed=11, steps=400, checks=catan_checks, want=_has_special_cards)
    CatanInvariants()(state)  # the untouched state passes
    breakage, message = BREAKAGES[name]
    breakage(state)
    with pytest.raises(AssertionError, match=message):
        CatanInvariants()(state)


def test_progress_cards_are_counted_from_the_history(catan_checks: GameChecks) -> None:
    """Playing a progress card without recording it in the history breaks conservation."""

    def progress_played(s: CatanState) -> bool:
        return any(a[0] in CatanInvariants.progress_plays for _, a in s.history)

    state = _midgame(seed=5, steps=300, checks=catan_checks, want=progress_played)
    CatanInvariants()(state)
    played = [a for _, a in state.history if a[0] in CatanInvariants.progress_plays]
    state.history.remove(next((p, a) for p, a in state.history if a == played[0]))
    with pytest.raises(AssertionError, match="development card kind"):
        CatanInvariants()(state)


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_scramble_keeps_the_view_and_changes_the_secrets(
    viewer: int | None, catan_checks: GameChecks
) -> None:
    state = _midgame(seed=7, steps=500, checks=catan_checks)
    rng = Rng.from_seed(99)
    others = [q for q in range(4) if q != viewer]
    changed_hands = changed_dev = changed_deck = 0
    for _ in range(20):
        twin = scramble_hidden(state, viewer, rng)
        assert isinstance(twin, CatanState)
        assert twin.observe(viewer) == state.observe(viewer)
        assert twin.rng.state != state.rng.state
        invariants = CatanInvariants()
        invariants.check_resources(twin)
        invariants.check_dev_cards(twin)
        for q in others:
            assert sum(twin.hands[q]) == sum(state.hands[q])
            assert sum(twin.dev_hands[q]) == sum(state.dev_hands[q])
        if viewer is not None:
            assert twin.hands[viewer] == state.hands[viewer]
            assert twin.dev_hands[viewer] == state.dev_hands[viewer]
        changed_hands += any(twin.hands[q] != state.hands[q] for q in others)
        changed_dev += any(twin.dev_hands[q] != state.dev_hands[q] for q in others)
        changed_deck += twin.dev_deck != state.dev_deck
    assert changed_hands > 10 and changed_deck > 10
    if sum(sum(state.dev_hands[q]) for q in others):
        assert changed_dev > 0


def test_scramble_after_the_game_keeps_victory_point_cards(catan_checks: GameChecks) -> None:
    state = _midgame(seed=3, steps=10_000, checks=catan_checks, phase=OVER)
    rng = Rng.from_seed(1)
    for viewer in (None, 0, 1):
        twin = scramble_hidden(state, viewer, rng)
        assert isinstance(twin, CatanState)
        assert twin.observe(viewer) == state.observe(viewer)
        assert [h[VICTORY_POINT] for h in twin.dev_hands] == [h[VICTORY_POINT] for h in state.dev_hands]
