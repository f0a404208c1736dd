"""Random 4-player Catan playouts in ravenry through the public protocol, and state-cost probes.

The random player picks uniformly (with a seeded ``random.Random``, as the fastcatan worker does:
the player is the harness, not the engine, so both use the same chooser) among the legal
actions except domestic offers (``offer_trade`` / ``counter_offer``): the peers' random players
never trade with each other, so leaving offers out keeps game lengths comparable.

catan_speed.py imports this module for the pure-Python row and runs it as a worker script inside
benchmarks/.venv-ravenry-mypyc for the compiled row; as a script it prints its totals as one JSON line:

    python benchmarks/ravenry_playout.py --first-seed 1 --games 200 --turn-cap 1000 [--clone-calls N]
"""

from __future__ import annotations

import json
import platform
import random
import time
import timeit
from dataclasses import asdict, dataclass
from importlib.metadata import version

import ravenry
from ravenry.build import compiled
from ravenry.games.catan.rules import CatanState
from worker_cli import worker_parser

DOMESTIC_OFFERS = frozenset({"offer_trade", "counter_offer"})


@dataclass(frozen=True)
class PlayoutTotals:
    """What a batch of playouts cost: games, finished/unfinished counts, wall seconds, actions."""

    games: int
    unfinished: int
    seconds: float
    steps: int


def new_catan(seed: int) -> CatanState:
    state = ravenry.new_game("catan", players=4, seed=seed)
    if not isinstance(state, CatanState):
        raise TypeError(f"ravenry.new_game('catan') made a {type(state).__name__}")
    return state


def play_one(seed: int, turn_cap: int, stop_after_steps: int | None = None) -> tuple[CatanState, int, bool]:
    """Play one random game; return (state, actions applied, finished).

    The game stops unfinished once its turn counter passes ``turn_cap``, or, when given, after
    ``stop_after_steps`` actions (used to reach a mid-game position).
    """
    state = new_catan(seed)
    chooser = random.Random(seed)
    steps = 0
    while True:
        decision = state.decision()
        if decision.result is not None:
            return state, steps, True
        if state.turn > turn_cap or steps == stop_after_steps:
            return state, steps, False
        players = decision.players
        player = players[0] if len(players) == 1 else players[chooser.randrange(len(players))]
        # The rules list everything but domestic offers without building them at all.
        actions = state.legal_actions(player, DOMESTIC_OFFERS)
        state.apply(player, actions[chooser.randrange(len(actions))])
        steps += 1


def play_many(seeds: list[int], turn_cap: int) -> PlayoutTotals:
    """Play one game per seed, timing only the games (new_game through the last apply)."""
    steps = 0
    unfinished = 0
    start = time.perf_counter()
    for seed in seeds:
        _, game_steps, finished = play_one(seed, turn_cap)
        steps += game_steps
        unfinished += not finished
    seconds = time.perf_counter() - start
    return PlayoutTotals(len(seeds), unfinished, seconds, steps)


@dataclass(frozen=True)
class StateCosts:
    """Size of the full-state JSON and the cost of clone() at one mid-game position."""

    seed: int
    step: int
    turn: int
    history_length: int
    json_bytes: int
    json_bytes_without_history: int
    clone_microseconds: float
    clone_calls: int


def _json_bytes(obj: object) -> int:
    # The same compact form as GameState.to_json_text(), so the number matches what is stored.
    return len(json.dumps(obj, sort_keys=True, separators=(",", ":")).encode())


def measure_state_costs(seed: int, turn_cap: int, clone_calls: int) -> StateCosts:
    """Replay game ``seed`` to half its length, then size its JSON and time ``clone()``."""
    _, total_steps, _ = play_one(seed, turn_cap)
    state, step, _ = play_one(seed, turn_cap, stop_after_steps=total_steps // 2)
    full = state.to_json()
    without_history = {key: value for key, value in full.items() if key != "history"}
    seconds = timeit.timeit(state.clone, number=clone_calls)
    return StateCosts(
        seed=seed,
        step=step,
        turn=state.turn,
        history_length=len(state.history),
        json_bytes=_json_bytes(full),
        json_bytes_without_history=_json_bytes(without_history),
        clone_microseconds=seconds / clone_calls * 1e6,
        clone_calls=clone_calls,
    )


def main(argv: list[str] | None = None) -> None:
    """Worker mode, with the peers' workers' options: time the games, print one JSON line."""
    parser = worker_parser(__doc__)
    parser.add_argument(
        "--clone-calls", type=int, default=0, help="also probe the state costs with this many clones"
    )
    args = parser.parse_args(argv)
    timed = range(args.first_seed, args.first_seed + args.games)
    play_many(list(range(timed.stop, timed.stop + args.warmup)), args.turn_cap)
    totals = play_many(list(timed), args.turn_cap)
    report = {
        "engine": "ravenry",
        "version": version("ravenry"),
        "python": platform.python_version(),
        "compiled": compiled(),
        **asdict(totals),
    }
    if args.clone_calls > 0:
        report["state"] = asdict(measure_state_costs(args.first_seed, args.turn_cap, args.clone_calls))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
