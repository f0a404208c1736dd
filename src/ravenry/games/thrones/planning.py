"""The Planning phase: sealed simultaneous orders, the reveal, and the Messenger Raven's swap.

Each house places order tokens one at a time (``place_order``), face down, may take one back
(``clear_order``: the token returns to the house, to be placed again or another put there) until
it says ``ready``. Clearing is as secret as placing: the others learn only that the house moved a
token.
By the rulebook every area holding its units needs an order while it has a token that may go
there; with the ``orders_optional`` rule option (the first edition's FAQ) ``ready`` is always
allowed. Starred orders are limited by the King's Court stars; Consolidate Power goes on land
only; this turn's Westeros restrictions forbid their order types. One predicate,
:func:`may_use_kind`, serves the placement, the Raven and the changes a page offers for a placed
order (:func:`replacements`), so they never disagree.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.data import (
    AREA_IS_SEA,
    CONSOLIDATE,
    DEFENSE,
    KINGS_COURT,
    N_AREAS,
    N_ORDER_KINDS,
    ORDER_COPIES,
    ORDER_KIND_NAMES,
    ORDER_STARRED,
    ORDER_TYPE,
    RAID,
    STARS_BY_KINGS_COURT_POSITION,
    W_FEAST_FOR_CROWS,
    W_SEA_OF_STORMS,
    W_STORM_OF_SWORDS,
)
from ravenry.games.thrones.state import P_PLANNING, P_RAID_NEXT, P_RAVEN, ThronesData


def stars(s: ThronesData, seat: int) -> int:
    return STARS_BY_KINGS_COURT_POSITION[s.tracks[KINGS_COURT].index(seat)]


def type_restricted(s: ThronesData, order_type: int) -> bool:
    """Whether this turn's Westeros cards forbid orders of ``order_type``."""
    r = s.restrictions
    if order_type == RAID:
        return (r >> W_SEA_OF_STORMS) & 1 == 1
    if order_type == CONSOLIDATE:
        return (r >> W_FEAST_FOR_CROWS) & 1 == 1
    if order_type == DEFENSE:
        return (r >> W_STORM_OF_SWORDS) & 1 == 1
    return False


def may_use_kind(s: ThronesData, kind: int, area: int, used: list[int], starred_used: int, seat: int) -> bool:
    """Whether ``seat`` may put a token of ``kind`` on ``area`` given the kinds already in use."""
    if used[kind] >= ORDER_COPIES[kind]:
        return False
    if ORDER_STARRED[kind] and starred_used >= stars(s, seat):
        return False
    t = ORDER_TYPE[kind]
    if t == CONSOLIDATE and AREA_IS_SEA[area]:
        return False
    return not type_restricted(s, t)


def _usage(orders: list[int]) -> tuple[list[int], int]:
    used = [0] * N_ORDER_KINDS
    starred = 0
    for k in orders:
        if k >= 0:
            used[k] += 1
            if ORDER_STARRED[k]:
                starred += 1
    return used, starred


def start_planning(s: ThronesData) -> None:
    s.phase = P_PLANNING
    s.orders_revealed = 0
    for seat in range(s.n):
        s.pending[seat] = [-1] * N_AREAS
        s.ready[seat] = 0 if any(s.owner[a] == seat for a in range(N_AREAS)) else 1
    if all(s.ready):
        reveal(s, [])


def legal_planning(s: ThronesData, seat: int) -> list[Action]:
    if s.ready[seat]:
        return []
    mine = s.pending[seat]
    used, starred = _usage(mine)
    out: list[Action] = []
    missing = False
    for a in range(N_AREAS):
        if s.owner[a] != seat or mine[a] >= 0:
            continue
        placeable = False
        for k in range(N_ORDER_KINDS):
            if may_use_kind(s, k, a, used, starred, seat):
                out.append(("place_order", a, k))
                placeable = True
        if placeable:
            missing = True
    for a in range(N_AREAS):
        if mine[a] >= 0:
            out.append(("clear_order", a))
    if s.orders_optional or not missing:
        out.append(("ready",))
    return out


