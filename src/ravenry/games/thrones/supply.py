"""The supply rule: army sizes of a house against its supply level, with changes tried first.

Used before every single move of a march and every mustered unit, after every retreat (the
house then picks the retreated units that cannot fit: battle.place_retreated) and at the Supply
card. Units attacking an area count as an army there (see data.RULINGS).
"""

from __future__ import annotations

from ravenry.games.thrones.data import N_AREAS, SUPPLY_TABLE
from ravenry.games.thrones.map import fits_supply
from ravenry.games.thrones.state import ThronesData


def sizes(s: ThronesData, seat: int) -> list[int]:
    """Unit counts of every area ``seat`` holds (the attacking army as one more area)."""
    out: list[int] = []
    units = s.units
    owner = s.owner
    for a in range(N_AREAS):
        if owner[a] == seat:
            out.append(units[a * 3] + units[a * 3 + 1] + units[a * 3 + 2])
    if s.battle.attacker == seat and s.battle.area >= 0:
        out.append(s.battle.attacking[0] + s.battle.attacking[1] + s.battle.attacking[2])
    return out


def fits_after(s: ThronesData, seat: int, remove_from: int, add_to: int, count: int = 1) -> bool:
    """Whether ``seat`` stays within supply after ``count`` units leave ``remove_from`` (-1: none)
    and arrive in ``add_to`` (-1: none; -2: the attacking army)."""
    armies: list[int] = []
    units = s.units
    owner = s.owner
    for a in range(N_AREAS):
        n = 0
        if owner[a] == seat:
            n = units[a * 3] + units[a * 3 + 1] + units[a * 3 + 2]
        if a == remove_from:
            n -= count
        if a == add_to:
            n += count
        if n >= 2:
            armies.append(n)
    if s.battle.area >= 0 and s.battle.attacker == seat:
        n = (
            s.battle.attacking[0]
            + s.battle.attacking[1]
            + s.battle.attacking[2]
            + (count if add_to == -2 else 0)
        )
        if n >= 2:
            armies.append(n)
    elif add_to == -2 and count >= 2:
        armies.append(count)
    return fits_supply(armies, s.supply[seat])


def within_supply(s: ThronesData, seat: int) -> bool:
    return fits_supply(sizes(s, seat), s.supply[seat])


def over_limit(s: ThronesData, seat: int) -> bool:
    return not within_supply(s, seat)


def max_army(level: int) -> int:
    return SUPPLY_TABLE[level][0]
