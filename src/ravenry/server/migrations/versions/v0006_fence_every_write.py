"""The fence guards every write of a game, not only its actions and chat lines: on PostgreSQL an
update of the game's row (its seq, clock save, finished state, spectators' mute) or of one of its
seats (claims, clocks, tokens) is refused unless the session's ``ravenry.node`` owns the game and
its lease holds (see migration 0004 and ravenry.server.leases). A process that was paused
(SIGSTOP) past its lease and wakes up so writes nothing into a game another process now plays.

Inserts of a new game and its seats are not fenced (a game has no owner before it is made), nor
are deletions of expired open games, which any process may sweep.

Revision ID: 0006_fence_every_write
Revises: 0005_analysis
Create Date: 2026-12-07
"""

from __future__ import annotations

from alembic import op

from ravenry.server.migrations.versions.v0004_cluster import FENCE_FUNCTION as FENCE_FUNCTION_0004

revision = "0006_fence_every_write"
down_revision = "0005_analysis"
branch_labels = None
depends_on = None

# The game a row belongs to: the games table's own id, every other table's game_id.
FENCE_FUNCTION = """
CREATE OR REPLACE FUNCTION ravenry_fence() RETURNS trigger AS $$
DECLARE
    me text := current_setting('ravenry.node', true);
    gid text;
BEGIN
    IF me IS NULL OR me = '' THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'games' THEN
        gid := NEW.id;
    ELSE
        gid := NEW.game_id;
    END IF;
    PERFORM 1 FROM game_owners o JOIN cluster_nodes n ON n.node = o.node
        WHERE o.game_id = gid AND o.node = me
          AND n.expires_at > extract(epoch FROM clock_timestamp())
        FOR SHARE OF o;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'this process (%) no longer owns game %', me, gid
            USING ERRCODE = 'RV001';
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql
"""

UPDATED = ("games", "seats")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(FENCE_FUNCTION)
    for table in UPDATED:
        op.execute(
            f"CREATE TRIGGER {table}_update_fence BEFORE UPDATE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION ravenry_fence()"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in UPDATED:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_update_fence ON {table}")
    op.execute(FENCE_FUNCTION_0004)  # the function as 0004 made it
