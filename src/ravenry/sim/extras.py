"""Game-specific facts about how a game ended, for simulation summaries.

A game may declare (``extras`` in its :class:`~ravenry.core.registry.GameDeclaration`) an
:class:`ExtrasSpec`: a function that reads the final *spectator* view (``observe(None)``: public
facts only) and returns :class:`GameExtras`: per-game values (a number to average, or a
category such as how the game ended, to count) and per-seat numbers (averaged per seat and per
bot kind); and the values a category usually takes, so summaries list them in that order, zero
counts included. The runner calls the function once per game; games without one report no
extras. :func:`register_extras` adds extras at run time (a test's or plug-in's game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ravenry.core.protocol import GameState
from ravenry.core.registry import declaration, load_reference

ExtraValue = float | str  # a number is averaged over games; a string is a category and counted


@dataclass(frozen=True)
class GameExtras:
    values: Mapping[str, ExtraValue] = field(default_factory=dict)
    per_seat: Mapping[str, tuple[float, ...]] = field(default_factory=dict)


ExtrasFunction = Callable[[Mapping[str, Any]], GameExtras]


@dataclass(frozen=True)
class ExtrasSpec:
    """A game's extras: ``function`` (final spectator view → :class:`GameExtras`) and, per
    category, the values summaries always list, in order."""

    function: ExtrasFunction
    categories: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


_ADDED: dict[str, ExtrasSpec] = {}  # extras added at run time by register_extras


def register_extras(
    game_id: str, function: ExtrasFunction, categories: Mapping[str, tuple[str, ...]] | None = None
) -> None:
    """Use ``function`` for every ``game_id`` game instead of the declared extras (if any)."""
    _ADDED[game_id] = ExtrasSpec(function, dict(categories or {}))


def _spec(game_id: str) -> ExtrasSpec | None:
    if game_id in _ADDED:
        return _ADDED[game_id]
    try:
        reference = declaration(game_id).extras
    except KeyError:
        return None
    if reference is None:
        return None
    spec = load_reference(reference)
    assert isinstance(spec, ExtrasSpec), f"{reference} is not an ExtrasSpec"
    return spec


def extras_function(game_id: str) -> ExtrasFunction | None:
    spec = _spec(game_id)
    return None if spec is None else spec.function


def extras_categories(game_id: str) -> dict[str, tuple[str, ...]]:
    """Per category, the values a ``game_id`` summary always lists (in order)."""
    spec = _spec(game_id)
    return {} if spec is None else dict(spec.categories)


def game_extras(state: GameState) -> GameExtras:
    """The extras of ``state``'s game (empty when the game has none)."""
    function = extras_function(state.game.id)
    if function is None:
        return GameExtras()
    return function(state.observe(None))
