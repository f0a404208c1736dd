"""Mustering (Westeros deck I), and the Supply card's reduction of armies.

Mustering: in order of play, each house spends the points of every city (1) and stronghold (2)
it controls, in that area only, one point-group at a time: a footman (1), a knight (2), an
upgrade of a footman there to a knight (1), or a ship (1) into an adjacent sea holding no other
house's ships. A new unit never breaks the supply limit; unit limits apply; ``end_muster``
gives up what is left.

Supply: each house's level is recounted from the barrels it controls; a house whose armies no
longer fit destroys units of its choice (``destroy``), one at a time, until they do.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.data import (
    AREA_CASTLE,
    FOOTMAN,
    KNIGHT,
    MUSTER_COST,
    N_AREAS,
    SHIP,
    UNIT_LIMITS,
    UNIT_NAMES,
    UPGRADE,
    UPGRADE_COST,
)
from ravenry.games.thrones.map import ADJ_SEA, CASTLE_AREAS, supply_level
from ravenry.games.thrones.state import P_MUSTER, P_SUPPLY, P_WESTEROS_NEXT, ThronesData
from ravenry.games.thrones.supply import fits_after, over_limit


# -- supply --------------------------------------------------------------------------------------
def start_supply(s: ThronesData, events: list[Event]) -> None:
    for seat in range(s.n):
        s.supply[seat] = supply_level(s.units, s.owner, s.token, s.home, seat)
    events.append(Event("supply_levels", {"supply": list(s.supply)}))
    s.queue = [seat for seat in s.tracks[0] if over_limit(s, seat)]
    _next_supply(s)


def _next_supply(s: ThronesData) -> None:
    while s.queue and not over_limit(s, s.queue[0]):
        s.queue.pop(0)
    if s.queue:
        s.current = s.queue[0]
        s.phase = P_SUPPLY
    else:
        s.phase = P_WESTEROS_NEXT


def legal_supply(s: ThronesData, seat: int) -> list[Action]:
    out: list[Action] = []
    for a in range(N_AREAS):
        if s.owner[a] == seat and s.unit_count(a) >= 2:
            out.extend(("destroy", a, t) for t in range(3) if s.units[a * 3 + t] > 0)
    return out


def apply_supply(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    a: int = action[1]
    t: int = action[2]
    s.remove_units(a, t)
    events.append(Event("supply_destroyed", {"seat": seat, "area": a, "unit": UNIT_NAMES[t]}))
    _next_supply(s)


# -- mustering -----------------------------------------------------------------------------------
def start_mustering(s: ThronesData, events: list[Event]) -> None:
    for seat in s.tracks[0]:
        if not _muster_areas(s, seat):
            # Said, not silently skipped: the house's players look for their turn to muster.
            events.append(Event("mustering_skipped", {"seat": seat, "reason": "no_castle"}))
    s.queue = [seat for seat in s.tracks[0] if _muster_areas(s, seat)]
    _next_house(s, events)


def _muster_areas(s: ThronesData, seat: int) -> list[int]:
    return [a for a in CASTLE_AREAS if s.controller(a) == seat and s.owner[a] in (-1, seat)]


def _next_house(s: ThronesData, events: list[Event]) -> None:
    s.mustering.points = [0] * N_AREAS
    while s.queue:
        seat = s.queue[0]
        for a in _muster_areas(s, seat):
            s.mustering.points[a] = AREA_CASTLE[a]
        if legal_muster_units(s, seat):
            s.current = seat
            s.phase = P_MUSTER
            return
        # Castles, but nothing may be raised (unit limits, supply): passed over, and said so.
        events.append(Event("mustering_skipped", {"seat": seat, "reason": "nothing_fits"}))
        s.queue.pop(0)
        s.mustering.points = [0] * N_AREAS
    s.phase = P_WESTEROS_NEXT


def legal_muster_units(s: ThronesData, seat: int) -> list[Action]:
    out: list[Action] = []
    have = [s.total_units(seat, t) for t in range(3)]
    for a in range(N_AREAS):
        pts = s.mustering.points[a]
        if pts <= 0:
            continue
        if have[FOOTMAN] < UNIT_LIMITS[FOOTMAN] and fits_after(s, seat, -1, a):
            out.append(("muster", a, FOOTMAN, a))
        if pts >= MUSTER_COST[KNIGHT] and have[KNIGHT] < UNIT_LIMITS[KNIGHT] and fits_after(s, seat, -1, a):
            out.append(("muster", a, KNIGHT, a))
        if s.owner[a] == seat and s.units[a * 3 + FOOTMAN] > 0 and have[KNIGHT] < UNIT_LIMITS[KNIGHT]:
            out.append(("muster", a, UPGRADE, a))
        if have[SHIP] < UNIT_LIMITS[SHIP]:
            for sea in ADJ_SEA[a]:
                if s.owner[sea] in (-1, seat) and s.neutral[sea] == 0 and fits_after(s, seat, -1, sea):
                    out.append(("muster", a, SHIP, sea))
    return out


def legal_muster(s: ThronesData, seat: int) -> list[Action]:
    return [*legal_muster_units(s, seat), ("end_muster",)]


def apply_muster(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    if action[0] == "end_muster":
        events.append(Event("mustering_done", {"seat": seat}))
        s.queue.pop(0)
        _next_house(s, events)
        return
    a: int = action[1]
    what: int = action[2]
    target: int = action[3]
    if what == UPGRADE:
        s.mustering.points[a] -= UPGRADE_COST
        s.units[a * 3 + FOOTMAN] -= 1
        s.units[a * 3 + KNIGHT] += 1
        events.append(Event("mustered", {"seat": seat, "area": a, "unit": "upgrade", "to": a}))
    else:
        s.mustering.points[a] -= MUSTER_COST[what]
        s.add_units(target, seat, what)
        events.append(Event("mustered", {"seat": seat, "area": a, "unit": UNIT_NAMES[what], "to": target}))
    if not legal_muster_units(s, seat):
        s.queue.pop(0)
        _next_house(s, events)
