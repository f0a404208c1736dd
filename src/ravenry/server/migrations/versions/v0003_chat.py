"""Chat kept with the game: the ``chat`` table, and whether the host muted spectators.

Revision ID: 0003_chat
Revises: 0002_clocks
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_chat"
down_revision = "0002_clocks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "n"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_chat_game_seq", "chat", ["game_id", "seq"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("spectators_muted", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("spectators_muted")
    op.drop_index("ix_chat_game_seq", "chat")
    op.drop_table("chat")
