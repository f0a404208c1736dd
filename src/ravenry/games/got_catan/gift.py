"""The Gift: the board of both Game of Thrones Catan games, as data.

Pointy-top hexes in four rows north (the Wall) to south: 4, 5, 6, 6 hexes, each row starting half
a hex further west (brotherhood-facts.md). Three players use the 16 hexes of the four breach
columns. The printed standard layout was not available: ``STANDARD_*`` below are **ours**, as are
the trade route paths and the fixed beginner pieces (all marked assumed in one place, here).
"""

from __future__ import annotations

from functools import cache

from ravenry.core.rng import Rng
from ravenry.games.catan.boards import BoardLayout, red_numbers_adjacent
from ravenry.games.catan.data import RESOURCES
from ravenry.games.catan.topology import Coord, Topology, build_topology

ROWS_4P: tuple[tuple[int, ...], ...] = (
    tuple(range(0, 7, 2)),
    tuple(range(-1, 8, 2)),
    tuple(range(-2, 9, 2)),
    tuple(range(-3, 8, 2)),
)
GIFT_4P: tuple[Coord, ...] = tuple((x, y) for y, xs in enumerate(ROWS_4P) for x in xs)


def breach_column(section: int) -> tuple[Coord, ...]:
    """The 4 hexes "directly south" of wall section 1-4, nearest the Wall first."""
    x, y = 2 * (section - 1), 0
    column = []
    for _ in range(4):
        column.append((x, y))
        x, y = x - 1, y + 1
    return tuple(column)


GIFT_3P: tuple[Coord, ...] = tuple(
    sorted((c for s in range(1, 5) for c in breach_column(s)), key=lambda c: (c[1], c[0]))
)

# -- terrain and numbers ---------------------------------------------------------------------------
TERRAIN_POOL_4P = ("mountains",) * 5 + ("hills",) * 4 + ("pasture",) * 4 + ("fields",) * 4 + ("forest",) * 4
# assumed: 3 players drop one hex of each terrain.
TERRAIN_POOL_3P = ("mountains",) * 4 + ("hills",) * 3 + ("pasture",) * 3 + ("fields",) * 3 + ("forest",) * 3
NUMBERS_4P: tuple[tuple[int, ...], ...] = tuple(
    (n,) for n in (2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 10, 11, 11, 12)
)
# assumed: the conjoined "2 & 12" token and one of each other number but a third 3, 4 and 10, one 11.
NUMBERS_3P: tuple[tuple[int, ...], ...] = (
    (2, 12),
    *((n,) for n in (3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11)),
)

# Our standard layouts, hex by hex in GIFT_*P order (row by row, west to east).
STANDARD_4P: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("forest", (9,)), ("mountains", (4,)), ("pasture", (10,)), ("fields", (3,)),
    ("hills", (8,)), ("fields", (11,)), ("forest", (5,)), ("mountains", (10,)), ("hills", (2,)),
    ("pasture", (5,)), ("mountains", (10,)), ("hills", (3,)), ("fields", (9,)), ("pasture", (4,)),
    ("forest", (11,)),
    ("fields", (6,)), ("forest", (4,)), ("pasture", (12,)), ("mountains", (8,)), ("hills", (3,)),
    ("mountains", (6,)),
)  # fmt: skip
STANDARD_3P: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("forest", (9,)), ("mountains", (4,)), ("pasture", (10,)), ("fields", (6,)),
    ("hills", (8,)), ("fields", (11,)), ("forest", (5,)), ("mountains", (10,)),
    ("pasture", (5,)), ("mountains", (3,)), ("hills", (9,)), ("fields", (6,)),
    ("forest", (4,)), ("mountains", (8,)), ("pasture", (2, 12)), ("hills", (3,)),
)  # fmt: skip

