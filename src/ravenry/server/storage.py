"""The server's database: games, seats, the ordered accepted actions and the table talk
(SQLAlchemy 2 Core).

A game is stored as its config (seed included), the options asked for, its seats and the list of
accepted actions, each a JSON row keyed ``(game_id, seq)`` with an idempotency key
``(game_id, seat, cid)``; the state is rebuilt by replay. No pickles and no state snapshots, so
the database does not depend on one version of the rules' internal layout.

The methods are synchronous and run off the event loop: reads on the storage's thread pool
(:meth:`Storage.call`), accepted actions on writer threads that commit whatever has queued up
in one transaction (:meth:`Storage.append`, group commit), the seats' clocks after an action in
the same transaction as the action. On PostgreSQL that transaction is one statement on a
writer's own autocommit connection (one round trip per batch; see ``_PG_APPEND_BATCH``), two
writers, so that a batch need not wait for the one before it to commit, falling back to the pool,
action by action, if it fails. The rules are CPU-bound Python and a commit costs well under a
millisecond, so no async driver is needed.
SQLite gets WAL, ``synchronous=NORMAL`` (survives a killed process), ``BEGIN IMMEDIATE``, a busy
timeout and foreign keys; PostgreSQL stays at its durable defaults. The schema is created and upgraded by
the Alembic migrations shipped in ``ravenry/server/migrations``.

Chat lines are rows of ``chat`` keyed ``(game_id, n)``, each with the game's ``seq`` when it was
said (the replay shows a line at that position); whether the host muted spectators is a column of
the game. Chat is public to the game's viewers, so nothing in it is secret.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    false,
    func,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

T = TypeVar("T")

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("kind", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("config", Text, nullable=False),  # the game's config JSON, seed included: never sent while running
    Column("options", Text, nullable=False),  # the options the creator asked for (for a rematch)
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),  # open | running | finished
    Column("result", Text, nullable=True),
    Column("seq", Integer, nullable=False),  # accepted actions so far
    Column("host_token_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("schema_version", Integer, nullable=False),  # the record format of this row
    Column("spectators_muted", Boolean, nullable=False, server_default=false()),  # by the host
    Column("clock_seq", Integer, nullable=True),  # the seq the seats' clocks were saved after
    Index("ix_games_status_created", "status", "created_at"),
)

seats_table = Table(
    "seats",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(128), nullable=True),  # the bot spec, e.g. greedy or random:offers=false
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),  # SHA-256 of the seat's token; bots have none
    Column("claimed_at", Float, nullable=True),  # first time the seat connected
    # The seat's clock (see ravenry.server.clocks): an absolute deadline while it decides, the
    # bank left (chess clocks), timeouts in a row, and whether a bot plays it (away).
    Column("clock_deadline", Float, nullable=True),
    Column("clock_bank", Float, nullable=True),
    Column("timeouts", Integer, nullable=False, server_default="0"),
    Column("away", Boolean, nullable=False, server_default=false()),
    PrimaryKeyConstraint("game_id", "seat"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=True),  # NULL: an action the server itself took
    Column("payload", Text, nullable=False),  # the action's JSON (game.action_to_json)
    Column("cid", String(64), nullable=True),  # the client's idempotency key
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "seq"),
    UniqueConstraint("game_id", "seat", "cid", name="uq_actions_game_seat_cid"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

chat_table = Table(
    "chat",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("n", Integer, nullable=False),  # 1, 2, ... within the game
    Column("seq", Integer, nullable=False),  # the game's seq (accepted actions) when it was said
    Column("seat", Integer, nullable=True),  # NULL: a spectator
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),  # cleaned (messages.clean_chat_text) before it is stored
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "n"),
    Index("ix_chat_game_seq", "game_id", "seq"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

RECORD_SCHEMA_VERSION = 1

# PostgreSQL writer threads (and connections) committing accepted actions: see Storage.__init__.
PG_WRITERS = 2

# Several server processes (ravenry.server.cluster, migration 0004): each process's lease, the
# process that owns each live game, and rematches (the new game's seat tokens, sealed with the
# tokens that may ask for them: see ravenry.server.rematches).
cluster_nodes_table = Table(
    "cluster_nodes",
    metadata,
    Column("node", String(64), primary_key=True),
    Column("expires_at", Float, nullable=False),  # the database's clock (epoch seconds)
    Column("started_at", Float, nullable=False),
)

game_owners_table = Table(
    "game_owners",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("node", String(64), nullable=False),
    Column("epoch", Integer, nullable=False),  # +1 at every change of owner
    PrimaryKeyConstraint("game_id"),
    Index("ix_game_owners_node", "node"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

rematches_table = Table(
    "rematches",
    metadata,
    Column("game_id", String(32), nullable=False),  # the finished game
    Column("rematch_id", String(32), nullable=False),
    Column("sealed", Text, nullable=False),  # JSON: the seat tokens, each sealed (never in clear)
    PrimaryKeyConstraint("game_id"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

# The analysis of a finished game (migration 0005): its JSON (ravenry.analysis), kept once.
analyses_table = Table(
    "analyses",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("schema", Integer, nullable=False),  # ravenry.analysis.SCHEMA of the body
    Column("body", Text, nullable=False),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)


# The statements of the hot path (one per accepted action), built once: building a statement
# costs SQLAlchemy more than SQLite takes to run it.
_INSERT_ACTION = actions_table.insert()
_UPDATE_SEQ = (
    update(games_table)
    .where(games_table.c.id == bindparam("gid"))
    .values(seq=bindparam("new_seq"), updated_at=bindparam("now"))
)
_UPDATE_FINISHED = (
    update(games_table)
    .where(games_table.c.id == bindparam("gid"))
    .values(
        seq=bindparam("new_seq"),
        updated_at=bindparam("now"),
        status="finished",
        result=bindparam("new_result"),
    )
)
_UPDATE_SEAT_CLOCK = (
    update(seats_table)
    .where(seats_table.c.game_id == bindparam("gid"), seats_table.c.seat == bindparam("seat_no"))
    .values(
        clock_deadline=bindparam("deadline"),
        clock_bank=bindparam("bank"),
        timeouts=bindparam("seat_timeouts"),
        away=bindparam("seat_away"),
    )
)
_UPDATE_CLOCK_SEQ = (
    update(games_table).where(games_table.c.id == bindparam("gid")).values(clock_seq=bindparam("new_seq"))
)


# PostgreSQL: a batch of accepted actions, the seats' clocks as they stand after them, and the
# games' new seq (and result, for a game that ended; clock_seq, for a game with clocks) in one
# statement (see Storage._append_many_postgres). A failed row fails it all. A data-modifying
# WITH runs once, to completion, whether or not the main query reads it.
_PG_APPEND_BATCH = """
WITH added AS (
    INSERT INTO actions (game_id, seq, seat, payload, cid, at)
    SELECT a.game_id, a.seq, a.seat, a.payload, a.cid, %s
    FROM unnest(%s::varchar[], %s::int[], %s::int[], %s::text[], %s::varchar[])
        AS a(game_id, seq, seat, payload, cid)
), clocks AS (
    UPDATE seats SET
        clock_deadline = c.deadline, clock_bank = c.bank, timeouts = c.timeouts, away = c.away
    FROM unnest(%s::varchar[], %s::int[], %s::float8[], %s::float8[], %s::int[], %s::bool[])
        AS c(game_id, seat, deadline, bank, timeouts, away)
    WHERE seats.game_id = c.game_id AND seats.seat = c.seat
)
UPDATE games SET
    seq = g.seq,
    updated_at = %s,
    status = CASE WHEN g.result IS NULL THEN games.status ELSE 'finished' END,
    result = COALESCE(g.result, games.result),
    clock_seq = CASE WHEN g.clocked THEN g.seq ELSE games.clock_seq END
