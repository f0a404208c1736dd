"""Sealed bids of available power (the Clash of Kings' three tracks, the Night's Watch), and
the Iron Throne holder's tie-breaking.

Every house bids at once (``bid``), unseen by the others until all have bid; then the bids are
revealed and go to the pool. For a track, houses are placed from the highest bid down; each tie
is ordered by the Iron Throne holder, one pick (``tie_pick``) at a time (for the Iron Throne track
itself, by the holder from before the bid: the track changes only once fully placed). For the
Night's Watch only the top bidder (a Watch victory) or the lowest (a wildling victory) matters.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.data import TRACK_NAMES
from ravenry.games.thrones.state import BID_WILDLINGS, P_BID, P_BIDS_DONE, P_TIE, ThronesData


def start_bid(s: ThronesData, context: int, events: list[Event]) -> None:
    s.bidding.context = context
    s.bidding.bids = [-1] * s.n
    s.bidding.order = []
    s.phase = P_BID
    events.append(
        Event("bidding", {"for": "nights_watch" if context == BID_WILDLINGS else TRACK_NAMES[context]})
    )


def legal_bid(s: ThronesData, seat: int) -> list[Action]:
    if s.bidding.bids[seat] >= 0:
        return []
    return [("bid", x) for x in range(s.power[seat] + 1)]


def apply_bid(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    s.bidding.bids[seat] = action[1]
    events.append(Event("bid_placed", {"seat": seat}, {"amount": action[1]}, (seat,)))
    if min(s.bidding.bids) >= 0:
        for p in range(s.n):
            s.pay_power(p, s.bidding.bids[p])
        events.append(Event("bids_revealed", {"bids": list(s.bidding.bids)}))
        s.bidding.last = [s.bidding.context, *s.bidding.bids]
        _order(s)


def wildling_total(s: ThronesData) -> int:
    return sum(s.bidding.bids)


def _tie_group(s: ThronesData) -> list[int]:
    """The houses the next pick is among (more than one: the holder chooses)."""
    rest = [p for p in range(s.n) if p not in s.bidding.order]
    if s.bidding.context == BID_WILDLINGS:
        if s.bidding.order:
            return []
        # The Watch wins on total >= threat: the top bidder matters; else the lowest.
        if wildling_total(s) >= s.wildlings:
            best = max(s.bidding.bids)
        else:
            best = min(s.bidding.bids)
        return [p for p in rest if s.bidding.bids[p] == best]
    if not rest:
        return []
    best = max(s.bidding.bids[p] for p in rest)
    return [p for p in rest if s.bidding.bids[p] == best]


def _order(s: ThronesData) -> None:
    while True:
        group = _tie_group(s)
        if not group:
            s.phase = P_BIDS_DONE
            return
        if len(group) == 1:
            s.bidding.order.append(group[0])
            continue
        s.current = s.tracks[0][0]
        s.phase = P_TIE
        return


def legal_tie(s: ThronesData, seat: int) -> list[Action]:
    return [("tie_pick", p) for p in _tie_group(s)]


def apply_tie(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    s.bidding.order.append(action[1])
    events.append(Event("tie_broken", {"seat": seat, "picked": action[1]}))
    _order(s)
