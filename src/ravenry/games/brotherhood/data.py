"""Brotherhood of the Watch components as data: the lands north of the Wall and the tokens.

Sources: the rulebook (000_…), its printed page 7 (004_…) and brotherhood-facts.md. Values
marked assumed are the fact sheet's assumptions, kept here and nowhere else.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ravenry.games.catan.data import BRICK, LUMBER, WOOL, Cost
from ravenry.games.got_catan import GOT_CATAN

CLANS: Final = ("Ice River clan", "Cave People clan", "Hornfoot clan")  # west to east
WILDLING_TYPES: Final = ("regular", "climber", "giant")
# What each kind of wildling does at the Wall, in a line, for the page (the views carry it).
WILDLING_EFFECTS: Final = (
    "Wildling: waits in its clearing; when the wildlings there outnumber the guards on that Wall "
    "section, the Wall is breached.",
    "Climber: jumps over the Wall into the Gift as soon as it reaches a clearing.",
    "Giant: takes the oldest guard of its section with it; facing no guard, it breaches the Wall.",
)
REGULAR: Final = 0
CLIMBER: Final = 1
GIANT: Final = 2
CAMPS_PER_CLAN: Final = 5
SECTIONS: Final = 4  # wall sections, west (1) to east (4); clearing i faces section i
SPACES_PER_SECTION: Final = 5
GUARDS_PER_PLAYER: Final = 7
BREACHES_TO_END: Final = 3
GIFT_WILDLINGS_TO_END: Final = 8
MAX_WILDLINGS_PER_HEX: Final = 2
WILDLING_DIE_SIDES: Final = 12

# Each clan has a lower and a higher trail: (numbers on the trail, clearing index 0-3).
TRAILS: Final[tuple[tuple[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]], ...]] = (
    (((1, 2), 0), ((3,), 1)),  # Ice River clan
    (((4,), 1), ((5,), 2)),  # Cave People clan
    (((6,), 2), ((7, 8), 3)),  # Hornfoot clan
)
# Wildling die face → (clan, clearing), or None for faces 9-12 that move no one.
TRAIL_OF_FACE: Final[tuple[tuple[int, int] | None, ...]] = tuple(
    next(((c, clearing) for c, pair in enumerate(TRAILS) for nums, clearing in pair if face in nums), None)
    for face in range(WILDLING_DIE_SIDES + 1)
)

# assumed: the split of the 57 wildling tokens; per clan 12 regular, 4 climbers, 3 giants.
TOKENS_PER_CLAN: Final = {REGULAR: 12, CLIMBER: 4, GIANT: 3}
SETTLEMENT_TOKENS: Final = 3  # settlements left on the building cost card after set-up
TOKENS_PER_KEEP: Final = 2

GUARD_COST: Final[Cost] = (1, 1, 0, 0, 1)
assert GUARD_COST[BRICK] == GUARD_COST[LUMBER] == GUARD_COST[WOOL] == 1
GUARD_VP_THRESHOLDS: Final = (3, 5)  # a VP token at 3 guards and another at 5


def token(clan: int, kind: int) -> int:
    return clan * 3 + kind


def all_tokens() -> list[int]:
    return [token(c, k) for c in range(len(CLANS)) for k, n in TOKENS_PER_CLAN.items() for _ in range(n)]


BROTHERHOOD: Final = replace(
    GOT_CATAN,
    game_id="brotherhood",
    dev_deck=(14, 5, 2, 2, 0, 2),
    longest_road_vp=1,
    largest_army_vp=1,
    bank_trade_rate=3,
    win_at_end_of_turn=True,
)
