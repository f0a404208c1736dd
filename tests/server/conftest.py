"""Fixtures for the server tests: an app on a fresh SQLite file, with bots at delay 0."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from starlette.testclient import TestClient

from ravenry.server.app import create_app
from ravenry.server.limits import Limits

# Tests drive seats as fast as the server answers, from one address, far above a person's pace:
# every limit is off here; tests/server/test_hardening.py sets the ones it checks.
TEST_LIMITS = Limits(
    rate=0,
    address_rate=0,
    connections_per_address=0,
    connects_per_minute=0,
    chat_per_minute=0,
    spectator_chat_per_minute=0,
    creates_per_hour=0,
    presence_delay=0,
)

PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"

# Long enough that finding it in a frame means the seed leaked, not that some count matched.
FIXED_SEED = 7_340_032_123_456_789


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ravenry.sqlite'}"


@pytest.fixture
def app(database_url: str) -> FastAPI:
    return create_app(database_url, bot_delay=0.0, fixed_seed=FIXED_SEED, limits=TEST_LIMITS)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def postgres_url() -> Iterator[str]:
    import psycopg

    name = f"ravenry_test_{secrets.token_hex(4)}"
    try:
        admin = psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        message = f"PostgreSQL is not reachable at 127.0.0.1:5432 ({exc.__class__.__name__}: {exc})"
        if os.environ.get("CI") == "true":
            pytest.fail(message + "; CI must run the PostgreSQL tests")
        pytest.skip(message)
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, database_url: str) -> str:
    """The test's database on SQLite, then on PostgreSQL."""
    if request.param == "sqlite":
        return database_url
    url: str = request.getfixturevalue("postgres_url")
    return url
