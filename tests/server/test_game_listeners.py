"""Who hears of a live game's committed changes (``LiveGame.tell``, the hub's listeners: "Your
games", ratings, turn alerts): each change once, in order, after it is committed; and a listener
that fails costs no move."""

from __future__ import annotations

from typing import Any

from account_support import server
from server_support import Viewer, create, pick, tokens


def test_listeners_hear_each_change_in_order_and_a_failing_one_costs_no_move(database_url: str) -> None:
    with server(database_url) as client:
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        heard: list[tuple[str, str, int]] = []

        def note(live: Any, change: str) -> None:
            heard.append((live.id, change, live.seq))

        def fail(live: Any, change: str) -> None:
            raise RuntimeError("a listener's own fault")

        hub.listeners[:0] = [fail]  # first: the others must still hear
        hub.listeners.append(note)
        made = create(client, "liars-dice", ["human", "human"])
        game = made["id"]
        assert heard == [(game, "held", 0)]
        invite = tokens(made)
        with client.websocket_connect(f"/ws/{game}") as ws0, client.websocket_connect(f"/ws/{game}") as ws1:
            viewers = {0: Viewer(ws0, 0), 1: Viewer(ws1, 1)}
            for seat, viewer in viewers.items():
                viewer.hello(invite[seat])
            assert heard[-1] == (game, "started", 0)
            for turn in range(2000):
                deciding = [v for v in viewers.values() if v.legal]
                if not deciding:
                    break
                answer = deciding[0].act(pick(deciding[0].legal or [], turn))
                assert answer["t"] == "ack", answer
                for viewer in viewers.values():
                    viewer.recv_until("ev")
        moves = heard[2:]
        assert [seq for _, _, seq in moves] == list(range(1, len(moves) + 1)), "one change per action"
        assert [change for _, change, _ in moves] == ["moved"] * (len(moves) - 1) + ["finished"]
        assert client.get(f"/api/games/{game}").json()["result"] is not None
