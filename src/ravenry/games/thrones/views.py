"""What each seat (or a spectator) may see: the board, tokens, tracks, hands (public in this
game: every played card is face up in a discard pile), the threat, the battle in progress.

Hidden: other houses' face-down orders before the reveal, their bids (and their available power,
as the rulebook has it hidden while bidding) before all are in, their
house card in a battle before both are chosen, the Westeros decks' order (only their sizes), and
the RNG.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Final

from ravenry.core.protocol import JSON
from ravenry.games.thrones import battle as battle_rules
from ravenry.games.thrones import data as D
from ravenry.games.thrones import texts as T
from ravenry.games.thrones.battle_tally import PART_NAMES
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
from ravenry.games.thrones.house_cards import ability as card_ability
from ravenry.games.thrones.house_cards import card_of, side_seat
from ravenry.games.thrones.map import ADJ_LAND, transport_path
from ravenry.games.thrones.marches import destinations
from ravenry.games.thrones.planning import _usage, replacements, stars, type_restricted
from ravenry.games.thrones.scoring import REASON_NAMES, TIEBREAK_NAMES, castles, standings
from ravenry.games.thrones.state import (
    BID_WILDLINGS,
    P_ABILITY,
    P_BID,
    P_BIDS_DONE,
    P_CASUALTY,
    P_MARCH_MOVE,
    P_MUSTER,
    P_OVER,
    P_PLANNING,
    P_RAVEN,
    P_SUPPLY,
    P_TIE,
    P_WESTEROS_NEXT,
    P_WILDLING_LOSS,
    P_WILDLING_REWARD,
    PHASE_NAMES,
    ThronesData,
)

# Why a token kind may not be placed now (the planning panel greys it with this reason).
_RESTRICTION_CARD: dict[int, int] = {
    D.RAID: D.W_SEA_OF_STORMS,
    D.CONSOLIDATE: D.W_FEAST_FOR_CROWS,
    D.DEFENSE: D.W_STORM_OF_SWORDS,
}


def _cards(mask: int) -> list[int]:
    return [c for c in range(7) if (mask >> c) & 1]


def board_json() -> dict[str, JSON]:
    """The static facts a client draws the map and names with (from data.py: each fact once):
    every area's id, name, kind and icons, the houses, unit types, order kinds, house cards and Westeros
    cards, the supply table, the wildling track and the number of rounds. New JSON each call;
    a view carries it only when asked for its static part."""
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
        # Each house's colours on the page (HOUSES order): fill and the ink of text on it.
        "house_colors": [{"fill": f, "ink": i} for f, i in zip(D.HOUSE_FILL, D.HOUSE_INK, strict=True)],
        # The unit types by their number in actions and views: a muster's ``what``, a force's index.
        "units": [{"name": n, "plural": p} for n, p in zip(D.UNIT_NAMES, D.UNIT_PLURALS, strict=True)],
        "orders": list(ORDER_KIND_NAMES),
        "cards": [
            [
                {
                    "name": c.name,
                    "strength": c.strength,
                    "swords": c.swords,
                    "forts": c.fortifications,
                    "text": T.ABILITY_TEXT[c.ability],
                }
                for c in cards
            ]
            for cards in HOUSE_CARDS
        ],
        "westeros": list(WESTEROS_NAMES),
        # The rules in words (texts.py), for the page's help: per Westeros card and order kind
        # (in the order of the ids above) its display name and what it does.
        "westeros_cards": [
            {
                "id": w,
                "name": T.WESTEROS_TITLES[c],
                "text": T.WESTEROS_TEXT[c],
                "mammoth": D.WESTEROS_MAMMOTHS[c] > 0,
            }
            for c, w in enumerate(WESTEROS_NAMES)
        ],
        "order_kinds": [
            {
                "id": k,
                "name": T.ORDER_TITLES[i],
                "text": T.ORDER_TEXT[i],
                "star_adds": T.ORDER_STAR_TEXT[i],
                "starred": D.ORDER_STARRED[i],
            }
            for i, k in enumerate(ORDER_KIND_NAMES)
        ],
        "wildling_outcomes": [{"id": i, "name": n, "text": t} for i, n, t in T.WILDLING_OUTCOMES],
        "rule_notes": {
            "mammoth": T.MAMMOTH_TEXT,
            "star": T.STAR_TEXT,
            "no_ability": T.NO_ABILITY_TEXT,
            "swords": T.SWORDS_TEXT,
            "forts": T.FORTS_TEXT,
        },
        "supply_table": [list(row) for row in D.SUPPLY_TABLE],
        "wildling_max": D.WILDLING_MAX,
        "wildling_step": D.WILDLING_STEP,  # the threat track's spaces
        "turns": D.TURNS,  # the game's rounds
        "upgrade": D.UPGRADE,  # the muster action's ``what`` that makes a footman a knight
        "neighbours": [list(D.ADJACENT[a]) for a in range(N_AREAS)],
    }


def planning_tokens(s: ThronesData, seat: int) -> dict[str, JSON]:
    """The viewer's order tokens while planning: per kind how many are left, why a kind may not
    be placed at all now (all placed, no star left, a Westeros card forbids it), and for each of
    its face-down orders the kinds it may be changed to (``changes``: area -> kinds)."""
    used, starred = _usage(s.pending[seat])
    limit = stars(s, seat)
    tokens: list[JSON] = []
    for k in range(D.N_ORDER_KINDS):
        left = D.ORDER_COPIES[k] - used[k]
        t = D.ORDER_TYPE[k]
        reason: str | None = None
        if left <= 0:
            reason = "already placed"
        elif type_restricted(s, t):
            reason = f"forbidden this round by {T.WESTEROS_TITLES[_RESTRICTION_CARD[t]]}"
        elif D.ORDER_STARRED[k] and starred >= limit:
            reason = f"no star left: King's Court allows {limit}"
        tokens.append(
            {
                "kind": k,
                "name": ORDER_KIND_NAMES[k],
                "left": max(left, 0),
                "starred": D.ORDER_STARRED[k],
                "land_only": t == D.CONSOLIDATE,
                "blocked": reason,
            }
        )
    changes: list[JSON] = [{"area": a, "orders": list(k)} for a, k in replacements(s, seat, s.pending[seat])]
    return {"tokens": tokens, "stars": limit, "stars_used": starred, "changes": changes}


def march_targets(s: ThronesData, seat: int) -> dict[str, JSON]:
    """For the marching house: every area its units may move to now, which unit types may go,
    the seas of a ship-transport route (empty when adjacent), and the battle it would start."""
    a = s.march.area
    free = [s.units[a * 3 + t] - s.routed[a * 3 + t] for t in range(3)]
    reach: dict[int, list[int]] = {}
    for t in range(3):
        if free[t] > 0 and s.owner[a] == seat:
            for b in destinations(s, seat, t):
                reach.setdefault(b, []).append(t)
    targets: list[JSON] = []
    for b in sorted(reach):
        kinds = reach[b]
        fights = b == s.battle.area or (s.owner[b] >= 0 and s.owner[b] != seat) or s.neutral[b] > 0
        preview: JSON = None
        if fights:
            sending = [free[t] if t in kinds else 0 for t in range(3)]
            full = battle_rules.march_preview(s, seat, b, sending)
            # The marcher's strength for each choice of units it may send ("footmen,knights,
            # ships" -> strength): the page shows the one chosen, never adds it up itself.
            by_sending: dict[str, JSON] = {}
            for counts in product(*(range(n + 1) for n in sending)):
                if any(counts):
                    key = ",".join(str(c) for c in counts)
                    by_sending[key] = battle_rules.march_preview(s, seat, b, list(counts))[
                        "attacker_strength"
                    ]
            preview = {**full, "attacker_strength_by_sending": by_sending}
        sea_route = (
            [] if D.AREA_IS_SEA[b] or b in ADJ_LAND[a] else transport_path(s.owner, s.units, seat, a, b)
        )
        targets.append({"to": b, "units": kinds, "via": sea_route, "battle": preview})
    return {"area": a, "free": free, "targets": targets}


def tie_groups(s: ThronesData) -> list[list[int]]:
    """The groups of houses with equal bids the Iron Throne holder still orders (each of 2+),
    best bid first: the whole tie-break at once, for one ordered list in the UI."""
    rest = [p for p in range(s.n) if p not in s.bidding.order]
    if s.bidding.context == BID_WILDLINGS:
        top = max(s.bidding.bids) if sum(s.bidding.bids) >= s.wildlings else min(s.bidding.bids)
        group = [p for p in rest if s.bidding.bids[p] == top]
        return [group] if len(group) > 1 and not s.bidding.order else []
    out: list[list[int]] = []
    for amount in sorted({s.bidding.bids[p] for p in rest}, reverse=True):
        group = [p for p in rest if s.bidding.bids[p] == amount]
        if len(group) > 1:
            out.append(group)
    return out


def face_down(s: ThronesData, viewer: int | None) -> list[int]:
    """Per area the seat whose face-down order lies there (-1: none, or the viewer's own)."""
    out = [-1] * N_AREAS
    if s.phase != P_PLANNING:
        return out
    for q in range(s.n):
        if q == viewer or not s.ready[q]:
            continue
        for a in range(N_AREAS):
            if s.pending[q][a] >= 0:
                out[a] = q
    return out


def tie_picks(s: ThronesData, groups: list[list[int]]) -> list[int]:
    """How many picks the Iron Throne holder makes in each tie group: all but the last for a
    track; for the Night's Watch only one (the top bidder, or the lowest: no more is needed)."""
    if s.bidding.context == BID_WILDLINGS:
        return [1 for _ in groups]
    return [len(g) - 1 for g in groups]


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
        # Who controls each area (its units, else its power token, else its home shield: the
        # rules' map.controller); -1 nobody. The map's colours are this, never worked out.
        "controller": [s.controller(a) for a in range(N_AREAS)],
        "power_tokens": s.token[:],
        "neutral": s.neutral[:],
        "home": s.home[:],
        "orders": orders,
        # The face-down orders on the board (the seat that placed each; -1 none): while
        # planning, those of the houses that are done (their areas are on the table; the
        # kinds stay hidden). The viewer's own are in ``my_orders``.
        "face_down": face_down(s, viewer),
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
        "march_area": s.march.area,
        "raid_area": s.raid.area,
        "muster_points": s.mustering.points[:],
        "loss_points": s.loss_points[:],
    }
    if viewer is not None and 0 <= viewer < n:
        mine = s.pending[viewer]
        view["my_orders"] = [None if mine[a] < 0 else ORDER_KIND_NAMES[mine[a]] for a in range(N_AREAS)]
    if viewer is not None and 0 <= viewer < n and s.phase == P_PLANNING and not s.ready[viewer]:
        view["planning"] = planning_tokens(s, viewer)
    if viewer is not None and s.phase == P_MARCH_MOVE and viewer == s.current:
        view["march"] = march_targets(s, viewer)
    if s.phase == P_ABILITY and s.battle.area >= 0:
        # What the winner's ability choices name: areas (an order to remove) or house cards.
        side = 0 if s.battle.winner == s.battle.attacker else 1
        ab = card_ability(s, side)
        card = card_of(s, side)
        view["ability"] = {
            "card": card.name if card is not None else None,
            "text": T.ABILITY_TEXT[ab],
            "targets": "areas"
            if ab in (D.A_CERSEI, D.A_ASHA)
            else "cards"
            if ab in (D.A_LUWIN, D.A_MELISANDRE)
            else "none",
        }
    if s.phase == P_TIE:
        groups = tie_groups(s)
        wildlings = s.bidding.context == BID_WILDLINGS
        view["tie"] = {
            "groups": groups,
            "picks": tie_picks(s, groups),
            # What the first pick decides: a track's order (best first), or for the Night's
            # Watch which tied house counts as the top bidder (a victory) or the lowest (a defeat).
            "choose": "order" if not wildlings else "top" if sum(s.bidding.bids) >= s.wildlings else "lowest",
            "placed": s.bidding.order[:],
            "bids": s.bidding.bids[:],
        }
    if s.bidding.last:
        # Revealed bids are public from then on: the view is a player's memory of them.
        context = s.bidding.last[0]
        view["last_bids"] = {
            "for": "nights_watch" if context == BID_WILDLINGS else TRACK_NAMES[context],
            "bids": s.bidding.last[1:],
        }
    if s.phase == P_BID:
        # "Immediately before bidding ... players hide their total number of available power":
        # another house's power (and its pool, which would give it away) is hidden until the reveal.
        view["power"] = [s.power[p] if p == viewer else None for p in range(n)]
        view["pool"] = [s.pool[p] if p == viewer else None for p in range(n)]
        view["bids_in"] = [b >= 0 for b in s.bidding.bids]
        view["bid_for"] = (
            "nights_watch" if s.bidding.context == BID_WILDLINGS else TRACK_NAMES[s.bidding.context]
        )
        if viewer is not None and 0 <= viewer < n and s.bidding.bids[viewer] >= 0:
            view["my_bid"] = s.bidding.bids[viewer]
    if s.battle.area >= 0:
        started = s.phase != P_MARCH_MOVE
        battle: dict[str, Any] = {
            "area": s.battle.area,
            "from": s.battle.origin,
            "attacker": s.battle.attacker,
            "defender": s.battle.defender,
            "neutral": s.battle.neutral,
            "attacking": s.battle.attacking[:],
            "march_bonus": s.battle.march_bonus,
            # While the march is still moving units in, the battle has not started: pledges
            # left from an earlier battle (reset when this one starts) are not this battle's.
            "support": [
                [a, s.battle.support[a]] for a in range(N_AREAS) if s.battle.support[a] >= 0 and started
            ],
            "to_pledge": s.battle.support_queue[:],
            "blade": s.battle.blade,
            # The result of this battle only: while the march still moves units in, the record
            # holds the last battle's (kept until this one begins), which is not this battle's.
            "winner": s.battle.winner if started and s.battle.winner >= 0 else None,
            "casualties": s.battle.casualties if started else 0,
        }
        cards: list[Any] = []
        for side in (0, 1):
            seat = side_seat(s, side)
            c = s.battle.cards[side]
            cards.append(c if c >= 0 and (s.battle.cards_revealed or viewer == seat) else None)
        battle["cards"] = cards
        battle["chosen"] = [c >= 0 for c in s.battle.cards]
        # Strength by source; before both cards are revealed, without anything a card changes.
        known = bool(s.battle.cards_revealed)
        parts = [battle_rules.strength_parts(s, side, known) for side in (0, 1)]
        if not started:
            for p in parts:
                p["support"] = 0
        if s.battle.neutral > 0:
            parts[1] = {
                "units": 0,
                "order": 0,
                "support": 0,
                "card": 0,
                "blade": 0,
                "neutral": s.battle.neutral,
            }
        battle["parts"] = parts
        battle["strength"] = [sum(p.values()) for p in parts]
        battle["cards_counted"] = known
        if s.phase == P_CASUALTY:
            # The loser's units by type it picks its casualties among (the map's chooser).
            battle["casualty_pool"] = battle_rules.casualty_pool(s)
        # Each supporting area (pledged or still to pledge) and what it adds before cards.
        battle["supporters"] = [
            {
                "area": a,
                "seat": s.order_owner[a],
                "strength": battle_rules.support_strength_raw(s, a),
                "side": s.battle.support[a] if s.battle.support[a] >= 0 else None,
            }
            for a in sorted(
                {*s.battle.support_queue, *(b for b in range(N_AREAS) if s.battle.support[b] >= 0)}
            )
            if s.order[a] >= 0 and started
        ]
        view["battle"] = battle
    view["last_battle"] = last_battle(s)
    if s.phase == P_OVER:
        view["result"] = {
            "winners": s.winners[:],
            "reason": REASON_NAMES[s.winner_reason],
            "tiebreak": list(TIEBREAK_NAMES),
            "standings": standings(s),
        }
    else:
        view["result"] = None
    return view


