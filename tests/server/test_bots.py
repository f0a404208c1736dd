"""Bots on the server: they play games with nobody connected, wait while a person has not yet
arrived, and wait the configured delay before each move."""

from __future__ import annotations

import time

import pytest
from conftest import TEST_LIMITS
from server_support import Viewer, create, pick, tokens, verify_frames
from starlette.testclient import TestClient

from ravenry.server.app import create_app

pytestmark = pytest.mark.timeout(90)


def test_a_game_of_bots_plays_to_the_end_with_nobody_connected(client: TestClient) -> None:
    created = create(client, "got-catan", ["bot:greedy", "bot:random", "bot:greedy"])
    game_id = created["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["result"]["winners"] and summary["seq"] > 100
    # A spectator who comes afterwards sees the final position, checked against the replay.
    record = client.get(f"/api/games/{game_id}/record").json()
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        spectator = Viewer(ws, None)
        assert spectator.hello(None)["seq"] == summary["seq"]
    verify_frames(record, record["config"]["seed"], [spectator])


def test_bots_wait_until_every_person_has_arrived(client: TestClient) -> None:
    waited = 0
    for person in range(3):
        kinds = ["bot:greedy"] * 3
        kinds[person] = "human"
        created = create(client, "catan", kinds)
        game_id = created["id"]
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            spectator = Viewer(ws, None)
            first = spectator.hello(None)["view"]["decision"]["players"]
        if person in first:
            continue
        waited += 1
        time.sleep(0.3)
        assert client.get(f"/api/games/{game_id}").json()["seq"] == 0, "a bot moved before the person came"
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            Viewer(ws, person).hello(tokens(created)[person])
            deadline = time.monotonic() + 10
            while client.get(f"/api/games/{game_id}").json()["seq"] == 0:
                assert time.monotonic() < deadline
                time.sleep(0.02)
    assert waited, "in every seating the person decided first; the test proved nothing"


def test_a_bot_waits_its_delay_before_it_moves(database_url: str) -> None:
    delay = 0.25
    with TestClient(create_app(database_url, bot_delay=delay, limits=TEST_LIMITS)) as client:
        created = create(client, "catan", ["human", "bot:greedy", "bot:greedy"])
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            person = Viewer(ws, 0)
            person.hello(tokens(created)[0])
            gaps = []
            for turn in range(4):
                while not person.legal:
                    person.recv_until("ev")
                assert person.act(pick(person.legal, turn))["t"] == "ack"
                person.legal = None
                acked = time.monotonic()
                person.recv_until("ev")  # my own move
                if person.legal:
                    continue  # my turn goes on
                frame = person.recv_until("ev")  # nobody else is a person: a bot's move
                assert frame["by"] != 0
                gaps.append(time.monotonic() - acked)
    assert gaps and min(gaps) >= delay * 0.9
