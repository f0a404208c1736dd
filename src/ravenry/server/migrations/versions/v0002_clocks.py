"""Clocks: each seat's deadline, bank, timeouts in a row and away flag; the seq they belong to.

Revision ID: 0002_clocks
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_clocks"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("clock_deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("clock_bank", sa.Float, nullable=True))
        batch.add_column(sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("clock_seq", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("clock_seq")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("away")
        batch.drop_column("timeouts")
        batch.drop_column("clock_bank")
        batch.drop_column("clock_deadline")
