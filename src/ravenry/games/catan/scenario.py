"""A position builder for scenario tests: describe a board in words, get a legal state.

    pos = Position("catan", players=4)
    fields3 = pos.hex("fields", 3)
    pos.settlement(0, pos.node(fields3, "N")).road(0, pos.edge(fields3, "NE"))
    pos.hand(0, brick=1, lumber=1).turn(0, "main")
    state = pos.state

Pieces are placed without paying; hands are set exactly (the bank makes up the difference);
the special cards and victory points are recounted from scratch when the state is read.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from ravenry.core.registry import get_game
from ravenry.core.rng import Rng
from ravenry.games.catan.data import DEV_CARD_IDS, N_DEV, N_RES, RESOURCES
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scoring import longest_road, recount_vp
from ravenry.games.catan.state import MAIN, PHASE_NAMES, PRE_ROLL


class Position:
    def __init__(self, game: str = "catan", players: int = 4, seed: int = 0, **options: Any) -> None:
        options.setdefault("setup", "phase")
        state = get_game(game).new_state(get_game(game).make_config(players=players, seed=seed, **options))
        assert isinstance(state, CatanState)
        self._state = state
        state.phase = MAIN
        state.current = 0
        state.first_player = 0
        state.turn = 1
        state.setup_index = len(state.setup_plan())
        state.dice = (3, 4)
        state.history = []
        self._clear_pieces()

    def _clear_pieces(self) -> None:
        s = self._state
        s.node_owner = [-1] * len(s.node_owner)
        s.node_level = [0] * len(s.node_level)
        s.edge_owner = [-1] * len(s.edge_owner)
        s.roads_left = [s.rules.max_roads] * s.n
        s.settlements_left = [s.rules.max_settlements] * s.n
        s.cities_left = [s.rules.max_cities] * s.n
        _pieces_changed(s)
        for p in range(s.n):
            self.hand(p)

    # -- finding places by name -------------------------------------------------------------
    def hexes(self, terrain: str, number: int | None = None) -> list[int]:
        layout = self._state.board.layout
        return [
            h
            for h, t in enumerate(layout.terrain)
            if t == terrain and (number is None or number in layout.numbers[h])
        ]

    def hex(self, terrain: str, number: int | None = None) -> int:
        found = self.hexes(terrain, number)
        if len(found) != 1:
            raise ValueError(f"{len(found)} hexes are {terrain} {number}: name one by index instead")
        return found[0]

    def node(self, h: int, corner: str) -> int:
        """An intersection by hex and corner: N, NE, SE, S, SW, NW."""
        return self._state.board.topo.node_at(h, corner)

    def edge(self, h: int, side: str) -> int:
        """A path by hex and side: NE, E, SE, SW, W, NW."""
        return self._state.board.topo.edge_at(h, side)

    def edge_between(self, a: int, b: int) -> int:
        return self._state.board.topo.edge_between(a, b)

    # -- placing ------------------------------------------------------------------------------
    def settlement(self, p: int, *nodes: int) -> Position:
        s = self._state
        for node in nodes:
            s.node_owner[node] = p
            s.node_level[node] = 1
            s.settlements_left[p] -= 1
        _pieces_changed(s)
        return self

    def city(self, p: int, *nodes: int) -> Position:
        s = self._state
        for node in nodes:
            s.node_owner[node] = p
            s.node_level[node] = 2
            s.cities_left[p] -= 1
        _pieces_changed(s)
        return self

    def road(self, p: int, *edges: int) -> Position:
        s = self._state
        for e in edges:
            s.edge_owner[e] = p
            s.roads_left[p] -= 1
        _pieces_changed(s)
        return self

    def road_path(self, p: int, nodes: Iterable[int]) -> Position:
        """Roads along consecutive intersections."""
        ns = list(nodes)
        return self.road(p, *(self.edge_between(a, b) for a, b in itertools.pairwise(ns)))

    def hand(self, p: int, **cards: int) -> Position:
        s = self._state
        for r, name in enumerate(RESOURCES):
            want = cards.pop(name, 0)
            s.bank[r] += s.hands[p][r] - want
            s.hands[p][r] = want
        if cards:
            raise ValueError(f"unknown resources: {', '.join(cards)}")
        return self

    def bank(self, **cards: int) -> Position:
        """Set bank counts (cards leave the game's 19 to model a depleted bank)."""
        for r, name in enumerate(RESOURCES):
            if name in cards:
                self._state.bank[r] = cards[name]
        return self

    def dev_cards(self, p: int, new: bool = False, **cards: int) -> Position:
        s = self._state
        for name, count in cards.items():
            k = DEV_CARD_IDS.index(name)
            s.dev_hands[p][k] += count
            if k in s.dev_deck:
                for _ in range(min(count, s.dev_deck.count(k))):
                    s.dev_deck.remove(k)
            if new:
                s.dev_bought_this_turn[p][k] += count
        return self

    def deck(self, *cards: str) -> Position:
        """The development deck, top card first."""
        self._state.dev_deck = [DEV_CARD_IDS.index(c) for c in reversed(cards)]
        return self

    def knights(self, p: int, n: int) -> Position:
        self._state.knights_played[p] = n
        return self

    def robber(self, h: int) -> Position:
        self._state.robber = h
        return self

    def turn(self, p: int, phase: str = "main") -> Position:
        s = self._state
        s.current = p
        s.phase = PHASE_NAMES.index(phase)
        if s.phase == PRE_ROLL:
            s.dice = None
        return self

    def special_cards(self, longest_road: int | None = None, largest_army: int | None = None) -> Position:
        """Who holds the special cards now (by default they are recounted from the board)."""
        self._holders = (longest_road, largest_army)
        return self

    # -- the finished state ---------------------------------------------------------------------
    @property
    def state(self) -> CatanState:
        s = self._state
        s.rebuild_caches()
        s.road_length = [longest_road(s.board.topo, s.edge_owner, s.node_owner, p) for p in range(s.n)]
        holders = getattr(self, "_holders", None)
        if holders is not None:
            s.longest_road_holder = -1 if holders[0] is None else holders[0]
            s.largest_army_holder = -1 if holders[1] is None else holders[1]
        else:
            best = max(s.road_length)
            leaders = [p for p in range(s.n) if s.road_length[p] == best]
            s.longest_road_holder = (
                leaders[0] if best >= s.rules.longest_road_min and len(leaders) == 1 else -1
            )
            most = max(s.knights_played)
            armies = [p for p in range(s.n) if s.knights_played[p] == most]
            s.largest_army_holder = armies[0] if most >= s.rules.largest_army_min and len(armies) == 1 else -1
        s.public_vp = [0] * s.n
        s.public_vp = [recount_vp(s, p) for p in range(s.n)]
        s.refresh_variant_vp()
        s.forget_legal_actions()
        assert (
            sum(sum(h[r] for h in s.hands) for r in range(N_RES)) + sum(s.bank)
            <= s.rules.bank_per_resource * N_RES
        )
        assert len(s.dev_hands[0]) == N_DEV
        return s


def _pieces_changed(s: CatanState) -> None:
    """Bump the piece counts a placement changes, as the rules do (caches keyed by them)."""
    s.board_version += 1
    s.buildings_version += 1


def rig_rng(state: CatanState, want: Callable[[Rng], bool]) -> None:
    """Set the state's RNG to the first generator state for which ``want(rng)`` is true.

    For tests only: it fixes what the dice will show without touching the rules."""
    for candidate in range(1, 10_000_000):
        if want(Rng(candidate)):
            state.rng = Rng(candidate)
            return
    raise RuntimeError("no generator state found")


def rig_dice(state: CatanState, *faces: int) -> None:
    """Make the next dice show ``faces`` (two 6-sided dice; a third value is a d12 if given)."""

    def want(rng: Rng) -> bool:
        for i, face in enumerate(faces):
            sides = 12 if i == 2 else 6
            if rng.die(sides) != face:
                return False
        return True

    rig_rng(state, want)
