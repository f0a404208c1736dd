"""The Westeros phase: the three decks, the wildling threat, and every Westeros card.

The top card of each deck is revealed (a Winter is Coming reshuffles its deck and is replaced,
again if need be); every mammoth on a drawn card advances the threat by 2 (to 12 at most)
before anything resolves; then the cards of decks I, II and III resolve in turn and go to the
bottom of their decks. The decks' order is never in any view. Cards that need choices hand over
to mustering.py (Supply, Mustering) and bidding.py (Clash of Kings, Wildling Attack), which come
back here through the P_WESTEROS_NEXT and P_BIDS_DONE phases.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.bidding import start_bid
from ravenry.games.thrones.data import (
    KNIGHT,
    N_AREAS,
    TRACK_NAMES,
    UNIT_NAMES,
    W_CLASH_OF_KINGS,
    W_FEAST_FOR_CROWS,
    W_GAME_OF_THRONES,
    W_MUSTERING,
    W_RAINS_OF_AUTUMN,
    W_SEA_OF_STORMS,
    W_STORM_OF_SWORDS,
    W_SUPPLY,
    W_WILDLING_ATTACK,
    W_WINTER_IS_COMING,
    WESTEROS_MAMMOTHS,
    WESTEROS_NAMES,
    WILDLING_LOSS_POINTS,
    WILDLING_LOSS_POINTS_LOWEST,
    WILDLING_MAX,
    WILDLING_STEP,
)
from ravenry.games.thrones.map import power_icons
from ravenry.games.thrones.mustering import start_mustering, start_supply
from ravenry.games.thrones.planning import start_planning
from ravenry.games.thrones.state import (
    BID_WILDLINGS,
    P_WESTEROS_NEXT,
    P_WILDLING_LOSS,
    P_WILDLING_REWARD,
    ThronesData,
)

RESTRICTION_CARDS = (W_SEA_OF_STORMS, W_FEAST_FOR_CROWS, W_RAINS_OF_AUTUMN, W_STORM_OF_SWORDS)


def start_westeros(s: ThronesData, events: list[Event]) -> None:
    s.turn += 1
    s.restrictions = 0
    s.blade_used = 0
    s.raven_used = 0
    mammoths = 0
    s.drawn = []
    for d in range(3):
        deck = s.decks[d]
        card = deck.pop(0)
        s.drawn.append(card)
        mammoths += WESTEROS_MAMMOTHS[card]
        while card == W_WINTER_IS_COMING:
            deck.append(card)
            s.rng.shuffle(deck)
            events.append(Event("winter_is_coming", {"deck": d + 1}))
            card = deck.pop(0)
            s.drawn.append(card)
            mammoths += WESTEROS_MAMMOTHS[card]
        s.revealed[d] = card
    s.wildlings = min(WILDLING_MAX, s.wildlings + WILDLING_STEP * mammoths)
    events.append(
        Event(
            "westeros_cards",
            {"turn": s.turn, "cards": [WESTEROS_NAMES[c] for c in s.revealed], "wildlings": s.wildlings},
        )
    )
    s.w_index = 0
    s.phase = P_WESTEROS_NEXT


def next_card(s: ThronesData, events: list[Event]) -> None:
    """Resolve the next revealed card; after the third, the cards go under their decks and the
    Planning phase begins."""
    if s.w_index >= 3:
        for d in range(3):
            s.decks[d].append(s.revealed[d])
            s.revealed[d] = -1
        start_planning(s)
        return
    card = s.revealed[s.w_index]
    s.w_index += 1
    s.phase = P_WESTEROS_NEXT
    if card == W_SUPPLY:
        start_supply(s, events)
    elif card == W_MUSTERING:
        start_mustering(s, events)
    elif card == W_CLASH_OF_KINGS:
        start_bid(s, 0, events)
    elif card == W_GAME_OF_THRONES:
        gains = [s.gain_power(p, power_icons(s.units, s.owner, s.token, s.home, p)) for p in range(s.n)]
        events.append(Event("game_of_thrones", {"power": gains}))
    elif card == W_WILDLING_ATTACK:
        start_bid(s, BID_WILDLINGS, events)
    elif card in RESTRICTION_CARDS:
        s.restrictions |= 1 << card


def after_bids(s: ThronesData, events: list[Event]) -> None:
    if s.bidding.context < 3:
        track = s.bidding.context
        s.tracks[track] = s.bidding.order[:]
        events.append(Event("track", {"track": TRACK_NAMES[track], "order": s.bidding.order[:]}))
        if track < 2:
            start_bid(s, track + 1, events)
        else:
            s.phase = P_WESTEROS_NEXT
        return
    threat = s.wildlings
    total = sum(s.bidding.bids)
    s.wildlings = 0
    chosen = s.bidding.order[0]
    if total >= threat:
        events.append(Event("wildlings_defeated", {"threat": threat, "watch": total, "top_bidder": chosen}))
        if s.discard[chosen]:
            s.current = chosen
            s.phase = P_WILDLING_REWARD
        else:
            s.phase = P_WESTEROS_NEXT
        return
    events.append(Event("wildlings_victorious", {"threat": threat, "watch": total, "lowest_bidder": chosen}))
    for p in range(s.n):
        s.loss_points[p] = WILDLING_LOSS_POINTS_LOWEST if p == chosen else WILDLING_LOSS_POINTS
    s.queue = list(s.tracks[0])
    _next_loss(s)


def legal_reward(s: ThronesData, seat: int) -> list[Action]:
    d = s.discard[seat]
    return [*[("reclaim", c) for c in range(7) if (d >> c) & 1], ("reclaim_pass",)]


def apply_reward(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    if action[0] == "reclaim":
        c: int = action[1]
        s.discard[seat] &= ~(1 << c)
        s.hand[seat] |= 1 << c
        events.append(Event("card_reclaimed", {"seat": seat, "card": c}))
    s.phase = P_WESTEROS_NEXT


def _has_units(s: ThronesData, seat: int) -> bool:
    return any(s.owner[a] == seat for a in range(N_AREAS))


def _next_loss(s: ThronesData) -> None:
    while s.queue and (s.loss_points[s.queue[0]] <= 0 or not _has_units(s, s.queue[0])):
        s.loss_points[s.queue[0]] = 0
        s.queue.pop(0)
    if s.queue:
        s.current = s.queue[0]
        s.phase = P_WILDLING_LOSS
    else:
        s.phase = P_WESTEROS_NEXT


def legal_loss(s: ThronesData, seat: int) -> list[Action]:
    out: list[Action] = []
    for a in range(N_AREAS):
        if s.owner[a] == seat:
            out.extend(("wildling_loss", a, t) for t in range(3) if s.units[a * 3 + t] > 0)
    return out


def apply_loss(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    a: int = action[1]
    t: int = action[2]
    s.remove_units(a, t)
    s.loss_points[seat] -= 2 if t == KNIGHT else 1
    events.append(Event("wildling_loss", {"seat": seat, "area": a, "unit": UNIT_NAMES[t]}))
    _next_loss(s)
