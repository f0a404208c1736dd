"""Several server processes started at once on a fresh PostgreSQL database (a cluster's usual
start) all bring the schema to head: the migrations are serialised by an advisory lock."""

from __future__ import annotations

import threading

from ravenry.server.storage import make_engine, migrate


def test_processes_migrating_a_fresh_database_at_once_all_succeed(postgres_url: str) -> None:
    starters = 4
    barrier = threading.Barrier(starters)
    errors: list[BaseException] = []

    def start() -> None:
        engine = make_engine(postgres_url)
        try:
            barrier.wait()
            migrate(engine)
        except BaseException as exc:  # reported below, with the others'
            errors.append(exc)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=start) for _ in range(starters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    engine = make_engine(postgres_url)
    try:
        with engine.connect() as connection:
            from sqlalchemy import text

            versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    finally:
        engine.dispose()
    assert len(versions) == 1
