"""The undo option over the WebSocket: a person's build, then its undo, reach every seat and a
spectator as their own views (the same checks as the hidden-information tests: each view is
``observe`` of the replayed state for that viewer, each event ``Event.view``), and after the
undo every viewer sees again exactly what it saw before the build. The server needs nothing of
its own for it: undo is an action, committed and broadcast like any other."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import FIXED_SEED
from server_support import Viewer, create, pick, tokens, verify_frames
from starlette.testclient import TestClient

from ravenry.core.registry import get_game

pytestmark = pytest.mark.timeout(120)
BUILDS = ("build_road", "build_settlement", "build_city", "maritime_trade")


def _everyone_gets(everyone: list[Viewer], seq: int) -> None:
    for viewer in everyone:
        assert viewer.recv_until("ev")["seq"] == seq


def test_a_build_and_its_undo_reach_every_viewer_as_their_own_views(client: TestClient) -> None:
    created = create(client, "catan", ["human"] * 3, setup="fixed", undo=True)
    game_id = created["id"]
    seat_tokens = tokens(created)
    with (
        client.websocket_connect(f"/ws/{game_id}") as w0,
        client.websocket_connect(f"/ws/{game_id}") as w1,
        client.websocket_connect(f"/ws/{game_id}") as w2,
        client.websocket_connect(f"/ws/{game_id}") as ws_spectator,
    ):
        seats = {n: Viewer(ws, n) for n, ws in enumerate((w0, w1, w2))}
        spectator = Viewer(ws_spectator, None)
        spectator.hello(None)
        for n, viewer in seats.items():
            assert viewer.hello(seat_tokens[n])["seat"] == n
        everyone = [*seats.values(), spectator]
        actions: list[list[Any]] = []
        undone = 0
        for step in range(600):
            actor = next(v for v in seats.values() if v.legal)
            legal = actor.legal or []
            builds = [a for a in legal if a["type"] in BUILDS]
            if builds and undone < 3:
                before = [dict(v.view) for v in everyone]
                build = builds[step % len(builds)]
                answer = actor.act(build)
                assert answer["t"] == "ack", answer
                actions.append([actor.seat, build])
                _everyone_gets(everyone, answer["seq"])
                assert {"type": "undo"} in (actor.legal or [])
                assert all(v.view["undoable"] == build for v in everyone)
                answer = actor.act({"type": "undo"})
                assert answer["t"] == "ack", answer
                actions.append([actor.seat, {"type": "undo"}])
                _everyone_gets(everyone, answer["seq"])
                for viewer, seen in zip(everyone, before, strict=True):
                    frame = viewer.frames[-1]
                    assert frame["events"] == [{"type": "undone", "player": actor.seat, "action": build}]
                    assert viewer.view == seen, viewer.label  # as before the build, for everyone
                undone += 1
                if undone == 3:
                    break
                continue
            choice = pick([a for a in legal if a["type"] != "undo"], step)
            answer = actor.act(choice)
            assert answer["t"] == "ack", answer
            actions.append([actor.seat, choice])
            _everyone_gets(everyone, answer["seq"])
        assert undone == 3
        # Somebody else may not take back the last player's move.
        others = [v for v in seats.values() if not v.legal]
        assert others and others[0].act({"type": "undo"})["t"] == "reject"
    game = get_game("catan")
    config = game.make_config(players=3, seed=FIXED_SEED, rng="keyed", setup="fixed", undo=True)
    record = {"game": "catan", "config": config.to_json(), "actions": actions}
    assert verify_frames(record, FIXED_SEED, everyone) >= 4 * len(actions)


# -- clocks: moves taken back never gain time -----------------------------------------------------
@pytest.mark.parametrize("clock", ["move:60", "chess:60+5"])
def test_an_undo_puts_the_clock_back_as_before_the_move_it_takes_back(database_url: str, clock: str) -> None:
    """Without this, "build, undo" again and again would restart a move clock (or add a chess
    clock's increment) for ever. A set-up settlement 20 s in, taken back 10 s later: the seat has
    30 s left, as if it had never placed it, and its time runs out at the first deadline."""
    from test_clocks import Table, run

    async def scenario(t: Table) -> None:
        live = await t.start("catan", 3, clock=clock, undo=True)
        (seat,) = t.deciding()
        start_deadline = live.seats[seat].clock.deadline
        assert start_deadline == t.wall.now() + 60
        await t.advance(20)
        await t.act(seat)  # the first legal action: a settlement
        assert live.state.legal_actions(seat)[-1] == ("undo",)
        assert live.seats[seat].clock.deadline == t.wall.now() + (60 if clock == "move:60" else 45)
        await t.advance(10)
        outcome = await live.act(t.conns[seat], seat, "undo-1", None, {"type": "undo"})
        assert outcome.code is None, outcome
        await t.settle()
        assert t.deciding() == (seat,) and live.state.phase_name() == "setup_settlement"
        assert live.seats[seat].clock.deadline == start_deadline  # 30 s left, not a fresh 60
        assert live.timekeeper.json()["seats"][seat]["remaining"] == 30
        await t.advance(31)  # and it runs out at the first deadline: a stand-in places for the seat
        assert live.seats[seat].clock.timeouts == 1
        assert live.state.history[-1][1][0] == "place_settlement"

    run(database_url, scenario)
