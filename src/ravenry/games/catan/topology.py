"""Hex/intersection/path tables for any board of pointy-top hexes, computed once per shape.

Hexes are given in doubled coordinates ``(x, y)``: y is the row (growing south), x steps by 2
along a row, neighbours are ``(x±2, y)`` and ``(x±1, y±1)``. An intersection (node) is named by
the three hex positions around it, a path (edge) by the two hex positions it separates; both
are numbered top-to-bottom, left-to-right. Everything the rules need is a tuple of ints.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Coord = tuple[int, int]

# Hexes, nodes and paths are numbered below this: catan.actions prebuilds one action per number.
MAX_BOARD_INDEX: Final = 256

# Clockwise from east; corner i lies between directions i and i+1.
DIRECTIONS: tuple[Coord, ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
# Names of corner i (between DIRECTIONS[i] and DIRECTIONS[i+1]) and of side i (toward DIRECTIONS[i]).
CORNER_NAMES = ("SE", "S", "SW", "NW", "N", "NE")
SIDE_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


def _add(a: Coord, b: Coord) -> Coord:
    return (a[0] + b[0], a[1] + b[1])


@dataclass(frozen=True)
class Topology:
    """Adjacency tables for one board shape."""

    hex_coords: tuple[Coord, ...]
    hex_nodes: tuple[tuple[int, ...], ...]  # 6 nodes per hex, in CORNER_NAMES order
    hex_edges: tuple[tuple[int, ...], ...]  # 6 edges per hex, in SIDE_NAMES order
    hex_neighbors: tuple[tuple[int, ...], ...]  # land neighbours
    node_hexes: tuple[tuple[int, ...], ...]  # land hexes touching the node
    node_neighbors: tuple[tuple[int, ...], ...]
    node_edges: tuple[tuple[int, ...], ...]
    edge_nodes: tuple[tuple[int, int], ...]
    edge_hexes: tuple[tuple[int, ...], ...]  # 1 (coast) or 2 land hexes
    coast_edges: tuple[int, ...]  # clockwise from the north-west
    node_xy: tuple[tuple[float, float], ...]  # for drawing: unit hex radius, origin at hex (0, 0)

    @property
    def n_hexes(self) -> int:
        return len(self.hex_coords)

    @property
    def n_nodes(self) -> int:
        return len(self.node_hexes)

    @property
    def n_edges(self) -> int:
        return len(self.edge_nodes)

    def hex_xy(self, h: int) -> tuple[float, float]:
        x, y = self.hex_coords[h]
        return (x * math.sqrt(3) / 2, y * 1.5)

    def edge_between(self, a: int, b: int) -> int:
        for e in self.node_edges[a]:
            if b in self.edge_nodes[e]:
                return e
        raise KeyError(f"nodes {a} and {b} are not adjacent")

    def node_at(self, h: int, corner: str) -> int:
        return self.hex_nodes[h][CORNER_NAMES.index(corner)]

    def edge_at(self, h: int, side: str) -> int:
        return self.hex_edges[h][SIDE_NAMES.index(side)]


def build_topology(coords: Sequence[Coord]) -> Topology:
    land = {c: i for i, c in enumerate(coords)}

    def pixel(points: Sequence[Coord]) -> tuple[float, float]:
        sx = sum(p[0] for p in points) / len(points)
        sy = sum(p[1] for p in points) / len(points)
        return (sx * math.sqrt(3) / 2, sy * 1.5)

    corner_keys: dict[frozenset[Coord], list[int]] = {}
    side_keys: dict[frozenset[Coord], list[int]] = {}
    for c in coords:
        for i in range(6):
            key = frozenset((c, _add(c, DIRECTIONS[i]), _add(c, DIRECTIONS[(i + 1) % 6])))
            corner_keys.setdefault(key, [])
            side_keys.setdefault(frozenset((c, _add(c, DIRECTIONS[i]))), [])

    def order(key: frozenset[Coord]) -> tuple[float, float]:
        x, y = pixel(sorted(key))
        return (round(y, 6), round(x, 6))

    node_list = sorted(corner_keys, key=order)
    node_id = {k: i for i, k in enumerate(node_list)}
    edge_list = sorted(side_keys, key=order)
    edge_id = {k: i for i, k in enumerate(edge_list)}

    hex_nodes = []
    hex_edges = []
    for c in coords:
        hex_nodes.append(
            tuple(
                node_id[frozenset((c, _add(c, DIRECTIONS[i]), _add(c, DIRECTIONS[(i + 1) % 6])))]
                for i in range(6)
            )
        )
        hex_edges.append(tuple(edge_id[frozenset((c, _add(c, DIRECTIONS[i])))] for i in range(6)))

    edge_nodes: list[tuple[int, int]] = []
    for key in edge_list:
        a, b = sorted(key)
        d = (b[0] - a[0], b[1] - a[1])
        i = DIRECTIONS.index(d)
        n1 = node_id[frozenset((a, b, _add(a, DIRECTIONS[(i - 1) % 6])))]
        n2 = node_id[frozenset((a, b, _add(a, DIRECTIONS[(i + 1) % 6])))]
        edge_nodes.append((min(n1, n2), max(n1, n2)))

    node_edges: list[list[int]] = [[] for _ in node_list]
    for e, (first, second) in enumerate(edge_nodes):
        node_edges[first].append(e)
        node_edges[second].append(e)
    node_neighbors = [
        tuple(sorted(edge_nodes[e][1] if edge_nodes[e][0] == n else edge_nodes[e][0] for e in node_edges[n]))
        for n in range(len(node_list))
    ]
    node_hexes = [tuple(sorted(land[c] for c in key if c in land)) for key in node_list]
    edge_hexes = [tuple(sorted(land[c] for c in key if c in land)) for key in edge_list]
    hex_neighbors = [
        tuple(sorted(land[_add(c, d)] for d in DIRECTIONS if _add(c, d) in land)) for c in coords
    ]

    coast = [e for e, hs in enumerate(edge_hexes) if len(hs) == 1]
    cx = sum(pixel([c])[0] for c in coords) / len(coords)
    cy = sum(pixel([c])[1] for c in coords) / len(coords)

    def angle(e: int) -> float:
        x, y = pixel(sorted(edge_list[e]))
        # Clockwise on screen (y grows down) starting from the north-west.
        return (math.atan2(y - cy, x - cx) + math.pi * 1.25) % (2 * math.pi)

    coast.sort(key=angle)
    if max(len(coords), len(node_list), len(edge_list)) > MAX_BOARD_INDEX:
        raise ValueError(f"a board with more than {MAX_BOARD_INDEX} hexes, nodes or paths is not supported")

    return Topology(
        hex_coords=tuple(coords),
        hex_nodes=tuple(hex_nodes),
        hex_edges=tuple(hex_edges),
        hex_neighbors=tuple(hex_neighbors),
        node_hexes=tuple(node_hexes),
        node_neighbors=tuple(node_neighbors),
        node_edges=tuple(tuple(es) for es in node_edges),
        edge_nodes=tuple(edge_nodes),
        edge_hexes=tuple(edge_hexes),
        coast_edges=tuple(coast),
        node_xy=tuple(pixel(sorted(k)) for k in node_list),
    )
