"""What each seat (or a spectator) may see: the board, tokens, tracks, hands (public in this
game: every played card is face up in a discard pile), the threat, the battle in progress.

Hidden: other houses' face-down orders before the reveal, their bids (and their available power,
as the rulebook has it hidden while bidding) before all are in, their
house card in a battle before both are chosen, the Westeros decks' order (only their sizes), and
the RNG.
"""

from __future__ import annotations

from typing import Any

from ravenry.core.protocol import JSON
from ravenry.games.thrones.data import (
    AREA_CASTLE,
    AREA_HOME,
    AREA_IDS,
    AREA_IS_SEA,
    AREA_NAMES,
    AREA_POWER,
    AREA_SUPPLY,
    HOUSE_CARDS,
    HOUSE_NAMES,
    N_AREAS,
    ORDER_KIND_NAMES,
    TRACK_NAMES,
    WESTEROS_NAMES,
)
from ravenry.games.thrones.scoring import REASON_NAMES, castles
from ravenry.games.thrones.state import BID_WILDLINGS, P_BID, P_OVER, PHASE_NAMES, ThronesData


def _cards(mask: int) -> list[int]:
    return [c for c in range(7) if (mask >> c) & 1]


def board_json() -> dict[str, JSON]:
    """The static facts a client draws the map and names with (from data.py: each fact once):
    every area's id, name, kind and icons, the houses, order kinds, house cards and Westeros
    cards. New JSON each call; a view carries it only when asked for its static part."""
    return {
        "areas": [
            {
                "id": AREA_IDS[a],
                "name": AREA_NAMES[a],
                "sea": AREA_IS_SEA[a],
                "castle": AREA_CASTLE[a],
                "supply": AREA_SUPPLY[a],
                "power": AREA_POWER[a],
                "home": AREA_HOME[a],
            }
            for a in range(N_AREAS)
        ],
        "houses": list(HOUSE_NAMES),
        "orders": list(ORDER_KIND_NAMES),
        "cards": [
            [
                {"name": c.name, "strength": c.strength, "swords": c.swords, "forts": c.fortifications}
                for c in cards
            ]
            for cards in HOUSE_CARDS
        ],
        "westeros": list(WESTEROS_NAMES),
    }


def observe(s: ThronesData, viewer: int | None, static: bool = True) -> dict[str, JSON]:
    n = s.n
    orders: list[Any] = [
        None if s.order[a] < 0 else [s.order_owner[a], ORDER_KIND_NAMES[s.order[a]]] for a in range(N_AREAS)
    ]
    view: dict[str, Any] = {
        "game": "thrones",
        **({"board": board_json()} if static else {}),
        "viewer": viewer,
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "houses": [HOUSE_NAMES[h] for h in s.houses],
        "castles_to_win": s.castles_to_win,
        "units": [s.units[a * 3 : a * 3 + 3] for a in range(N_AREAS)],
        "routed": [s.routed[a * 3 : a * 3 + 3] for a in range(N_AREAS)],
        "owner": s.owner[:],
        "power_tokens": s.token[:],
        "neutral": s.neutral[:],
        "home": s.home[:],
        "orders": orders,
        "power": s.power[:],
        "pool": s.pool[:],
        "supply": s.supply[:],
        "castles": castles(s),
        "tracks": {TRACK_NAMES[t]: s.tracks[t][:] for t in range(3)},
        "hands": [_cards(s.hand[p]) for p in range(n)],
        "discards": [_cards(s.discard[p]) for p in range(n)],
        "wildlings": s.wildlings,
        "restrictions": [WESTEROS_NAMES[c] for c in range(len(WESTEROS_NAMES)) if (s.restrictions >> c) & 1],
        "westeros": [None if c < 0 else WESTEROS_NAMES[c] for c in s.revealed],
        "westeros_drawn": [WESTEROS_NAMES[c] for c in s.drawn],
        "deck_sizes": [len(d) for d in s.decks],
        "valyrian_blade_used": bool(s.blade_used),
        "raven_used": bool(s.raven_used),
        "current": s.current if s.phase != P_OVER else None,
        "ready": [bool(r) for r in s.ready],
        "march_area": s.march_area,
        "raid_area": s.raid_area,
        "muster_points": s.muster_points[:],
        "loss_points": s.loss_points[:],
    }
    if viewer is not None and 0 <= viewer < n:
        mine = s.pending[viewer]
        view["my_orders"] = [None if mine[a] < 0 else ORDER_KIND_NAMES[mine[a]] for a in range(N_AREAS)]
    if s.last_bids:
        # Revealed bids are public from then on: the view is a player's memory of them.
        context = s.last_bids[0]
        view["last_bids"] = {
            "for": "nights_watch" if context == BID_WILDLINGS else TRACK_NAMES[context],
            "bids": s.last_bids[1:],
        }
    if s.phase == P_BID:
        # "Immediately before bidding ... players hide their total number of available power":
        # another house's power (and its pool, which would give it away) is hidden until the reveal.
        view["power"] = [s.power[p] if p == viewer else None for p in range(n)]
        view["pool"] = [s.pool[p] if p == viewer else None for p in range(n)]
        view["bids_in"] = [b >= 0 for b in s.bids]
        view["bid_for"] = "nights_watch" if s.bid_context == BID_WILDLINGS else TRACK_NAMES[s.bid_context]
        if viewer is not None and 0 <= viewer < n and s.bids[viewer] >= 0:
            view["my_bid"] = s.bids[viewer]
    if s.b_area >= 0:
        battle: dict[str, Any] = {
            "area": s.b_area,
            "from": s.b_origin,
            "attacker": s.b_attacker,
            "defender": s.b_defender,
            "neutral": s.b_neutral,
            "attacking": s.b_att[:],
            "march_bonus": s.b_march_bonus,
            "support": [[a, s.b_support[a]] for a in range(N_AREAS) if s.b_support[a] >= 0],
            "to_pledge": s.b_support_queue[:],
            "blade": s.b_blade,
            "winner": s.b_winner,
            "casualties": s.b_casualties,
        }
        cards: list[Any] = []
        for side in (0, 1):
            seat = s.b_attacker if side == 0 else s.b_defender
            c = s.b_cards[side]
            cards.append(c if c >= 0 and (s.b_revealed or viewer == seat) else None)
        battle["cards"] = cards
        battle["chosen"] = [c >= 0 for c in s.b_cards]
        view["battle"] = battle
    if s.phase == P_OVER:
        view["result"] = {"winners": s.winners[:], "reason": REASON_NAMES[s.winner_reason]}
    else:
        view["result"] = None
    return view
