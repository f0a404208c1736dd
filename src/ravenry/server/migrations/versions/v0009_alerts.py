"""Turn alerts that reach a closed tab (issue 31 §3; ravenry.server.alerts): the accounts'
alert preferences and seats switched off, their devices' push subscriptions, the site's VAPID key
pair, each game's webhook, one row per alert sent (inserted before sending: once per wait and
channel, whichever process sends it) and the hashes of the emails' unsubscribe tokens.

Revision ID: 0009_alerts
Revises: 0008_ratings
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_alerts"
down_revision = "0008_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "alert_prefs",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_on", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("push_on", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("origin", sa.String(200), nullable=True),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "alert_seats_off",
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("account_id", "game_id", "seat"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("origin", sa.String(200), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])
    op.create_table(
        "vapid_keys",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("private_key", sa.Text, nullable=False),
        sa.Column("public_key", sa.String(120), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "game_webhooks",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("origin", sa.String(200), nullable=True),
        sa.Column("set_at", sa.Float, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "sent_alerts",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("wait_seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", "wait_seq", "kind", "channel"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "alert_unsubscribes",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_alert_unsubscribes_account_id", "alert_unsubscribes", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_alert_unsubscribes_account_id", "alert_unsubscribes")
    op.drop_table("alert_unsubscribes")
    op.drop_table("sent_alerts")
    op.drop_table("game_webhooks")
    op.drop_table("vapid_keys")
    op.drop_index("ix_push_subscriptions_account_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("alert_seats_off")
    op.drop_table("alert_prefs")
