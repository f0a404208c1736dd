"""The board as tables of ints, and the counts read off it: control, supply, castles, power icons.

Adjacency is :data:`~ravenry.games.thrones.data.ADJACENT`; this module adds land/sea neighbour
tables, ship-transport reachability and the supply-limit test. Functions take the state's lists
(units, owner, token, home) so that they stay cheap and free of the state class.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.data import (
    ADJACENT,
    AREA_CASTLE,
    AREA_IS_SEA,
    AREA_POWER,
    AREA_SUPPLY,
    MAX_SUPPLY,
    N_AREAS,
    SUPPLY_TABLE,
)

LAND_AREAS: Final[tuple[int, ...]] = tuple(a for a in range(N_AREAS) if not AREA_IS_SEA[a])
SEA_AREAS: Final[tuple[int, ...]] = tuple(a for a in range(N_AREAS) if AREA_IS_SEA[a])
CASTLE_AREAS: Final[tuple[int, ...]] = tuple(a for a in range(N_AREAS) if AREA_CASTLE[a] > 0)
ADJ_LAND: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(b for b in ADJACENT[a] if not AREA_IS_SEA[b]) for a in range(N_AREAS)
)
ADJ_SEA: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(b for b in ADJACENT[a] if AREA_IS_SEA[b]) for a in range(N_AREAS)
)


def is_adjacent(a: int, b: int) -> bool:
    return b in ADJACENT[a]


def controller(units: list[int], owner: list[int], token: list[int], home: list[int], area: int) -> int:
    """The seat controlling ``area`` (-1: nobody): its units, else its power token, else the
    printed home shield (see data.RULINGS). Seas are controlled by units only."""
    o = owner[area]
    if o >= 0:
        return o
    if AREA_IS_SEA[area]:
        return -1
    t = token[area]
    if t >= 0:
        return t
    return home[area]


def transport_reach(owner: list[int], units: list[int], seat: int, start: int) -> list[int]:
    """Land areas reachable from land area ``start`` through consecutive seas that each hold
    ``seat``'s ships (ship transport), ``start`` excluded; directly adjacent land is not included
    unless a ship route reaches it too."""
    seen = [False] * N_AREAS
    stack: list[int] = []
    for s in ADJ_SEA[start]:
        if owner[s] == seat and units[s * 3 + 2] > 0:
            seen[s] = True
            stack.append(s)
    out: list[int] = []
    reached = [False] * N_AREAS
    reached[start] = True
    while stack:
        s = stack.pop()
        for b in ADJACENT[s]:
            if AREA_IS_SEA[b]:
                if not seen[b] and owner[b] == seat and units[b * 3 + 2] > 0:
                    seen[b] = True
                    stack.append(b)
            elif not reached[b]:
                reached[b] = True
                out.append(b)
    return out


def land_destinations(owner: list[int], units: list[int], seat: int, start: int) -> list[int]:
    """Land areas a footman or knight in ``start`` may move or retreat to: adjacent, or by ship."""
    dest = list(ADJ_LAND[start])
    for b in transport_reach(owner, units, seat, start):
        if b not in dest:
            dest.append(b)
    return dest


def army_sizes(units: list[int], owner: list[int], seat: int) -> list[int]:
    """Sizes of ``seat``'s armies (2+ units in one area), any order."""
    sizes: list[int] = []
    for a in range(N_AREAS):
        if owner[a] == seat:
            n = units[a * 3] + units[a * 3 + 1] + units[a * 3 + 2]
            if n >= 2:
                sizes.append(n)
    return sizes


def fits_supply(sizes: list[int], level: int) -> bool:
    """Whether armies of these sizes are allowed at supply ``level``."""
    armies = sorted([s for s in sizes if s >= 2], reverse=True)
    row = SUPPLY_TABLE[level]
    if len(armies) > len(row):
        return False
    return all(armies[i] <= row[i] for i in range(len(armies)))


def supply_level(units: list[int], owner: list[int], token: list[int], home: list[int], seat: int) -> int:
    barrels = 0
    for a in range(N_AREAS):
        if AREA_SUPPLY[a] and controller(units, owner, token, home, a) == seat:
            barrels += AREA_SUPPLY[a]
    return min(barrels, MAX_SUPPLY)


def castles_held(units: list[int], owner: list[int], token: list[int], home: list[int], seat: int) -> int:
    return sum(1 for a in CASTLE_AREAS if controller(units, owner, token, home, a) == seat)


def power_icons(units: list[int], owner: list[int], token: list[int], home: list[int], seat: int) -> int:
    return sum(
        AREA_POWER[a]
        for a in range(N_AREAS)
        if AREA_POWER[a] and controller(units, owner, token, home, a) == seat
    )


def transport_path(owner: list[int], units: list[int], seat: int, start: int, goal: int) -> list[int]:
    """The seas (in order) of one shortest ship-transport route of ``seat`` from land area
    ``start`` to land area ``goal``: consecutive seas each holding ``seat``'s ships. Empty if
    ``goal`` is next to ``start`` or no route exists (what the march preview draws)."""
    if goal in ADJ_LAND[start]:
        return []
    parent = [-2] * N_AREAS
    queue: list[int] = []
    for s in ADJ_SEA[start]:
        if owner[s] == seat and units[s * 3 + 2] > 0:
            parent[s] = -1
            queue.append(s)
    i = 0
    while i < len(queue):
        s = queue[i]
        i += 1
        if goal in ADJACENT[s]:
            path = [s]
            while parent[path[-1]] >= 0:
                path.append(parent[path[-1]])
            return path[::-1]
        for b in ADJ_SEA[s]:
            if parent[b] == -2 and owner[b] == seat and units[b * 3 + 2] > 0:
                parent[b] = s
                queue.append(b)
    return []
