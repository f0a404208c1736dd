"""Seeded random games of A Game of Thrones Catan (``got-catan``) through the conformance kit.

1,008 games in the broad sweep (3 and 4 players on the standard, variable and random Gift) with
the expensive checks on every 150th step (about 4 times a game, at a random phase), a dense sweep
with them on every 4th step. The invariants (Catan's, with Tormund's camp and the 23-card deck,
plus the Gift and its 2:1 trade routes) run after every step of every game; the replay and record
checks on every even seed. The random policy is Catan's (``conftest.py``); the checks every
Catan-family game shares are in ``test_catan_family_conformance.py``.
"""

from __future__ import annotations

import pytest
from conftest import sweep_chunks, sweep_seeds

from ravenry.games.catan.data import GENERIC_HARBOR
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position
from ravenry.games.got_catan.invariants import GotCatanInvariants
from ravenry.testing import GameChecks, PlayoutSettings, play_checked, run_conformance
from ravenry.testing.conformance import ConformanceResult

GAME = "got-catan"
BOARDS = ("standard", "variable", "random")
CHUNKS = 4
GAMES_PER_CHUNK = 42  # 2 player counts x 3 boards x 4 chunks x 42 = 1,008 games
MAX_STEPS = 2500  # random games need about 600 steps, rarely more than 1,500
SAMPLE_EVERY = 150  # the expensive checks about 4 times a game


@pytest.mark.parametrize("chunk", sweep_chunks(CHUNKS))
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [3, 4])
def test_random_games(players: int, board: str, chunk: int, got_checks: GameChecks) -> None:
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=SAMPLE_EVERY, replay_every_game=2)
    seeds = sweep_seeds(players, BOARDS.index(board), chunk, GAMES_PER_CHUNK)
    result = run_conformance(
        GAME, seeds, players=players, options={"board": board}, checks=got_checks, settings=settings
    )
    assert result.games == GAMES_PER_CHUNK
    assert result.finished >= 0.95 * result.games, f"only {result.finished} of {result.games} games finished"
    assert result.replays >= result.games // 2
    assert result.sampled_steps >= 2 * result.games  # every game lasts more than 300 steps
    assert result.clone_applications > result.sampled_steps
    assert result.refusals > 10 * result.sampled_steps
    assert result.scrambled_views == result.sampled_steps * (players + 1)
    assert result.scrambled_event_views > 0
    assert set(result.winners) <= set(range(players))
    assert "play_monopoly" not in result.action_types  # the GoT deck has no Monopoly


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [3, 4])
def test_dense_checks(players: int, board: str, got_checks: GameChecks) -> None:
    """A few games with the full battery on every fourth step, so rare moments get it too;
    Tormund goes back to his camp in some of them."""
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=4, clone_actions_per_type=10)
    result = ConformanceResult()
    camp_moves = 0
    for seed in sweep_seeds(players, BOARDS.index(board), 0, 3, base=50_000):
        state = play_checked(
            GAME,
            seed,
            players=players,
            options={"board": board},
            checks=got_checks,
            settings=settings,
            result=result,
        )
        assert isinstance(state, CatanState)
        camp_moves += sum(a[0] == "move_robber" and a[1] == -1 for _, a in state.history)
    assert result.finished == result.games == 3
    assert result.sampled_steps >= result.steps // 4 - 3
    kinds = set(result.action_types)
    assert {"roll", "discard", "move_robber", "build_settlement", "buy_dev", "maritime_trade"} <= kinds
    assert result.scrambled_event_views > result.sampled_steps
    assert camp_moves > 0, "Tormund never went back to his camp"


# -- the Gift's own invariants fire ------------------------------------------------------------------
def _main_phase_state() -> CatanState:
    pos = Position(GAME, players=4)
    pos.settlement(0, pos.node(0, "N")).road(0, pos.edge(0, "NE")).turn(0, "main")
    return pos.state


def test_a_classic_board_is_no_gift() -> None:
    state = Position("catan", players=4).turn(0, "main").state
    with pytest.raises(AssertionError, match="Gift hexes"):
        GotCatanInvariants()(state)


def test_a_clean_state_passes() -> None:
    GotCatanInvariants()(_main_phase_state())


def test_a_3_to_1_harbor_or_a_missing_route_is_caught() -> None:
    state = _main_phase_state()
    state.harbors[0].add(GENERIC_HARBOR)
    with pytest.raises(AssertionError, match="routes"):
        GotCatanInvariants()(state)


def test_tormund_leaving_his_camp_during_set_up_is_caught() -> None:
    pos = Position(GAME, players=4)
    state = pos.state
    state.turn = 0
    state.robber = 3
    with pytest.raises(AssertionError, match="Tormund left his camp"):
        GotCatanInvariants().check_robber(state)
