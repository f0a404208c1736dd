"""The analysis of a finished game, kept with it: computed once (in the bot worker pool), then
served from here (see ravenry.server.lobby, Lobby.analysis).

Revision ID: 0005_analysis
Revises: 0004_cluster
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_analysis"
down_revision = "0004_cluster"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("schema", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )


def downgrade() -> None:
    op.drop_table("analyses")
