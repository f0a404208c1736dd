"""The end of the game: the instant win at 7 castles (8 with 3 players), checked whenever an
area changes hands, and after turn 10 the most castles, then supply, then available power."""

from __future__ import annotations

from ravenry.core.protocol import Event
from ravenry.games.thrones.data import AREA_CASTLE, TURNS
from ravenry.games.thrones.map import CASTLE_AREAS, castles_held
from ravenry.games.thrones.state import P_OVER, ThronesData

REASON_CASTLES = 1
REASON_TURN_LIMIT = 2
REASON_DRAW = 3
REASON_NAMES = ("", "castles", f"turn {TURNS}", "draw")
# What ranks the houses after turn 10, in order (final_ranking_key); the instant win is castles.
TIEBREAK_NAMES = ("castles", "supply", "power")


def castles(s: ThronesData) -> list[int]:
    return [castles_held(s.units, s.owner, s.token, s.home, p) for p in range(s.n)]


def check_instant_win(s: ThronesData, events: list[Event]) -> bool:
    held = castles(s)
    for p in range(s.n):
        if held[p] >= s.castles_to_win:
            s.winners = [p]
            s.winner_reason = REASON_CASTLES
            s.phase = P_OVER
            events.append(Event("game_over", {"winners": [p], "reason": "castles", "castles": held}))
            return True
    return False


def final_ranking_key(s: ThronesData, p: int, held: list[int]) -> tuple[int, int, int]:
    return (held[p], s.supply[p], s.power[p])


def standings(s: ThronesData) -> list[dict[str, int]]:
    """Every house's ranking numbers, best first by :func:`final_ranking_key` (seat order among
    equals), with its rank (equal numbers share one): areas with a castle or a stronghold held
    (and how many of them are strongholds), the supply level and the available power."""
    held = castles(s)
    keys = [final_ranking_key(s, p, held) for p in range(s.n)]
    rows: list[dict[str, int]] = []
    for p in sorted(range(s.n), key=lambda q: keys[q], reverse=True):
        strongholds = sum(1 for a in CASTLE_AREAS if AREA_CASTLE[a] == 2 and s.controller(a) == p)
        rows.append(
            {
                "seat": p,
                "rank": 1 + sum(1 for q in range(s.n) if keys[q] > keys[p]),
                "castles": held[p],
                "strongholds": strongholds,
                "supply": s.supply[p],
                "power": s.power[p],
            }
        )
    return rows


def end_after_last_turn(s: ThronesData, events: list[Event]) -> None:
    held = castles(s)
    keys = [final_ranking_key(s, p, held) for p in range(s.n)]
    best = max(keys)
    top = [p for p in range(s.n) if keys[p] == best]
    if len(top) == 1:
        s.winners = top
        s.winner_reason = REASON_TURN_LIMIT
    else:
        s.winners = []
        s.winner_reason = REASON_DRAW
    s.phase = P_OVER
    events.append(
        Event(
            "game_over",
            {"winners": list(s.winners), "reason": REASON_NAMES[s.winner_reason], "castles": held},
        )
    )
