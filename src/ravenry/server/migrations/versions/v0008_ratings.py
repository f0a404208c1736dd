"""Ratings for people (issue 31 §4; ravenry.server.ratings): each account's OpenSkill rating per
game, every change a rated game made to one (a profile's history), and the rated games already
dealt with, whose primary key makes a game's rating happen once.

Revision ID: 0008_ratings
Revises: 0007_accounts
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_ratings"
down_revision = "0007_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("account_id", "game"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "account_id"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_rating_changes_account", "rating_changes", ["account_id", "at"])
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("counted", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    )


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_index("ix_rating_changes_account", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
