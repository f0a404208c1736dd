"""Positions found by a rule over the state: seeded random games of any game, played until the
rule holds (deterministic: seed ``s`` drives its own ``random.Random(s)``), returned as the config
and the action prefix that reach them. A test names the moment it needs ("a second battle
before the march ends") instead of storing a position; finding one takes milliseconds."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import ravenry

MAX_ACTIONS = 4000


def new_state(game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
    return ravenry.new_game(game, players=players, seed=seed, rng="keyed", **(options or {}))


def find_position(
    game: str,
    rule: Callable[[Any], bool],
    players: int,
    seeds: Iterable[int],
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The first position of the first seeded random game (with the rule ``options``) in which
    ``rule(state)`` holds: ``players``, ``seed``, ``options``, ``prefix`` (rows ``[seat, *action]``)
    and ``seat``, the first seat deciding there. AssertionError if no game reaches one."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_state(game, players, seed, options)
        prefix: list[list[Any]] = []
        while not state.decision().result and len(prefix) < MAX_ACTIONS:
            if rule(state):
                seat = state.decision().players[0]
                return {
                    "players": players,
                    "seed": seed,
                    "options": dict(options or {}),
                    "prefix": prefix,
                    "seat": seat,
                }
            moves = [(p, a) for p in state.decision().players for a in state.legal_actions(p)]
            seat, action = rng.choice(moves)
            state.apply(seat, action)
            prefix.append([seat, *action])
    raise AssertionError(f"no seeded {game} game reached the position asked for")


def state_at(game: str, position: dict[str, Any]) -> Any:
    """The state of a found position, replayed from its prefix."""
    state = new_state(game, position["players"], position["seed"], position.get("options"))
    for seat, *action in position["prefix"]:
        state.apply(seat, tuple(action))
    return state
