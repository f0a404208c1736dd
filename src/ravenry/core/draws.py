"""Uniform draws among legal actions: the ``random`` bot's choice (:mod:`ravenry.bots.random_bot`),
which the RL environment's compiled loop (:mod:`ravenry.observations.turns`) also makes for it.
One place, so that both draw the same actions from the same generator."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ravenry.core.protocol import Action
from ravenry.core.rng import Rng

# A variant's take-back (Catan's undo option): listed for people, never drawn by a random bot.
UNDO_TYPE: Final = "undo"


def draw_uniform(legal: Sequence[Action], rng: Rng) -> Action:
    """One of ``legal`` drawn uniformly, never a take-back: if one is drawn, another is drawn
    among the rest (checked on the action drawn, so that without the option the draws are the
    same as they always were)."""
    choice = rng.choice(legal)
    if choice[0] == UNDO_TYPE:
        choice = rng.choice([a for a in legal if a[0] != UNDO_TYPE])
    return choice
