"""The replay's outline, ``GET /api/games/{id}/replay``: a finished game's length and the chapters
a replay jumps between (each turn of a Catan-family game, each round and phase of thrones), worked
out by the server from the game's declaration only, kept once; and nothing of it for a game that
still runs."""

from __future__ import annotations

import time
from itertools import pairwise
from typing import Any

import pytest
from server_support import create
from starlette.testclient import TestClient

from ravenry.core.record import GameRecord, replay_to
from ravenry.core.registry import declaration

FINISH_S = 240.0  # a bots' game of thrones is a few hundred moves


def _finished(client: TestClient, game: str, seats: list[str]) -> str:
    game_id = str(create(client, game, seats)["id"])
    deadline = time.monotonic() + FINISH_S
    while client.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"the bots' {game} did not finish in {FINISH_S} s"
        time.sleep(0.2)
    return game_id


def _label(read: str | tuple[str, int | None]) -> tuple[str, int | None]:
    return (read, None) if isinstance(read, str) else read


def _check_marks(client: TestClient, game_id: str) -> list[dict[str, Any]]:
    """The outline against the record replayed here: every mark where the chapter changes, and
    no change between two marks."""
    record = client.get(f"/api/games/{game_id}/record").json()
    outline = client.get(f"/api/games/{game_id}/replay").json()
    total = len(record["actions"])
    assert outline["total"] == total
    marks: list[dict[str, Any]] = outline["chapters"]
    chapter = declaration(record["game"]).chapter
    assert chapter is not None
    expected: list[dict[str, Any]] = []

    def each_state(n: int, state: Any) -> None:
        label, seat = _label(chapter(state))
        if not expected or expected[-1]["label"] != label:
            expected.append({"k": n, "label": label, "seat": seat})

    replay_to(GameRecord.from_json(record), None, each_state=each_state)
    assert marks == expected
    assert marks[0]["k"] == 0 and [m["k"] for m in marks] == sorted({m["k"] for m in marks})
    assert marks[-1] == {"k": total, "label": "The end", "seat": None}
    # A replay step at a chapter's first step shows the position the chapter names.
    mid = marks[len(marks) // 2]
    step = client.get(f"/api/games/{game_id}/replay/{mid['k']}").json()
    assert step["seq"] == mid["k"] and step["total"] == total
    assert client.get(f"/api/games/{game_id}/replay").json() == outline  # the kept one, the same
    return marks


@pytest.mark.parametrize("game", ["catan", "got-catan", "brotherhood"])
def test_a_finished_catan_family_game_has_a_chapter_for_each_turn(client: TestClient, game: str) -> None:
    game_id = _finished(client, game, ["bot:greedy", "bot:greedy", "bot:greedy"])
    marks = _check_marks(client, game_id)
    assert marks[0] == {"k": 0, "label": "Set-up", "seat": None}
    turns = marks[1:-1]
    assert [m["label"] for m in turns] == [f"Turn {n}" for n in range(1, len(turns) + 1)]
    assert all(m["seat"] in (0, 1, 2) for m in turns)
    # The turns go round the table: each turn's player follows the one before.
    assert all((b["seat"] - a["seat"]) % 3 == 1 for a, b in pairwise(turns))


def test_a_finished_thrones_game_has_a_chapter_for_each_round_and_phase(client: TestClient) -> None:
    game_id = _finished(client, "thrones", ["bot:random", "bot:random", "bot:random"])
    marks = _check_marks(client, game_id)
    body = marks[:-1]
    assert all(m["seat"] is None for m in marks)
    parts = [m["label"].split(" · ") for m in body]
    assert all(len(p) == 2 and p[0].startswith("Round ") for p in parts), parts
    assert {p[1] for p in parts} <= {"Westeros", "Planning", "Action"}
    assert parts[0] == ["Round 1", "Planning"]  # the first round has no Westeros phase
    rounds = [int(p[0].split()[1]) for p in parts]
    assert rounds == sorted(rounds) and rounds[-1] >= 2
    assert {"Westeros", "Planning", "Action"} <= {p[1] for p in parts if p[0] == "Round 2"}


@pytest.mark.parametrize("path", ["replay", "replay/0"])
def test_a_running_game_has_no_replay_outline(client: TestClient, path: str) -> None:
    created = create(client, "catan", ["human", "bot:greedy", "bot:greedy"])
    answer = client.get(f"/api/games/{created['id']}/{path}")
    assert answer.status_code == 403 and answer.json()["code"] == "running"
    assert "chapters" not in answer.text
    missing = client.get("/api/games/no-such-game/replay")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
