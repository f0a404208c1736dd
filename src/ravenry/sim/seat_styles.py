"""The colour each seat is drawn in on the command line, shared by every game's text display
(``display.py`` for the Catan family, ``thrones_display.py`` for thrones)."""

from __future__ import annotations

from typing import Final

PLAYER_STYLE: Final = (
    "bold red",
    "bold blue",
    "bold white",
    "bold dark_orange",
    "bold green",
    "bold magenta",
)


def player_style(p: int) -> str:
    return PLAYER_STYLE[p % len(PLAYER_STYLE)]
