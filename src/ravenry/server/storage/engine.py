"""Connecting to the database and bringing its schema to the newest migration.

SQLite gets WAL, ``synchronous=NORMAL`` (survives a killed process), ``BEGIN IMMEDIATE``, a busy
timeout and foreign keys; PostgreSQL stays at its durable defaults. The schema is created and
upgraded by the Alembic migrations shipped in ``ravenry/server/migrations``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

__all__ = ["MIGRATIONS", "MIGRATION_LOCK_KEY", "make_engine", "migrate", "normalise_url"]

# The Alembic scripts: ravenry/server/migrations, beside this package.
MIGRATIONS = Path(__file__).parent.parent / "migrations"

# The PostgreSQL advisory lock that serialises migrations (any fixed 64-bit number of our own).
MIGRATION_LOCK_KEY = 0x7261_7665_6E72_79


def normalise_url(url: str) -> str:
    """``postgresql://`` → ``postgresql+psycopg://`` (psycopg 3 is the driver we ship)."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=4, hide_parameters=True)
    if not parsed.database or parsed.database == ":memory:":
        raise ValueError(
            "use a SQLite file (sqlite:///path/to/file.sqlite); an in-memory database is not kept"
        )
    Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    # hide_parameters: an error's text (which gets logged) must not carry the statement's values,
    # seat token hashes among them.
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 5}, hide_parameters=True)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # pysqlite's own transaction handling is turned off so that BEGIN IMMEDIATE (below) takes
        # the write lock at the start of a transaction instead of upgrading it half-way.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several processes started at once on one database (a cluster) would each create
            # the tables; the first takes this lock, the others wait for its commit and then
            # find the schema at head. Released with the transaction.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
