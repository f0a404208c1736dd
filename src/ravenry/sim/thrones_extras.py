"""A Game of Thrones: The Board Game summary extras, read from the final spectator view: how
each game ended (a house reaching its castles, the end of turn 10, a draw), the turn it ended,
and each seat's house and castles (cities and strongholds) at the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ravenry.sim.extras import ExtrasSpec, GameExtras

ENDING = "ending"
BY_CASTLES = "castles"
BY_TURN_LIMIT = "turn 10"
DRAW = "draw"
UNFINISHED = "unfinished"
USUAL_ENDINGS = (BY_CASTLES, BY_TURN_LIMIT, DRAW)
WINNING_HOUSE = "winning house"
CASTLES = "castles at the end"
POWER = "available power at the end"


def thrones_extras(view: Mapping[str, Any]) -> GameExtras:
    result = view.get("result")
    ending = UNFINISHED if result is None else str(result["reason"])
    houses = list(view["houses"])
    winner = "none"
    if result is not None and result["winners"]:
        winner = str(houses[int(result["winners"][0])])
    per_seat = {CASTLES: tuple(float(c) for c in view["castles"])}
    # A game stopped at its turn cap during a bid hides the houses' power: it is left out then.
    if all(p is not None for p in view["power"]):
        per_seat[POWER] = tuple(float(p) for p in view["power"])
    return GameExtras(
        values={ENDING: ending, WINNING_HOUSE: winner, "last turn": float(view["turn"])}, per_seat=per_seat
    )


# Named by the thrones declaration (ravenry.games.thrones.DECLARATION).
THRONES_EXTRAS = ExtrasSpec(thrones_extras, categories={ENDING: USUAL_ENDINGS})