FROM unnest(%s::varchar[], %s::int[], %s::text[], %s::bool[]) AS g(id, seq, result, clocked)
WHERE games.id = g.id
"""


# A seat's clock as stored: deadline, bank, timeouts in a row, away.
SeatClockRow = tuple[float | None, float | None, int, bool]


class PendingAction(NamedTuple):
    """An accepted action waiting for the writer's commit, with what commits along with it: the
    result if it ended the game, and, in a game with clocks, every timed seat's clock as it stands
    after the action (one transaction: a crash never leaves the clocks of the position before)."""

    game_id: str
    seq: int
    seat: int | None
    payload: dict[str, Any]
    cid: str | None
    result: dict[str, Any] | None
    clocks: Sequence[tuple[int, SeatClockRow]] | None = None


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    claimed_at: float | None
    clock_deadline: float | None = None
    clock_bank: float | None = None
    timeouts: int = 0
    away: bool = False


@dataclass
class GameRow:
    id: str
    kind: str
    players: int
    config: dict[str, Any]
    options: dict[str, Any]
    seed: int
    status: str
    result: dict[str, Any] | None
    seq: int
    host_token_hash: str
    created_at: float
    seats: list[SeatRow]
    spectators_muted: bool = False
    clock_seq: int | None = None


@dataclass
class ChatRow:
    n: int
    seq: int
    seat: int | None
    name: str
    text: str
    at: float


@dataclass
class ActionRow:
    seq: int
    seat: int | None
    payload: dict[str, Any]
    cid: str | None


FENCED_SQLSTATE = "RV001"  # raised by the fence's trigger (migrations 0004 and 0006)


class NotOwner(Exception):
    """A write refused by the cluster's fence: another process owns the game now."""


