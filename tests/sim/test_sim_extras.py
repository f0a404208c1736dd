"""Per-game summary extras: Brotherhood's endings, breaches and guards read from the final
spectator view, and how simulations count and average any game's extras."""

from __future__ import annotations

import pytest

from ravenry.core.registry import new_game
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.brotherhood.scenario import BrotherhoodPosition, rig_dice
from ravenry.sim.brotherhood_extras import BY_BREACHES, BY_VP, BY_WILDLINGS, ENDINGS, UNFINISHED
from ravenry.sim.extras import game_extras
from ravenry.sim.runner import GameSummary, play_game, play_state
from ravenry.sim.simulate import simulate
from ravenry.sim.stats import summarize

QUIET = "random:offers=false"


def _siege_position(breaches: int, wildlings_in_gift: int) -> BrotherhoodState:
    """Seat 0 rolls a 5 and wildling die 1: the Ice River clan's regular wildling walks to the
    westernmost clearing, breaches its unguarded wall section and jumps onto hex 0."""
    pos = BrotherhoodPosition(players=4)
    for seat, h in enumerate((5, 7, 13, 20)):
        pos.settlement(seat, pos.node(h, "S"))
    pos.guards(1, 1, 1, 2).guards(2, 3)
    pos.camp("ice river", "regular").breaches(breaches)
    placed = 0
    for h in (1, 2, 3, 6):
        count = min(2, wildlings_in_gift - placed)
        if count > 0:
            pos.gift_wildlings(h, *["regular"] * count)
            placed += count
    state = pos.turn(0, "pre_roll").state
    rig_dice(state, 2, 3, 1)
    state.apply(0, ("roll",))
    assert state.decision().over
    return state


@pytest.mark.parametrize(("breaches", "in_gift", "ending"), [(2, 0, BY_BREACHES), (0, 7, BY_WILDLINGS)])
def test_siege_endings_breaches_and_guards(breaches: int, in_gift: int, ending: str) -> None:
    state = _siege_position(breaches, in_gift)
    extras = game_extras(state)
    assert extras.values["ending"] == ending
    assert extras.values["breaches"] == breaches + 1
    assert extras.values["wildlings in the Gift"] == in_gift + 1
    assert extras.per_seat["guards on the Wall"] == (0.0, 2.0, 1.0, 1.0)
    # Seat 1 holds the most guards and wins the siege.
    assert state.decision().result is not None and state.decision().result.winners == (1,)


def test_victory_point_and_unfinished_games() -> None:
    finished = play_game("brotherhood", 4, 0, [QUIET] * 4)
    assert finished.finished and "victory points" in finished.reason
    assert finished.extras["ending"] == BY_VP
    state = new_game("brotherhood", 4, 0)
    capped = play_state(state, [QUIET] * 4, seed=0, turn_cap=3)
    assert capped.extras["ending"] == UNFINISHED
    assert capped.extras["breaches"] == state.north.breaches
    guards = capped.seat_extras["guards on the Wall"]
    assert guards == tuple(float(state.watch.guards_on_wall(p)) for p in range(4))
    assert sum(guards) >= 4  # every seat placed its set-up guard


def test_games_without_extras_report_none() -> None:
    summary = play_game("catan", 3, 1, [QUIET] * 3, turn_cap=5)
    assert summary.extras == {} and summary.seat_extras == {}
    assert summarize([summary]).extras.to_json() == {
        "categories": {},
        "averages": {},
        "per_seat": {},
        "per_bot": {},
    }


def _game(bots: tuple[str, ...], ending: str, breaches: float, guards: tuple[float, ...]) -> GameSummary:
    return GameSummary(
        "brotherhood", 0, bots, True, (0,), "test", 50, (10, 3, 4), 200,
        {"ending": ending, "breaches": breaches}, {"guards": guards},
    )  # fmt: skip


def test_summaries_count_categories_and_average_numbers_per_seat_and_bot() -> None:
    g, r = "greedy", "random"
    games = [
        _game((g, r, r), "3 breaches", 3.0, (4.0, 1.0, 2.0)),
        _game((g, r, r), "10 VP", 1.0, (2.0, 3.0, 0.0)),
        _game((r, g, r), "10 VP", 0.0, (1.0, 5.0, 3.0)),
        _game((r, g, r), "unfinished", 2.0, (0.0, 3.0, 1.0)),
    ]
    extras = summarize(games).extras
    # Brotherhood's usual endings come first, in order, even when no game ended so.
    assert list(extras.categories["ending"].items()) == [
        ("10 VP", 2),
        ("3 breaches", 1),
        ("8 wildlings", 0),
        ("unfinished", 1),
    ]
    assert extras.share("ending", "10 VP") == 0.5
    assert extras.averages["breaches"] == pytest.approx(1.5)
    assert extras.seat_averages["guards"] == pytest.approx((7 / 4, 12 / 4, 6 / 4))
    assert extras.kind_averages["guards"][g] == pytest.approx((4 + 2 + 5 + 3) / 4)
    assert extras.kind_averages["guards"][r] == pytest.approx((1 + 2 + 3 + 0 + 1 + 3 + 0 + 1) / 8)
    data = extras.to_json()
    assert data["categories"]["ending"]["3 breaches"] == {"count": 1, "share": 0.25}
    assert data["per_seat"]["guards"] == list(extras.seat_averages["guards"])


def test_simulated_brotherhood_games_carry_their_extras() -> None:
    result = simulate("brotherhood", 4, ["greedy", QUIET, QUIET, QUIET], 4, seed=2)
    extras = result.stats.extras
    assert sum(extras.categories["ending"].values()) == 4
    assert set(extras.categories["ending"]) <= set(ENDINGS)
    assert extras.averages["breaches"] == pytest.approx(
        sum(float(s.extras["breaches"]) for s in result.summaries) / 4
    )
    assert len(extras.seat_averages["guards on the Wall"]) == 4
    assert result.to_json()["stats"]["extras"]["per_bot"]["guards on the Wall"].keys() == {"greedy", QUIET}
