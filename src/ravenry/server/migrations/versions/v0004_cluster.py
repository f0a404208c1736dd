"""Several server processes over one database: which process owns each live game, the processes'
leases, and rematches kept with the game they follow (see ravenry.server.cluster).

On PostgreSQL a trigger fences the writes of a process that lost a game: an action or a chat line
is refused unless the session's ``ravenry.node`` (set only in cluster mode) owns the game and its
lease has not expired; the owner's row is locked (FOR SHARE) so a takeover waits for a write in
flight, and the new owner's replay sees it. Without ``ravenry.node`` (one process, SQLite or
PostgreSQL) the trigger lets everything through.

Revision ID: 0004_cluster
Revises: 0003_chat
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_cluster"
down_revision = "0003_chat"
branch_labels = None
depends_on = None

FENCE_FUNCTION = """
CREATE OR REPLACE FUNCTION ravenry_fence() RETURNS trigger AS $$
DECLARE
    me text := current_setting('ravenry.node', true);
BEGIN
    IF me IS NULL OR me = '' THEN
        RETURN NEW;
    END IF;
    PERFORM 1 FROM game_owners o JOIN cluster_nodes n ON n.node = o.node
        WHERE o.game_id = NEW.game_id AND o.node = me
          AND n.expires_at > extract(epoch FROM clock_timestamp())
        FOR SHARE OF o;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'this process (%) no longer owns game %', me, NEW.game_id
            USING ERRCODE = 'RV001';
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    op.create_table(
        "cluster_nodes",
        sa.Column("node", sa.String(64), primary_key=True),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
    )
    op.create_table(
        "game_owners",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("node", sa.String(64), nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_game_owners_node", "game_owners", ["node"])
    op.create_table(
        "rematches",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("rematch_id", sa.String(32), nullable=False),
        sa.Column("sealed", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(FENCE_FUNCTION)
        for table in ("actions", "chat"):
            op.execute(
                f"CREATE TRIGGER {table}_fence BEFORE INSERT ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION ravenry_fence()"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in ("actions", "chat"):
            op.execute(f"DROP TRIGGER IF EXISTS {table}_fence ON {table}")
        op.execute("DROP FUNCTION IF EXISTS ravenry_fence()")
    op.drop_table("rematches")
    op.drop_index("ix_game_owners_node", "game_owners")
    op.drop_table("game_owners")
    op.drop_table("cluster_nodes")
