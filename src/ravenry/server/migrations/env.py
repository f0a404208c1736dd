"""Alembic environment for the ravenry server: runs on the connection the server hands over
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` when run by the alembic command."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

import ravenry.server.alerts.store  # its tables: see below
import ravenry.server.ratings.store  # noqa: F401  (its tables: see below)
from ravenry.server.storage import metadata

# Every table, for autogenerate: the storage package declares the games', the accounts' and the
# cluster's tables on ``metadata``; a module elsewhere that declares its own is imported above.
target_metadata = metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url, or pass a connection in config.attributes")
    with create_engine(url).begin() as connection:
        _run(connection)


if context.is_offline_mode():
    raise RuntimeError("ravenry migrations run online only")
run_migrations_online()
