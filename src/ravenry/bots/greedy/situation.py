"""A greedy Catan-family bot's reading of one view: pieces, hand, production and plans.

Everything is computed from the view a seat receives (``state.observe(seat)``) and the static
:class:`~ravenry.bots.catan_board.BoardFacts`; nothing here reads the game state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ravenry.bots.catan_board import GENERIC, BoardFacts, board_facts
from ravenry.games.catan.data import CITY_COST, DEV_CARD_COST, N_RES, RESOURCES, ROAD_COST, SETTLEMENT_COST

Counts = tuple[int, ...]
COSTS: dict[str, Counts] = {
    "city": CITY_COST,
    "settlement": SETTLEMENT_COST,
    "dev": DEV_CARD_COST,
    "road": ROAD_COST,
}
DEFAULT_VICTORY_POINTS = 10
# How far (in roads) a road plan looks for a free spot, and how much each extra road discounts it.
ROAD_DISCOUNT = (1.0, 0.7, 0.45)
DIVERSITY_BONUS = 3.0
GENERIC_HARBOR_BONUS = 1.5
SPECIFIC_HARBOR_FACTOR = 0.3


def missing(cost: Counts, hand: Sequence[int]) -> int:
    return sum(max(0, c - h) for c, h in zip(cost, hand, strict=True))


def counts_of(named: Mapping[str, int]) -> Counts:
    return tuple(int(named.get(r, 0)) for r in RESOURCES)


@dataclass(frozen=True)
class Target:
    """The next thing to build and what it costs."""

    kind: str
    cost: Counts


class Situation:
    """One seat's view of the game, with the derived facts a greedy player needs."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = int(view["viewer"])
        self.facts: BoardFacts = board_facts(view["board"])
        facts = self.facts
        self.owner = [-1] * facts.n_nodes
        self.level = [0] * facts.n_nodes
        for node, owner, level in view["buildings"]:
            self.owner[node] = owner
            self.level[node] = level
        self.edge_owner: dict[int, int] = {e: o for e, o in view["roads"]}
        self.players: list[Mapping[str, Any]] = list(view["players"])
        mine = self.players[self.me]
        self.hand: list[int] = list(counts_of(mine.get("hand", {})))
        self.robber: int | None = view.get("robber")
        self.victory_points = int(view.get("victory_points", DEFAULT_VICTORY_POINTS))

    # -- scores and players ---------------------------------------------------------------------
    def vp(self, p: int) -> int:
        info = self.players[p]
        return int(info["vp"]) if p == self.me and "vp" in info else int(info["visible_vp"])

    @cached_property
    def leader(self) -> int | None:
        """The opponent furthest ahead (visible points, then cards in hand)."""
        others = [p for p in range(len(self.players)) if p != self.me]
        if not others:
            return None
        return max(others, key=lambda p: (self.vp(p), self.players[p]["resource_count"], -p))

    def near_winning(self, p: int) -> bool:
        return self.vp(p) >= self.victory_points - 2

    # -- production -----------------------------------------------------------------------------
    def production(self, p: int) -> list[float]:
        """Pips per resource ``p``'s buildings collect (cities count twice)."""
        out = [0.0] * N_RES
        prod = self.facts.node_production
        for node, owner in enumerate(self.owner):
            if owner == p:
                for r in range(N_RES):
                    out[r] += prod[node][r] * self.level[node]
        return out

    @cached_property
    def my_production(self) -> list[float]:
        return self.production(self.me)

    def robber_blocks_me(self) -> bool:
        h = self.robber
        if h is None or h < 0 or self.facts.hex_pips[h] == 0:
            return False
        return any(self.owner[n] == self.me for n in self.facts.hex_nodes[h])

    # -- where to settle ------------------------------------------------------------------------
    def eligible(self, node: int) -> bool:
        """Free and keeping the distance rule (connection aside)."""
        owner = self.owner
        return owner[node] < 0 and all(owner[m] < 0 for m in self.facts.node_neighbors[node])

    def spot_value(self, node: int) -> float:
        facts = self.facts
        have = self.my_production
        prod = facts.node_production[node]
        value = 0.0
        for r in range(N_RES):
            if prod[r]:
                value += prod[r] * facts.resource_weight[r]
                if have[r] == 0:
                    value += DIVERSITY_BONUS
        harbor = facts.node_harbor[node]
        if harbor == GENERIC:
            value += GENERIC_HARBOR_BONUS
        elif harbor is not None:
            value += SPECIFIC_HARBOR_FACTOR * (have[harbor] + prod[harbor])
        return value

    @cached_property
    def my_nodes(self) -> frozenset[int]:
        """Intersections my roads and buildings touch."""
        nodes = {n for n, o in enumerate(self.owner) if o == self.me}
        edge_nodes = self.facts.edge_nodes
        for e, o in self.edge_owner.items():
            if o == self.me:
                nodes.update(edge_nodes[e])
        return frozenset(nodes)

    @cached_property
    def open_spots(self) -> list[int]:
        """Free spots my roads already reach."""
        return [n for n in sorted(self.my_nodes) if self.eligible(n)]

    def road_value(self, edge: int) -> float:
        """How good a new road on ``edge`` is for reaching a free spot soon (0: useless)."""
        a, b = self.facts.edge_nodes[edge]
        fresh = [n for n in (a, b) if n not in self.my_nodes]
        if not fresh:
            return 0.0
        return self._reach_value(fresh[0], edge, 0)

    def reach_value(self, node: int, via: int) -> float:
        """How good the free spots are that a road ending at ``node`` (built on ``via``) leads to."""
        return self._reach_value(node, via, 0)

    def _reach_value(self, node: int, via: int, depth: int) -> float:
        owner = self.owner[node]
        if owner >= 0 and owner != self.me:
            return 0.0
        best = self.spot_value(node) * ROAD_DISCOUNT[depth] if self.eligible(node) else 0.0
        if depth + 1 < len(ROAD_DISCOUNT):
            facts = self.facts
            for e in facts.node_edges[node]:
                if e == via or e in self.edge_owner:
                    continue
                a, b = facts.edge_nodes[e]
                best = max(best, self._reach_value(b if a == node else a, e, depth + 1))
        return best

    def best_road_value(self) -> float:
        """The best road I could build next (0 when no free spot is within reach)."""
        facts = self.facts
        best = 0.0
        for n in self.my_nodes:
            o = self.owner[n]
            if o >= 0 and o != self.me:
                continue
            for e in facts.node_edges[n]:
                if e not in self.edge_owner:
                    best = max(best, self.road_value(e))
        return best

    # -- what to build next ---------------------------------------------------------------------
    @cached_property
    def target(self) -> Target | None:
        """The build to save for: the cheapest to complete, cities before settlements before
        development cards before roads."""
        options = self.target_options()
        if not options:
            return None
        _, _, kind = min(options)
        return Target(kind, self.cost_of(kind))

    def cost_of(self, kind: str) -> Counts:
        return COSTS[kind]

    def target_options(self) -> list[tuple[float, float, str]]:
        """(cards missing, with a handicap; rank on a tie; kind) of every build worth saving for."""
        me = self.players[self.me]
        hand = self.hand
        options: list[tuple[float, float, str]] = []
        has_settlement = any(o == self.me and lv == 1 for o, lv in zip(self.owner, self.level, strict=True))
        if me["cities_left"] and has_settlement:
            options.append((missing(CITY_COST, hand), 0, "city"))
        if me["settlements_left"]:
            if self.open_spots:
                options.append((missing(SETTLEMENT_COST, hand), 1, "settlement"))
            elif me["roads_left"] and self.best_road_value() > 0:
                options.append((missing(ROAD_COST, hand) + 0.5, 3, "road"))
        if self.view.get("dev_deck_size", 0):
            options.append((missing(DEV_CARD_COST, hand) + 1.5, 2, "dev"))
        return options

    def need(self) -> Counts:
        target = self.target
        return target.cost if target is not None else (0,) * N_RES

    def missing_for_target(self, hand: Sequence[int] | None = None) -> int:
        return missing(self.need(), self.hand if hand is None else hand)

    def surplus(self) -> list[int]:
        need = self.need()
        return [self.hand[r] - need[r] for r in range(N_RES)]
