"""The game runner and the multi-process simulator: determinism, caps, simultaneous decisions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from ravenry.bots.base import View
from ravenry.bots.random_bot import RandomBot
from ravenry.core.protocol import Action
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.games.catan.scenario import Position, rig_dice
from ravenry.sim.runner import BotError, derive_seed, play_game, play_state
from ravenry.sim.simulate import SimulationConfig, simulate

QUIET = "random:offers=false"


def test_same_seed_same_summary() -> None:
    bots = ["greedy", "random", "random", "random"]
    first = [play_game("catan", 4, seed, bots) for seed in range(3)]
    again = [play_game("catan", 4, seed, bots) for seed in range(3)]
    assert first == again
    assert len({(s.turns, s.steps, s.scores) for s in first}) == 3
    for s in first:
        assert s.finished and len(s.winners) == 1
        assert s.scores[s.winners[0]] >= 10 and s.steps > 0


def test_games_over_the_turn_cap_are_unfinished() -> None:
    summary = play_game("catan", 4, 1, [QUIET] * 4, turn_cap=5)
    assert not summary.finished
    assert summary.winners == () and summary.winner is None
    assert summary.turns == 5
    assert "turn cap 5" in summary.reason
    assert len(summary.scores) == 4 and all(s >= 2 for s in summary.scores)


def test_bots_may_be_specs_or_objects_and_must_match_the_seats() -> None:
    by_spec = play_game("catan", 3, 4, [QUIET] * 3)
    by_object = play_game("catan", 3, 4, [RandomBot(offers=False) for _ in range(3)])
    assert by_spec.scores == by_object.scores and by_spec.steps == by_object.steps
    assert by_object.bots == ("random",) * 3
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        play_game("catan", 3, 4, [QUIET] * 4)


class _Cheat:
    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        return ("build_city", 0)


def test_an_illegal_choice_is_reported_not_hidden() -> None:
    with pytest.raises(BotError, match="seat 0 chose"):
        play_game("catan", 4, 1, [_Cheat(), QUIET, QUIET, QUIET])


class _Recorder:
    """Records the hand sizes it sees while discarding, then discards like a random bot."""

    def __init__(self, log: list[tuple[int, tuple[int, ...]]]) -> None:
        self.log = log

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        if legal[0][0] == "discard":
            self.log.append((view["viewer"], tuple(p["resource_count"] for p in view["players"])))
        return rng.choice([a for a in legal if a[0] != "offer_trade"] or list(legal))


def test_simultaneous_answers_are_chosen_from_the_same_view() -> None:
    pos = Position("catan", 3)
    pos.hand(1, brick=4, ore=4).hand(2, grain=4, wool=4).turn(0, "pre_roll")
    state = pos.state
    rig_dice(state, 3, 4)
    state.apply(0, ("roll",))
    log: list[tuple[int, tuple[int, ...]]] = []
    play_state(state, [_Recorder(log) for _ in range(3)], seed=1, turn_cap=1)
    # Four rounds of one card each; in every round seat 2 chose before seat 1's card was gone.
    assert log == [(seat, (0, n, n)) for n in (8, 7, 6, 5) for seat in (1, 2)]


def test_derived_seeds_are_distinct_and_stable() -> None:
    seeds = [derive_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds == [derive_seed(1, i) for i in range(1000)]
    assert derive_seed(2, 0) != derive_seed(1, 0)
    assert all(0 <= s < 2**63 for s in seeds)


def test_rotation_moves_every_bot_round_the_table() -> None:
    config = SimulationConfig("catan", 3, ("greedy", "random", QUIET), 6, rotate=True)
    seatings = [config.bots_for(i) for i in range(3)]
    assert seatings == [
        ("greedy", "random", QUIET),
        (QUIET, "greedy", "random"),
        ("random", QUIET, "greedy"),
    ]


def test_simulate_is_the_same_with_one_or_two_workers() -> None:
    args = ("catan", 4, ["greedy", QUIET, QUIET, QUIET], 6)
    alone = simulate(*args, seed=3, workers=1, rotate=True)
    shared = simulate(*args, seed=3, workers=2, rotate=True)
    assert alone.summaries == shared.summaries
    assert [s.seed for s in alone.summaries] == [derive_seed(3, i) for i in range(6)]
    assert alone.stats.games == 6
    assert sum(k.trials for k in alone.stats.kinds) == 24


def test_simulate_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="need 4 bots"):
        simulate("catan", 4, ["random"] * 3, 2)
    with pytest.raises(ValueError, match="at least 1"):
        simulate("catan", 4, ["random"] * 4, 0)
    with pytest.raises(ValueError, match="3-4 players"):
        simulate("catan", 5, ["random"] * 5, 1)
    with pytest.raises(KeyError, match="unknown game"):
        simulate("chess", 2, ["random"] * 2, 1)


class _Declaring:
    """Declares what it never plays, whether it reads views and wants templates; records what it
    was shown (the types of legal actions and of templates)."""

    def __init__(
        self, excluded: frozenset[str], uses_view: bool = True, uses_templates: bool = False
    ) -> None:
        self.excluded_actions = excluded
        self.uses_view = uses_view
        self.uses_templates = uses_templates
        self.seen: set[str] = set()
        self.views: list[View] = []

    def act(self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Any] = ()) -> Action:
        self.seen.update(a[0] for a in legal)
        self.seen.update(t["type"] for t in templates)
        self.views.append(view)
        return rng.choice([a for a in legal if a[0] not in self.excluded_actions] or list(legal))


def _discarding_position() -> Position:
    pos = Position("catan", 3)
    pos.hand(1, brick=4, ore=4).hand(2, grain=4, wool=4).turn(0, "pre_roll")
    return pos


def test_excluded_actions_are_not_offered_unless_nothing_else_is_legal() -> None:
    state = _discarding_position().state
    rig_dice(state, 3, 4)
    state.apply(0, ("roll",))
    bots = [
        _Declaring(frozenset({"offer_trade", "counter_offer", "discard"}), uses_templates=True)
        for _ in range(3)
    ]
    play_state(state, bots, seed=2, turn_cap=8)
    seen = set().union(*(b.seen for b in bots))
    assert not seen & {"offer_trade", "counter_offer"}
    # Discarding was all seats 1 and 2 could do after the 7: they were shown the full list.
    assert "discard" in bots[1].seen and "discard" in bots[2].seen
    # The same game with no exclusions shows the proposals' templates to bots that want them.
    open_bots = [_Declaring(frozenset(), uses_templates=True) for _ in range(3)]
    state = _discarding_position().state
    rig_dice(state, 3, 4)
    state.apply(0, ("roll",))
    play_state(state, open_bots, seed=2, turn_cap=8)
    assert "offer_trade" in set().union(*(b.seen for b in open_bots))


def test_bots_that_ignore_the_view_get_none_and_none_is_built() -> None:
    state = new_game("catan", 3, 6)
    observed: list[int | None] = []
    real_observe = state.observe

    def counting_observe(viewer: int | None) -> dict[str, Any]:
        observed.append(viewer)
        return real_observe(viewer)

    state.observe = counting_observe  # type: ignore[method-assign]
    blind = [_Declaring(frozenset(), uses_view=False) for _ in range(3)]
    summary = play_state(state, blind, seed=6, turn_cap=30)
    assert summary.steps > 30 and observed == []
    assert all(view == {} for b in blind for view in b.views)
    seeing = _Declaring(frozenset())
    state = new_game("catan", 3, 6)
    play_state(state, [seeing, *blind[1:]], seed=6, turn_cap=5)
    assert seeing.views and all(v["viewer"] == 0 for v in seeing.views)


def test_the_random_bot_declares_its_shortcuts() -> None:
    quiet, chatty = RandomBot(offers=False), RandomBot()
    assert quiet.uses_view is False and chatty.uses_view is False
    assert quiet.excluded_actions == frozenset({"offer_trade", "counter_offer"})
    assert chatty.excluded_actions == frozenset()
