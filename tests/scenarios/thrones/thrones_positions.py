"""Position builders for the Thrones rulebook scenarios (imported by name, not a conftest, so
that it never shadows another folder's conftest): an empty board (no units, no neutral
forces, no orders), houses placed by name, orders by name, and the Action phase's steps."""

from __future__ import annotations

from typing import Any

import ravenry
from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.data import AREA_INDEX, HOUSE_CARDS, HOUSES, N_AREAS, ORDER_KIND_NAMES
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.state import P_MARCH_NEXT, P_RAID_NEXT


def area(name: str) -> int:
    return AREA_INDEX[name]


def seat(s: ThronesState, house: str) -> int:
    return s.houses.index(HOUSES.index(house))


def card(s: ThronesState, house: str, name: str) -> int:
    cards = HOUSE_CARDS[HOUSES.index(house)]
    return next(i for i, c in enumerate(cards) if c.name == name)


def blank(players: int = 5, seed: int = 1, supply: int = 6) -> ThronesState:
    """A new game with the board emptied (home shields kept) and every house at ``supply``."""
    s = ravenry.new_game("thrones", players=players, seed=seed)
    assert isinstance(s, ThronesState)
    s.units = [0] * (N_AREAS * 3)
    s.routed = [0] * (N_AREAS * 3)
    s.owner = [-1] * N_AREAS
    s.neutral = [0] * N_AREAS
    s.order = [-1] * N_AREAS
    s.order_owner = [-1] * N_AREAS
    s.supply = [supply] * s.n
    for p in range(s.n):
        s.pending[p] = [-1] * N_AREAS
    s.forget_legal_actions()
    return s


def put(
    s: ThronesState,
    where: str,
    house: str,
    footmen: int = 0,
    knights: int = 0,
    ships: int = 0,
    routed: int = 0,
) -> None:
    """Units of ``house`` in ``where``; ``routed`` of the footmen, then knights, are routed."""
    a = area(where)
    p = seat(s, house)
    for t, c in enumerate((footmen, knights, ships)):
        if c:
            s.add_units(a, p, t, c)
    left = routed
    for t in range(3):
        r = min(left, s.units[a * 3 + t])
        s.routed[a * 3 + t] += r
        left -= r
    s.forget_legal_actions()


def give_order(s: ThronesState, where: str, kind: str) -> None:
    a = area(where)
    assert s.owner[a] >= 0, f"no units in {where}"
    s.order[a] = ORDER_KIND_NAMES.index(kind)
    s.order_owner[a] = s.owner[a]
    s.orders_revealed = 1
    s.forget_legal_actions()


def hold(s: ThronesState, house: str = "stark", where: str = "winterfell") -> None:
    """A March order (Stark's at Winterfell), resolved last, so the Action phase (and its
    orders and routed units) lasts until the test is done looking."""
    put(s, where, house, footmen=1)
    give_order(s, where, "march+0")
    order = [p for p in s.tracks[0] if p != seat(s, house)]
    s.tracks[0] = [*order, seat(s, house)]


def start_raids(s: ThronesState) -> None:
    s.round_order = s.tracks[0][:]
    s.cursor = -1
    s.phase = P_RAID_NEXT
    s.advance([])
    s.forget_legal_actions()


def start_marches(s: ThronesState) -> None:
    s.round_order = s.tracks[0][:]
    s.cursor = -1
    s.phase = P_MARCH_NEXT
    s.advance([])
    s.forget_legal_actions()


def act(s: ThronesState, house: str, action: Action) -> list[Event]:
    p = seat(s, house)
    legal = s.legal_actions(p)
    assert action in legal, f"{action} not legal for {house}; legal: {legal[:40]}"
    return s.apply(p, action)


def march(
    s: ThronesState, house: str, origin: str, moves: list[tuple[str, str]], token: int = 0
) -> list[Event]:
    """Resolve ``house``'s March order at ``origin``: each move is (unit name, destination)."""
    events = act(s, house, ("march", area(origin)))
    for unit, dest in moves:
        t = ("footman", "knight", "ship").index(unit)
        events += act(s, house, ("move", area(origin), area(dest), t))
    events += act(s, house, ("end_march", token))
    return events


def event_types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def find(events: list[Event], kind: str) -> dict[str, Any]:
    return next(e.full() for e in events if e.type == kind)
