"""Action phase step A: raids, one per house per cycle in order of play.

A raid removes itself and, optionally, one adjacent enemy Raid, Support or Consolidate Power
order (Raid★: up to two, chosen one at a time). A land raid never hits a sea area; a raided
Consolidate Power order pillages one power from the pool. A removed raid never resolves.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.data import (
    ADJACENT,
    AREA_IS_SEA,
    CONSOLIDATE,
    N_AREAS,
    ORDER_KIND_NAMES,
    ORDER_STARRED,
    ORDER_TYPE,
    RAID,
    SUPPORT,
)
from ravenry.games.thrones.state import P_MARCH_NEXT, P_RAID, ThronesData


def next_raid(s: ThronesData) -> None:
    """The next house in order of play that still has a Raid order, or on to the marches."""
    n = len(s.round_order)
    for step in range(1, n + 1):
        i = (s.cursor + step) % n
        seat = s.round_order[i]
        if any(s.order_owner[a] == seat and ORDER_TYPE[s.order[a]] == RAID for a in range(N_AREAS)):
            s.cursor = i
            s.current = seat
            s.raid.area = -1
            s.raid.hits = 0
            s.phase = P_RAID
            return
    s.cursor = -1
    s.phase = P_MARCH_NEXT


def raid_targets(s: ThronesData, seat: int, source: int) -> list[int]:
    out: list[int] = []
    for b in ADJACENT[source]:
        if AREA_IS_SEA[b] and not AREA_IS_SEA[source]:
            continue
        k = s.order[b]
        if k >= 0 and s.order_owner[b] != seat and ORDER_TYPE[k] in (RAID, SUPPORT, CONSOLIDATE):
            out.append(b)
    return out


def legal_raid(s: ThronesData, seat: int) -> list[Action]:
    if s.raid.area >= 0:  # a Raid★ may take a second order
        src = s.raid.area
        return [*[("raid", src, b) for b in raid_targets(s, seat, src)], ("raid", src, -1)]
    out: list[Action] = []
    for a in range(N_AREAS):
        if s.order_owner[a] == seat and s.order[a] >= 0 and ORDER_TYPE[s.order[a]] == RAID:
            out.extend(("raid", a, b) for b in raid_targets(s, seat, a))
            out.append(("raid", a, -1))
    return out


def apply_raid(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    src: int = action[1]
    target: int = action[2]
    starred = ORDER_STARRED[s.order[src]]
    if target >= 0:
        kind = s.order[target]
        victim = s.order_owner[target]
        s.order[target] = -1
        s.order_owner[target] = -1
        pillaged = 0
        if ORDER_TYPE[kind] == CONSOLIDATE:
            pillaged = s.gain_power(seat, 1)
        events.append(
            Event(
                "raided",
                {
                    "seat": seat,
                    "from": src,
                    "area": target,
                    "victim": victim,
                    "order": ORDER_KIND_NAMES[kind],
                    "pillaged": pillaged,
                },
            )
        )
        s.raid.hits += 1
        if starred and s.raid.hits < 2 and raid_targets(s, seat, src):
            s.raid.area = src
            return
    raided = s.raid.hits
    s.order[src] = -1
    s.order_owner[src] = -1
    s.raid.area = -1
    s.raid.hits = 0
    # ``raided``: how many orders it removed (0: the Raid was removed without raiding).
    events.append(Event("raid_done", {"seat": seat, "area": src, "raided": raided}))
    next_raid(s)
