"""Refusals name the rule (the phase table in ``rules.py``): an action of another phase gets the
kinds this phase takes, and a wrong choice gets what the phase asks (public facts only)."""

from __future__ import annotations

import pytest

import ravenry
from ravenry.core.errors import IllegalAction
from ravenry.games.thrones.rules import PHASES
from ravenry.games.thrones.state import P_OVER, PHASE_NAMES


def _refusal(state: object, seat: int, action: tuple[object, ...]) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)  # type: ignore[attr-defined]
    return str(err.value)


def test_action_of_another_phase_names_the_kinds_this_phase_takes() -> None:
    state = ravenry.new_game("thrones", players=4, seed=1)
    text = _refusal(state, 0, ("bid", 1))
    assert "(phase: planning)" in text
    assert "'place_order', 'clear_order', 'ready'" in text
    assert "places an order face down" in text


def test_a_wrong_choice_gets_what_the_phase_asks() -> None:
    state = ravenry.new_game("thrones", players=4, seed=1)
    text = _refusal(state, 2, ("ready",))  # no orders placed yet
    assert "not a choice this rule allows: every house places an order face down" in text


def test_every_deciding_phase_has_a_row_and_the_automatic_ones_none() -> None:
    assert len(PHASES) == len(PHASE_NAMES)
    deciding = [ph for ph, row in enumerate(PHASES) if row is not None]
    assert P_OVER not in deciding
    for ph in deciding:
        row = PHASES[ph]
        assert row is not None and row.kinds and row.rule
