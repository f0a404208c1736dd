"""Every action of Thrones, one row each (:data:`THRONES_ACTIONS`): its name, the phases that take
it (whose ``apply`` in ``rules.PHASES`` is its handler) and its codec fields, each with the range
of integers it takes.

The one list of Thrones' actions: the codec's fields (``rules.THRONES_ACTION_FIELDS``), the
phase table's kinds (``rules.PHASES``), the RL catalogue (``ravenry.rl.catalogue``), the greedy
bot's scorers and what the page is told (``action_facts``, through the game's declaration and
``/api/meta``) are all read from it. A new action is one more row here.
"""

from __future__ import annotations

from typing import Final

from ravenry.core.protocol import JSON
from ravenry.games.thrones.data import CARDS_PER_HOUSE, N_AREAS, N_ORDER_KINDS, POWER_TOKENS
from ravenry.games.thrones.state import (
    P_ABILITY,
    P_BID,
    P_BLADE,
    P_CARDS,
    P_CASUALTY,
    P_MARCH_CHOOSE,
    P_MARCH_MOVE,
    P_MUSTER,
    P_PLANNING,
    P_RAID,
    P_RAVEN,
    P_RETREAT,
    P_RETREAT_LOSS,
    P_SUPPLY,
    P_SUPPORT,
    P_TIE,
    P_WILDLING_LOSS,
    P_WILDLING_REWARD,
    PHASE_NAMES,
)

PER_SEAT: Final = -1  # a range's size that is the table's number of seats


class Range:
    """The integers ``low .. low + size - 1`` one action field takes (``size`` :data:`PER_SEAT`:
    one per seat), named by what they count. A range from -1 is the codec's ``int?`` (-1: none)."""

    def __init__(self, name: str, low: int, size: int, meaning: str) -> None:
        self.name = name
        self.low = low
        self.size = size
        self.meaning = meaning

    def size_for(self, players: int) -> int:
        return players if self.size == PER_SEAT else self.size

    @property
    def codec_kind(self) -> str:
        return "int?" if self.low < 0 else "int"


AREA: Final = Range("area", 0, N_AREAS, "area id (board order)")
AREA_OR_NONE: Final = Range("area?", -1, N_AREAS + 1, "area id, or -1 for none")
ORDER: Final = Range("order", 0, N_ORDER_KINDS, "order token kind")
UNIT: Final = Range("unit", 0, 3, "footman, knight, ship")
CARD: Final = Range("card", 0, CARDS_PER_HOUSE, "house card of the seat's house")
FLAG: Final = Range("flag", 0, 2, "no / yes")
SIDE: Final = Range("side", 0, 3, "attacker, defender, none")
MUSTERED: Final = Range("what", 0, 4, "footman, knight, ship, upgrade")
POWER: Final = Range("power", 0, POWER_TOKENS + 1, "power tokens bid")
SEAT: Final = Range("seat", 0, PER_SEAT, "seat")


class ActionRow:
    """One action: its name, the phases that take it, and its fields in order (name, range)."""

    def __init__(self, name: str, phases: tuple[int, ...], fields: tuple[tuple[str, Range], ...]) -> None:
        self.name = name
        self.phases = phases
        self.fields = fields

    def codec_fields(self) -> list[tuple[str, str]]:
        return [(field, r.codec_kind) for field, r in self.fields]


PLACE_ORDER: Final = ActionRow("place_order", (P_PLANNING,), (("area", AREA), ("order", ORDER)))
CLEAR_ORDER: Final = ActionRow("clear_order", (P_PLANNING,), (("area", AREA),))
READY: Final = ActionRow("ready", (P_PLANNING,), ())
RAVEN_SWAP: Final = ActionRow("raven_swap", (P_RAVEN,), (("area", AREA), ("order", ORDER)))
RAVEN_PASS: Final = ActionRow("raven_pass", (P_RAVEN,), ())
RAID: Final = ActionRow("raid", (P_RAID,), (("area", AREA), ("target", AREA_OR_NONE)))
MARCH: Final = ActionRow("march", (P_MARCH_CHOOSE,), (("area", AREA),))
MOVE: Final = ActionRow("move", (P_MARCH_MOVE,), (("from", AREA), ("to", AREA), ("unit", UNIT)))
END_MARCH: Final = ActionRow("end_march", (P_MARCH_MOVE,), (("leave_power_token", FLAG),))
SUPPORT: Final = ActionRow("support", (P_SUPPORT,), (("area", AREA), ("side", SIDE)))
HOUSE_CARD: Final = ActionRow("house_card", (P_CARDS,), (("card", CARD),))
BLADE: Final = ActionRow("blade", (P_BLADE,), (("use", FLAG),))
CASUALTY: Final = ActionRow("casualty", (P_CASUALTY,), (("unit", UNIT),))
# A card's "if you win" target: a card (Luwin, Melisandre) or an area (Cersei, Asha), -1 none.
ABILITY: Final = ActionRow("ability", (P_ABILITY,), (("target", AREA_OR_NONE),))
ABILITY_PASS: Final = ActionRow("ability_pass", (P_ABILITY,), ())
RETREAT: Final = ActionRow("retreat", (P_RETREAT,), (("area", AREA),))
DESTROY: Final = ActionRow("destroy", (P_RETREAT_LOSS, P_SUPPLY), (("area", AREA), ("unit", UNIT)))
MUSTER: Final = ActionRow("muster", (P_MUSTER,), (("area", AREA), ("what", MUSTERED), ("to", AREA)))
END_MUSTER: Final = ActionRow("end_muster", (P_MUSTER,), ())
BID: Final = ActionRow("bid", (P_BID,), (("amount", POWER),))
TIE_PICK: Final = ActionRow("tie_pick", (P_TIE,), (("seat", SEAT),))
RECLAIM: Final = ActionRow("reclaim", (P_WILDLING_REWARD,), (("card", CARD),))
RECLAIM_PASS: Final = ActionRow("reclaim_pass", (P_WILDLING_REWARD,), ())
WILDLING_LOSS: Final = ActionRow("wildling_loss", (P_WILDLING_LOSS,), (("area", AREA), ("unit", UNIT)))

# The one table, in the order a round meets them.
THRONES_ACTIONS: Final = (
    PLACE_ORDER,
    CLEAR_ORDER,
    READY,
    RAVEN_SWAP,
    RAVEN_PASS,
    RAID,
    MARCH,
    MOVE,
    END_MARCH,
    SUPPORT,
    HOUSE_CARD,
    BLADE,
    CASUALTY,
    ABILITY,
    ABILITY_PASS,
    RETREAT,
    DESTROY,
    MUSTER,
    END_MUSTER,
    BID,
    TIE_PICK,
    RECLAIM,
    RECLAIM_PASS,
    WILDLING_LOSS,
)
ACTION_ROWS: Final = {row.name: row for row in THRONES_ACTIONS}


def kinds_of(phase: int) -> tuple[str, ...]:
    """The names of the actions ``phase`` takes, in the table's order."""
    return tuple(row.name for row in THRONES_ACTIONS if phase in row.phases)


def action_facts() -> dict[str, dict[str, JSON]]:
    """What the page is told of each action besides its fields (the game's declaration hands it
    to ``/api/meta``): name → the names of the phases that take it."""
    return {row.name: {"phases": [PHASE_NAMES[p] for p in row.phases]} for row in THRONES_ACTIONS}
