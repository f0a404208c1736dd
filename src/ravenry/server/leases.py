"""Which server process owns each live game, kept in PostgreSQL (tables of migration 0004).

Every process has a lease (``cluster_nodes``: an expiry on the database's clock) that its
heartbeat renews every ``ttl / 3`` seconds; a game belongs to one process (``game_owners``), and
its owner may write the game only while its lease holds (the fence: a trigger on ``actions`` and
``chat``, see the migration). When a lease expires its process is dead to the cluster: the others
take over its unfinished games (``take_orphans``) or a game someone asks for (``claim``), each
change of owner adding one to the game's ``epoch``. A process whose own lease has expired (it
was stopped, or cut from the database, for longer than ``ttl``) never renews it again: it drops
its games and joins again under a new name.

The methods are blocking (run them through ``Storage.call``) and speak PostgreSQL only.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, text

__all__ = ["Leases"]

NOW = "extract(epoch FROM clock_timestamp())"
ALIVE = f"EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = o.node AND n.expires_at > {NOW})"


class Leases:
    def __init__(self, engine: Engine, ttl: float) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("several server processes need PostgreSQL (--database postgresql://...)")
        self.engine = engine
        self.ttl = ttl

    def _run(self, sql: str, **params: Any) -> Any:
        with self.engine.begin() as conn:
            return conn.execute(text(sql), {"ttl": self.ttl, **params}).all()

    def join(self, node: str) -> None:
        self._run(
            f"INSERT INTO cluster_nodes (node, expires_at, started_at) VALUES (:node, {NOW} + :ttl, {NOW}) "
            f"ON CONFLICT (node) DO UPDATE SET expires_at = {NOW} + :ttl RETURNING node",
            node=node,
        )

    def renew(self, node: str) -> bool:
        """Renew this process's lease; False if its row is gone (join again). A lease that lapsed
        is renewed too: the games others took meanwhile are no longer this process's (``mine``),
        and while it lapsed the fence refused every write."""
        rows = self._run(
            f"UPDATE cluster_nodes SET expires_at = {NOW} + :ttl WHERE node = :node RETURNING node",
            node=node,
        )
        return bool(rows)

    def leave(self, node: str) -> None:
        """A clean stop: the lease ends now, so the others take the games at their next beat
        (they need not wait for the expiry) and the fence refuses this process's writes."""
        self._run("UPDATE cluster_nodes SET expires_at = 0 WHERE node = :node RETURNING node", node=node)

    def claim(self, node: str, game_id: str) -> str | None:
        """The live owner of ``game_id``, after taking it if it had none (or a dead one);
        None if there is no such game."""
        with self.engine.begin() as conn:
            row = conn.execute(
                text(f"SELECT o.node, {ALIVE} AS alive FROM game_owners o WHERE o.game_id = :g FOR UPDATE"),
                {"g": game_id},
            ).one_or_none()
            if row is not None and (row.alive or row.node == node):
                return str(row.node)
            if row is not None:
                conn.execute(
                    text("UPDATE game_owners SET node = :node, epoch = epoch + 1 WHERE game_id = :g"),
                    {"node": node, "g": game_id},
                )
                return node
            if conn.execute(text("SELECT 1 FROM games WHERE id = :g"), {"g": game_id}).first() is None:
                return None
            taken = conn.execute(
                text(
                    "INSERT INTO game_owners (game_id, node, epoch) VALUES (:g, :node, 1) "
                    "ON CONFLICT (game_id) DO NOTHING RETURNING node"
                ),
                {"node": node, "g": game_id},
            ).first()
            if taken is not None:
                return node
            owner = conn.execute(
                text("SELECT node FROM game_owners WHERE game_id = :g"), {"g": game_id}
            ).scalar_one()
            return str(owner)

    def owners(self, game_ids: list[str]) -> dict[str, str | None]:
        """Each game's owner if it is alive (None: no owner, or a dead one)."""
        if not game_ids:
            return {}
        rows = self._run(
            f"SELECT o.game_id, o.node, {ALIVE} AS alive FROM game_owners o WHERE o.game_id = ANY(:ids)",
            ids=game_ids,
        )
        found: dict[str, str | None] = {g: None for g in game_ids}
        for r in rows:
            found[r.game_id] = str(r.node) if r.alive else None
        return found

    def alive(self, nodes: list[str]) -> set[str]:
        if not nodes:
            return set()
        rows = self._run(
            f"SELECT node FROM cluster_nodes WHERE node = ANY(:nodes) AND expires_at > {NOW}", nodes=nodes
        )
        return {str(r.node) for r in rows}

    def take_orphans(self, node: str, limit: int) -> list[str]:
        """Take up to ``limit`` running games whose owner is dead (or that have none: a database
        a single process used before, or a process stopped cleanly); several processes share
        them out (SKIP LOCKED)."""
        with self.engine.begin() as conn:
            moved = conn.execute(
                text(
                    "UPDATE game_owners SET node = :node, epoch = epoch + 1 WHERE game_id IN ("
                    "  SELECT o.game_id FROM game_owners o JOIN games g ON g.id = o.game_id"
                    f"  WHERE g.status = 'running' AND NOT {ALIVE}"
                    "  LIMIT :limit FOR UPDATE OF o SKIP LOCKED"
                    ") RETURNING game_id"
                ),
                {"node": node, "limit": limit},
            ).all()
            fresh = conn.execute(
                text(
                    "INSERT INTO game_owners (game_id, node, epoch) "
                    "SELECT g.id, :node, 1 FROM games g WHERE g.status = 'running' "
                    "AND NOT EXISTS (SELECT 1 FROM game_owners o WHERE o.game_id = g.id) "
                    # a game being made has no owner for a moment: its maker claims it
                    f"AND g.created_at < {NOW} - 30 "
                    "LIMIT :limit ON CONFLICT (game_id) DO NOTHING RETURNING game_id"
                ),
                {"node": node, "limit": limit},
            ).all()
        return [str(r.game_id) for r in [*moved, *fresh]]

    def mine(self, node: str) -> set[str]:
        return {str(r.game_id) for r in self._run("SELECT game_id FROM game_owners WHERE node = :n", n=node)}

    def release(self, node: str, game_id: str) -> None:
        self._run(
            "DELETE FROM game_owners WHERE game_id = :g AND node = :node RETURNING game_id",
            g=game_id,
            node=node,
        )

    def forget_dead(self, older_than: float) -> None:
        """Drop the rows of processes dead for ``older_than`` seconds that own nothing."""
        self._run(
            f"DELETE FROM cluster_nodes c WHERE c.expires_at < {NOW} - :age "
            "AND NOT EXISTS (SELECT 1 FROM game_owners o WHERE o.node = c.node) RETURNING node",
            age=older_than,
        )
