"""Seeded random games of classic Catan through the conformance kit.

2,016 games in the broad sweep (3 and 4 players on the beginner, variable and random boards)
with the expensive checks on every 300th step (2-3 times a game, at a random phase), a dense
sweep with them on every 4th step. Invariants run after every step of every game; the replay and
record checks on every even seed. The step cap, the fixed set-up and same-seed checks every
Catan-family game shares are in ``test_catan_family_conformance.py``.
"""

from __future__ import annotations

import pytest
from conftest import sweep_chunks, sweep_seeds

from ravenry.testing import GameChecks, PlayoutSettings, run_conformance

BOARDS = ("beginner", "variable", "random")
CHUNKS = 8
GAMES_PER_CHUNK = 42  # 2 player counts x 3 boards x 8 chunks x 42 = 2,016 games
MAX_STEPS = 2500  # random games need 650-800 steps (median), rarely more than 2,000


@pytest.mark.parametrize("chunk", sweep_chunks(CHUNKS))
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [3, 4])
def test_random_games(players: int, board: str, chunk: int, catan_checks: GameChecks) -> None:
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=300, replay_every_game=2)
    seeds = sweep_seeds(players, BOARDS.index(board), chunk, GAMES_PER_CHUNK)
    result = run_conformance(
        "catan", seeds, players=players, options={"board": board}, checks=catan_checks, settings=settings
    )
    assert result.games == GAMES_PER_CHUNK
    assert result.finished >= 0.95 * result.games, f"only {result.finished} of {result.games} games finished"
    assert result.replays >= result.games // 2  # every even seed, and any game stopped at the cap
    # The expensive checks really ran (games last 650-800 steps: two or three samples each).
    assert result.sampled_steps >= result.games
    assert result.clone_applications > result.sampled_steps
    assert result.refusals > 10 * result.sampled_steps
    assert result.scrambled_views == result.sampled_steps * (players + 1)
    assert result.scrambled_event_views > 0
    assert set(result.winners) <= set(range(players))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [3, 4])
def test_dense_checks(players: int, board: str, catan_checks: GameChecks) -> None:
    """A few games with the full battery on every fourth step, so rare moments get it too."""
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=4, clone_actions_per_type=10)
    seeds = sweep_seeds(players, BOARDS.index(board), 0, 2, base=50_000)
    result = run_conformance(
        "catan", seeds, players=players, options={"board": board}, checks=catan_checks, settings=settings
    )
    assert result.finished == result.games == 2
    assert result.sampled_steps >= result.steps // 4 - 2
    kinds = set(result.action_types)
    assert {"roll", "discard", "move_robber", "build_settlement", "buy_dev", "maritime_trade"} <= kinds
    assert result.scrambled_event_views > result.sampled_steps
