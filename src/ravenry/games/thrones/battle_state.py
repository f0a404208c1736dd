"""The battle in progress (:class:`BattleState`, ``s.battle``): who fights where, with what, and
how far the steps have gone. The rules that move it on are in ``battle.py``; a march
(``marches.py``) opens it when units move into a fight.

Its fields are listed once, in ``FIELDS`` (``parts.py`` saves them by name, under the keys the flat
state used: ``b_area``, ...). To add one: declare it below, give it its line in ``__init__`` (its
starting value, or its value in the record copied: ``copy()`` passes ``of``, so a copy never runs
the starting work) and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.data import N_AREAS
from ravenry.games.thrones.parts import Fields

FIELDS: Final[Fields] = (
    ("area", "b_area"),
    ("origin", "b_origin"),
    ("attacker", "b_attacker"),
    ("defender", "b_defender"),
    ("neutral", "b_neutral"),
    ("attacking", "b_att"),
    ("march_bonus", "b_march_bonus"),
    ("support", "b_support"),
    ("support_queue", "b_support_queue"),
    ("cards", "b_cards"),
    ("cards_revealed", "b_revealed"),
    ("step", "b_step"),
    ("blade", "b_blade"),
    ("winner", "b_winner"),
    ("loser", "b_loser"),
    ("casualties", "b_casualties"),
)


class BattleState:
    """One battle, from the first unit marching in until it is over (``area`` -1: none)."""

    area: int  # the attacked area, -1 when no battle is on
    origin: int  # the area the attack came from
    attacker: int
    defender: int  # -1 for a neutral force
    neutral: int  # the neutral force's strength (0: a battle between houses)
    attacking: list[int]  # the attacking units by type, off the board until the battle ends
    march_bonus: int  # the march order's strength bonus (set when the march begins)
    support: list[int]  # area → side pledged (``state.SIDE_*``), -1 not asked
    support_queue: list[int]  # areas still to pledge, in order
    cards: list[int]  # [attacker's house card, defender's], -1 none yet
    cards_revealed: int  # 1 once both cards are face up
    step: int  # the step in progress (``battle.STEP_*``)
    blade: int  # the seat that used the Valyrian Steel Blade in this battle, -1
    winner: int
    loser: int
    casualties: int  # casualties the loser still has to take

    def __init__(self, of: BattleState | None = None) -> None:
        # each field's starting value, or its value in ``of`` (the record this one copies)
        self.area = -1 if of is None else of.area
        self.origin = -1 if of is None else of.origin
        self.attacker = -1 if of is None else of.attacker
        self.defender = -1 if of is None else of.defender
        self.neutral = 0 if of is None else of.neutral
        self.attacking = [0, 0, 0] if of is None else of.attacking[:]
        self.march_bonus = 0 if of is None else of.march_bonus
        self.support = [-1] * N_AREAS if of is None else of.support[:]
        self.support_queue = [] if of is None else of.support_queue[:]
        self.cards = [-1, -1] if of is None else of.cards[:]
        self.cards_revealed = 0 if of is None else of.cards_revealed
        self.step = 0 if of is None else of.step
        self.blade = -1 if of is None else of.blade
        self.winner = -1 if of is None else of.winner
        self.loser = -1 if of is None else of.loser
        self.casualties = 0 if of is None else of.casualties

    def copy(self) -> BattleState:
        return BattleState(self)

    def _disengage(self) -> None:
        """Nobody fights anywhere: no area, sides or attacking units."""
        self.area = -1
        self.origin = -1
        self.attacker = -1
        self.defender = -1
        self.neutral = 0
        self.attacking = [0, 0, 0]

    def begin_march(self, march_bonus: int) -> None:
        """A march begins: no battle yet, and the order's bonus for the one it may start."""
        self.march_bonus = march_bonus
        self._disengage()

    def engage(self, area: int, origin: int, attacker: int, defender: int, neutral: int) -> None:
        """The first unit marches into ``area``: who fights (the units follow in ``attacking``)."""
        self.area = area
        self.origin = origin
        self.attacker = attacker
        self.defender = defender
        self.neutral = neutral

    def begin_steps(self) -> None:
        """The march is over and the battle begins: no pledges, cards or result yet."""
        self.support = [-1] * N_AREAS
        self.cards = [-1, -1]
        self.cards_revealed = 0
        self.blade = -1
        self.winner = -1
        self.loser = -1
        self.casualties = 0

    def end(self) -> None:
        """The battle is over. The result (``winner``, ``loser``, ``casualties``) and the pledges
        stay until the next one begins."""
        self._disengage()
        self.support_queue = []
        self.cards = [-1, -1]
        self.cards_revealed = 0
        self.blade = -1
        self.step = 0
