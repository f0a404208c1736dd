"""The accepted actions' path to the database: writer threads that commit whatever has queued up
in one transaction (group commit), the seats' clocks after an action in the same transaction as
the action.

On PostgreSQL that transaction is one statement on a writer's own autocommit connection (one
round trip per batch; see ``_PG_APPEND_BATCH``), two writers, so that a batch need not wait for
the one before it to commit, falling back to the pool, action by action, if it fails. The rules
are CPU-bound Python and a commit costs well under a millisecond, so no async driver is needed.

:class:`GroupCommit` is a part of :class:`ravenry.server.storage.Storage`, which sets its
``url``, ``engine`` and ``is_sqlite`` and starts and stops its writers.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, bindparam, update
from sqlalchemy.engine import make_url

from .rows import SeatClockRow, dumps
from .schema import actions_table, games_table, seats_table

__all__ = ["PG_WRITERS", "GroupCommit", "PendingAction"]

# PostgreSQL writer threads (and connections) committing accepted actions: see _start_writers.
PG_WRITERS = 2


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
# statement (see GroupCommit._append_many_postgres). A failed row fails it all. A data-modifying
# WITH runs once, to completion, whether or not the main query reads it. Raw SQL: it is sent by
# psycopg itself on a writer's own connection, and SQLAlchemy has no unnest of arrays to build it.
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


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


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


class GroupCommit:
    """The writer threads and their commits (a part of ``Storage``)."""

    url: str
    engine: Engine
    is_sqlite: bool

    def _start_writers(self) -> None:
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

    def _stop_writers(self) -> None:
        """Wait for the writers to finish what they took, then close their connections."""
        self._writer.shutdown(wait=True)
        for connection in self._pg_idle:
            with contextlib.suppress(Exception):
                connection.close()
        self._pg_idle.clear()

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
