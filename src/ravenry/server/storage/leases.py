"""Which server process owns each live game: the cluster's tables (migration 0004) and every query
on them.

Every process has a lease (``cluster_nodes``: an expiry on the database's clock) that its
heartbeat renews every ``ttl / 3`` seconds; a game belongs to one process (``game_owners``), and
its owner may write the game only while its lease holds (the fence: a trigger on the game's
writes, see migrations 0004 and 0006, which refuses the others with ``FENCED_SQLSTATE``; a write
through ``Storage.call`` then raises :class:`NotOwner`). When a lease expires its process is dead
to the cluster: the others take over its unfinished games (``take_orphans``) or a game someone
asks for (``claim``), each change of owner adding one to the game's ``epoch``. A process whose
own lease has expired (it was stopped, or cut from the database, for longer than ``ttl``) never
renews it again: it drops its games and joins again under a new name.

The methods of :class:`Leases` are blocking (run them through ``Storage.call``) and speak
PostgreSQL only (the cluster needs it: ``ravenry.server.cluster``); the tables exist on SQLite
too, empty. The fence's trigger is PostgreSQL's own SQL and stays in its migrations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Executable,
    Float,
    ForeignKeyConstraint,
    FromClause,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Table,
    delete,
    exists,
    extract,
    func,
    literal,
    select,
    type_coerce,
    update,
)
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.sql.elements import ColumnElement

from .schema import games_table, metadata

__all__ = [
    "FENCED_SQLSTATE",
    "Leases",
    "NotOwner",
    "cluster_nodes_table",
    "forget_owners",
    "game_owners_table",
    "is_fenced",
]

# Each process's lease.
cluster_nodes_table = Table(
    "cluster_nodes",
    metadata,
    Column("node", String(64), primary_key=True),
    Column("expires_at", Float, nullable=False),  # the database's clock (epoch seconds)
    Column("started_at", Float, nullable=False),
)

# The process that owns each live game.
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

FENCED_SQLSTATE = "RV001"  # raised by the fence's trigger (migrations 0004 and 0006)


class NotOwner(Exception):
    """A write refused by the cluster's fence: another process owns the game now."""


def is_fenced(exc: BaseException) -> bool:
    return getattr(getattr(exc, "orig", None), "sqlstate", None) == FENCED_SQLSTATE


# The database's clock, in epoch seconds: the processes' own clocks may disagree, so every lease
# is set and compared on this one, the one the fence's trigger reads. clock_timestamp(), not
# now(): the time of the statement, not of its transaction's start. Typed Float (EXTRACT is an
# integer to SQLAlchemy): the ttl added to it is bound as a float, as the column is.
NOW: ColumnElement[float] = type_coerce(extract("epoch", func.clock_timestamp()), Float)


def _alive(owners: FromClause) -> ColumnElement[bool]:
    """Whether the process named by ``owners.c.node`` holds its lease now."""
    nodes = cluster_nodes_table
    return exists().where(nodes.c.node == owners.c.node, nodes.c.expires_at > NOW)


def forget_owners(conn: Connection, game_ids: Sequence[str]) -> None:
    """Drop the owners of games being deleted (``Storage.delete_open_games``), in its
    transaction."""
    conn.execute(game_owners_table.delete().where(game_owners_table.c.game_id.in_(game_ids)))


