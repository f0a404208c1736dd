"""The Gymnasium env's bots play their turns (the compiled loop of ravenry.observations.turns)
exactly as a plain loop of the same bots would: same actions in the same order, and the game
stops where the turn cap says."""

from __future__ import annotations

import numpy as np
import pytest
from rl_support import GAMES, IDS

import ravenry
import ravenry.rl as rl
from ravenry.bots.base import BotSeat, bot_from_spec
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.sim.runner import derive_seed

SEED = 5
BOTS = "random:offers=false"  # (offers of more cards than the catalogue lists)


def _plain_game(
    game: str, options: dict[str, object], players: int, turn_cap: int
) -> list[tuple[int, Action]]:
    """Every seat a random bot (seat 0 with its own generator), one decider at a time, until the
    game ends or a new turn starts past ``turn_cap``; simultaneous answers from one moment."""
    state = ravenry.new_game(game, players=players, seed=SEED, **options)
    seats = [
        (BotSeat(bot_from_spec(BOTS, game)), Rng.from_seed(derive_seed(SEED, p) if p else 99))
        for p in range(players)
    ]
    while state.decision().result is None and state.turn_number() <= turn_cap:
        decision = state.decision()
        answers = [(p, seats[p][0].decide(state, p, seats[p][1])) for p in sorted(decision.players)]
        for p, action in answers if decision.simultaneous else answers[:1]:
            if p in state.decision().players:
                state.apply(p, action)
    return list(state.history)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_the_env_bots_play_as_a_plain_loop(game: str, options: dict[str, object]) -> None:
    rules = {k: v for k, v in options.items() if k not in ("players", "turn_cap")}
    players = int(options["players"])  # type: ignore[call-overload]
    turn_cap = int(options["turn_cap"])  # type: ignore[call-overload]
    env = rl.gym_env(game, bots=BOTS, players=players, turn_cap=turn_cap, **rules)
    match = env.match
    agent, rng = BotSeat(bot_from_spec(BOTS, game)), Rng.from_seed(99)
    obs, info = env.reset(seed=SEED)
    done = False
    while not done:
        # What the env shows is the view encoder's observation, the mask and its indices.
        assert np.array_equal(obs, match.view_observation(0))
        assert np.array_equal(info["action_mask"], match.mask(0))
        assert list(info["legal_actions"]) == np.flatnonzero(info["action_mask"]).tolist()
        # The agent plays as seat 0's bot of the plain loop would, through the catalogue.
        index = match.catalogue.index[agent.decide(match.state, 0, rng)]
        assert info["action_mask"][index]
        obs, _, term, trunc, info = env.step(index)
        done = term or trunc
    assert list(match.state.history) == _plain_game(game, rules, players, turn_cap)
    assert match.over or match.state.turn_number() > turn_cap
