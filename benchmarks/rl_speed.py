"""How fast the RL environments step, against the raw engine, for catan and thrones.

These loops play random games from seeds 1, 2, ... for a fixed CPU time each (one core):

- ``raw``: every seat picks uniformly among ``legal_actions`` (``random.Random.choice``) and
  ``apply``s it (the engine alone);
- ``bots``: every seat is the environment's bot (``BotSeat`` of ``random``, its own ``Rng``), as
  ``ravenry simulate`` plays: what the env's bots cost without any observation or mask;
- ``gym``: ``ravenry.rl.gym_env`` — seat 0 picks uniformly among the legal indices the info
  lists (``random.Random.choice`` over ``info["legal_actions"]``, as ``raw`` over its list), the
  other seats are ``random`` bots inside the environment; reported per environment step and per
  engine action (the agent's and the bots'). Each step: the agent's action applied, the bots'
  turns, the reward, the observation (float32), the mask (int8) and its list of indices;
- ``gym_fixed_obs``: the same environment with its observation replaced by a copy of one fixed
  vector (the legal indices and the mask worked out by ``Match.legal`` and ``mask_of``, not
  in the compiled call that also writes the observation): not an environment anyone should
  use, but about the most that any work on the observation could gain (what is left is the
  mask, the bots, the agent's pick and the env's own steps);
- ``vector``: ``ravenry.rl.vector_env`` of 16 games (one compiled call steps them all): the
  agent picks uniformly among each game's ``legal_actions()`` as in ``gym``; 500 batch steps
  from each reset, a game's restart step (autoreset) not counted as a step;
- ``aec``: ``ravenry.rl.aec_env`` — every seat is an agent picking among its mask's 1s (an
  observation and a mask for every action).

Catan is played with ``max_offers_per_turn=0`` and ``random:offers=false`` bots so that no loop
makes domestic offers (the raw loop's choices never include them: offers are not listed).
"engine actions/s" of the environments against the raw loop's is the overhead the goal bounds
(within 20%). Run with the pure build (``.venv/bin/python``) and the compiled one
(``.venv-compiled/bin/python``, after ``make compiled``); ``--json`` writes the numbers.
``rl_vs_catanatron_gym.py`` runs the ``gym`` loop of both builds against catanatron-gym's env.

``--slices N`` plays each loop in N turns, the loops taking turns (the shares of ``raw`` then
hold on a machine whose speed drifts during the run).

    python benchmarks/rl_speed.py [--seconds 10] [--slices 1] [--loops raw gym] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import ravenry
import ravenry.rl as rl
from ravenry.bots.base import BotSeat, bot_from_spec
from ravenry.build import compiled
from ravenry.core.rng import Rng
from ravenry.sim.runner import derive_seed

GAMES = {
    "catan": {"players": 4, "max_offers_per_turn": 0},
    "thrones": {"players": 5},
}
BOTS = {"catan": "random:offers=false", "thrones": "random"}


class _Timed:
    """One loop's games (seeds 1, 2, ...) and totals, played in one or more slices of CPU time."""

    def __init__(self, play: Callable[[int], tuple[int, int]]) -> None:
        self.play = play
        self.seed = self.steps = self.actions = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        """Play whole games until ``seconds`` of CPU time pass."""
        start = time.process_time()
        while time.process_time() - start < seconds:
            self.seed += 1
            s, a = self.play(self.seed)
            self.steps += s
            self.actions += a
        self.elapsed += time.process_time() - start

    def totals(self) -> dict[str, float]:
        return {
            "games": self.seed,
            "seconds": round(self.elapsed, 2),
            "steps_per_s": round(self.steps / self.elapsed),
            "actions_per_s": round(self.actions / self.elapsed),
        }


def timed_loops(
    plays: dict[str, Callable[[int], tuple[int, int]]], seconds: float, slices: int
) -> dict[str, dict[str, float]]:
    """Each loop for ``seconds`` of CPU time, in ``slices`` turns taken one loop after another
    (so that a machine whose speed drifts, shared or throttled, slows every loop alike)."""
    loops = {name: _Timed(play) for name, play in plays.items()}
    for _ in range(slices):
        for loop in loops.values():
            loop.run(seconds / slices)
    return {name: loop.totals() for name, loop in loops.items()}


def raw(game: str, options: dict[str, Any]) -> Callable[[int], tuple[int, int]]:
    def play(seed: int) -> tuple[int, int]:
        state = ravenry.new_game(game, seed=seed, **options)
        chooser = random.Random(seed)
        n = 0
        while True:
            decision = state.decision()
            if decision.result is not None or state.turn_number() > rl.match.DEFAULT_TURN_CAP[game]:
                return n, n
            for p in decision.players:
                if p in state.decision().players:
                    state.apply(p, chooser.choice(state.legal_actions(p)))
                    n += 1

    return play


