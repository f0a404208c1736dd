"""Train sb3-contrib's MaskablePPO on ``ravenry/catan-v0`` for a few thousand steps and save the
learning curve (episode returns) as a PNG.

Needs ``pip install 'ravenry[rl]' sb3-contrib torch`` (on this project's machines: only
``pip install torch==2.13.0``, a CPU build from local disk). Not part of CI.

The agent plays seat 0 against three ``random:offers=false`` bots, with no domestic offers
(``max_offers_per_turn=0``), a 40-turn cap and the shaped ``score`` reward (+1 a win, -1 a loss,
plus 0.1 per own victory point gained), so that a short run shows a signal. The mask comes from
the environment's ``action_masks()``.

    python examples/train_maskable_ppo.py [--steps 4096] [--png learning_curve.png] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.monitor import Monitor

import ravenry.rl  # noqa: F401  (registers ravenry/catan-v0)

ENV_OPTIONS = {
    "bots": "random:offers=false",
    "max_offers_per_turn": 0,
    "turn_cap": 40,
    "reward": "score",
}


def make_env(seed: int) -> Monitor:
    env = gymnasium.make("ravenry/catan-v0", **ENV_OPTIONS)
    env.reset(seed=seed)
    return Monitor(env)


def learning_curve(returns: list[float], lengths: list[int], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.cumsum(lengths)
    window = max(1, len(returns) // 10)
    smooth = np.convolve(returns, np.ones(window) / window, mode="valid")
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    ax.plot(steps, returns, ".", alpha=0.35, label="episode return")
    ax.plot(steps[window - 1 :], smooth, label=f"mean of {window}")
    ax.set_xlabel("agent steps")
    ax.set_ylabel("return (win ±1 + 0.1 per VP)")
    ax.set_title("MaskablePPO on ravenry/catan-v0 vs 3 random bots (40-turn cap)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4096)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--png", default="learning_curve.png")
    args = parser.parse_args()
    env = make_env(args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, seed=args.seed, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    elapsed = time.perf_counter() - start
    returns = [float(r) for r in env.get_episode_rewards()]
    lengths = [int(n) for n in env.get_episode_lengths()]
    learning_curve(returns, lengths, args.png)
    third = max(1, len(returns) // 3)
    print(
        f"{args.steps} steps in {elapsed:.1f} s, {len(returns)} episodes; mean return: first "
        f"{third} {np.mean(returns[:third]):.3f}, last {third} {np.mean(returns[-third:]):.3f}; "
        f"wrote {args.png}"
    )


if __name__ == "__main__":
    main()
