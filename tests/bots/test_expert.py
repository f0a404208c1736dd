"""The ``expert`` bot plays every game id through the protocol, with the learned evaluator at
its leaves; with an ``iters`` budget it is reproducible (the same seed, the same game), and its
options are checked like the search bots'."""

from __future__ import annotations

import pytest

from ravenry.bots.base import bot_from_spec, bot_label
from ravenry.core.record import GameRecord
from ravenry.sim.runner import run_game

GAMES = [("catan", 4, 12), ("got-catan", 4, 12), ("brotherhood", 4, 12), ("thrones", 5, 3)]


@pytest.mark.parametrize(("game_id", "players", "turns"), GAMES)
def test_the_expert_plays_and_replays_the_same_game_from_its_seed(
    game_id: str, players: int, turns: int
) -> None:
    bots = ["expert:iters=4", *["greedy"] * (players - 1)]
    one, first = run_game(game_id, players, 5, bots, turn_cap=turns)
    two, second = run_game(game_id, players, 5, bots, turn_cap=turns)
    assert one.bots[0] == "expert:iters=4"
    assert one.steps > 20
    assert GameRecord.of(first).to_json() == GameRecord.of(second).to_json()
    assert one == two


@pytest.mark.parametrize("game_id", ["catan", "thrones"])
def test_the_experts_options_are_checked(game_id: str) -> None:
    assert bot_label(bot_from_spec("expert:ms=50", game_id)) == "expert"
    for spec in ("expert:leaf=nonsense", "expert:iters=0", "expert:horizon=-1", "expert:nonsense=1"):
        with pytest.raises(ValueError):
            bot_from_spec(spec, game_id)
