"""How long a bot level thinks in the server's bot worker pool (``server/bot_workers.py``): whole
games where seat 0 is the level's bot and the others ``greedy``, every decision of seat 0 with a
choice sent to the pool as the server sends it (the state as JSON, the bot pickled) and timed by
the wall clock from submission to answer. Reports the median, p90, p99 and maximum in ms.

    .venv/bin/python benchmarks/bot_think_time.py --level hard --game catan --games 2
    .venv/bin/python benchmarks/bot_think_time.py --spec expert:ms=800 --game thrones --games 1
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from ravenry.bots.base import BotSeat, bot_from_spec
from ravenry.bots.levels import level_spec
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.server.bot_workers import BotPool, make_job


async def timed_games(spec: str, game_id: str, players: int, games: int, turn_cap: int) -> list[float]:
    pool = BotPool(workers=1)
    pool.warm()
    times: list[float] = []
    try:
        for seed in range(1, games + 1):
            state = new_game(game_id, players=players, seed=seed)
            hero = bot_from_spec(spec, game_id)
            others = [BotSeat(bot_from_spec("greedy", game_id)) for _ in range(players)]
            rngs = [Rng.from_seed(seed * 10 + p) for p in range(players)]
            while state.decision().result is None and state.turn_number() <= turn_cap:
                p = state.decision().players[0]
                if p == 0 and len(state.legal_actions(0)) > 1:
                    started = time.perf_counter()
                    answer = await pool.decide(make_job(state, 0, hero, rngs[0]))
                    times.append(time.perf_counter() - started)
                    hero, rngs[0] = answer.restore()
                    action = state.game.action_from_json(answer.action)
                else:
                    action = others[p].decide(state, p, rngs[p])
                state.apply(p, action)
    finally:
        pool.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--spec", default="", help="a bot spec instead of a level")
    parser.add_argument("--game", default="catan")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--turn-cap", type=int, default=1000)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    spec = args.spec or level_spec(args.level, args.game)
    players = 5 if args.game == "thrones" else 4
    times = asyncio.run(timed_games(spec, args.game, players, args.games, args.turn_cap))
    ms = sorted(t * 1000 for t in times)

    def q(f: float) -> float:
        return ms[min(len(ms) - 1, int(f * len(ms)))]

    row = {
        "game": args.game,
        "spec": spec,
        "decisions": len(ms),
        "median_ms": round(statistics.median(ms), 1),
        "p90_ms": round(q(0.9), 1),
        "p99_ms": round(q(0.99), 1),
        "max_ms": round(ms[-1], 1),
    }
    print(json.dumps(row))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(row, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
