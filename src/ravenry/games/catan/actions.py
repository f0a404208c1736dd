"""Catan's actions as prebuilt tuples: listing legal actions picks them from these tables instead
of building new tuples on every call (the hot path of every playout), and the action chosen from a
list is then the very object ``apply`` finds in it.

An action is a tuple whose first element names its type (``("build_road", 41)``); the tables cover
every index any board can have (``topology.MAX_BOARD_INDEX``, checked when a topology is built).
"""

from __future__ import annotations

from typing import Final

from ravenry.core.protocol import Action
from ravenry.games.catan.data import N_RES
from ravenry.games.catan.topology import MAX_BOARD_INDEX

MAX_PLAYERS: Final = 8  # robbery victims are numbered below this


def _numbered(kind: str, count: int) -> tuple[Action, ...]:
    return tuple((kind, i) for i in range(count))


ROLL: Final[Action] = ("roll",)
END_TURN: Final[Action] = ("end_turn",)
BUY_DEV: Final[Action] = ("buy_dev",)
PLAY_KNIGHT: Final[Action] = ("play_knight",)
PLAY_ROAD_BUILDING: Final[Action] = ("play_road_building",)
UNDO: Final[Action] = ("undo",)  # the undo option: take back one's last build or bank trade

PLACE_SETTLEMENT: Final = _numbered("place_settlement", MAX_BOARD_INDEX)
PLACE_ROAD: Final = _numbered("place_road", MAX_BOARD_INDEX)
PLACE_FREE_ROAD: Final = _numbered("place_free_road", MAX_BOARD_INDEX)
BUILD_ROAD: Final = _numbered("build_road", MAX_BOARD_INDEX)
BUILD_SETTLEMENT: Final = _numbered("build_settlement", MAX_BOARD_INDEX)
BUILD_CITY: Final = _numbered("build_city", MAX_BOARD_INDEX)
DISCARDS: Final = _numbered("discard", N_RES)
PLAY_MONOPOLY: Final = _numbered("play_monopoly", N_RES)

# ROBBER_MOVES[hex + 1][victim + 1]: hex -1 is off the board (Tormund's camp), victim -1 is nobody.
ROBBER_MOVES: Final = tuple(
    tuple(("move_robber", h, v) for v in range(-1, MAX_PLAYERS)) for h in range(-1, MAX_BOARD_INDEX)
)
# YEAR_OF_PLENTY_PICKS[first][second + 1]: second -1 when the bank holds a single card.
YEAR_OF_PLENTY_PICKS: Final = tuple(
    tuple(("play_year_of_plenty", a, b) for b in range(-1, N_RES)) for a in range(N_RES)
)