class Leases:
    def __init__(self, engine: Engine, ttl: float) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("several server processes need PostgreSQL (--database postgresql://...)")
        self.engine = engine
        self.ttl = ttl

    def _run(self, statement: Executable) -> Any:
        """``statement``'s rows, in a transaction of its own."""
        with self.engine.begin() as conn:
            return conn.execute(statement).all()

    def join(self, node: str) -> None:
        nodes = cluster_nodes_table
        self._run(
            insert(nodes)
            .values(node=node, expires_at=NOW + self.ttl, started_at=NOW)
            .on_conflict_do_update(index_elements=[nodes.c.node], set_={"expires_at": NOW + self.ttl})
            .returning(nodes.c.node)
        )

    def renew(self, node: str) -> bool:
        """Renew this process's lease; False if its row is gone (join again). A lease that lapsed
        is renewed too: the games others took meanwhile are no longer this process's (``mine``),
        and while it lapsed the fence refused every write."""
        nodes = cluster_nodes_table
        rows = self._run(
            update(nodes)
            .where(nodes.c.node == node)
            .values(expires_at=NOW + self.ttl)
            .returning(nodes.c.node)
        )
        return bool(rows)

    def leave(self, node: str) -> None:
        """A clean stop: the lease ends now, so the others take the games at their next beat
        (they need not wait for the expiry) and the fence refuses this process's writes."""
        nodes = cluster_nodes_table
        self._run(update(nodes).where(nodes.c.node == node).values(expires_at=0).returning(nodes.c.node))

    def claim(self, node: str, game_id: str) -> str | None:
        """The live owner of ``game_id``, after taking it if it had none (or a dead one);
        None if there is no such game."""
        owners = game_owners_table
        with self.engine.begin() as conn:
            # The owner's row is locked, so that two processes claiming at once take turns.
            row = conn.execute(
                select(owners.c.node, _alive(owners).label("alive"))
                .where(owners.c.game_id == game_id)
                .with_for_update()
            ).one_or_none()
            if row is not None and (row.alive or row.node == node):
                return str(row.node)
            if row is not None:
                conn.execute(
                    update(owners)
                    .where(owners.c.game_id == game_id)
                    .values(node=node, epoch=owners.c.epoch + 1)
                )
                return node
            if conn.execute(select(games_table.c.id).where(games_table.c.id == game_id)).first() is None:
                return None
            # No row to lock yet: of two processes inserting at once, the first wins.
            taken = conn.execute(
                insert(owners)
                .values(game_id=game_id, node=node, epoch=1)
                .on_conflict_do_nothing(index_elements=[owners.c.game_id])
                .returning(owners.c.node)
            ).first()
            if taken is not None:
                return node
            owner = conn.execute(select(owners.c.node).where(owners.c.game_id == game_id)).scalar_one()
            return str(owner)

    def owners(self, game_ids: list[str]) -> dict[str, str | None]:
        """Each game's owner if it is alive (None: no owner, or a dead one)."""
        if not game_ids:
            return {}
        owners = game_owners_table
        rows = self._run(
            select(owners.c.game_id, owners.c.node, _alive(owners).label("alive")).where(
                owners.c.game_id.in_(game_ids)
            )
        )
        found: dict[str, str | None] = {g: None for g in game_ids}
        for r in rows:
            found[r.game_id] = str(r.node) if r.alive else None
        return found

    def alive(self, nodes: list[str]) -> set[str]:
        if not nodes:
            return set()
        table = cluster_nodes_table
        rows = self._run(select(table.c.node).where(table.c.node.in_(nodes), table.c.expires_at > NOW))
        return {str(r.node) for r in rows}

    def take_orphans(self, node: str, limit: int) -> list[str]:
        """Take up to ``limit`` running games whose owner is dead (or that have none: a database
        a single process used before, or a process stopped cleanly); several processes share
        them out (SKIP LOCKED)."""
        owners = game_owners_table
        games = games_table
        # The games to move are picked from an alias: the subquery must not correlate with the
        # UPDATE's own table.
        o = owners.alias("o")
        dead = (
            select(o.c.game_id)
            .select_from(o.join(games, games.c.id == o.c.game_id))
            .where(games.c.status == "running", ~_alive(o))
            .limit(limit)
            .with_for_update(of=o, skip_locked=True)
        )
        ownerless = (
            select(games.c.id, literal(node), literal(1))
            .where(
                games.c.status == "running",
                ~exists().where(owners.c.game_id == games.c.id),
                # a game being made has no owner for a moment: its maker claims it
                games.c.created_at < NOW - 30,
            )
            .limit(limit)
        )
        with self.engine.begin() as conn:
            moved = conn.execute(
                update(owners)
                .where(owners.c.game_id.in_(dead))
                .values(node=node, epoch=owners.c.epoch + 1)
                .returning(owners.c.game_id)
            ).all()
            fresh = conn.execute(
                insert(owners)
                .from_select([owners.c.game_id, owners.c.node, owners.c.epoch], ownerless)
                .on_conflict_do_nothing(index_elements=[owners.c.game_id])
                .returning(owners.c.game_id)
            ).all()
        return [str(r.game_id) for r in [*moved, *fresh]]

    def mine(self, node: str) -> set[str]:
        owners = game_owners_table
        return {str(r.game_id) for r in self._run(select(owners.c.game_id).where(owners.c.node == node))}

    def release(self, node: str, game_id: str) -> None:
        owners = game_owners_table
        self._run(
            delete(owners)
            .where(owners.c.game_id == game_id, owners.c.node == node)
            .returning(owners.c.game_id)
        )

    def forget_dead(self, older_than: float) -> None:
        """Drop the rows of processes dead for ``older_than`` seconds that own nothing."""
        nodes, owners = cluster_nodes_table, game_owners_table
        self._run(
            delete(nodes)
            .where(nodes.c.expires_at < NOW - older_than, ~exists().where(owners.c.node == nodes.c.node))
            .returning(nodes.c.node)
        )
