"""GET /api/games/{id}/analysis: a finished game's analysis is worked out once in the bot worker
pool (202 while it is), kept with the game and served from the store (200), the same after a
restart and never worked out again; a running game has none and says why; an unknown game is a
404. On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from typing import Any

import pytest
from conftest import FIXED_SEED, TEST_LIMITS
from server_support import create
from starlette.testclient import TestClient

from ravenry.analysis import SCHEMA
from ravenry.server.app import create_app


def _wait_finished(client: TestClient, game_id: str) -> None:
    deadline = time.monotonic() + 120
    while client.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game did not finish in 120 s"
        time.sleep(0.1)


def _analysis(client: TestClient, game_id: str) -> tuple[int, dict[str, Any]]:
    """Ask until the analysis is there: the first answer's status, and the analysis."""
    first = client.get(f"/api/games/{game_id}/analysis")
    answer = first
    deadline = time.monotonic() + 120
    while answer.status_code == 202:
        assert answer.json() == {"status": "computing"}
        assert time.monotonic() < deadline, "no analysis in 120 s"
        time.sleep(0.1)
        answer = client.get(f"/api/games/{game_id}/analysis")
    assert answer.status_code == 200, answer.text
    return first.status_code, answer.json()


@pytest.mark.parametrize("workers", [0, 1])
def test_a_finished_games_analysis_is_worked_out_once_and_kept(any_database: str, workers: int) -> None:
    app = create_app(
        any_database, bot_delay=0.0, fixed_seed=FIXED_SEED, limits=TEST_LIMITS, bot_workers=workers
    )
    with TestClient(app) as client:
        running = create(client, "catan", ["human", "bot:greedy", "bot:greedy"])
        refused = client.get(f"/api/games/{running['id']}/analysis")
        assert refused.status_code == 403 and refused.json()["code"] == "running"
        assert "win_probability" not in refused.text
        assert client.get("/api/games/nope/analysis").status_code == 404
        game_id = create(client, "catan", ["bot:greedy"] * 3)["id"]
        _wait_finished(client, game_id)
        first_status, analysis = _analysis(client, game_id)
        assert first_status == 202
        record = client.get(f"/api/games/{game_id}/record").json()
        assert analysis["schema"] == SCHEMA and analysis["game"] == "catan" and analysis["players"] == 3
        assert analysis["steps"] == len(record["actions"])
        assert len(analysis["win_probability"]) == len(record["actions"]) + 1
        assert analysis["finished"] and analysis["winners"]
        again = client.get(f"/api/games/{game_id}/analysis")
        assert again.status_code == 200 and again.json() == analysis
    # A new server on the same database serves the kept analysis and never works it out again.
    app = create_app(
        any_database, bot_delay=0.0, fixed_seed=FIXED_SEED, limits=TEST_LIMITS, bot_workers=workers
    )

    async def never(record: dict[str, Any]) -> dict[str, Any]:
        raise AssertionError("the kept analysis was worked out again")

    with TestClient(app) as client:
        app.state.hub.bot_pool.analyse = never
        after = client.get(f"/api/games/{game_id}/analysis")
        assert after.status_code == 200 and after.json() == analysis


def test_a_failed_analysis_says_so_and_is_tried_again(client: TestClient) -> None:
    game_id = create(client, "catan", ["bot:greedy"] * 3)["id"]
    _wait_finished(client, game_id)
    pool = client.app.state.hub.bot_pool  # type: ignore[attr-defined]
    real = pool.analyse

    async def broken(record: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("worker trouble")

    pool.analyse = broken
    assert client.get(f"/api/games/{game_id}/analysis").status_code == 202
    deadline = time.monotonic() + 30
    answer = client.get(f"/api/games/{game_id}/analysis")
    while answer.status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.05)
        answer = client.get(f"/api/games/{game_id}/analysis")
    assert answer.status_code == 500 and answer.json()["code"] == "analysis_failed"
    pool.analyse = real
    status, analysis = _analysis(client, game_id)
    assert status == 202 and analysis["game"] == "catan"
