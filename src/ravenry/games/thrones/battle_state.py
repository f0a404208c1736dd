"""The battle in progress (:class:`BattleState`, ``s.battle``): who fights where, with what, and
how far the steps have gone. The rules that move it on are in ``battle.py``; a march
(``marches.py``) opens it when units move into a fight.

Each field is written once, as its line in ``__init__``: its type, its starting value (or its
value in the record copied: ``copy()`` passes ``of``, so a copy never runs the starting work) and
what it means. ``FIELDS`` (what ``parts.py`` saves, by name) is read from a fresh record, under
the keys the flat state used: ``b_`` and the name (``b_area``, ...), but ``b_att`` and
``b_revealed``. The moments of a battle put groups of fields back to those starting values.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.data import N_AREAS
from ravenry.games.thrones.parts import Fields, saved_fields


class BattleState:
    """One battle, from the first unit marching in until it is over (``area`` -1: none)."""

    def __init__(self, of: BattleState | None = None) -> None:
        # each field's starting value, or its value in ``of`` (the record this one copies)
        self.area: int = -1 if of is None else of.area  # the attacked area, -1 when no battle is on
        self.origin: int = -1 if of is None else of.origin  # the area the attack came from
        self.attacker: int = -1 if of is None else of.attacker
        self.defender: int = -1 if of is None else of.defender  # -1 for a neutral force
        # the neutral force's strength (0: a battle between houses)
        self.neutral: int = 0 if of is None else of.neutral
        # the attacking units by type, off the board until the battle ends
        self.attacking: list[int] = [0, 0, 0] if of is None else of.attacking[:]
        # the march order's strength bonus (set when the march begins)
        self.march_bonus: int = 0 if of is None else of.march_bonus
        # area → side pledged (``state.SIDE_*``), -1 not asked
        self.support: list[int] = [-1] * N_AREAS if of is None else of.support[:]
        self.support_queue: list[int] = [] if of is None else of.support_queue[:]  # areas still to pledge
        # [attacker's house card, defender's], -1 none yet
        self.cards: list[int] = [-1, -1] if of is None else of.cards[:]
        self.cards_revealed: int = 0 if of is None else of.cards_revealed  # 1 once both are face up
        self.step: int = 0 if of is None else of.step  # the step in progress (``battle.STEP_*``)
        # the seat that used the Valyrian Steel Blade in this battle, -1
        self.blade: int = -1 if of is None else of.blade
        self.winner: int = -1 if of is None else of.winner
        self.loser: int = -1 if of is None else of.loser
        self.casualties: int = 0 if of is None else of.casualties  # still to be taken by the loser

    def copy(self) -> BattleState:
        return BattleState(self)

    def _restart(self, names: tuple[str, ...]) -> None:
        """Put the fields ``names`` back to their starting values (``__init__``'s, kept in
        ``_START``; a list is copied, never shared)."""
        for name in names:
            value = getattr(_START, name)
            setattr(self, name, value[:] if isinstance(value, list) else value)

    def begin_march(self, march_bonus: int) -> None:
        """A march begins: no battle yet, and the order's bonus for the one it may start."""
        self._restart(_DISENGAGED)
        self.march_bonus = march_bonus

    def engage(self, area: int, origin: int, attacker: int, defender: int, neutral: int) -> None:
        """The first unit marches into ``area``: who fights (the units follow in ``attacking``)."""
        self.area = area
        self.origin = origin
        self.attacker = attacker
        self.defender = defender
        self.neutral = neutral

    def begin_steps(self) -> None:
        """The march is over and the battle begins: no pledges, cards or result yet."""
        self._restart(_BEFORE_STEPS)

    def end(self) -> None:
        """The battle is over. The result (``winner``, ``loser``, ``casualties``) and the pledges
        stay until the next one begins."""
        self._restart(_ENDED)


# The starting values, read (never changed) by ``_restart``.
_START: Final = BattleState()
# Nobody fights anywhere: no area, sides or attacking units.
_DISENGAGED: Final = ("area", "origin", "attacker", "defender", "neutral", "attacking")
# The battle's steps not begun: no pledges, cards, blade or result.
_BEFORE_STEPS: Final = ("support", "cards", "cards_revealed", "blade", "winner", "loser", "casualties")
# Over: disengaged, with no pledges to ask, cards, blade or step (the result and pledges stay).
_ENDED: Final = (*_DISENGAGED, "support_queue", "cards", "cards_revealed", "blade", "step")

FIELDS: Final[Fields] = saved_fields(
    BattleState(), "b_", {"attacking": "b_att", "cards_revealed": "b_revealed"}
)