def bots(game: str, options: dict[str, Any]) -> Callable[[int], tuple[int, int]]:
    players = options["players"]

    def play(seed: int) -> tuple[int, int]:
        state = ravenry.new_game(game, seed=seed, **options)
        seats = [
            (BotSeat(bot_from_spec(BOTS[game], game)), Rng.from_seed(derive_seed(seed, p)))
            for p in range(players)
        ]
        n = 0
        while True:
            decision = state.decision()
            if decision.result is not None or state.turn_number() > rl.match.DEFAULT_TURN_CAP[game]:
                return n, n
            for p in decision.players:
                if p in state.decision().players:
                    bot, rng = seats[p]
                    state.apply(p, bot.decide(state, p, rng))
                    n += 1

    return play


def gym(game: str, options: dict[str, Any], fixed_obs: bool = False) -> Callable[[int], tuple[int, int]]:
    env = rl.gym_env(game, bots=BOTS[game], **options)
    chooser = random.Random(0)
    if fixed_obs:
        fixed = np.zeros(env.observation_space.shape, dtype=np.float32)
        match = env.match

        def fixed_view(seat: int, agent: Any = None) -> tuple[np.ndarray, tuple[int, ...], np.ndarray]:
            legal = match.legal(seat)  # (what agent_view works out, but the observation)
            return fixed.copy(), legal, match.catalogue.mask_of(legal)

        def fixed_turn(
            agent: Any, chosen: int
        ) -> tuple[np.ndarray, float, bool, bool, tuple[int, ...], np.ndarray]:
            lane = match.lane  # (what agent_turn does, but the observation)
            reward = lane.agent_step(
                env.seat,
                match.catalogue.actions[chosen],
                match.reward_kind == "score",
                match.shaping,
                match.loss_reward,
            )
            obs, legal, mask = fixed_view(env.seat)
            return obs, reward, lane.over(), lane.truncated, legal, mask

        match.agent_view = fixed_view  # type: ignore[method-assign]
        match.agent_turn = fixed_turn  # type: ignore[method-assign]

    def play(seed: int) -> tuple[int, int]:
        _, info = env.reset(seed=seed)
        steps = 0
        done = False
        while not done:
            action = chooser.choice(info["legal_actions"])
            _, _, term, trunc, info = env.step(action)
            steps += 1
            done = term or trunc
        return steps, len(env.match.state.history)

    return play


def aec(game: str, options: dict[str, Any]) -> Callable[[int], tuple[int, int]]:
    env = rl.aec_env(game, **options)
    chooser = random.Random(0)

    def play(seed: int) -> tuple[int, int]:
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(chooser.choice(np.flatnonzero(obs["action_mask"].view(np.bool_)))))
            steps += 1
        return steps, len(env.match.state.history)

    return play


def gym_fixed_obs(game: str, options: dict[str, Any]) -> Callable[[int], tuple[int, int]]:
    return gym(game, options, fixed_obs=True)


VECTOR_GAMES = 16  # the vector loop's games at once
VECTOR_STEPS = 500  # its batch steps from each reset


def vector(game: str, options: dict[str, Any]) -> Callable[[int], tuple[int, int]]:
    env = rl.vector_env(game, VECTOR_GAMES, bots=BOTS[game], **options)
    chooser = random.Random(0)

    def play(seed: int) -> tuple[int, int]:
        env.reset(seed=seed * VECTOR_GAMES)
        steps = actions = 0
        fresh = [False] * VECTOR_GAMES
        for _ in range(VECTOR_STEPS):
            picks = [chooser.choice(legal) if legal else 0 for legal in env.legal_actions()]
            steps += VECTOR_GAMES - sum(fresh)  # (a game's first step after its end only restarts it)
            _, _, term, trunc, _ = env.step(np.array(picks))
            fresh = (term | trunc).tolist()
            for lane, done in zip(env.batch.lanes, fresh, strict=True):
                if done:
                    actions += len(lane.state.history)
        actions += sum(
            len(lane.state.history) for lane, done in zip(env.batch.lanes, fresh, strict=True) if not done
        )
        return steps, actions

    return play


LOOPS = {"raw": raw, "bots": bots, "gym": gym, "gym_fixed_obs": gym_fixed_obs, "vector": vector, "aec": aec}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per loop")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--loops", nargs="*", default=list(LOOPS), choices=list(LOOPS))
    parser.add_argument(
        "--slices", type=int, default=1, help="play the loops in this many turns each, one after another"
    )
    parser.add_argument("--json", help="write the numbers here")
    args = parser.parse_args()
    build = "compiled" if compiled() else "pure"
    results: dict[str, Any] = {"build": build, "games": {}}
    for game in args.games:
        options = GAMES[game]
        row = timed_loops(
            {name: LOOPS[name](game, options) for name in args.loops}, args.seconds, args.slices
        )
        if "raw" in row:
            base = row["raw"]["actions_per_s"]
            for name in row.keys() - {"raw"}:
                row[name]["actions_vs_raw"] = round(row[name]["actions_per_s"] / base, 3)
        results["games"][game] = row
        print(f"{game} ({build}):")
        for name, r in row.items():
            ratio = f", {r['actions_vs_raw']:.0%} of raw" if "actions_vs_raw" in r else ""
            print(
                f"  {name:13} {r['games']:4} games  {r['steps_per_s']:>8,} steps/s  "
                f"{r['actions_per_s']:>8,} engine actions/s{ratio}"
            )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
