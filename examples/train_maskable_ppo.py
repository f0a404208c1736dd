"""Train sb3-contrib's MaskablePPO on one seat of a ravenry game against ravenry's ``random`` bots,
evaluate it on fixed seeds as it learns, and save the learning curve as a PNG and a JSON file.

Needs ``pip install 'ravenry[rl-train]'`` (gymnasium, numpy, matplotlib, sb3-contrib, and a
torch you choose: see docs/rl.md). On this project's machines ``pip install torch==2.13.0`` is
the CPU build, from local disk.

The agent plays seat 0 against ``random:offers=false`` bots (no domestic offers:
``max_offers_per_turn=0`` in the Catan family), with the shaped ``score`` reward (+1 a win, -1
a loss, plus 1 per own victory point gained: ``shaping=1.0``; Thrones: per castle), a short turn
cap, and only its real decisions as steps (:class:`Decisions`), so that a few thousand steps show a
signal. Every ``--eval-every`` steps (and before the first) the
policy plays ``--eval-games`` games on the same seeds (its actions sampled from the masked
distribution with a fixed torch seed: the untrained policy is close to uniform over the legal
actions, so the first point is about what a random player scores). Each point records the
agent's mean final score (victory points; Thrones: castles), its win rate (games it won
outright) and how often it finished strictly ahead of every bot (``lead``), at the turn cap.
The same seeds played by a uniform random agent give the ``random`` line of the plot.

The mask comes from the environment's ``action_masks()``, which MaskablePPO calls on the
(unwrapped) env itself; no ``ActionMasker`` wrapper is needed.

    python examples/train_maskable_ppo.py [--game catan] [--steps 12288] [--seed 1]
        [--png learning_curve.png] [--json learning_curve.json]
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import ravenry.rl  # registers ravenry/<game>-v0

SEAT = 0
BOTS = "random:offers=false"
# A short game: the agent decides a few dozen times per game, so thousands of steps are ~100 games.
TURN_CAPS = {"catan": 40, "got-catan": 40, "brotherhood": 40, "thrones": 3}
EVAL_SEED_BASE = 10_000  # evaluation games are seeds 10000, 10001, ...; training draws 63-bit seeds


@dataclass(frozen=True)
class Point:
    """One evaluation: after ``steps`` agent steps, over the evaluation seeds."""

    steps: int
    score: float  # the agent's mean final score (Catan family: VP, hidden ones included)
    win_rate: float  # games the agent won outright
    lead: float  # games where the agent finished strictly ahead of every bot


def env_options(game: str, turn_cap: int | None = None, shaping: float = 1.0) -> dict[str, Any]:
    options: dict[str, Any] = {
        "bots": BOTS,
        "turn_cap": turn_cap or TURN_CAPS[game],
        "reward": "score",
        "shaping": shaping,
    }
    if game != "thrones":
        options["max_offers_per_turn"] = 0
    return options


class Decisions(gymnasium.Wrapper[Any, Any, Any, Any]):
    """Only real decisions reach the agent: a step with one legal action (rolling the dice, ending a
    turn with nothing to build, ...) is played here, its reward added to the next step's. About
    two thirds of a short Catan game's steps are such; skipping them gives the learner about three
    times the games for the same number of steps.

    ``info`` keeps only the mask: this example reads the observation and the mask, and
    stable-baselines3's vector env deep-copies every info at every step."""

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        obs, _, _, _, info = self._forced(obs, 0.0, False, False, info)
        return obs, {"action_mask": info["action_mask"]}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self._forced(*self.env.step(action))
        return obs, reward, terminated, truncated, {"action_mask": info["action_mask"]}

    def _forced(
        self, obs: Any, reward: Any, terminated: bool, truncated: bool, info: dict[str, Any]
    ) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        total = float(reward)
        while not (terminated or truncated) and np.count_nonzero(info["action_mask"]) == 1:
            only = int(np.flatnonzero(info["action_mask"])[0])
            obs, reward, terminated, truncated, info = self.env.step(only)
            total += float(reward)
        return obs, total, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined, no-any-return]


def make_env(game: str, **options: Any) -> Decisions:
    return Decisions(gymnasium.make(ravenry.rl.ENV_IDS[game], **env_options(game, **options)))


def final_standing(env: Decisions) -> tuple[float, bool, bool]:
    """The agent's score, whether it won, whether it is strictly ahead of every bot."""
    state = env.unwrapped.match.state  # type: ignore[attr-defined]
    scores = state.scores()
    result = state.decision().result
    won = result is not None and SEAT in result.winners and len(result.winners) == 1
    ahead = all(scores[SEAT] > s for p, s in enumerate(scores) if p != SEAT)
    return float(scores[SEAT]), won, ahead


def evaluate(env: Decisions, policy: Any, games: int, sample_seed: int) -> tuple[float, float, float]:
    """Play ``games`` games on the evaluation seeds with ``policy(obs, mask, rng)``; mean score,
    win rate, lead rate. Torch's global RNG is seeded for the games and restored after them, so
    that evaluating changes nothing in training."""
    rng = np.random.default_rng(sample_seed)
    standings = []
    with torch.random.fork_rng():
        torch.manual_seed(sample_seed)
        for g in range(games):
            obs, info = env.reset(seed=EVAL_SEED_BASE + g)
            done = False
            while not done:
                action = policy(obs, info["action_mask"], rng)
                obs, _, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            standings.append(final_standing(env))
    scores, wins, leads = zip(*standings, strict=True)
    return float(np.mean(scores)), float(np.mean(wins)), float(np.mean(leads))


