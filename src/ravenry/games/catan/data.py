"""Classic Catan's components and costs as data, and the :class:`Ruleset` that variants replace.

Each fact lives here once. ``got-catan`` and ``brotherhood`` build their own :class:`Ruleset`
from this one with :func:`dataclasses.replace`; the rules code reads only the ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

RESOURCES: Final = ("brick", "lumber", "ore", "grain", "wool")
BRICK: Final = 0
LUMBER: Final = 1
ORE: Final = 2
GRAIN: Final = 3
WOOL: Final = 4
N_RES: Final = 5

# Terrain name → resource index it produces (None: produces nothing).
TERRAIN_RESOURCE: Final[dict[str, int | None]] = {
    "hills": BRICK,
    "forest": LUMBER,
    "mountains": ORE,
    "fields": GRAIN,
    "pasture": WOOL,
    "desert": None,
    "ice": None,
}

Cost = tuple[int, int, int, int, int]
ROAD_COST: Final[Cost] = (1, 1, 0, 0, 0)
SETTLEMENT_COST: Final[Cost] = (1, 1, 0, 1, 1)
CITY_COST: Final[Cost] = (0, 0, 3, 2, 0)
DEV_CARD_COST: Final[Cost] = (0, 0, 1, 1, 1)

# Development card kinds (indices into a player's development hand).
KNIGHT: Final = 0
VICTORY_POINT: Final = 1
ROAD_BUILDING: Final = 2
YEAR_OF_PLENTY: Final = 3
MONOPOLY: Final = 4
NEW_RECRUITS: Final = 5
N_DEV: Final = 6
DEV_CARD_IDS: Final = (
    "knight",
    "victory_point",
    "road_building",
    "year_of_plenty",
    "monopoly",
    "new_recruits",
)

# Dice sums → pips (number of ways to roll them), for bots and displays.
PIPS: Final = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

GENERIC_HARBOR: Final = -1  # a 3:1 harbor; a resource index marks a 2:1 harbor


def can_pay(hand: list[int], cost: Cost) -> bool:
    # A plain loop, not all(...): mypyc compiles it to C, a generator stays generic and slow.
    for r in range(N_RES):  # noqa: SIM110
        if hand[r] < cost[r]:
            return False
    return True


def named_counts(counts: Sequence[int]) -> dict[str, int]:
    """``{"brick": 2, "ore": 1}`` for the non-zero counts of a resource vector."""
    return {RESOURCES[r]: n for r, n in enumerate(counts) if n}


def cost_words(counts: Sequence[int]) -> str:
    """A resource vector in words, resources in alphabetical order: "1 brick, 1 lumber and 1 wool"."""
    parts = [f"{n} {name}" for name, n in sorted(named_counts(counts).items())]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class Ruleset:
    """The numbers and switches that distinguish one Catan-family game from another."""

    game_id: str = "catan"
    # Display names, so a log of got-catan says "keep" and "ranger patrol".
    city_name: str = "city"
    robber_name: str = "robber"
    dev_card_names: tuple[str, ...] = (
        "Knight",
        "Victory Point",
        "Road Building",
        "Year of Plenty",
        "Monopoly",
        "New Recruits",
    )
    army_name: str = "Largest Army"
    bank_per_resource: int = 19
    dev_deck: tuple[int, ...] = (14, 5, 2, 2, 2, 0)  # count of each development card kind
    max_roads: int = 15
    max_settlements: int = 5
    max_cities: int = 4
    longest_road_vp: int = 2
    largest_army_vp: int = 2
    longest_road_min: int = 5
    largest_army_min: int = 3
    bank_trade_rate: int = 4  # the rate you always have with the bank (the supply)
    # Shortage rule: when the bank cannot pay everyone, nobody gets that resource. With the
    # single-player exception (GoT Catan), a lone claimant takes what is left.
    shortage_single_player_exception: bool = False
    robber_can_go_home: bool = False  # Tormund may be sent back to his camp
    victory_points: int = 10
    win_at_end_of_turn: bool = False  # brotherhood: only at the end of your own turn
    discard_limit: int = 7  # more than this many cards on a 7 → discard half, rounded down
    # Domestic offers the current player may make in one turn (counter-offers are not counted).
    # The rulebook sets no limit ("you may trade as many times as you can"); a cap keeps a turn
    # finite. Ours: generous for people; bots and RL may choose a small one with the game option
    # of the same name (see README). An offer carries any number of cards the hands allow.
    max_offers_per_turn: int = 10


CATAN: Final = Ruleset()
