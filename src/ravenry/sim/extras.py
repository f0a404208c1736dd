"""Game-specific facts about how a game ended, for simulation summaries.

A game may register one function that reads the final *spectator* view (``observe(None)``:
public facts only) and returns :class:`GameExtras`: per-game values (a number to average, or a
category such as how the game ended, to count) and per-seat numbers (averaged per seat and per
bot kind). It may also name the values a category usually takes, so summaries list them in
that order, zero counts included. The runner calls the function once per game; games without
one report no extras.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ravenry.core.protocol import GameState

ExtraValue = float | str  # a number is averaged over games; a string is a category and counted


@dataclass(frozen=True)
class GameExtras:
    values: Mapping[str, ExtraValue] = field(default_factory=dict)
    per_seat: Mapping[str, tuple[float, ...]] = field(default_factory=dict)


ExtrasFunction = Callable[[Mapping[str, Any]], GameExtras]

_EXTRAS: dict[str, ExtrasFunction] = {}
_CATEGORIES: dict[str, dict[str, tuple[str, ...]]] = {}
# Game id → module registering its extras, imported on first use (as the games themselves are).
_BUILTIN = {"brotherhood": "ravenry.sim.brotherhood_extras", "thrones": "ravenry.sim.thrones_extras"}


def register_extras(
    game_id: str, function: ExtrasFunction, categories: Mapping[str, tuple[str, ...]] | None = None
) -> None:
    """Use ``function`` (final spectator view → :class:`GameExtras`) for every ``game_id`` game;
    ``categories``: per category, the values summaries always list, in order."""
    _EXTRAS[game_id] = function
    _CATEGORIES[game_id] = dict(categories or {})


def extras_function(game_id: str) -> ExtrasFunction | None:
    _load(game_id)
    return _EXTRAS.get(game_id)


def extras_categories(game_id: str) -> dict[str, tuple[str, ...]]:
    """Per category, the values a ``game_id`` summary always lists (in order)."""
    _load(game_id)
    return _CATEGORIES.get(game_id, {})


def _load(game_id: str) -> None:
    if game_id not in _EXTRAS and game_id in _BUILTIN:
        importlib.import_module(_BUILTIN[game_id])


def game_extras(state: GameState) -> GameExtras:
    """The extras of ``state``'s game (empty when the game registers none)."""
    function = extras_function(state.game.id)
    if function is None:
        return GameExtras()
    return function(state.observe(None))
