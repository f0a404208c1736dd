"""What the account tests share: a server on a test database (sign-in limits off unless given),
signing up, in and out, being the browser of a session, deleting an account."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from conftest import TEST_LIMITS
from starlette.testclient import TestClient

from ravenry.server.accounts import COOKIE
from ravenry.server.app import create_app

PASSWORD = "correct horse battery"


@contextmanager
def server(database_url: str, fixed_seed: int | None = None, **limits: Any) -> Iterator[TestClient]:
    off = {"sign_ins_per_minute": 0, "sign_ins_per_account": 0}
    settings = dataclasses.replace(TEST_LIMITS, **{**off, **limits})
    with TestClient(
        create_app(database_url, bot_delay=0.0, fixed_seed=fixed_seed, limits=settings)
    ) as client:
        yield client


def sign_up(client: TestClient, username: str = "Arya", password: str = PASSWORD) -> Any:
    return client.post("/api/accounts", json={"username": username, "password": password})


def sign_in(client: TestClient, username: str = "Arya", password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"username": username, "password": password})


def as_session(client: TestClient, session_id: str | None) -> None:
    """Be the browser of that session (None: of none); the test client's jar holds the cookie."""
    client.cookies.clear()
    if session_id:
        client.cookies.set(COOKIE, session_id, domain="testserver.local", path="/")


def delete_account(client: TestClient, csrf: str, password: str) -> Any:
    body = json.dumps({"password": password})
    headers = {"X-CSRF-Token": csrf, "Content-Type": "application/json"}
    return client.request("DELETE", "/api/me", content=body, headers=headers)
