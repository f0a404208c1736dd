"""The learned evaluators: the shipped networks load and give probabilities that sum to 1 on
real positions; the file format round-trips and refuses junk; the heuristic stands in where no
network ships; training is reproducible from its seed and writes its report."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.evaluators import evaluator_for, shipped_path
from ravenry.evaluators.network import Network, load_network
from ravenry.sim.runner import run_game

SHIPPED = [("catan", 4), ("got-catan", 4), ("brotherhood", 4), ("thrones", 5)]


def _positions(game_id: str, players: int, seed: int, every: int = 25) -> list[object]:
    """States along a greedy game, every ``every`` steps (replayed from its record)."""
    _, final = run_game(game_id, players, seed, ["greedy"] * players)
    state = new_game(game_id, players=players, seed=seed)
    out: list[object] = []
    for i, (seat, action) in enumerate(final.history):
        if i % every == 0:
            out.append(state.clone())
        state.apply(seat, action)
    out.append(state)
    return out


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_the_shipped_network_loads_and_its_probabilities_sum_to_one(game_id: str, players: int) -> None:
    assert shipped_path(game_id, players).exists()
    judge = evaluator_for(game_id, players)
    assert judge.kind == "network"
    for state in _positions(game_id, players, seed=11):
        for seat in range(players):
            probs = judge.probabilities(state, seat)  # type: ignore[arg-type]
            assert len(probs) == players
            assert all(0.0 <= p <= 1.0 for p in probs)
            assert sum(probs) == pytest.approx(1.0, abs=1e-5)
            assert judge.values([state], seat)[0] == pytest.approx(probs[seat], abs=1e-6)  # type: ignore[list-item]
        table = judge.table(state)  # type: ignore[arg-type]
        assert sum(table) == pytest.approx(1.0, abs=1e-5)


def test_a_finished_game_is_judged_by_its_result() -> None:
    _, final = run_game("catan", 4, 3, ["greedy"] * 4)
    result = final.decision().result
    assert result is not None
    expected = [1.0 if p in result.winners else 0.0 for p in range(4)]
    assert evaluator_for("catan", 4).table(final) == expected
    assert evaluator_for("catan", 4).probabilities(final, 2) == expected


def test_the_heuristic_stands_in_where_no_network_ships() -> None:
    judge = evaluator_for("catan", 3)
    assert not shipped_path("catan", 3).exists()
    assert judge.kind == "heuristic"
    for state in _positions("catan", 3, seed=5, every=60):
        probs = judge.probabilities(state, 0)  # type: ignore[arg-type]
        assert sum(probs) == pytest.approx(1.0)


def test_the_network_file_round_trips_and_junk_is_refused(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    net = Network(
        rng.normal(size=6).astype(np.float32),
        np.ones(6, np.float32),
        (
            (rng.normal(size=(6, 5)).astype(np.float32), rng.normal(size=5).astype(np.float32)),
            (rng.normal(size=(5, 1)).astype(np.float32), rng.normal(size=1).astype(np.float32)),
        ),
        {"game": "test"},
    )
    path = tmp_path / "net.npz"
    net.save(path)
    back = load_network(path)
    x = rng.normal(size=(4, 3, 6)).astype(np.float32)  # 4 positions, 3 seats
    assert back.probabilities(x).shape == (4, 3)
    # float16 on disk: the same to about three digits
    assert np.allclose(back.probabilities(x), net.probabilities(x), atol=5e-3)
    assert np.allclose(back.probabilities(x).sum(axis=1), 1.0, atol=1e-5)
    assert back.meta == {"game": "test"}
    junk = tmp_path / "junk.npz"
    np.savez(junk, mean=np.zeros(3))
    with pytest.raises(ValueError, match="not an evaluator network"):
        load_network(junk)


def test_training_is_reproducible_from_its_seed_and_writes_its_report(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from ravenry.evaluators.train import TrainSettings, train

    settings = TrainSettings("catan", 4, games=16, seed=7, every=10, epochs=2, workers=1, hidden=(16,))
    report = train(settings, tmp_path / "a.npz", tmp_path / "docs", log=lambda _: None)
    train(settings, tmp_path / "b.npz", None, log=lambda _: None)
    a, b = load_network(tmp_path / "a.npz"), load_network(tmp_path / "b.npz")
    for (wa, ba), (wb, bb) in zip(a.layers, b.layers, strict=True):
        assert np.array_equal(wa, wb) and np.array_equal(ba, bb)
    written = json.loads((tmp_path / "docs" / "catan.json").read_text())
    assert written["held_out"] == report["held_out"]
    for who in ("network", "heuristic", "uniform"):
        assert written["held_out"][who]["brier"] > 0
    assert len(written["curve"]) == 2
    assert (tmp_path / "docs" / "catan-learning.png").stat().st_size > 1000
    assert (tmp_path / "docs" / "catan-calibration.png").stat().st_size > 1000
    # a second run with the same settings resumes: the positions and the finished epochs are kept
    lines: list[str] = []
    train(settings, tmp_path / "a.npz", None, log=lines.append)
    assert any("positions read" in line for line in lines)
    assert any("resumed after epoch 2" in line for line in lines)


def test_evaluation_reads_only_the_seats_view() -> None:
    """Two states that one seat cannot tell apart get the same probabilities from it."""
    state = _positions("catan", 4, seed=2, every=80)[2]
    twin = state.sample_hidden(1, Rng.from_seed(9))  # type: ignore[attr-defined]
    assert twin.to_json_text() != state.to_json_text()  # type: ignore[attr-defined]
    judge = evaluator_for("catan", 4)
    assert judge.probabilities(twin, 1) == judge.probabilities(state, 1)  # type: ignore[arg-type]


def test_sibling_positions_label_the_moves_not_played_and_leave_the_game_as_it_was() -> None:
    """With ``siblings`` (selfplay.py), a game's own positions are those it gives without them,
    and the extra rows (the children of the moves compared, every seat's view of each) carry
    outcomes as probabilities; the same seed gives the same rows."""
    from ravenry.evaluators.selfplay import SelfPlay, game_positions

    plain = game_positions(SelfPlay("catan", 4, 3, every=20), 0)
    with_siblings = game_positions(SelfPlay("catan", 4, 3, every=20, siblings=3, sibling_every=40), 0)
    again = game_positions(SelfPlay("catan", 4, 3, every=20, siblings=3, sibling_every=40), 0)
    assert plain is not None and with_siblings is not None and again is not None
    own = len(plain.target)
    assert np.array_equal(with_siblings.seats[:own], plain.seats) and np.array_equal(
        with_siblings.target[:own], plain.target
    )
    extra = with_siblings.target[own:]
    assert len(extra) >= 4 * 2 and len(extra) % 4 == 0, "no sibling rows"
    assert np.allclose(extra.sum(axis=1), 1.0)
    assert np.array_equal(with_siblings.viewer[own:], np.tile(np.arange(4), len(extra) // 4))
    # the children of one position differ from each other (different moves were played)
    assert len({row.tobytes() for row in with_siblings.seats[own:]}) > len(extra) // 4
    assert np.array_equal(with_siblings.seats, again.seats) and np.array_equal(
        with_siblings.target, again.target
    )
