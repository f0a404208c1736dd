"""Static facts about a Catan-family board, derived only from the ``board`` part of a view.

Which hexes touch each intersection is found geometrically: the view gives every hex's doubled
coordinates (pointy-top, unit radius) and every intersection's position in the same units, so
an intersection touches a hex when it lies one radius from the hex's centre. Facts are cached
per board layout, since every view of one game repeats the same board.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ravenry.games.catan.data import N_RES, PIPS, RESOURCES, TERRAIN_RESOURCE

GENERIC = -1  # harbor kind of a 3:1 harbor; a resource index marks a 2:1 harbor


@dataclass(frozen=True)
class BoardFacts:
    n_nodes: int
    hex_resource: tuple[int, ...]  # -1: produces nothing
    hex_pips: tuple[int, ...]  # ways to roll the hex's numbers
    node_hexes: tuple[tuple[int, ...], ...]
    hex_nodes: tuple[tuple[int, ...], ...]
    node_neighbors: tuple[tuple[int, ...], ...]
    node_edges: tuple[tuple[int, ...], ...]
    edge_nodes: tuple[tuple[int, int], ...]
    node_harbor: tuple[int | None, ...]
    # Pips per resource the node's hexes produce.
    node_production: tuple[tuple[int, ...], ...]
    # How much a pip of each resource is worth: scarce resources more (mean 1).
    resource_weight: tuple[float, ...]

    def edge_between(self, a: int, b: int) -> int | None:
        for e in self.node_edges[a]:
            if b in self.edge_nodes[e]:
                return e
        return None


_CACHE: dict[tuple[Any, ...], BoardFacts] = {}
_CACHE_SIZE = 64


def board_facts(board: Mapping[str, Any]) -> BoardFacts:
    """Facts for the view's ``board``, cached per layout: the hexes (which fix the geometry)
    and the harbors."""
    key = (
        tuple((tuple(h["coord"]), h["terrain"], tuple(h["numbers"])) for h in board["hexes"]),
        tuple((tuple(h["nodes"]), h["kind"]) for h in board.get("harbors", ())),
        len(board["nodes"]),
        len(board["edges"]),
    )
    facts = _CACHE.get(key)
    if facts is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        facts = _CACHE[key] = _build(board)
    return facts


def _build(board: Mapping[str, Any]) -> BoardFacts:
    hexes = board["hexes"]
    nodes = [(float(x), float(y)) for x, y in board["nodes"]]
    edges = [(int(a), int(b)) for a, b in board["edges"]]
    hex_resource = []
    hex_pips = []
    centres = []
    for h in hexes:
        res = TERRAIN_RESOURCE.get(h["terrain"])
        hex_resource.append(-1 if res is None else res)
        hex_pips.append(sum(PIPS.get(n, 0) for n in h["numbers"]) if res is not None else 0)
        x, y = h["coord"]
        centres.append((x * math.sqrt(3) / 2, y * 1.5))
    # Bucket hex centres on a coarse grid so each node checks only nearby hexes.
    grid: dict[tuple[int, int], list[int]] = {}
    for i, (cx, cy) in enumerate(centres):
        grid.setdefault((math.floor(cx), math.floor(cy)), []).append(i)
    node_hexes: list[tuple[int, ...]] = []
    for nx, ny in nodes:
        near = []
        for gx in range(math.floor(nx) - 2, math.floor(nx) + 3):
            for gy in range(math.floor(ny) - 2, math.floor(ny) + 3):
                for i in grid.get((gx, gy), ()):
                    cx, cy = centres[i]
                    if abs(math.hypot(nx - cx, ny - cy) - 1.0) < 0.01:
                        near.append(i)
        node_hexes.append(tuple(sorted(near)))
    hex_nodes: list[list[int]] = [[] for _ in hexes]
    for n, hs in enumerate(node_hexes):
        for h in hs:
            hex_nodes[h].append(n)
    node_edges: list[list[int]] = [[] for _ in nodes]
    node_neighbors: list[list[int]] = [[] for _ in nodes]
    for e, (a, b) in enumerate(edges):
        node_edges[a].append(e)
        node_edges[b].append(e)
        node_neighbors[a].append(b)
        node_neighbors[b].append(a)
    node_harbor: list[int | None] = [None] * len(nodes)
    for harbor in board.get("harbors", ()):
        kind = harbor["kind"]
        value = RESOURCES.index(kind) if kind in RESOURCES else GENERIC
        for n in harbor["nodes"]:
            node_harbor[n] = value
    production = []
    for hs in node_hexes:
        row = [0] * N_RES
        for h in hs:
            if hex_resource[h] >= 0:
                row[hex_resource[h]] += hex_pips[h]
        production.append(tuple(row))
    totals = [sum(hex_pips[h] for h in range(len(hexes)) if hex_resource[h] == r) for r in range(N_RES)]
    mean = sum(totals) / N_RES if sum(totals) else 1.0
    weight = tuple(min(1.4, max(0.7, mean / t)) if t else 1.0 for t in totals)
    return BoardFacts(
        n_nodes=len(nodes),
        hex_resource=tuple(hex_resource),
        hex_pips=tuple(hex_pips),
        node_hexes=tuple(node_hexes),
        hex_nodes=tuple(tuple(ns) for ns in hex_nodes),
        node_neighbors=tuple(tuple(ns) for ns in node_neighbors),
        node_edges=tuple(tuple(es) for es in node_edges),
        edge_nodes=tuple(edges),
        node_harbor=tuple(node_harbor),
        node_production=tuple(production),
        resource_weight=weight,
    )
