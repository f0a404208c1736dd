"""Action phase step C: Consolidate Power, then the clean-up of the board.

Each Consolidate Power order still on the board gives its owner 1 power plus 1 per power icon
in its area (never more than the pool holds). Then every order left is removed and every
routed unit stands up again.
"""

from __future__ import annotations

from ravenry.core.protocol import Event
from ravenry.games.thrones.data import AREA_POWER, CONSOLIDATE, N_AREAS, ORDER_TYPE
from ravenry.games.thrones.state import ThronesData


def consolidate_power(s: ThronesData, events: list[Event]) -> None:
    gains = [0] * s.n
    for seat in s.tracks[0]:
        for a in range(N_AREAS):
            if s.order_owner[a] == seat and s.order[a] >= 0 and ORDER_TYPE[s.order[a]] == CONSOLIDATE:
                gains[seat] += s.gain_power(seat, 1 + AREA_POWER[a])
    events.append(Event("consolidated_power", {"power": gains}))


def clear_board(s: ThronesData) -> None:
    s.order = [-1] * N_AREAS
    s.order_owner = [-1] * N_AREAS
    s.routed = [0] * (N_AREAS * 3)