def is_fenced(exc: BaseException) -> bool:
    return getattr(getattr(exc, "orig", None), "sqlstate", None) == FENCED_SQLSTATE


def record_json(row: GameRow, actions: Sequence[ActionRow]) -> dict[str, Any]:
    """The stored game as a record: the JSON ``GameRecord.from_json`` reads (and ``GET
    /api/games/{id}/record`` serves)."""
    return {"game": row.kind, "config": row.config, "actions": [[a.seat, a.payload] for a in actions]}


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


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


# The PostgreSQL advisory lock that serialises migrations (any fixed 64-bit number of our own).
MIGRATION_LOCK_KEY = 0x7261_7665_6E72_79


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several processes started at once on one database (a cluster) would each create
            # the tables; the first takes this lock, the others wait for its commit and then
            # find the schema at head. Released with the transaction.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Storage:
    """The database behind the server. Its methods are blocking; call them through :meth:`call`."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.engine = make_engine(self.url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        # Reads (and the rare writes of the lobby): one thread for SQLite, a few for PostgreSQL.
        self._pool = ThreadPoolExecutor(
            max_workers=1 if self.is_sqlite else 8, thread_name_prefix="ravenry-db"
        )
        # Accepted actions go through writer threads that commit whatever has queued up meanwhile
        # in one transaction (group commit): one thread hand-off and one COMMIT per batch instead
        # of per action, which is what a busy server's latency was made of. SQLite has one
        # writer (it takes one write lock anyway). PostgreSQL has PG_WRITERS, each on its own
        # connection: the actions that arrive while one batch waits for its commit go out at
        # once on another instead of waiting a whole round trip for it (PostgreSQL flushes
        # concurrent commits' WAL together, and every ack still waits for its own commit).
        self._writers = 1 if self.is_sqlite else PG_WRITERS
        self._writer = ThreadPoolExecutor(max_workers=self._writers, thread_name_prefix="ravenry-writer")
        self._queued: list[tuple[PendingAction, asyncio.Future[None]]] = []
        self._queue_lock = threading.Lock()
        self._draining = 0  # writer threads taking batches now
        self._pg_idle: list[Any] = []  # the writers' own PostgreSQL connections (autocommit) not in use

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

    async def append(
        self,
        game_id: str,
        seq: int,
        seat: int | None,
        payload: dict[str, Any],
        cid: str | None,
        result: dict[str, Any] | None,
        clocks: Sequence[tuple[int, SeatClockRow]] | None = None,
    ) -> None:
        """:meth:`append_action`, committed by a writer thread; returns once it is durable."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        with self._queue_lock:
            self._queued.append((PendingAction(game_id, seq, seat, payload, cid, result, clocks), done))
            start = self._draining < self._writers
            if start:
                self._draining += 1
        if start:
            loop.run_in_executor(self._writer, self._drain, loop)
        await done

    def _drain(self, loop: asyncio.AbstractEventLoop) -> None:
        # A writer stops only once it has found the queue empty under the lock, so an action
        # queued while every writer is busy is always taken by one of them.
        while True:
            with self._queue_lock:
                batch, self._queued = self._queued, []
                if not batch:
                    self._draining -= 1
                    return
            outcomes = self._commit_batch([item for item, _ in batch])
            for (_, done), error in zip(batch, outcomes, strict=True):
                loop.call_soon_threadsafe(_settle, done, error)

    def _commit_batch(self, items: Sequence[tuple[Any, ...]]) -> list[BaseException | None]:
        pending = [PendingAction(*item) for item in items]
        if not self.is_sqlite:
            try:
                self._append_many_postgres(pending)
                return [None] * len(pending)
            except Exception:
                if len(pending) == 1:
                    return self._one_by_one(pending)
                # one of them was refused: commit them one by one below, so only that one fails
        elif len(pending) > 1:
            try:
                self._append_many(pending)
                return [None] * len(pending)
            except Exception:
                pass  # one of them was refused: commit them one by one, so only that one fails
        return self._one_by_one(pending)

    def _one_by_one(self, items: Sequence[PendingAction]) -> list[BaseException | None]:
        outcomes: list[BaseException | None] = []
        for item in items:
            try:
                self.append_action(*item)
                outcomes.append(None)
            except Exception as exc:
                outcomes.append(exc)
        return outcomes

    def _append_many(self, items: Sequence[PendingAction]) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                _INSERT_ACTION,
                [
                    {"game_id": i.game_id, "seq": i.seq, "seat": i.seat, "payload": dumps(i.payload)}
                    | {"cid": i.cid, "at": now}
                    for i in items
                ],
            )
            for item in items:
                _update_game(conn, item, now)

    def _append_many_postgres(self, items: Sequence[PendingAction]) -> None:
        """The batch in ONE statement on a writer's own autocommit connection: the actions'
        INSERT, the seats' clocks and the games' UPDATE as one CTE, committed when it returns.
        One round trip per batch instead of a pool check-out ping, an INSERT, an UPDATE per game
        and a COMMIT: on a busy machine every round trip waits for PostgreSQL's backend to be
        scheduled, which is what PostgreSQL's latency was made of (SQLite runs in-process)."""
        now = time.time()
        last: dict[str, PendingAction] = {}  # the newest action of each game in the batch
        for item in items:
            if item.game_id not in last or item.seq > last[item.game_id].seq:
                last[item.game_id] = item
        clocks = [
            (game_id, seat, clock) for game_id, item in last.items() for seat, clock in item.clocks or ()
        ]
        params = (
            now,
            [i.game_id for i in items],
            [i.seq for i in items],
            [i.seat for i in items],
            [dumps(i.payload) for i in items],
            [i.cid for i in items],
            [game_id for game_id, _seat, _clock in clocks],
            [seat for _game_id, seat, _clock in clocks],
            [clock[0] for *_, clock in clocks],
            [clock[1] for *_, clock in clocks],
            [clock[2] for *_, clock in clocks],
            [clock[3] for *_, clock in clocks],
            now,
            list(last),
            [i.seq for i in last.values()],
            [None if i.result is None else dumps(i.result) for i in last.values()],
            [i.clocks is not None for i in last.values()],
        )
        connection = self._postgres_writer()
        try:
            connection.execute(_PG_APPEND_BATCH, params)
        except Exception as exc:
            import psycopg

            if isinstance(exc, psycopg.OperationalError) or connection.closed:
                with contextlib.suppress(Exception):
                    connection.close()  # not handed back: the next batch connects afresh
                raise
            self._release_writer(connection)
            raise
        self._release_writer(connection)

    def _postgres_writer(self) -> Any:
        """A writer connection not in use by another writer thread (a new one if none is idle)."""
        with self._queue_lock:
            while self._pg_idle:
                connection = self._pg_idle.pop()
                if not connection.closed:
                    return connection
        import psycopg

        dsn = make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)
        return psycopg.connect(dsn, autocommit=True, connect_timeout=10)

    def _release_writer(self, connection: Any) -> None:
        with self._queue_lock:
            self._pg_idle.append(connection)

    def close(self) -> None:
        self._writer.shutdown(wait=True)
        for connection in self._pg_idle:
            with contextlib.suppress(Exception):
                connection.close()
        self._pg_idle.clear()
        self._pool.shutdown(wait=True)
        self.engine.dispose()

    def migrate(self) -> None:
        migrate(self.engine)

    # -- writes ---------------------------------------------------------------------------------
    def create_game(self, row: GameRow) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                games_table.insert().values(
                    id=row.id,
                    kind=row.kind,
                    players=row.players,
                    config=dumps(row.config),
                    options=dumps(row.options),
                    seed=row.seed,
                    status=row.status,
                    result=None,
                    seq=0,
                    host_token_hash=row.host_token_hash,
                    created_at=row.created_at,
                    updated_at=now,
                    schema_version=RECORD_SCHEMA_VERSION,
                )
            )
            conn.execute(
                seats_table.insert(),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "claimed_at": s.claimed_at,
                    }
                    for s in row.seats
                ],
            )

    def append_action(
        self,
        game_id: str,
        seq: int,
        seat: int | None,
        payload: dict[str, Any],
        cid: str | None,
        result: dict[str, Any] | None,
        clocks: Sequence[tuple[int, SeatClockRow]] | None = None,
    ) -> None:
        """Commit accepted action number ``seq`` (and, if it ended the game, the result; in a game
        with clocks, the seats' clocks after it and ``clock_seq``) in one transaction. Raises if
        ``seq`` or ``(seat, cid)`` is already taken."""
        now = time.time()
        row = {"game_id": game_id, "seq": seq, "seat": seat, "payload": dumps(payload), "cid": cid, "at": now}
        with self.engine.begin() as conn:
            conn.execute(_INSERT_ACTION, row)
            _update_game(conn, PendingAction(game_id, seq, seat, payload, cid, result, clocks), now)

    def claim_seat(self, game_id: str, seat: int) -> bool:
        """Mark a human seat as having connected; returns whether the game left ``open`` now."""
        now = time.time()
        with self.engine.begin() as conn:
            # Two seats arriving at once must not each miss the other's claim (PostgreSQL's READ
            # COMMITTED): the game's row is locked first. SQLite's BEGIN IMMEDIATE already is.
            conn.execute(select(games_table.c.id).where(games_table.c.id == game_id).with_for_update())
            conn.execute(
                update(seats_table)
                .where(
                    seats_table.c.game_id == game_id,
                    seats_table.c.seat == seat,
                    seats_table.c.claimed_at.is_(None),
                )
                .values(claimed_at=now)
            )
            unclaimed = conn.execute(
                select(func.count())
                .select_from(seats_table)
                .where(
                    seats_table.c.game_id == game_id,
                    seats_table.c.kind == "human",
                    seats_table.c.claimed_at.is_(None),
                )
            ).scalar_one()
            if unclaimed:
                return False
            changed = conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id, games_table.c.status == "open")
                .values(status="running", updated_at=now)
            ).rowcount
            return bool(changed)

    def delete_open_games(self, created_before: float) -> list[str]:
        """Delete the games still open (some person never came) made before ``created_before``,
        with their seats and actions; returns their ids."""
        with self.engine.begin() as conn:
            ids = list(
                conn.execute(
                    select(games_table.c.id).where(
                        games_table.c.status == "open", games_table.c.created_at < created_before
                    )
                ).scalars()
            )
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                for table in (
                    rematches_table,
                    game_owners_table,
                    chat_table,
                    actions_table,
                    seats_table,
                    games_table,
                ):
                    key = table.c.id if table is games_table else table.c.game_id
                    conn.execute(table.delete().where(key.in_(chunk)))
        return ids

    def save_clocks(self, game_id: str, seq: int, clocks: Sequence[tuple[int, SeatClockRow]]) -> None:
        """Store every seat's clock as it stands after action ``seq`` (in one transaction)."""
        with self.engine.begin() as conn:
            for seat, (deadline, bank, timeouts, away) in clocks:
                conn.execute(
                    update(seats_table)
                    .where(seats_table.c.game_id == game_id, seats_table.c.seat == seat)
                    .values(clock_deadline=deadline, clock_bank=bank, timeouts=timeouts, away=away)
                )
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(clock_seq=seq))

    def set_token_hash(self, game_id: str, seat: int, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_table)
                .where(seats_table.c.game_id == game_id, seats_table.c.seat == seat)
                .values(token_hash=token_hash)
            )

    def mark_finished(self, game_id: str, result: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id)
                .values(status="finished", result=dumps(result), updated_at=time.time())
            )

    def add_chat(self, game_id: str, line: ChatRow) -> None:
        """Commit one chat line (raises if its ``n`` is already taken in this game)."""
        with self.engine.begin() as conn:
            conn.execute(
                chat_table.insert().values(
                    game_id=game_id,
                    n=line.n,
                    seq=line.seq,
                    seat=line.seat,
                    name=line.name,
                    text=line.text,
                    at=line.at,
                )
            )

    def set_spectators_muted(self, game_id: str, muted: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id)
                .values(spectators_muted=muted, updated_at=time.time())
            )

    def add_rematch(
        self, game_id: str, rematch_id: str, sealed: dict[str, str]
    ) -> tuple[str, dict[str, str]]:
        """Keep the rematch of ``game_id`` unless one is kept already; returns the one kept (the
        first of two processes' racing asks wins)."""
        with self.engine.begin() as conn:
            if self.is_sqlite:
                from sqlalchemy.dialects.sqlite import insert as upsert
            else:
                from sqlalchemy.dialects.postgresql import insert as upsert  # type: ignore[assignment]
            conn.execute(
                upsert(rematches_table)
                .values(game_id=game_id, rematch_id=rematch_id, sealed=dumps(sealed))
                .on_conflict_do_nothing(index_elements=["game_id"])
            )
            row = conn.execute(select(rematches_table).where(rematches_table.c.game_id == game_id)).one()
        return row.rematch_id, json.loads(row.sealed)

    def get_rematch(self, game_id: str) -> tuple[str, dict[str, str]] | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                select(rematches_table).where(rematches_table.c.game_id == game_id)
            ).one_or_none()
        return None if row is None else (row.rematch_id, json.loads(row.sealed))

    # -- reads ----------------------------------------------------------------------------------
    def chat_count(self, game_id: str) -> int:
        """The highest line number said in this game (0: none)."""
        with self.engine.begin() as conn:
            top = conn.execute(select(func.max(chat_table.c.n)).where(chat_table.c.game_id == game_id))
            return int(top.scalar_one() or 0)

    def recent_chat(self, game_id: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` lines of a game, oldest first."""
        query = (
            select(chat_table)
            .where(chat_table.c.game_id == game_id)
            .order_by(chat_table.c.n.desc())
            .limit(limit)
        )
        with self.engine.begin() as conn:
            rows = conn.execute(query).all()
        return [_chat_row(r) for r in reversed(rows)]

    def add_analysis(self, game_id: str, schema: int, body: str, at: float) -> str:
        """Keep the analysis of ``game_id`` unless one of this schema is kept already (the first
        of two racing writers wins); returns the one kept. One of an older schema is replaced."""
        with self.engine.begin() as conn:
            conn.execute(
                analyses_table.delete().where(
                    analyses_table.c.game_id == game_id, analyses_table.c.schema != schema
                )
            )
            if self.is_sqlite:
                from sqlalchemy.dialects.sqlite import insert as upsert
            else:
                from sqlalchemy.dialects.postgresql import insert as upsert  # type: ignore[assignment]
            conn.execute(
                upsert(analyses_table)
                .values(game_id=game_id, schema=schema, body=body, at=at)
                .on_conflict_do_nothing(index_elements=["game_id"])
            )
            kept = conn.execute(select(analyses_table.c.body).where(analyses_table.c.game_id == game_id))
            return str(kept.scalar_one())

    def get_analysis(self, game_id: str, schema: int) -> str | None:
        """The kept analysis of ``game_id`` in ``schema`` (None: none, or of another schema)."""
        with self.engine.begin() as conn:
            body = conn.execute(
                select(analyses_table.c.body).where(
                    analyses_table.c.game_id == game_id, analyses_table.c.schema == schema
                )
            ).scalar_one_or_none()
        return None if body is None else str(body)

    def chat_at(self, game_id: str, seq: int, limit: int) -> list[ChatRow]:
        """The first ``limit`` lines said while the game stood at ``seq`` (for the replay)."""
        query = (
            select(chat_table)
            .where(chat_table.c.game_id == game_id, chat_table.c.seq == seq)
            .order_by(chat_table.c.n)
            .limit(limit)
        )
        with self.engine.begin() as conn:
            return [_chat_row(r) for r in conn.execute(query).all()]

    def count_games(self) -> int:
        with self.engine.begin() as conn:
            return int(conn.execute(select(func.count()).select_from(games_table)).scalar_one())

    def get_game(self, game_id: str) -> GameRow | None:
        rows = self._games(games_table.c.id == game_id, limit=1)
        return rows[0] if rows else None

    def list_games(self, status: str | None, limit: int = 200) -> list[GameRow]:
        where = None if status is None else games_table.c.status == status
        return self._games(where, limit=limit)

    def unfinished_games(self) -> list[GameRow]:
        return self._games(games_table.c.status != "finished", limit=None)

    def actions(self, game_id: str) -> list[ActionRow]:
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(
                    actions_table.c.seq, actions_table.c.seat, actions_table.c.payload, actions_table.c.cid
                )
                .where(actions_table.c.game_id == game_id)
                .order_by(actions_table.c.seq)
            ).all()
        return [ActionRow(r.seq, r.seat, json.loads(r.payload), r.cid) for r in rows]

    def _games(self, where: Any, limit: int | None) -> list[GameRow]:
        query = select(games_table).order_by(games_table.c.created_at.desc(), games_table.c.id)
        if where is not None:
            query = query.where(where)
        if limit is not None:
            query = query.limit(limit)
        with self.engine.begin() as conn:
            games = conn.execute(query).all()
            ids = [g.id for g in games]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(
                    select(seats_table).where(seats_table.c.game_id.in_(ids)).order_by(seats_table.c.seat)
                ).all():
                    seats[s.game_id].append(
                        SeatRow(
                            s.seat,
                            s.kind,
                            s.bot,
                            s.name,
                            s.token_hash,
                            s.claimed_at,
                            s.clock_deadline,
                            s.clock_bank,
                            s.timeouts,
                            bool(s.away),
                        )
                    )
        return [_game_row(g, seats[g.id]) for g in games]


def _update_game(conn: Connection, item: PendingAction, now: float) -> None:
    """The game's row (and its seats' clocks) after ``item``, in ``conn``'s transaction."""
    values = {"gid": item.game_id, "new_seq": item.seq, "now": now}
    if item.result is None:
        conn.execute(_UPDATE_SEQ, values)
    else:
        conn.execute(_UPDATE_FINISHED, values | {"new_result": dumps(item.result)})
    if item.clocks is not None:
        for seat, (deadline, bank, timeouts, away) in item.clocks:
            clock = {"deadline": deadline, "bank": bank, "seat_timeouts": timeouts, "seat_away": away}
            conn.execute(_UPDATE_SEAT_CLOCK, {"gid": item.game_id, "seat_no": seat} | clock)
        conn.execute(_UPDATE_CLOCK_SEQ, {"gid": item.game_id, "new_seq": item.seq})


def _chat_row(r: Any) -> ChatRow:
    return ChatRow(r.n, r.seq, r.seat, r.name, r.text, r.at)


def _game_row(g: Any, seats: Sequence[SeatRow]) -> GameRow:
    return GameRow(
        id=g.id,
        kind=g.kind,
        players=g.players,
        config=json.loads(g.config),
        options=json.loads(g.options),
        seed=int(g.seed),
        status=g.status,
        result=None if g.result is None else json.loads(g.result),
        seq=g.seq,
        host_token_hash=g.host_token_hash,
        created_at=g.created_at,
        seats=list(seats),
        spectators_muted=bool(g.spectators_muted),
        clock_seq=g.clock_seq,
    )
