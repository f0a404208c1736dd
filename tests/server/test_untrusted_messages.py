"""Untrusted input, generated: whatever a socket sends, it gets exactly one answer (an ack, a
reject with a code and a reason, or a pong/welcome), the server never fails, and a refused
message changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import Viewer, create, tokens
from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(120)

CODES = {
    "bad_message",
    "unauthorized",
    "not_your_turn",
    "illegal",
    "stale",
    "game_over",
    "too_large",
    "storage",
}
ACTION_TYPES = [
    "place_settlement",
    "place_road",
    "build_road",
    "roll",
    "end_turn",
    "discard",
    "move_robber",
    "offer_trade",
    "accept_offer",
    "play_monopoly",
    "trade_bank",
    "nonsense",
]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False), st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTION_TYPES)},
    optional={
        "node": st.integers(-5, 200) | json_values,
        "edge": st.integers(-5, 200),
        "resource": st.sampled_from(["ore", "wool", "gold", "ORE"]) | json_values,
        "give": st.dictionaries(
            st.sampled_from(["ore", "wool", "brick", "x"]), st.integers(-2, 30), max_size=3
        ),
        "extra": json_values,
    },
)
acts = st.fixed_dictionaries(
    {"t": st.just("act"), "cid": st.text(min_size=0, max_size=70), "a": actions | json_values},
    optional={"at": st.integers(-3, 5) | json_values},
)
messages = st.one_of(
    acts, st.dictionaries(st.sampled_from(["t", "cid", "a", "at", "token"]), json_values, max_size=4)
)


def test_any_message_gets_one_answer_and_a_refusal_changes_nothing(client: TestClient) -> None:
    created = create(client, "catan", ["human", "human", "human"])
    seat_tokens = tokens(created)
    with (
        client.websocket_connect(f"/ws/{created['id']}") as w0,
        client.websocket_connect(f"/ws/{created['id']}") as w1,
    ):
        first, second = Viewer(w0, 0), Viewer(w1, 1)
        first.hello(seat_tokens[0])
        second.hello(seat_tokens[1])
        first.recv_until("presence")

        @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
        @given(message=messages, raw=st.booleans(), who=st.sampled_from([0, 1]))
        def check(message: dict[str, Any], raw: bool, who: int) -> None:
            viewer = (first, second)[who]
            seq_before = client.get(f"/api/games/{created['id']}").json()["seq"]
            text = json.dumps(message) if not raw else json.dumps(message)[:-1]
            if message.get("t") == "hello":
                return  # a hello with another token is a different seat: covered elsewhere
            viewer.ws.send_text(text)
            answer = viewer.recv_until("ack", "reject", "pong", "welcome", "error")
            assert answer["t"] != "error", answer
            if answer["t"] == "reject":
                assert answer["code"] in CODES and answer["reason"]
                assert client.get(f"/api/games/{created['id']}").json()["seq"] == seq_before
            if answer["t"] == "ack":  # a legal move was found by chance: everyone hears of it
                for other in (first, second):
                    assert other.recv_until("ev")["seq"] == answer["seq"]

        check()
