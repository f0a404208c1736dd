"""The tutorial's game, liar's dice (examples/liars_dice): its conformance kit, its refusals, its
views and its sampler, its bot, and how the registry finds it."""

from __future__ import annotations

import os
from importlib.metadata import entry_points

import pytest

import ravenry
from liars_dice import DECLARATION, LiarsDiceState
from liars_dice.bot import GreedyLiarsDiceBot, chance_at_least
from liars_dice.checks import CHECKS
from ravenry.bots.base import BotSeat, bot_kinds, make_bot
from ravenry.bots.levels import level_spec
from ravenry.core.errors import IllegalAction, NotYourTurn
from ravenry.core.registry import PLUGIN_GROUP, declaration
from ravenry.core.rng import Rng
from ravenry.testing import PlayoutSettings, run_conformance, same_game_twice


def _game(players: int = 3, seed: int = 1, **options: int) -> LiarsDiceState:
    state = ravenry.new_game("liars-dice", players=players, seed=seed, **options)
    assert isinstance(state, LiarsDiceState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_conformance_kit_passes(players: int) -> None:
    settings = PlayoutSettings(sample_every=3)
    result = run_conformance("liars-dice", range(20), players=players, checks=CHECKS, settings=settings)
    assert result.finished == result.games == 20
    assert result.scrambled_views == result.sampled_steps * (players + 1)
    assert result.refusals > result.sampled_steps and result.replays == 20
    assert {"bid", "challenge"} <= set(result.action_types)
    assert set(result.winners) == set(range(players))


def test_five_dice_and_the_same_game_twice() -> None:
    result = run_conformance("liars-dice", range(5), players=4, options={"dice": 5}, checks=CHECKS)
    assert result.finished == 5
    first, second = same_game_twice("liars-dice", 3, players=4, options={"rng": "keyed"}, checks=CHECKS)
    assert first == second


def test_refusals_name_the_rule_and_change_nothing() -> None:
    state = _game()
    before = state.to_json_text()
    for seat, action, reason in [
        (0, ("challenge",), "no bid to challenge"),
        (0, ("bid", 3, 7), "face is 1 to 6"),
        (0, ("bid", 10, 2), "1 to 9 dice"),
        (0, ("bid", 0, 2), "1 to 9 dice"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(seat, action)
    with pytest.raises(NotYourTurn):
        state.apply(1, ("bid", 1, 1))
    assert state.to_json_text() == before
    state.apply(0, ("bid", 2, 4))
    with pytest.raises(IllegalAction, match="must beat 2 × 4: more dice, or as many of a higher face"):
        state.apply(1, ("bid", 2, 3))
    state.apply(1, ("bid", 2, 5))  # as many of a higher face
    state.apply(2, ("bid", 3, 1))  # more dice


def test_a_challenge_lifts_the_cups_and_the_wrong_side_loses_a_die() -> None:
    state = _game(seed=4)
    dice = [list(cup) for cup in state.dice]
    face = dice[0][0]
    real = sum(cup.count(face) for cup in dice)
    state.apply(0, ("bid", real + 1, face))  # one more than there is: a lie
    events = state.apply(1, ("challenge",))
    reveal = events[0].view(2)
    assert reveal["dice"] == dice and reveal["actual"] == real and reveal["loser"] == 0
    assert [len(cup) for cup in state.dice] == [2, 3, 3]
    assert state.turn == 0 and state.round == 2 and state.bids == []
    rolled = [e for e in events if e.type == "rolled"]
    assert [e.view(e.data["seat"])["dice"] for e in rolled] == state.dice  # each sees their own roll
    assert all(e.view(None)["dice"] is None for e in rolled)  # and no one else does


def test_a_seat_sees_its_own_cup_only() -> None:
    state = _game()
    for seat in range(3):
        view = state.observe(seat)
        assert view["you"] == {"seat": seat, "dice": state.dice[seat]}
        assert view["players"][(seat + 1) % 3] == {"seat": (seat + 1) % 3, "dice": 3}
    assert state.observe(None)["you"] is None
    assert "rng" not in state.observe(None)


def test_sample_hidden_keeps_what_the_seat_knows_and_never_reads_the_rest() -> None:
    state = _game(players=4, seed=9)
    state.apply(0, ("bid", 2, 3))
    sample = state.sample_hidden(1, Rng.from_seed(5))
    assert sample.observe(1) == state.observe(1)  # consistent with the seat's view
    assert sample.to_json() != state.to_json()  # the others' cups and the generator drawn again
    twin = state.redrawn(1, Rng.from_seed(77))  # the same view, another hidden truth
    assert twin.sample_hidden(1, Rng.from_seed(5)) == sample  # the sample cannot tell them apart


def test_the_greedy_bot_beats_random_and_reads_only_its_view() -> None:
    assert chance_at_least(0, 4) == 1.0 and chance_at_least(1, 1) == pytest.approx(1 / 6)
    wins = 0
    for seed in range(60):
        state = _game(players=2, seed=seed)
        seats = [BotSeat(make_bot("greedy", "liars-dice")), BotSeat(make_bot("random", "liars-dice"))]
        if seed % 2:
            seats.reverse()
        rng = Rng.from_seed(seed)
        while not state.decision().over:
            seat = state.decision().players[0]
            state.apply(seat, seats[seat].decide(state, seat, rng))
        result = state.decision().result
        assert result is not None
        wins += result.winners[0] == seed % 2
    assert wins >= 45, wins
    state = _game()
    state.apply(0, ("bid", 2, 6))
    twin = state.redrawn(1, Rng.from_seed(3))  # the others' cups changed: the bot must not notice
    bot = GreedyLiarsDiceBot()
    assert bot.act(state.observe(1), state.legal_actions(1), Rng(1)) == bot.act(
        twin.observe(1), twin.legal_actions(1), Rng(1)
    )


def test_the_registry_finds_it_through_its_entry_point() -> None:
    names = {ep.name: ep.value for ep in entry_points(group=PLUGIN_GROUP)}
    if "liars-dice" not in names:
        # ``make``'s dev install and ``make test-compiled``'s venv install examples/liars_dice.
        assert os.environ.get("RAVENRY_EXPECT_BUILD") is None, "make installs examples/liars_dice"
        pytest.skip("examples/liars_dice is not installed here (declared by tests/examples/conftest.py)")
    assert names["liars-dice"] == "liars_dice"
    assert declaration("liars-dice") is DECLARATION
    assert bot_kinds("liars-dice") == ["greedy", "random"]
    assert [level_spec(level, "liars-dice") for level in ("easy", "medium", "hard")] == [
        "random:offers=false",
        "greedy",
        "greedy",
    ]


def test_a_plug_in_names_a_package_or_a_module_attribute() -> None:
    from ravenry.core.registry import _declared_by

    assert _declared_by("liars_dice") is DECLARATION
    assert _declared_by("liars_dice:DECLARATION") is DECLARATION
    with pytest.raises(TypeError, match="declares no game"):
        _declared_by("liars_dice:LIARS_DICE")