# -- trade routes (assumed paths) ------------------------------------------------------------------
# (hex coordinate, side, resource): five 2:1 routes on the southern borderland; for 3 players the
# southern edge has room for four without sharing an intersection, so one sits on the east side.
TRADE_ROUTES_4P: tuple[tuple[Coord, str, str], ...] = (
    ((-3, 3), "SW", "grain"), ((-1, 3), "SE", "ore"), ((1, 3), "SE", "wool"),
    ((5, 3), "SW", "lumber"), ((7, 3), "SE", "brick"),
)  # fmt: skip
TRADE_ROUTES_3P: tuple[tuple[Coord, str, str], ...] = (
    ((-3, 3), "SW", "grain"), ((-1, 3), "SW", "ore"), ((1, 3), "SE", "wool"),
    ((3, 3), "SE", "lumber"), ((4, 2), "E", "brick"),
)  # fmt: skip

# -- fixed beginner pieces (ours) --------------------------------------------------------------------
# Per seat: two settlements and two roads as (hex coordinate, corner/side); the first settlement
# is the starred one that pays starting resources. 3 players use seats 0-2 on the 3-player Gift.
Pieces = tuple[tuple[tuple[tuple[Coord, str], ...], tuple[tuple[Coord, str], ...]], ...]
BEGINNER_PIECES_4P: Pieces = (
    ((((-1, 1), "S"), ((4, 2), "SE")), (((-1, 1), "SE"), ((4, 2), "E"))),
    ((((-2, 2), "S"), ((6, 2), "SE")), (((-2, 2), "SE"), ((6, 2), "E"))),
    ((((0, 0), "S"), ((2, 0), "SE")), (((-1, 1), "E"), ((2, 0), "SE"))),
    ((((3, 1), "SE"), ((2, 2), "SE")), (((3, 1), "E"), ((2, 2), "E"))),
)
BEGINNER_PIECES_3P: Pieces = (
    ((((3, 1), "S"), ((2, 0), "SE")), (((3, 1), "SW"), ((2, 0), "E"))),
    ((((-2, 2), "S"), ((-1, 1), "S")), (((-2, 2), "SE"), ((-1, 1), "SE"))),
    ((((4, 0), "SE"), ((0, 0), "S")), (((4, 0), "E"), ((-1, 1), "E"))),
)


@cache
def gift_topology(players: int) -> Topology:
    return build_topology(GIFT_3P if players == 3 else GIFT_4P)


def _routes(topo: Topology, players: int, kinds: list[str] | None = None) -> tuple[tuple[int, int], ...]:
    routes = TRADE_ROUTES_3P if players == 3 else TRADE_ROUTES_4P
    coords = topo.hex_coords
    out = []
    for i, (coord, side, res) in enumerate(routes):
        kind = res if kinds is None else kinds[i]
        out.append((topo.edge_at(coords.index(coord), side), RESOURCES.index(kind)))
    return tuple(out)


def _pieces(topo: Topology, players: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    table = BEGINNER_PIECES_3P if players == 3 else BEGINNER_PIECES_4P
    coords = topo.hex_coords
    return tuple(
        (
            tuple(topo.node_at(coords.index(c), corner) for c, corner in nodes),
            tuple(topo.edge_at(coords.index(c), side) for c, side in edges),
            0,
        )
        for nodes, edges in table
    )


def gift_layout(kind: str, players: int, rng: Rng) -> BoardLayout:
    """``standard`` (ours, fixed), ``variable`` (random terrain and trade routes, standard
    numbers) or ``random`` (numbers random too, red numbers never adjacent)."""
    topo = gift_topology(players)
    standard = STANDARD_3P if players == 3 else STANDARD_4P
    if kind == "standard":
        terrain = tuple(t for t, _ in standard)
        numbers = tuple(n for _, n in standard)
        return BoardLayout("standard", terrain, numbers, _routes(topo, players), -1, _pieces(topo, players))
    pool = list(TERRAIN_POOL_3P if players == 3 else TERRAIN_POOL_4P)
    rng.shuffle(pool)
    kinds = list(RESOURCES)
    rng.shuffle(kinds)
    if kind == "variable":
        numbers = tuple(n for _, n in standard)
    elif kind == "random":
        tokens = list(NUMBERS_3P if players == 3 else NUMBERS_4P)
        while True:
            rng.shuffle(tokens)
            if not red_numbers_adjacent(topo, tokens):
                break
        numbers = tuple(tokens)
    else:
        raise ValueError(f"unknown board {kind!r}; choose standard, variable or random")
    return BoardLayout(kind, tuple(pool), numbers, _routes(topo, players, kinds), -1)
