"""Seeded positions of every Catan-family game in many phases, for the hardening tests.

Random playouts (a seeded :class:`~ravenry.core.rng.Rng`, never the ``random`` module) keep the
first state of each phase they pass through — set-up, before and after the roll, discards after
a 7, the robber waiting, free roads, a trade offer pending and its confirmation, Brotherhood's
guard set-up and hero phases — a late position with wildlings in the Gift, and a main phase
with the undo option on and a build or trade to take back. Built once per
test session; tests work on clones.
"""

from __future__ import annotations

import functools
from typing import Any

import ravenry
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
from ravenry.core.rng import Rng
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import N_RES

GAMES = ("catan", "got-catan", "brotherhood")
SEEDS = (1, 2, 3)
STEP_CAP = 700


def _offer(state: GameState, player: int, rng: Rng) -> Action | None:
    """A one-card-for-one-card domestic offer within the game's own template, if there is one."""
    for template in state.action_templates(player):
        give_caps = template["give"]
        get_caps = template["get"]
        gives = [r for r in give_caps if give_caps[r]]
        if not gives:
            continue
        give_name = gives[rng.below(len(gives))]
        gets = [r for r in get_caps if get_caps[r] and r != give_name]
        if not gets:
            continue
        get_name = gets[rng.below(len(gets))]
        names = ("brick", "lumber", "ore", "grain", "wool")
        give = tuple(1 if names[r] == give_name else 0 for r in range(N_RES))
        get = tuple(1 if names[r] == get_name else 0 for r in range(N_RES))
        return (template["type"], give, get)
    return None


def _step(state: GameState, rng: Rng) -> None:
    players = state.decision().players
    player = players[rng.below(len(players))]
    if state.phase_name() in ("main", "trade_responses") and rng.below(6) == 0:  # type: ignore[attr-defined]
        offer = _offer(state, player, rng)
        if offer is not None:
            try:
                state.apply(player, offer)
                return
            except IllegalAction:
                pass
    legal = state.legal_actions(player)
    # Ending the turn less often than the rest gets the games to their later phases.
    if len(legal) > 1 and ("end_turn",) in legal and rng.below(3):
        legal = [a for a in legal if a != ("end_turn",)]
    state.apply(player, legal[rng.below(len(legal))])


@functools.cache
def positions() -> tuple[tuple[str, GameState], ...]:
    """(label, state) pairs: every game, every phase the playouts reached (first time seen)."""
    found: dict[str, GameState] = {}
    for game in GAMES:
        for seed in SEEDS:
            players = 3 + seed % 2
            state = ravenry.new_game(game, players=players, seed=seed, board="variable")
            rng = Rng.from_seed(seed * 7919 + len(game))
            for _ in range(STEP_CAP):
                if state.decision().over:
                    break
                phase: str = state.phase_name()  # type: ignore[attr-defined]
                label = f"{game}/{phase}"
                if label not in found:
                    found[label] = state.clone()
                gift = state.north.gift if isinstance(state, BrotherhoodState) else None
                if gift is not None and any(gift) and f"{game}/gift" not in found:
                    found[f"{game}/gift"] = state.clone()
                _step(state, rng)
            found.setdefault(f"{game}/late", state.clone())
            if seed == SEEDS[0]:
                for _ in range(20 * STEP_CAP):  # on to the end, for the finished-game checks
                    if state.decision().over:
                        found[f"{game}/over"] = state
                        break
                    _step(state, rng)
        # The undo option on: a main phase in which the player may take back a build or trade.
        state = ravenry.new_game(game, players=4, seed=5, board="variable", undo=True)
        rng = Rng.from_seed(5 * 7919 + len(game))
        for _ in range(20 * STEP_CAP):
            if state.phase_name() == "main" and ("undo",) in state.legal_actions(state.decision().players[0]):  # type: ignore[attr-defined]
                found[f"{game}/undo"] = state
                break
            _step(state, rng)
    return tuple(sorted(found.items()))


def labels() -> list[str]:
    return [label for label, _ in positions()]


def position(label: str) -> GameState:
    """A fresh clone of the stored position (tests may change it freely)."""
    return dict(positions())[label].clone()


def deciding(state: GameState) -> list[int]:
    return list(state.decision().players)


def json_of(value: Any) -> str:
    import json

    return json.dumps(value, sort_keys=True)
