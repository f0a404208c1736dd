"""Positions of `thrones` found by a rule over the state (ravenry.testing.positions), in the
shape ``thrones_play.write_positions`` takes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ravenry.testing.positions import find_position as _find
from ravenry.testing.positions import state_at


def find_position(
    rule: Callable[[Any], bool], players: int, seeds: Iterable[int], options: dict[str, Any] | None = None
) -> dict[str, Any]:
    return _find("thrones", rule, players, seeds, options)


def state_of(position: dict[str, Any]) -> Any:
    return state_at("thrones", position)
