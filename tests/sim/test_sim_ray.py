"""Games as Ray tasks give exactly what the process pool gives (needs the ``ray`` extra)."""

from __future__ import annotations

import sys

import pytest

from ravenry.cli import main
from ravenry.sim.ray_backend import RAY_LOCAL
from ravenry.sim.simulate import simulate

QUIET = "random:offers=false"


def test_simulate_and_tournament_on_ray_equal_the_process_pool() -> None:
    ray = pytest.importorskip("ray")
    from ravenry.sim.tournament import tournament

    bots = ["greedy", QUIET, QUIET, QUIET]
    pool = simulate("catan", 4, bots, 8, seed=5, workers=2, rotate=True)
    # One local instance for the whole test: simulate and tournament join it and leave it up.
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=80 * 1024 * 1024)
    try:
        on_ray = simulate("catan", 4, bots, 8, seed=5, workers=2, rotate=True, ray_address=RAY_LOCAL)
        assert ray.is_initialized()
        kinds = ["greedy", QUIET]
        rated_on_ray = tournament("catan", 4, kinds, 4, seed=1, ray_address=RAY_LOCAL)
    finally:
        ray.shutdown()
    assert on_ray.summaries == pool.summaries
    assert on_ray.config.ray_address == RAY_LOCAL
    rated_in_pool = tournament("catan", 4, kinds, 4, seed=1)
    assert rated_on_ray.summaries == rated_in_pool.summaries
    assert rated_on_ray.ratings == rated_in_pool.ratings


def test_without_ray_the_flag_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if not installed
    assert main(["simulate", "catan", "--games", "2", "--quiet", "--ray"]) == 2
    assert "pip install 'ravenry[ray]'" in capsys.readouterr().err
    pytest.importorskip("openskill")
    assert main(["tournament", "catan", "--bots", "greedy,random", "--games", "2", "--quiet", "--ray"]) == 2
    assert "pip install 'ravenry[ray]'" in capsys.readouterr().err
