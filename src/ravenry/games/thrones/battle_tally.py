"""The last resolved battle's public tally (:class:`BattleTally`, ``s.last_battle``): who fought
where, each side's final strength by source, the house cards, the winner, the casualties and
every unit each side lost, where the loser went. ``battle.py`` writes it as the battle goes;
``views.py`` shows it once it is done, until the next battle or the next round's orders.

Saved as the flat list of ints the state always saved (:meth:`BattleTally.to_list`, in the
order of ``SAVED``), so that saved games and the pinned digests read the same.
"""

from __future__ import annotations

from typing import Final

# The strength sources of a side, in the order ``parts`` holds them.
PART_NAMES: Final = ("units", "order", "support", "card", "blade")


class BattleTally:
    """One battle's tally, from the moment it begins."""

    def __init__(self, of: BattleTally | None = None) -> None:
        self.area: int = -1 if of is None else of.area
        self.origin: int = -1 if of is None else of.origin  # the area the attack came from
        self.attacker: int = -1 if of is None else of.attacker
        self.defender: int = -1 if of is None else of.defender  # -1: a neutral force
        self.neutral: int = 0 if of is None else of.neutral  # its strength, 0 between houses
        # per side, its final strength by source (PART_NAMES): side * 5 + index
        self.parts: list[int] = [0] * 10 if of is None else of.parts[:]
        self.cards: list[int] = [-1, -1] if of is None else of.cards[:]  # each side's house card
        self.winner: int = -1 if of is None else of.winner  # -1 when a neutral force held
        # casualties the winner's swords inflicted (after fortifications)
        self.casualties: int = 0 if of is None else of.casualties
        # per side and unit type (side * 3 + type): units lost in the battle, all causes
        self.lost: list[int] = [0] * 6 if of is None else of.lost[:]
        # where the loser's survivors went (an attacker: back where it came from), -1
        self.retreat: int = -1 if of is None else of.retreat
        self.no_retreat: int = 0 if of is None else of.no_retreat  # 1: nowhere to go, destroyed
        self.done: int = 0 if of is None else of.done  # 1 once the battle is over

    def copy(self) -> BattleTally:
        return BattleTally(self)

    def strength(self, side: int) -> int:
        return sum(self.parts[side * 5 : side * 5 + 5])

    def to_list(self) -> list[int]:
        """The saved form: 28 ints (area, origin, attacker, defender, neutral, parts, cards,
        winner, casualties, lost, retreat, no_retreat, done)."""
        return [
            self.area,
            self.origin,
            self.attacker,
            self.defender,
            self.neutral,
            *self.parts,
            *self.cards,
            self.winner,
            self.casualties,
            *self.lost,
            self.retreat,
            self.no_retreat,
            self.done,
        ]

    @staticmethod
    def from_list(values: list[int]) -> BattleTally | None:
        """The tally saved by :meth:`to_list` (None for the empty list: no battle yet)."""
        if not values:
            return None
        t = BattleTally()
        t.area, t.origin, t.attacker, t.defender, t.neutral = values[0:5]
        t.parts = list(values[5:15])
        t.cards = list(values[15:17])
        t.winner, t.casualties = values[17], values[18]
        t.lost = list(values[19:25])
        t.retreat, t.no_retreat, t.done = values[25], values[26], values[27]
        return t
