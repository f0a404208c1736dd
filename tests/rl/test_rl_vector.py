"""The vector env (one compiled call steps every game) plays exactly the games of the single env
in a ``gymnasium.vector.SyncVectorEnv``: the same observations, rewards, ends, masks and refusals,
through autoresets, offers, shaped rewards and illegal actions."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import SyncVectorEnv
from rl_support import GAMES, IDS

import ravenry.rl as rl
from ravenry.rl.vector_env import RavenryVectorEnv

GAMES_AT_ONCE = 3
# Short games, so that the steps below run through several autoresets of each.
CAPS = {"catan": 4, "got-catan": 4, "brotherhood": 4, "thrones": 2}


def _same(a: Any, b: Any, what: str) -> None:
    assert a.dtype == b.dtype and a.shape == b.shape, (what, a.dtype, b.dtype, a.shape, b.shape)
    assert np.array_equal(a, b), what


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_the_vector_env_plays_the_games_of_the_single_env(game: str, options: dict[str, Any]) -> None:
    opts = {**options, "turn_cap": CAPS[game], "bots": "random"}
    if game == "catan":
        opts["reward"] = "score"  # shaped rewards too
    vector = rl.vector_env(game, GAMES_AT_ONCE, **opts)
    single = SyncVectorEnv([lambda: rl.gym_env(game, **opts) for _ in range(GAMES_AT_ONCE)])
    obs_v, info_v = vector.reset(seed=11)
    obs_s, info_s = single.reset(seed=11)
    _same(obs_v, obs_s, "reset observations")
    _same(info_v["action_mask"], info_s["action_mask"], "reset masks")
    rng = np.random.default_rng(1)
    ends = refusals = 0
    for step in range(250):
        masks = info_v["action_mask"]
        picks = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        if step % 17 == 5:  # now and then an action the mask forbids
            picks[0] = int(np.flatnonzero(masks[0] == 0)[0])
        assert vector.legal_actions() == [tuple(np.flatnonzero(m).tolist()) for m in masks]
        obs_v, rew_v, term_v, trunc_v, info_v = vector.step(np.array(picks))
        obs_s, rew_s, term_s, trunc_s, info_s = single.step(np.array(picks))
        _same(obs_v, obs_s, f"observations, step {step}")
        _same(rew_v, rew_s, f"rewards, step {step}")
        _same(term_v, term_s, f"terminations, step {step}")
        _same(trunc_v, trunc_s, f"truncations, step {step}")
        _same(info_v["action_mask"], info_s["action_mask"], f"masks, step {step}")
        _same(vector.action_masks(), info_s["action_mask"], f"action_masks(), step {step}")
        assert ("illegal" in info_v) == ("illegal" in info_s), step
        if "illegal" in info_v:
            _same(info_v["_illegal"], info_s["_illegal"], f"refusals, step {step}")
            refusals += 1
        ends += int((term_v | trunc_v).sum())
    assert ends >= 2 * GAMES_AT_ONCE and refusals > 0, (ends, refusals)  # the test went through both


def test_make_vec_gives_the_vector_env_and_seeds_repeat() -> None:
    # (a variable board: one game differs from another from its first observation)
    envs = gymnasium.make_vec("ravenry/catan-v0", num_envs=2, turn_cap=1, board="variable")
    assert isinstance(envs.unwrapped, RavenryVectorEnv)
    first, _ = envs.reset(seed=3)
    assert first.shape == (2, envs.single_observation_space.shape[0]) and first.dtype == np.float32
    assert envs.observation_space.contains(first)
    again, _ = envs.reset(seed=3)
    _same(first, again, "the same seed, the same games")
    listed, _ = envs.reset(seed=[3, 4])
    _same(listed, first, "seed s is seeds s, s + 1")
    other, _ = envs.reset(seed=[4, 3])
    assert not np.array_equal(other, first)
    envs.close()


def test_bad_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    env = rl.vector_env("catan", 2, illegal="raise", turn_cap=3)
    obs, info = env.reset(seed=1)
    good = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    bad = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    played = [len(lane.state.history) for lane in env.batch.lanes]
    with pytest.raises(ValueError, match="game 1: action"):
        env.step(np.array([good[0], bad]))
    with pytest.raises(ValueError, match="2 catalogue indices"):
        env.step(np.array([0.5, 1.0]))
    with pytest.raises(ValueError, match="2 catalogue indices"):
        env.step(np.array([good[0]]))
    # Nothing moved: the legal actions are as they were, and the good actions still play.
    assert env.legal_actions() == [tuple(np.flatnonzero(m).tolist()) for m in info["action_mask"]]
    assert [len(lane.state.history) for lane in env.batch.lanes] == played
    after, *_ = env.step(np.array(good))
    assert after.shape == obs.shape and not np.array_equal(after, obs)
    with pytest.raises(ValueError, match="num_envs"):
        rl.vector_env("catan", 0)
