"""A new game's static board is built again only when what it is made from changed
(``GameState.static_key``): on a fixed board the environments keep the one they hold, on a
variable board every game shows its own."""

from __future__ import annotations

import pytest

import ravenry
import ravenry.rl as rl


@pytest.mark.parametrize("game", ["catan", "got-catan", "brotherhood"])
def test_states_with_equal_static_keys_show_the_same_static_part(game: str) -> None:
    options = [{}, {"board": "variable"}] if game == "catan" else [{}]  # (their boards are fixed)
    states = [ravenry.new_game(game, players=4, seed=seed, **o) for o in options for seed in range(6)]
    pairs = 0
    for a in states:
        for b in states:
            if a.static_key() == b.static_key():
                assert a.observe(0)["board"] == b.observe(1)["board"]
                pairs += a is not b
    assert pairs > 0  # (games on a fixed board share their key)
    if game == "catan":  # variable boards differ game by game, and so do their keys
        variable = states[6:]
        assert len({str(s.observe(0)["board"]["hexes"]) for s in variable}) > 1
        assert len({id(s.static_key()[1]) for s in variable}) > 1  # type: ignore[index]


def test_a_game_without_a_key_says_so() -> None:
    assert ravenry.new_game("thrones", players=5, seed=1).static_key() is None


@pytest.mark.parametrize("board", ["beginner", "variable"])
def test_each_reset_shows_its_own_games_board(board: str) -> None:
    env = rl.gym_env("catan", board=board)
    boards = []
    for seed in range(5):
        obs, info = env.reset(seed=seed)
        state = env.match.state
        assert dict(info["board"]) == state.observe(0)["board"]
        assert (obs == env.match.view_observation(0, state.observe(0, static=False))).all()
        boards.append(info["board"])
    if board == "beginner":  # the board held is kept, not built again
        assert all(b._data is boards[0]._data for b in boards)
    else:
        assert len({str(dict(b)["hexes"]) for b in boards}) > 1


def test_the_vector_envs_games_each_encode_their_own_board() -> None:
    env = rl.vector_env("catan", 3, board="variable")
    observations, _ = env.reset(seed=7)
    for i, lane in enumerate(env.batch.lanes):
        seat = env.seat
        view = lane.state.observe(seat)
        assert (observations[i] == env.match.encoding.encode(view)).all()
