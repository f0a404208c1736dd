"""The conformance kit catches what it claims to: each deliberately broken Catan fails it.

Every broken game below differs from classic Catan in one way (a leaking view, a shallow clone,
an action accepted without checking...); the kit must raise :class:`ConformanceFailure` naming
the problem, while the unbroken game passes the same settings.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, ClassVar

import pytest

from ravenry.core.protocol import JSON, Action, Event
from ravenry.core.registry import registered
from ravenry.games.catan.game import CatanGame
from ravenry.games.catan.invariants import CatanInvariants
from ravenry.games.catan.rules import CatanState
from ravenry.testing import ConformanceFailure, GameChecks, PlayoutSettings, run_conformance

DENSE = PlayoutSettings(max_steps=400, sample_every=1, clone_actions_per_type=3, illegal_tries=3)


class RngLeakState(CatanState):
    def observe(self, viewer: object, static: bool = True) -> dict[str, JSON]:
        view = super().observe(viewer, static)
        view["debug"] = {"rng": str(self.rng.state)}
        return view


class HandLeakState(CatanState):
    def observe(self, viewer: object, static: bool = True) -> dict[str, JSON]:
        view = super().observe(viewer, static)
        view["all_hands"] = [list(hand) for hand in self.hands]
        return view


class EventLeakState(CatanState):
    """Tells everyone which development card was bought."""

    def _apply(self, player: int, action: Action) -> list[Event]:
        events = super()._apply(player, action)
        for e in events:
            if e.type == "bought_dev":
                e.data = {**e.data, "which": dict(e.secret)}
        return events


class LegalActionLeakState(CatanState):
    """Offers the robber's victims only if they hold ore: a choice that reveals a hidden hand."""

    def _legal_actions(self, player: int) -> list[Action]:
        actions = super()._legal_actions(player)
        return [a for a in actions if a[0] != "move_robber" or a[2] < 0 or self.hands[a[2]][2] > 0] or actions


class ShallowCloneState(CatanState):
    def clone(self) -> CatanState:
        other = super().clone()
        other.hands = self.hands  # shares the hands with the original
        return other


class LaxState(CatanState):
    """Builds roads without checking where."""

    def apply(self, player: int, action: Action) -> list[Event]:
        if isinstance(action, tuple) and action and action[0] == "build_road" and self.phase_name() == "main":
            self.forget_legal_actions()
            events = self._apply(player, action)
            self.history.append((player, action))
            return events
        return super().apply(player, action)


class DuplicateActionsState(CatanState):
    def _legal_actions(self, player: int) -> list[Action]:
        actions = super()._legal_actions(player)
        return actions + actions[:1] if self.phase_name() == "main" else actions


_UNRECORDED = itertools.count()


class HiddenCounterState(CatanState):
    """Rolls from a counter kept outside the state, so replays and JSON twins diverge."""

    def roll_dice(self) -> tuple[int, int]:
        n = next(_UNRECORDED)
        return (n % 6 + 1, n // 6 % 6 + 1)


class StaticKeyLieState(CatanState):
    """Shows the turn in the static part of its views, which its static_key says is fixed."""

    def _observe(self, viewer: int | None, static: bool = True) -> dict[str, JSON]:
        view = super()._observe(viewer, static)
        if static:
            view["board"] = {**view["board"], "turn": self.turn}
        return view


class WrongVpInvariants(CatanInvariants):
    """An invariant check that expects one point too many: the kit must report it."""

    def expected_public_vp(self, s: CatanState, p: int) -> int:
        return super().expected_public_vp(s, p) + (1 if s.turn > 3 else 0)


@contextmanager
def _broken_game(name: str, state_type: type[CatanState]) -> Iterator[str]:
    """``catan-broken-<name>``, registered for the test only (a lobby in the same worker process
    would otherwise offer it)."""
    game_id = f"catan-broken-{name}"

    class BrokenGame(CatanGame):
        id: ClassVar[str] = game_id

    BrokenGame.state_type = state_type
    with registered(BrokenGame()):
        yield game_id


BROKEN: dict[str, tuple[type[CatanState], str]] = {
    "rng-leak": (RngLeakState, "contains the RNG state"),
    "hand-leak": (HandLeakState, "changes when only things hidden"),
    "event-leak": (EventLeakState, "depend on things hidden from them"),
    "legal-action-leak": (LegalActionLeakState, "legal actions depend on things hidden"),
    "shallow-clone": (ShallowCloneState, "changed the state"),
    "lax-road": (LaxState, "was accepted|not IllegalAction"),
    "duplicates": (DuplicateActionsState, "duplicate legal actions"),
    "hidden-counter": (HiddenCounterState, "differs from the state after both applied|byte-identical"),
    "static-key-lie": (StaticKeyLieState, "same static_key show different static parts"),
}


def _checks(base: GameChecks, **changes: Any) -> GameChecks:
    return replace(base, **changes)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_kit_catches_a_broken_game(name: str, catan_checks: GameChecks) -> None:
    state_type, message = BROKEN[name]
    # Without the game's own invariants: the kit's generic checks alone must catch each one.
    checks = _checks(catan_checks, invariants=None)
    with (
        _broken_game(name, state_type) as game_id,
        pytest.raises(ConformanceFailure, match=message) as failure,
    ):
        run_conformance(
            game_id, range(3), players=4, options={"board": "random"}, checks=checks, settings=DENSE
        )
    assert "seed=" in str(failure.value) and "step=" in str(failure.value)


def test_kit_catches_a_broken_invariant(catan_checks: GameChecks) -> None:
    checks = _checks(catan_checks, invariants=WrongVpInvariants())
    with pytest.raises(ConformanceFailure, match=r"invariant broken .* public_vp"):
        run_conformance(
            "catan", range(1), players=3, checks=checks, settings=PlayoutSettings(sample_every=50)
        )


def test_the_unbroken_game_passes_the_same_settings(catan_checks: GameChecks) -> None:
    settings = replace(DENSE, max_steps=300)
    result = run_conformance(
        "catan", range(2), players=4, options={"board": "random"}, checks=catan_checks, settings=settings
    )
    assert result.games == 2 and result.sampled_steps == result.steps == 2 * settings.max_steps
    assert result.scrambled_event_views > 0 and result.refusals > 0 and result.clone_applications > 0
