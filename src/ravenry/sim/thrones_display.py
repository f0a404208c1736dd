"""A text display of a Thrones position for ``ravenry demo thrones``: each house's areas and
units, castles, supply, power and track positions, read from the public view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from ravenry.games.thrones.data import AREA_CASTLE, AREA_NAMES, N_AREAS
from ravenry.sim.seat_styles import player_style

_UNIT_LETTERS = ("F", "K", "S")  # footman, knight, ship


def _units_label(units: Sequence[int]) -> str:
    return "".join(f"{c}{_UNIT_LETTERS[t]}" for t, c in enumerate(units) if c)


def thrones_text(view: Mapping[str, Any], bots: Sequence[str] | None = None) -> Text:
    """Per house: castles, supply, power, track positions, then its areas (units, tokens)."""
    houses: list[str] = view["houses"]
    tracks: Mapping[str, list[int]] = view["tracks"]
    out = Text()
    out.append(f"Turn {view['turn']}, wildling threat {view['wildlings']}\n", style="bold")
    for p, house in enumerate(houses):
        label = f"{house}" + (f" ({bots[p]})" if bots else "")
        out.append(label, style=player_style(p))
        positions = ", ".join(
            f"{name.replace('_', ' ')} {order.index(p) + 1}" for name, order in tracks.items()
        )
        power = view["power"][p]
        out.append(
            f": {view['castles'][p]} castles, supply {view['supply'][p]}, power {power}; {positions}\n"
        )
        held: list[str] = []
        for a in range(N_AREAS):
            units = view["units"][a]
            mine = view["owner"][a] == p and sum(units) > 0
            token = view["power_tokens"][a] == p
            if not mine and not token:
                continue
            name = AREA_NAMES[a] + ("*" if AREA_CASTLE[a] else "")
            parts = [_units_label(units)] if mine else []
            if token:
                parts.append("token")
            held.append(f"{name} {' '.join(parts)}")
        out.append("  " + ("; ".join(held) or "—") + "\n")
    neutral = [f"{AREA_NAMES[a]} {v}" for a, v in enumerate(view["neutral"]) if v]
    out.append(f"Neutral forces: {', '.join(neutral) or '—'}\n")
    out.append("F footman, K knight, S ship; * a city or stronghold; token: a power token", style="dim")
    return out
