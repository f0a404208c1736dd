"""Assertions shared by every game's scenario tests."""

from __future__ import annotations

from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, Event, GameState


def refused(state: GameState, player: int, action: Action, *words: str) -> str:
    """The three promises of a refusal: the action raises :class:`IllegalAction`, the full state
    (``to_json``) is exactly as it was, and the reason mentions every word given. Returns it."""
    before = state.to_json()
    try:
        state.apply(player, action)
    except IllegalAction as exc:
        reason = exc.reason
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert state.to_json() == before, f"refusing {action!r} changed the state"
    for word in words:
        assert word.lower() in reason.lower(), f"reason {reason!r} does not mention {word!r}"
    return reason


def only_event(events: list[Event], kind: str) -> Event:
    """The single event of a type in a list of events (fails if there are none or several)."""
    found = [e for e in events if e.type == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {[e.type for e in events]}"
    return found[0]