def uniform_random(obs: Any, mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


class Evaluations(BaseCallback):
    """Evaluates the policy before training and, between rollouts (after an update), once at
    least ``every`` steps have passed since the last evaluation."""

    def __init__(self, env: Decisions, every: int, games: int, seed: int) -> None:
        super().__init__()
        self.env = env
        self.every = every
        self.games = games
        self.seed = seed
        self.points: list[Point] = []
        self._next = 0

    def evaluate(self) -> None:
        model = self.model
        assert isinstance(model, MaskablePPO)

        def policy(obs: Any, mask: np.ndarray, rng: np.random.Generator) -> int:
            action, _ = model.predict(obs, action_masks=mask, deterministic=False)
            return int(action)

        score, win_rate, lead = evaluate(self.env, policy, self.games, self.seed)
        self.points.append(Point(self.num_timesteps, score, win_rate, lead))
        self._next = self.num_timesteps + self.every

    def _on_training_start(self) -> None:
        self.evaluate()

    def _on_rollout_start(self) -> None:
        if self.num_timesteps >= self._next:
            self.evaluate()

    def _on_step(self) -> bool:
        return True


def train(
    game: str = "catan",
    steps: int = 12288,
    eval_every: int = 2048,
    eval_games: int = 64,
    seed: int = 1,
    learning_rate: float = 1e-3,
    n_epochs: int = 5,
    **options: Any,
) -> list[Point]:
    """Train for ``steps`` agent steps; the evaluation points, the first one before training."""
    # One thread: the network is small, and with more threads torch spends its time synchronising
    # them (ten times slower on this project's loaded 2-core machines).
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        return _train(game, steps, eval_every, eval_games, seed, learning_rate, n_epochs, **options)
    finally:
        torch.set_num_threads(threads)


def _train(
    game: str,
    steps: int,
    eval_every: int,
    eval_games: int,
    seed: int,
    learning_rate: float,
    n_epochs: int,
    **options: Any,
) -> list[Point]:
    env = make_env(game, **options)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        learning_rate=learning_rate,
        n_steps=512,
        batch_size=128,
        n_epochs=n_epochs,
        seed=seed,
        verbose=0,
    )
    evaluations = Evaluations(make_env(game, **options), eval_every, eval_games, seed)
    model.learn(total_timesteps=steps, callback=evaluations)
    if evaluations.points[-1].steps < model.num_timesteps:
        evaluations.evaluate()
    return evaluations.points


def plot(points: list[Point], baseline: tuple[float, float, float], game: str, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [p.steps for p in points]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), dpi=100)
    left.plot(steps, [p.score for p in points], "o-", label="MaskablePPO")
    left.axhline(baseline[0], color="grey", linestyle="--", label="uniform random agent")
    left.set_xlabel("agent steps")
    left.set_ylabel("mean final score (VP)" if game != "thrones" else "mean final castles")
    left.legend()
    right.plot(steps, [p.lead for p in points], "o-", label="ahead of every bot at the cap")
    right.plot(steps, [p.win_rate for p in points], "s-", label="won outright")
    right.axhline(baseline[2], color="grey", linestyle="--", label="random agent: ahead")
    right.set_xlabel("agent steps")
    right.set_ylabel("fraction of evaluation games")
    right.set_ylim(-0.02, 1.02)
    right.legend()
    games = f"{TURN_CAPS[game]} turns" if game != "thrones" else f"{TURN_CAPS[game]} rounds"
    fig.suptitle(f"MaskablePPO on ravenry/{game}-v0, seat 0 vs {BOTS} bots, games capped at {games}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="catan", choices=sorted(ravenry.rl.ENV_IDS))
    parser.add_argument("--steps", type=int, default=12288)
    parser.add_argument("--eval-every", type=int, default=2048)
    parser.add_argument("--eval-games", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--n-epochs", type=int, default=5)
    parser.add_argument("--turn-cap", type=int, default=None)
    parser.add_argument("--shaping", type=float, default=1.0)
    parser.add_argument("--png", default="learning_curve.png")
    parser.add_argument("--json", default="learning_curve.json")
    args = parser.parse_args()
    start = time.perf_counter()
    options = {"turn_cap": args.turn_cap, "shaping": args.shaping}
    points = train(
        args.game,
        args.steps,
        args.eval_every,
        args.eval_games,
        args.seed,
        args.learning_rate,
        args.n_epochs,
        **options,
    )
    elapsed = time.perf_counter() - start
    baseline = evaluate(make_env(args.game, **options), uniform_random, args.eval_games, args.seed)
    plot(points, baseline, args.game, args.png)
    record = {
        "game": args.game,
        "env": env_options(args.game, **options),
        "steps": args.steps,
        "seed": args.seed,
        "learning_rate": args.learning_rate,
        "eval_games": args.eval_games,
        "seconds": round(elapsed, 1),
        "random_agent": dict(zip(("score", "win_rate", "lead"), baseline, strict=True)),
        "points": [asdict(p) for p in points],
    }
    with open(args.json, "w") as f:
        json.dump(record, f, indent=1)
    for p in points:
        print(f"{p.steps:6d} steps: score {p.score:.2f}, won {p.win_rate:.2f}, ahead {p.lead:.2f}")
    print(
        f"random agent: score {baseline[0]:.2f}, won {baseline[1]:.2f}, ahead {baseline[2]:.2f}; "
        f"{args.steps} steps in {elapsed:.0f} s; wrote {args.png} and {args.json}"
    )


if __name__ == "__main__":
    main()
