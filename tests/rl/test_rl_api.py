"""The environments pass the standard checkers of PettingZoo and Gymnasium, and vectorise."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from rl_support import GAMES, IDS

import ravenry.rl as rl
from ravenry.core.record import GameRecord

SHORT = {"catan": 6, "got-catan": 6, "brotherhood": 6, "thrones": 1}


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_aec_api(game: str, options: dict[str, Any]) -> None:
    api_test(rl.aec_env(game, **options), num_cycles=60)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_parallel_api(game: str, options: dict[str, Any]) -> None:
    parallel_api_test(rl.parallel_env(game, **options), num_cycles=60)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_seeded_runs_repeat(game: str, options: dict[str, Any]) -> None:
    capped = {**options, "turn_cap": SHORT[game]}
    seed_test(lambda: rl.aec_env(game, **capped), num_cycles=50)
    parallel_seed_test(lambda: rl.parallel_env(game, **capped), num_cycles=50)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_gymnasium_check_env(game: str, options: dict[str, Any]) -> None:
    env = rl.gym_env(game, **options)
    check_env(env, skip_render_check=True)
    made = gymnasium.make(rl.ENV_IDS[game], **options)
    assert made.unwrapped.match.game_id == game


def test_seeded_reset_reproduces_the_game_exactly() -> None:
    """The agent's game with seed s is ravenry.new_game(seed=s), with the same bot moves."""
    runs = []
    for _ in range(2):
        env = rl.gym_env("catan", turn_cap=15)
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(3)
        trail = [obs]
        done = False
        while not done:
            obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            trail.append(obs)
            done = term or trunc
        runs.append((trail, GameRecord.of(env.match.state).to_json()))
    (a, record_a), (b, record_b) = runs
    assert record_a == record_b and len(a) == len(b)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert record_a["config"]["seed"] == 11


@pytest.mark.parametrize("game", ["catan", "thrones"])
def test_the_info_lists_the_masks_indices_and_the_masks_are_the_callers(game: str) -> None:
    env = rl.gym_env(game, turn_cap=4, illegal="raise")
    _, info = env.reset(seed=3)
    rng = random.Random(1)
    for _ in range(60):
        mask = info["action_mask"]
        legal = info["legal_actions"]
        assert legal == tuple(np.flatnonzero(mask).tolist())
        assert np.array_equal(env.action_masks(), mask)
        # The caller's masks are its own (writable: torch warns about read-only arrays): changing
        # them makes no action legal.
        refused = next(i for i in range(len(mask)) if i not in legal)
        mask[refused] = 1
        env.action_masks()[refused] = 1
        assert env.action_masks()[refused] == 0
        with pytest.raises(ValueError, match="not legal"):
            env.step(refused)
        _, _, term, trunc, info = env.step(rng.choice(legal))
        if term or trunc:
            _, info = env.reset(seed=rng.randrange(100))


@pytest.mark.parametrize("game", ["catan", "thrones"])
def test_numpy_integers_play_the_game_python_ints_play(game: str) -> None:
    """An action given as a numpy integer or a 0-d array (what a policy's sampling gives) is
    the catalogue index it holds: the same steps as plain ints (the compiled step takes an int)."""
    runs = []
    for kind in (int, np.int64, np.int32, np.array):
        env = rl.gym_env(game, turn_cap=3)
        obs, info = env.reset(seed=4)
        rng = random.Random(2)
        trail = [obs]
        for _ in range(25):
            obs, reward, term, trunc, info = env.step(kind(rng.choice(info["legal_actions"])))
            assert "illegal" not in info
            trail += [obs, np.array([reward, term, trunc])]
            if term or trunc:
                obs, info = env.reset(seed=rng.randrange(100))
                trail.append(obs)
        runs.append(trail)
    for trail in runs[1:]:
        assert all(np.array_equal(x, y) for x, y in zip(runs[0], trail, strict=True))


@pytest.mark.parametrize("game", ["catan", "thrones"])
def test_the_compiled_step_plays_the_interpreted_steps_game(game: str) -> None:
    """``AgentSeat.turn`` (one compiled call a step) gives what the interpreted way gives (the
    lane's step, then ``Match.agent_view`` from the view encoder): the same observations,
    rewards, ends and legal actions."""
    runs = []
    for compiled in (True, False):
        env = rl.gym_env(game, turn_cap=3, reward="score")
        if not compiled:
            env._agent = None
            env.match.fast = env.match.thrones = None  # (the view encoder: the specification)
        obs, info = env.reset(seed=6)
        rng = random.Random(5)
        trail = [obs, np.array(info["legal_actions"])]
        for _ in range(40):
            obs, reward, term, trunc, info = env.step(rng.choice(info["legal_actions"]))
            trail += [obs, np.array([reward, term, trunc]), np.array(info["legal_actions"])]
            if term or trunc:
                obs, info = env.reset(seed=rng.randrange(100))
                trail += [obs, np.array(info["legal_actions"])]
        runs.append(trail)
    compiled_run, interpreted_run = runs
    assert len(compiled_run) == len(interpreted_run)
    assert all(np.array_equal(x, y) for x, y in zip(compiled_run, interpreted_run, strict=True))


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs_step(mode: str) -> None:
    envs = gymnasium.make_vec("ravenry/catan-v0", num_envs=2, vectorization_mode=mode, turn_cap=3)
    try:
        obs, infos = envs.reset(seed=5)
        assert obs.shape == (2, envs.single_observation_space.shape[0])
        rng = np.random.default_rng(0)
        for _ in range(30):
            masks = infos["action_mask"]
            # After a game ends its mask is all 0 (the next step resets it: any action does).
            actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
            obs, rewards, _, _, infos = envs.step(actions)
            assert obs.shape[0] == 2 and rewards.shape == (2,)
        masks = envs.call("action_masks")
        assert len(masks) == 2 and all(m.shape == (envs.single_action_space.n,) for m in masks)
    finally:
        envs.close()


def test_docs_are_current() -> None:
    """docs/rl.md is what ravenry.rl.docs writes (python -m ravenry.rl.docs > docs/rl.md)."""
    from pathlib import Path

    from ravenry.rl.docs import markdown

    path = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
    assert path.read_text() == markdown()