def replacements(s: ThronesData, seat: int, orders: list[int]) -> list[tuple[int, list[int]]]:
    """For each area holding one of ``orders`` (kind by area, -1 none; ``seat``'s), the other
    kinds ``seat`` could put there instead, the old token back with the house first: the
    Messenger Raven's swaps, and while planning the changes of a face-down order (the
    ``place_order`` kinds legal there once ``clear_order`` has returned the token)."""
    used, starred = _usage(orders)
    out: list[tuple[int, list[int]]] = []
    for a in range(N_AREAS):
        old = orders[a]
        if old < 0:
            continue
        used[old] -= 1
        st = starred - (1 if ORDER_STARRED[old] else 0)
        out.append(
            (a, [k for k in range(N_ORDER_KINDS) if k != old and may_use_kind(s, k, a, used, st, seat)])
        )
        used[old] += 1
    return out


def apply_planning(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    if action[0] == "place_order":
        area: int = action[1]
        kind: int = action[2]
        s.pending[seat][area] = kind
        events.append(
            Event("order_placed", {"seat": seat}, {"area": area, "order": ORDER_KIND_NAMES[kind]}, (seat,))
        )
        return
    if action[0] == "clear_order":
        cleared: int = action[1]
        name = ORDER_KIND_NAMES[s.pending[seat][cleared]]
        s.pending[seat][cleared] = -1
        # Only the seat may learn which token came back from where, as with order_placed.
        events.append(Event("order_cleared", {"seat": seat}, {"area": cleared, "order": name}, (seat,)))
        return
    s.ready[seat] = 1
    events.append(Event("orders_ready", {"seat": seat}))
    if all(s.ready):
        reveal(s, events)


def reveal(s: ThronesData, events: list[Event]) -> None:
    """Every order turns face up at once; then the Messenger Raven, then the raids."""
    for seat in range(s.n):
        mine = s.pending[seat]
        for a in range(N_AREAS):
            if mine[a] >= 0:
                s.order[a] = mine[a]
                s.order_owner[a] = seat
                mine[a] = -1
    s.orders_revealed = 1
    events.append(
        Event(
            "orders_revealed",
            {
                "orders": [
                    [a, s.order_owner[a], ORDER_KIND_NAMES[s.order[a]]]
                    for a in range(N_AREAS)
                    if s.order[a] >= 0
                ]
            },
        )
    )
    holder = s.tracks[KINGS_COURT][0]
    s.current = holder
    s.phase = P_RAVEN if not s.raven_used and raven_swaps(s, holder) else P_RAID_NEXT
    if s.phase == P_RAID_NEXT:
        start_action_rounds(s)


def start_action_rounds(s: ThronesData) -> None:
    """The order of play for the raids (and later the marches) is the Iron Throne track now."""
    s.round_order = s.tracks[0][:]
    s.cursor = -1
    s.phase = P_RAID_NEXT


def raven_swaps(s: ThronesData, seat: int) -> list[Action]:
    """Every swap of one of ``seat``'s revealed orders for one of its unused tokens."""
    on_board = [s.order[a] if s.order_owner[a] == seat else -1 for a in range(N_AREAS)]
    return [("raven_swap", a, k) for a, kinds in replacements(s, seat, on_board) for k in kinds]


def legal_raven(s: ThronesData, seat: int) -> list[Action]:
    return [*raven_swaps(s, seat), ("raven_pass",)]


def apply_raven(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    s.raven_used = 1
    if action[0] == "raven_swap":
        area: int = action[1]
        kind: int = action[2]
        s.order[area] = kind
        events.append(Event("raven_swapped", {"seat": seat, "area": area, "order": ORDER_KIND_NAMES[kind]}))
    else:
        events.append(Event("raven_passed", {"seat": seat}))
    start_action_rounds(s)
