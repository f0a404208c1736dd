"""The server's database: games, seats, the ordered accepted actions and the table talk
(SQLAlchemy 2 Core), on SQLite by default and PostgreSQL by URL.

:class:`Storage` is the database behind the server. Its methods are synchronous and run off the
event loop: reads and the rare writes on the storage's thread pool (:meth:`Storage.call`),
accepted actions on writer threads that commit whatever has queued up in one transaction
(:meth:`Storage.append`, group commit). It is made of one part per module:

- ``schema``: the games' tables and ``metadata``, the one MetaData every table is declared on;
- ``rows``: the rows as the server holds them (``GameRow``, ``SeatRow``, ``ChatRow``, ...);
- ``engine``: connecting (SQLite's pragmas) and migrating (Alembic, ``ravenry/server/migrations``);
- ``group_commit``: the writer threads committing accepted actions (``GroupCommit``);
- ``writes``: every other write, one transaction each (``Writes``);
- ``queries``: the reads (``Queries``);
- ``leases``: the cluster's tables, declared and queried there (``Leases``), and the fence's
  refusal (``NotOwner``).

The names the rest of the server uses are imported from here.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError

from .engine import MIGRATION_LOCK_KEY, MIGRATIONS, make_engine, migrate, normalise_url
from .group_commit import PG_WRITERS, GroupCommit, PendingAction
from .leases import FENCED_SQLSTATE, NotOwner, is_fenced
from .queries import Queries
from .rows import ActionRow, ChatRow, GameRow, SeatClockRow, SeatRow, dumps, record_json
from .schema import (
    RECORD_SCHEMA_VERSION,
    actions_table,
    analyses_table,
    chat_table,
    games_table,
    metadata,
    rematches_table,
    seats_table,
)
from .writes import Writes

__all__ = [
    "FENCED_SQLSTATE",
    "MIGRATIONS",
    "MIGRATION_LOCK_KEY",
    "PG_WRITERS",
    "RECORD_SCHEMA_VERSION",
    "ActionRow",
    "ChatRow",
    "GameRow",
    "NotOwner",
    "PendingAction",
    "SeatClockRow",
    "SeatRow",
    "Storage",
    "actions_table",
    "analyses_table",
    "chat_table",
    "dumps",
    "games_table",
    "is_fenced",
    "make_engine",
    "metadata",
    "migrate",
    "normalise_url",
    "record_json",
    "rematches_table",
    "seats_table",
]

T = TypeVar("T")


class Storage(GroupCommit, Writes, Queries):
    """The database behind the server. Its methods are blocking; call them through :meth:`call`
    (or, for an accepted action, :meth:`append`)."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.engine = make_engine(self.url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        # Reads (and the rare writes of the lobby): one thread for SQLite, a few for PostgreSQL.
        self._pool = ThreadPoolExecutor(
            max_workers=1 if self.is_sqlite else 8, thread_name_prefix="ravenry-db"
        )
        self._start_writers()

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking method in the storage's threads; a write the cluster's fence refused
        (this process no longer owns the game) raises ``NotOwner``."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, functools.partial(fn, *args))
        except DBAPIError as exc:
            if is_fenced(exc):
                raise NotOwner(str(exc.orig).splitlines()[0]) from exc
            raise

    def close(self) -> None:
        self._stop_writers()
        self._pool.shutdown(wait=True)
        self.engine.dispose()

    def migrate(self) -> None:
        migrate(self.engine)
