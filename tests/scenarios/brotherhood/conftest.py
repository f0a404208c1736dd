"""Shared checks for the Game of Thrones Catan rulebook scenarios.

``refused`` applies an action that the rules forbid and checks the three promises of the protocol:
it raises :class:`IllegalAction`, it leaves the full state (``to_json``) exactly as it was, and its
reason names the rule that was broken. ``one_event`` picks the single event of a type.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, Event, GameState

Refused = Callable[..., str]


def _refused(state: GameState, player: int, action: Action, *words: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as raised:
        state.apply(player, action)
    assert state.to_json() == before, f"refusing {action!r} changed the state"
    reason = raised.value.reason
    for word in words:
        assert word.lower() in reason.lower(), f"reason {reason!r} does not mention {word!r}"
    return reason


@pytest.fixture
def refused() -> Refused:
    """``refused(state, player, action, *words)``: the action is refused, nothing changed, and
    the reason mentions every word given."""
    return _refused


def _only(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.type == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {[e.type for e in events]}"
    return found[0]


@pytest.fixture
def one_event() -> Callable[[list[Event], str], Event]:
    """``one_event(events, kind)``: the single event of that type (fails if none or several)."""
    return _only
