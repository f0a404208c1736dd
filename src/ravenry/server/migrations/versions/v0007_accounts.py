"""Optional accounts (ravenry.server.accounts): the accounts, their sessions (only the SHA-256
of a session id is kept) and the seats they keep. A deleted account keeps its row, without name
or hash, so that its seats read "deleted player".

Revision ID: 0007_accounts
Revises: 0006_fence_every_write
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_accounts"
down_revision = "0006_fence_every_write"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("username", sa.String(32), nullable=True),
        sa.Column("username_key", sa.String(32), nullable=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted_at", sa.Float, nullable=True),
        sa.UniqueConstraint("username_key", name="uq_accounts_username_key"),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "account_seats",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("claimed_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_account_seats_account_id", "account_seats")
    op.drop_table("account_seats")
    op.drop_index("ix_account_sessions_account_id", "account_sessions")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
