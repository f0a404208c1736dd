"""Classic Catan boards as data: the hex shape, our beginner layout, variable and random layouts.

A :class:`BoardLayout` is what varies between games on one shape (terrain, numbers, harbors,
starting pieces); it is stored in the game state so a variable board replays exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ravenry.core.rng import Rng
from ravenry.games.catan.data import GENERIC_HARBOR, RESOURCES, TERRAIN_RESOURCE
from ravenry.games.catan.topology import Coord, Topology, build_topology

# Radius-2 hexagon: rows of 3, 4, 5, 4, 3 hexes, north to south.
CLASSIC_COORDS: tuple[Coord, ...] = tuple(
    (x, y) for y in range(-2, 3) for x in range(-(4 - abs(y)), 5 - abs(y), 2)
)

CLASSIC_TERRAIN_POOL: tuple[str, ...] = ("forest",) * 4 + ("pasture",) * 4 + ("fields",) * 4 + ("hills",) * 3
CLASSIC_TERRAIN_POOL += ("mountains",) * 3 + ("desert",)
# Number tokens in the order they are laid along the spiral (catan-facts.md).
CLASSIC_SPIRAL_TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)

# Our beginner layout (not the rulebook's picture, which we do not have): row by row, north to
# south, as (terrain, number). It follows the spiral numbers' distribution and keeps 6/8 apart.
CLASSIC_BEGINNER: tuple[tuple[str, int], ...] = (
    ("mountains", 10), ("pasture", 2), ("forest", 9),
    ("fields", 12), ("hills", 6), ("pasture", 4), ("hills", 10),
    ("fields", 9), ("forest", 11), ("desert", 0), ("forest", 3), ("mountains", 8),
    ("forest", 8), ("mountains", 3), ("fields", 4), ("pasture", 5),
    ("hills", 5), ("fields", 6), ("pasture", 11),
)  # fmt: skip

# Our fixed starting pieces for the beginner board (the rulebook's "Starting Set-up" picture is
# not available to us, so this position is our own). Per seat 0..3: (settlement nodes, road edges,
# index of the starred settlement that gives the starting resources). Every settlement is on an
# inland intersection of three producing hexes, all eight keep the distance rule, each road runs
# from its settlement toward open land, and every seat has 19-20 pips and all five resources.
# Seat 3 is left out with 3 players. Nodes/edges are topology indices; hexes named for reading:
#   seat 0: mountains 10 / pasture 2 / hills 6 (star: ore, wool, brick) and fields 9 / forest 11 /
#           forest 8; roads toward the northern 3:1 harbor and the wool harbor in the west.
#   seat 1: forest 9 / pasture 4 / hills 10 (star: lumber, wool, brick) and mountains 3 /
#           fields 4 / fields 6; roads toward the brick harbor and the desert.
#   seat 2: fields 12 / hills 6 / forest 11 (star: grain, brick, lumber) and forest 3 /
#           mountains 8 / pasture 5; roads toward the west coast and the lumber harbor.
#   seat 3: forest 8 / mountains 3 / hills 5 (star: lumber, ore, brick) and fields 4 /
#           pasture 5 / pasture 11; roads toward the south-western 3:1 harbor and the south-east coast.
CLASSIC_BEGINNER_PIECES: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = (
    ((8, 28), (7, 40), 0),
    ((14, 40), (16, 51), 0),
    ((17, 31), (25, 37), 0),
    ((39, 41), (55, 60), 0),
)

# Harbors on the 30 coastal paths, counted clockwise from the north-west: the frame puts one on
# every third or fourth path (gaps 3, 3, 4). Kind: a resource name or "3:1".
CLASSIC_HARBORS: tuple[tuple[int, str], ...] = (
    (0, "3:1"), (3, "wool"), (6, "3:1"), (10, "3:1"), (13, "brick"),
    (16, "lumber"), (20, "3:1"), (23, "grain"), (26, "ore"),
)  # fmt: skip


@cache
def classic_topology() -> Topology:
    return build_topology(CLASSIC_COORDS)


@dataclass(frozen=True)
class BoardLayout:
    """Terrain and numbers per hex, harbors per coastal path, and optional fixed starting pieces."""

    name: str
    terrain: tuple[str, ...]
    numbers: tuple[tuple[int, ...], ...]  # dice sums that make each hex produce (empty: none)
    harbors: tuple[tuple[int, int], ...]  # (edge, GENERIC_HARBOR or resource index)
    robber_start: int  # hex index, or -1 for off the board (Tormund's camp)
    # Fixed starting pieces per seat: (settlement nodes, road edges, index of the starred settlement)
    starting_pieces: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "terrain": list(self.terrain),
            "numbers": [list(n) for n in self.numbers],
            "harbors": [[e, k] for e, k in self.harbors],
            "robber_start": self.robber_start,
            "starting_pieces": [[list(s), list(r), star] for s, r, star in self.starting_pieces],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> BoardLayout:
        return cls(
            name=obj["name"],
            terrain=tuple(obj["terrain"]),
            numbers=tuple(tuple(n) for n in obj["numbers"]),
            harbors=tuple((int(e), int(k)) for e, k in obj["harbors"]),
            robber_start=int(obj["robber_start"]),
            starting_pieces=tuple(
                (tuple(s), tuple(r), int(star)) for s, r, star in obj.get("starting_pieces", [])
            ),
        )


def harbor_kind(name: str) -> int:
    return GENERIC_HARBOR if name == "3:1" else RESOURCES.index(name)


def red_numbers_adjacent(topo: Topology, numbers: Sequence[tuple[int, ...]]) -> bool:
    red = [any(n in (6, 8) for n in ns) for ns in numbers]
    return any(red[h] and any(red[o] for o in topo.hex_neighbors[h]) for h in range(topo.n_hexes))


def spiral_order(coords: Sequence[Coord], start_corner: int) -> list[int]:
    """Hex indices of a hexagonal board in a spiral from one of its 6 corners toward the centre."""
    index = {c: i for i, c in enumerate(coords)}

    def ring_distance(c: Coord) -> int:
        x, y = c
        return max(abs(y), (abs(x) + abs(y)) // 2)

    def angle(c: Coord) -> float:
        # Counter-clockwise on screen (y grows down), measured from the corner direction.
        x, y = c
        base = math.atan2(0.0, -1.0) + start_corner * math.pi / 3
        return (base - math.atan2(y * 1.5, x * math.sqrt(3) / 2)) % (2 * math.pi)

    radius = max(ring_distance(c) for c in coords)
    order: list[int] = []
    for r in range(radius, 0, -1):
        ring = [c for c in coords if ring_distance(c) == r]
        ring.sort(key=lambda c: round(angle(c), 9))
        order.extend(index[c] for c in ring)
    order.extend(index[c] for c in coords if ring_distance(c) == 0)
    return order


def _numbers_from_tokens(
    terrain: Sequence[str], order: Sequence[int], tokens: Sequence[int]
) -> list[tuple[int, ...]]:
    numbers: list[tuple[int, ...]] = [()] * len(terrain)
    it = iter(tokens)
    for h in order:
        if TERRAIN_RESOURCE[terrain[h]] is not None:
            numbers[h] = (next(it),)
    return numbers


def _robber_on_desert(terrain: Sequence[str]) -> int:
    return terrain.index("desert") if "desert" in terrain else -1


def classic_harbors(topo: Topology) -> tuple[tuple[int, int], ...]:
    return tuple((topo.coast_edges[i], harbor_kind(k)) for i, k in CLASSIC_HARBORS)


def classic_layout(kind: str, rng: Rng) -> BoardLayout:
    """``beginner`` (fixed, ours), ``variable`` (random terrain, spiral numbers) or ``random``."""
    topo = classic_topology()
    harbors = classic_harbors(topo)
    if kind == "beginner":
        terrain = tuple(t for t, _ in CLASSIC_BEGINNER)
        numbers: tuple[tuple[int, ...], ...] = tuple((n,) if n else () for _, n in CLASSIC_BEGINNER)
        return BoardLayout(
            "beginner",
            terrain,
            numbers,
            harbors,
            _robber_on_desert(terrain),
            starting_pieces=CLASSIC_BEGINNER_PIECES,
        )
    pool = list(CLASSIC_TERRAIN_POOL)
    rng.shuffle(pool)
    terrain = tuple(pool)
    if kind == "variable":
        order = spiral_order(CLASSIC_COORDS, rng.below(6))
        numbers = tuple(_numbers_from_tokens(terrain, order, CLASSIC_SPIRAL_TOKENS))
    elif kind == "random":
        tokens = list(CLASSIC_SPIRAL_TOKENS)
        land = [h for h in range(len(terrain)) if TERRAIN_RESOURCE[terrain[h]] is not None]
        while True:
            rng.shuffle(tokens)
            numbers = tuple(_numbers_from_tokens(terrain, land, tokens))
            if not red_numbers_adjacent(topo, numbers):
                break
    else:
        raise ValueError(f"unknown board {kind!r}; choose beginner, variable or random")
    return BoardLayout(kind, terrain, numbers, harbors, _robber_on_desert(terrain))
