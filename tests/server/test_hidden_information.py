"""Hidden information on every frame: whole games played over the WebSocket, every frame that
every seat and a spectator received checked against a replay of the finished game."""

from __future__ import annotations

import pytest
from server_support import Viewer, create, drive_lockstep, pick, tokens, verify_frames
from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("game", ["catan", "brotherhood"])
def test_every_frame_of_a_game_of_people_shows_each_viewer_only_its_own(
    client: TestClient, game: str
) -> None:
    created = create(client, game, ["human"] * 4, board="variable")
    game_id = created["id"]
    seat_tokens = tokens(created)
    with (
        client.websocket_connect(f"/ws/{game_id}") as w0,
        client.websocket_connect(f"/ws/{game_id}") as w1,
        client.websocket_connect(f"/ws/{game_id}") as w2,
        client.websocket_connect(f"/ws/{game_id}") as w3,
        client.websocket_connect(f"/ws/{game_id}") as ws_spectator,
    ):
        seats = {n: Viewer(ws, n) for n, ws in enumerate((w0, w1, w2, w3))}
        spectator = Viewer(ws_spectator, None)
        assert spectator.hello(None)["seat"] is None
        for n, viewer in seats.items():
            welcome = viewer.hello(seat_tokens[n])
            assert welcome["t"] == "welcome" and welcome["seat"] == n
        actions = drive_lockstep(seats, [spectator])
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["seq"] == actions
    record = client.get(f"/api/games/{game_id}/record").json()
    assert len(record["actions"]) == actions
    seed = record["config"]["seed"]
    everyone = [*seats.values(), spectator]
    checked = verify_frames(record, seed, everyone)
    assert checked >= 5 * actions  # every ev of every viewer, plus the welcomes


def test_every_frame_of_a_game_with_three_bots(client: TestClient) -> None:
    created = create(client, "brotherhood", ["bot:greedy", "human", "bot:random", "bot:greedy"])
    game_id = created["id"]
    token = tokens(created)[1]
    with (
        client.websocket_connect(f"/ws/{game_id}") as ws_spectator,
        client.websocket_connect(f"/ws/{game_id}") as ws_person,
    ):
        spectator = Viewer(ws_spectator, None)
        spectator.hello(None)
        person = Viewer(ws_person, 1)
        person.hello(token)  # the last person arrives: the bots start
        turn = 0
        while person.view.get("result") is None:
            if person.legal:
                answer = person.act(pick(person.legal, turn))
                assert answer["t"] == "ack", answer
                person.legal = None  # act again only on a frame sent after this action
                turn += 1
            person.recv_until("ev")
        final_seq = person.seq
        while spectator.seq < final_seq:
            spectator.recv_until("ev")
    record = client.get(f"/api/games/{game_id}/record").json()
    assert len(record["actions"]) == final_seq
    bot_moves = sum(1 for seat, _ in record["actions"] if seat != 1)
    assert bot_moves > turn > 10
    verify_frames(record, record["config"]["seed"], [person, spectator])


def test_the_frame_check_catches_a_leak(client: TestClient) -> None:
    """The checker above is not vacuous: a frame that shows another seat's hand, or an event
    that names what it should hide, makes it fail."""
    created = create(client, "catan", ["human"] * 3, setup="fixed")
    game_id = created["id"]
    seat_tokens = tokens(created)
    with (
        client.websocket_connect(f"/ws/{game_id}") as w0,
        client.websocket_connect(f"/ws/{game_id}") as w1,
        client.websocket_connect(f"/ws/{game_id}") as w2,
    ):
        seats = {n: Viewer(ws, n) for n, ws in enumerate((w0, w1, w2))}
        for n, viewer in seats.items():
            viewer.hello(seat_tokens[n])
        for step in range(30):
            (actor,) = [v for v in seats.values() if v.legal]
            assert actor.act(pick(actor.legal or [], step))["t"] == "ack"
            for viewer in seats.values():
                viewer.recv_until("ev")
    storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    row = storage.get_game(game_id)
    record = {
        "game": row.kind,
        "config": row.config,
        "actions": [[a.seat, a.payload] for a in storage.actions(game_id)],
    }
    viewers = list(seats.values())
    assert verify_frames(record, row.seed, viewers) > 90
    victim = seats[1]
    ev = next(f for f in reversed(victim.frames) if f["t"] == "ev")
    ev["view"]["players"][0]["hand"] = {"ore": 1}
    with pytest.raises(AssertionError):
        verify_frames(record, row.seed, viewers)
    del ev["view"]["players"][0]["hand"]
    verify_frames(record, row.seed, viewers)
    ev["events"].append({"type": "stolen", "resource": "ore"})
    with pytest.raises(AssertionError):
        verify_frames(record, row.seed, viewers)
    ev["events"].pop()
    victim.raw[-1] = victim.raw[-1] + f" {row.seed}"
    with pytest.raises(AssertionError, match="seed"):
        verify_frames(record, row.seed, viewers)
