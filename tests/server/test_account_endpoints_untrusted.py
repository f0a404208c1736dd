"""The endpoints a signed-in person (or a game's host) sends bodies to, fed anything (Hypothesis):
turn alerts' settings, a seat's switch, a device's subscription, the game's webhook, a game made
with oneself seated and rated, the players' and leaderboard pages. Every answer is a 2xx or a 4xx
with a code and a reason, never a 5xx, and no answer echoes a secret it was sent."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from account_support import server, sign_up
from hypothesis import given, settings
from hypothesis import strategies as st
from server_support import create, tokens

SECRET = "s3cr3t-webhook-path"

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.text(max_size=40),
    st.sampled_from(
        ["https://discord.com/api/webhooks/1/" + SECRET, "ftp://x", "http://127.0.0.1:1/x", "me"]
    ),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
_keys = st.sampled_from(
    ["email", "email_on", "push_on", "game", "seat", "on", "endpoint", "keys", "url", "seats", "options", "x"]
)
BODIES = st.one_of(st.dictionaries(_keys, _values, max_size=5), _values)


def test_any_body_to_the_accounts_newer_endpoints_gets_a_2xx_or_a_4xx_with_a_reason(
    database_url: str,
) -> None:
    with server(database_url) as client:
        csrf = sign_up(client).json()["csrf"]
        created = create(client, "catan", ["human", "human", "bot:random"])
        game_id, host = created["id"], created["host_token"]
        seat_token = tokens(created)[0]
        routes: list[tuple[str, str, dict[str, str]]] = [
            ("POST", "/api/me/alerts", {"X-CSRF-Token": csrf}),
            ("POST", "/api/me/alerts/seats", {"X-CSRF-Token": csrf}),
            ("POST", "/api/me/push", {"X-CSRF-Token": csrf}),
            ("DELETE", "/api/me/push", {"X-CSRF-Token": csrf}),
            ("POST", f"/api/games/{game_id}/webhook", {"Authorization": f"Bearer {host}"}),
            ("POST", f"/api/games/{game_id}/webhook", {"Authorization": f"Bearer {seat_token}"}),
            ("POST", f"/api/games/{game_id}/claim", {"X-CSRF-Token": csrf}),
            ("POST", "/api/games", {"X-CSRF-Token": csrf}),
        ]

        @settings(max_examples=120, deadline=None)
        @given(route=st.sampled_from(routes), body=BODIES)
        def any_body(route: tuple[str, str, dict[str, str]], body: Any) -> None:
            method, path, headers = route
            answer = client.request(
                method,
                path,
                content=json.dumps(body),
                headers={**headers, "Content-Type": "application/json"},
            )
            assert answer.status_code < 500, (path, body, answer.text)
            if answer.status_code >= 400:
                refused = answer.json()
                assert refused["code"] and refused["reason"], answer.text
            assert SECRET not in answer.text, "an answer echoed a webhook's secret path"

        any_body()

        @settings(max_examples=60, deadline=None)
        @given(name=st.text(max_size=40), game=st.text(max_size=40))
        def any_page(name: str, game: str) -> None:
            for path in (f"/api/players/{quote(name, safe='')}", f"/api/leaderboard/{quote(game, safe='')}"):
                answer = client.get(path)
                assert answer.status_code < 500, (path, answer.text)
                if answer.status_code >= 400 and answer.headers.get("content-type", "").startswith(
                    "application/json"
                ):
                    assert answer.json()["reason"]

        any_page()
