"""Brotherhood of the Watch summary extras: how each game ended (victory points, breaches or
wildlings in the Gift), the breaches, the wildlings in the Gift, and each seat's guards on the
Wall at the end — all read from the final spectator view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ravenry.games.brotherhood.data import BREACHES_TO_END, BROTHERHOOD, GIFT_WILDLINGS_TO_END
from ravenry.sim.extras import ExtrasSpec, GameExtras

ENDING = "ending"
BY_VP = f"{BROTHERHOOD.victory_points} VP"
BY_BREACHES = f"{BREACHES_TO_END} breaches"
BY_WILDLINGS = f"{GIFT_WILDLINGS_TO_END} wildlings"
UNFINISHED = "unfinished"
ENDINGS = (BY_VP, BY_BREACHES, BY_WILDLINGS, UNFINISHED)
USUAL_ENDINGS = (BY_VP, BY_BREACHES, BY_WILDLINGS)  # listed even when no game ended so
BREACHES = "breaches"
GIFT_WILDLINGS = "wildlings in the Gift"
GUARDS = "guards on the Wall"


def brotherhood_extras(view: Mapping[str, Any]) -> GameExtras:
    breaches = int(view["breaches"])
    in_gift = sum(len(ws) for ws in view["gift_wildlings"].values())
    if view.get("result") is None:
        ending = UNFINISHED
    elif breaches >= BREACHES_TO_END:
        ending = BY_BREACHES
    elif in_gift >= GIFT_WILDLINGS_TO_END:
        ending = BY_WILDLINGS
    else:
        ending = BY_VP
    guards = tuple(float(p["guards_on_wall"]) for p in view["players"])
    return GameExtras(
        values={ENDING: ending, BREACHES: float(breaches), GIFT_WILDLINGS: float(in_gift)},
        per_seat={GUARDS: guards},
    )


# Named by the brotherhood declaration (ravenry.games.brotherhood.DECLARATION).
BROTHERHOOD_EXTRAS = ExtrasSpec(brotherhood_extras, categories={ENDING: USUAL_ENDINGS})
