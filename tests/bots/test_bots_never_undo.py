"""Bots never take back a move: with Catan's ``undo`` option on, every bot kind plays whole games
without one ``undo``, and a search bot's samples keep no snapshots (they would hold the hidden
cards as they really are)."""

from __future__ import annotations

import pytest

from ravenry.bots import bot_from_spec
from ravenry.bots.base import BotSeat
from ravenry.bots.random_bot import RandomBot
from ravenry.core.protocol import Action
from ravenry.core.registry import get_game
from ravenry.core.rng import Rng
from ravenry.games.catan.rules import CatanState


def test_the_random_bot_skips_undo_and_draws_as_before_without_it() -> None:
    legal: list[Action] = [("end_turn",), ("build_road", 3), ("undo",)]
    rng = Rng.from_seed(3)
    assert all(RandomBot().act({}, legal, rng) != ("undo",) for _ in range(300))
    # Without undo in the list, the very same draws as before the option existed.
    plain = legal[:2]
    a, b = Rng.from_seed(9), Rng.from_seed(9)
    assert [RandomBot().act({}, plain, a) for _ in range(50)] == [b.choice(plain) for _ in range(50)]


@pytest.mark.parametrize("game", ["catan", "brotherhood"])
def test_bots_play_whole_games_without_undo(game: str) -> None:
    g = get_game(game)
    state = g.new_state(g.make_config(players=4, seed=11, undo=True))
    assert isinstance(state, CatanState)
    specs = ["random", "greedy", "random:offers=false", "search:iters=2:width=2:horizon=1:playout=fast"]
    seats = [BotSeat(bot_from_spec(spec, game)) for spec in specs]
    rng = Rng.from_seed(5)
    offered_undo = 0
    for _ in range(4000):
        decision = state.decision()
        if decision.result is not None:
            break
        p = decision.players[0]
        offered_undo += ("undo",) in state.legal_actions(p)
        if p == 3:  # the search bot's samples: no snapshots to restore
            assert state.sample_hidden(3, Rng.from_seed(1)).legal_actions(3).count(("undo",)) == 0
        state.apply(p, seats[p].decide(state, p, rng))
    assert state.decision().result is not None
    assert offered_undo > 0  # undo was there to be taken
    assert all(action[0] != "undo" for _, action in state.history)
