"""Fixtures for every game's rulebook scenarios: ``refused`` and ``one_event``
(see :mod:`ravenry.testing.assertions`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ravenry.core.protocol import Event
from ravenry.testing.assertions import only_event, refused

Refused = Callable[..., str]


@pytest.fixture(name="refused")
def refused_fixture() -> Refused:
    """``refused(state, player, action, *words)``: the action is refused, nothing changed, and
    the reason mentions every word given."""
    return refused


@pytest.fixture
def one_event() -> Callable[[list[Event], str], Event]:
    """``one_event(events, kind)``: the single event of that type."""
    return only_event
