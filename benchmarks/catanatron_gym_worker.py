"""Worker run inside benchmarks/.venv-catanatron-gym: catanatron-gym's env stepped with random
masked actions for a fixed CPU time; one JSON line of totals on stdout.

The env is catanatron-gym 4.0.0's ``CatanatronEnv`` (vector observations) with three
``RandomPlayer`` enemies: four players, the agent BLUE. Per ``step``: the action index is mapped
to a catanatron action (``from_action_space``), executed, the enemies play (``play_tick``) until
the agent must act again, the observation is built (``create_sample`` and a float vector) and
``info["valid_actions"]`` listed (the action-space indices of ``playable_actions``). The agent
picks as ravenry's loop does: ``random.Random.choice`` over the env's list of valid indices.
Games from seeds 1, 2, ... until ``--seconds`` of CPU time have passed, resets included.
catanatron has no domestic trading. Standard library and catanatron only: this file must not
import ravenry.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from importlib.metadata import version

from catanatron.models.player import Color, RandomPlayer
from catanatron_gym.envs.catanatron_env import CatanatronEnv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    colors = [Color.RED, Color.ORANGE, Color.WHITE][: args.players - 1]
    env = CatanatronEnv({"enemies": [RandomPlayer(c) for c in colors]})
    chooser = random.Random(0)
    start = time.process_time()
    seed = steps = actions = games = unfinished = 0
    while time.process_time() - start < args.seconds:
        seed += 1
        _, info = env.reset(seed=seed)
        done = truncated = False
        while not done:
            action = int(chooser.choice(info["valid_actions"]))
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            done = terminated or truncated
        actions += len(env.game.state.actions)
        unfinished += bool(truncated)
        games += 1
    seconds = time.process_time() - start
    print(
        json.dumps(
            {
                "engine": "catanatron-gym",
                "version": version("catanatron-gym"),
                "catanatron": version("catanatron"),
                "python": platform.python_version(),
                "players": args.players,
                "games": games,
                "unfinished": unfinished,
                "seconds": round(seconds, 2),
                "steps": steps,
                "actions": actions,
                "steps_per_s": round(steps / seconds),
                "actions_per_s": round(actions / seconds),
            }
        )
    )


if __name__ == "__main__":
    main()
