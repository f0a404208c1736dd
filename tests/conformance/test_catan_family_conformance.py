"""What every Catan-family game must do under the conformance kit, run for each of them: a game
cut short at a step cap still replays and round-trips, the fixed set-up starts from the printed
pieces, and one seed always gives one game (another seed, another game).
"""

from __future__ import annotations

import pytest

from ravenry.core.rng import Rng
from ravenry.games.catan.boards import classic_layout
from ravenry.testing import GameChecks, PlayoutSettings, run_conformance, same_game_twice

GAMES = ("catan", "got-catan", "brotherhood")
FIXED_BOARD = {"catan": "beginner", "got-catan": "standard", "brotherhood": "standard"}
MAX_STEPS = 3000  # random games of each need 500-900 steps, rarely more than 2,000


@pytest.mark.parametrize("game", GAMES)
def test_games_stopped_at_the_step_cap(game: str, family_checks: dict[str, GameChecks]) -> None:
    """A game cut short still replays, round-trips and keeps its invariants."""
    settings = PlayoutSettings(max_steps=150, sample_every=7)
    result = run_conformance(
        game, range(16), players=4, options={"board": "random"}, checks=family_checks[game], settings=settings
    )
    assert result.capped == result.games == 16
    assert result.replays == 16
    assert result.steps == 16 * 150
    assert result.sampled_steps >= 16 * (150 // 7)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("game", GAMES)
def test_fixed_setup(game: str, players: int, family_checks: dict[str, GameChecks]) -> None:
    if game == "catan" and not classic_layout("beginner", Rng(0)).starting_pieces:
        pytest.skip("the beginner layout ships no fixed starting pieces, so setup='fixed' cannot start")
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=100)
    result = run_conformance(
        game,
        range(30),
        players=players,
        options={"board": FIXED_BOARD[game], "setup": "fixed"},
        checks=family_checks[game],
        settings=settings,
    )
    assert result.finished >= 0.95 * result.games
    assert "place_settlement" not in result.action_types  # the pieces were already on the board
    assert result.sampled_steps >= result.games
    if game == "brotherhood":  # the set-up guard round still comes: one guard each
        assert result.action_types["place_guard"] == result.games * players


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game: str, seed: int, family_checks: dict[str, GameChecks]) -> None:
    checks = family_checks[game]
    options = {"board": "random"}
    first, second = same_game_twice(game, seed, players=4, options=options, checks=checks)
    assert first == second
    other, _ = same_game_twice(game, seed + 100, players=4, options=options, checks=checks)
    assert other != first


@pytest.mark.parametrize("game", GAMES)
def test_games_with_the_undo_option(game: str, family_checks: dict[str, GameChecks]) -> None:
    """With ``undo`` on, random games (which take back builds and trades as often as they end a
    turn) still finish, replay byte for byte and keep every invariant, the snapshots' included:
    a snapshot differs from the state in nothing hidden (``CatanInvariants.check_undo``)."""
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=40)
    result = run_conformance(
        game, range(3), players=4, options={"undo": True}, checks=family_checks[game], settings=settings
    )
    assert result.finished == result.games == 3
    assert result.replays == 3
    assert result.action_types["undo"] >= 3
    assert result.sampled_steps >= 3 * 10
