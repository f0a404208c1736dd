"""Each seat's colour in an analysis (its graph's lines, on the page and in the PNG): the colours
the game's page gives the seats (``web/static/js/games/catan-data.js`` PLAYER_COLORS, the houses of
``css/thrones.css``), sent with the analysis so the page draws what it is told."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

CATAN_COLOURS: Final = ("#d62839", "#1f5fd1", "#f08c00", "#7b3fbf", "#9a9a9a", "#2f7d32")
HOUSE_COLOURS: Final = {
    "Stark": "#5f6f7f",
    "Lannister": "#b0171f",
    "Baratheon": "#d9a400",
    "Greyjoy": "#222222",
    "Tyrell": "#2f7d32",
}


def seat_colours(game_id: str, names: Sequence[str]) -> list[str]:
    if game_id == "thrones":
        return [HOUSE_COLOURS.get(name, "#888888") for name in names]
    return [CATAN_COLOURS[p % len(CATAN_COLOURS)] for p in range(len(names))]