def last_battle(s: ThronesData) -> dict[str, JSON] | None:
    """The last resolved battle's public tally (None before one, while one is in progress, and
    once the next round's orders are out): who fought where, each side's strength by source, the
    house cards, the winner (None: a neutral force held), casualties and losses, the retreat."""
    t = s.last_battle
    if t is None or not t.done:
        return None
    parts: list[dict[str, int]] = [
        {name: t.parts[side * 5 + k] for k, name in enumerate(PART_NAMES)} for side in (0, 1)
    ]
    if t.neutral:
        parts[1] = {"neutral": t.neutral}
    return {
        "area": t.area,
        "from": t.origin,
        "attacker": t.attacker,
        "defender": t.defender,
        "neutral": t.neutral,
        "parts": parts,
        "strength": [sum(p.values()) for p in parts],
        "cards": [c if c >= 0 else None for c in t.cards],
        "winner": t.winner if t.winner >= 0 else None,
        "casualties": t.casualties,
        "lost": [t.lost[0:3], t.lost[3:6]],
        "retreat": t.retreat if t.retreat >= 0 else None,
        "no_retreat": bool(t.no_retreat),
    }


def seat_identities(players: int) -> list[dict[str, str]]:
    """What each seat is at a table of ``players`` (the lobby names it): its house and colours."""
    return [
        {"name": HOUSE_NAMES[h], "fill": D.HOUSE_FILL[h], "ink": D.HOUSE_INK[h]}
        for h in D.HOUSES_FOR_PLAYERS[players]
    ]


# The parts of a round a replay jumps to (chapter): the phase of each state, by its number.
_PLANNING_PART: Final = frozenset({P_PLANNING, P_RAVEN})
_WESTEROS_PART: Final = frozenset(
    {P_SUPPLY, P_MUSTER, P_BID, P_TIE, P_WILDLING_REWARD, P_WILDLING_LOSS, P_WESTEROS_NEXT, P_BIDS_DONE}
)


def chapter(s: ThronesData) -> str:
    """The part of the game a state is in, for a replay's jumps: the round and its phase
    (Westeros, Planning, Action), or the end."""
    if s.phase == P_OVER:
        return "The end"
    part = "Planning" if s.phase in _PLANNING_PART else "Westeros" if s.phase in _WESTEROS_PART else "Action"
    return f"Round {s.turn} · {part}"
