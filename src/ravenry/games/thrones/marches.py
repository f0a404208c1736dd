"""Action phase step B: marches, one March order per house per cycle in order of play.

A march is small actions: ``march`` (which order), then ``move`` (one unit of a type from the
order's area to a destination: adjacent, or by ship transport for footmen and knights), then
``end_march`` (leaving a power token behind or not). At most one destination may hold another
house's units or a neutral force: the units moved there attack it when the march ends. The
supply rule is checked before every single move. Entering an area that holds only an enemy
power token sends it back to its owner's pool.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.data import AREA_IS_SEA, MARCH, N_AREAS, ORDER_BONUS, ORDER_TYPE, SHIP, UNIT_NAMES
from ravenry.games.thrones.map import ADJ_SEA, land_destinations
from ravenry.games.thrones.state import P_ACTION_END, P_MARCH_CHOOSE, P_MARCH_MOVE, ThronesData
from ravenry.games.thrones.supply import fits_after


def next_march(s: ThronesData) -> None:
    """The next house in order of play with a March order left, or on to Consolidate Power."""
    n = len(s.round_order)
    for step in range(1, n + 1):
        i = (s.cursor + step) % n
        seat = s.round_order[i]
        if any(s.order_owner[a] == seat and ORDER_TYPE[s.order[a]] == MARCH for a in range(N_AREAS)):
            s.cursor = i
            s.current = seat
            s.phase = P_MARCH_CHOOSE
            return
    s.phase = P_ACTION_END


def legal_choose(s: ThronesData, seat: int) -> list[Action]:
    return [
        ("march", a)
        for a in range(N_AREAS)
        if s.order_owner[a] == seat and s.order[a] >= 0 and ORDER_TYPE[s.order[a]] == MARCH
    ]


def apply_choose(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    area: int = action[1]
    s.march.area = area
    s.battle.begin_march(ORDER_BONUS[s.order[area]])
    s.phase = P_MARCH_MOVE
    events.append(Event("march_started", {"seat": seat, "area": area}))


def destinations(s: ThronesData, seat: int, unit: int) -> list[int]:
    """Where one unit of type ``unit`` in the march area may move now."""
    a = s.march.area
    cands = list(ADJ_SEA[a]) if unit == SHIP else land_destinations(s.owner, s.units, seat, a)
    out: list[int] = []
    for b in cands:
        if b == s.battle.area:
            if fits_after(s, seat, a, -2):
                out.append(b)
            continue
        o = s.owner[b]
        if (o >= 0 and o != seat) or s.neutral[b] > 0:
            if s.battle.area < 0 and fits_after(s, seat, a, -2):
                out.append(b)
            continue
        if fits_after(s, seat, a, b):
            out.append(b)
    return out


def legal_move(s: ThronesData, seat: int) -> list[Action]:
    a = s.march.area
    out: list[Action] = []
    for t in range(3):
        free = s.units[a * 3 + t] - s.routed[a * 3 + t]
        if free > 0 and s.owner[a] == seat:
            out.extend(("move", a, b, t) for b in destinations(s, seat, t))
    out.append(("end_march", 0))
    if _may_leave_token(s, seat):
        out.append(("end_march", 1))
    return out


def _may_leave_token(s: ThronesData, seat: int) -> bool:
    a = s.march.area
    return (
        not AREA_IS_SEA[a]
        and s.owner[a] < 0
        and s.token[a] != seat
        and s.home[a] != seat
        and s.power[seat] > 0
    )


def apply_move(s: ThronesData, seat: int, action: Action, events: list[Event]) -> bool:
    """Move one unit; returns True if the move took an area (the caller checks for a win)."""
    a: int = action[1]
    b: int = action[2]
    t: int = action[3]
    s.remove_units(a, t)
    if b == s.battle.area or (s.owner[b] >= 0 and s.owner[b] != seat) or s.neutral[b] > 0:
        if s.battle.area < 0:
            s.battle.engage(b, a, seat, s.owner[b] if s.neutral[b] == 0 else -1, s.neutral[b])
        s.battle.attacking[t] += 1
        events.append(Event("unit_attacks", {"seat": seat, "from": a, "to": b, "unit": UNIT_NAMES[t]}))
        return False
    tok = s.token[b]
    if tok >= 0 and tok != seat:
        s.token[b] = -1
        s.pool[tok] += 1
        events.append(Event("power_token_removed", {"area": b, "seat": tok}))
    s.add_units(b, seat, t)
    events.append(Event("unit_moved", {"seat": seat, "from": a, "to": b, "unit": UNIT_NAMES[t]}))
    return True


def apply_end(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    """The march order is done; a battle (or a neutral attack) follows if units attacked."""
    a = s.march.area
    if action[1] == 1:
        s.token[a] = seat
        s.power[seat] -= 1
        events.append(Event("control_established", {"seat": seat, "area": a}))
    s.order[a] = -1
    s.order_owner[a] = -1
    s.march.area = -1
    events.append(Event("march_ended", {"seat": seat, "area": a}))
