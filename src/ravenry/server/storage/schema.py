"""The games' tables (SQLAlchemy 2 Core), and ``metadata``, the one MetaData every table of the
server's database is declared on.

A game is stored as its config (seed included), the options asked for, its seats and the list of
accepted actions, each a JSON row keyed ``(game_id, seq)`` with an idempotency key
``(game_id, seat, cid)``; the state is rebuilt by replay. No pickles and no state snapshots, so
the database does not depend on one version of the rules' internal layout.

Chat lines are rows of ``chat`` keyed ``(game_id, n)``, each with the game's ``seq`` when it was
said (the replay shows a line at that position); whether the host muted spectators is a column of
the game. Chat is public to the game's viewers, so nothing in it is secret.

The accounts' tables are here too (their queries are in :mod:`ravenry.server.account_store`):
a seat kept by an account that was deleted reads "deleted player" wherever a game is read.
The other tables are declared next to the queries on them, on this ``metadata``: the cluster's
(``cluster_nodes``, ``game_owners``) in :mod:`ravenry.server.storage.leases`. The migrations'
env imports every module that declares tables, so that Alembic sees every table
(tests/server/test_storage.py checks the metadata against the migrations). The
schema itself is made by those migrations, never by ``metadata.create_all``.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

__all__ = [
    "DELETED_PLAYER",
    "RECORD_SCHEMA_VERSION",
    "account_seats_table",
    "account_sessions_table",
    "accounts_table",
    "actions_table",
    "analyses_table",
    "chat_table",
    "games_table",
    "metadata",
    "rematches_table",
    "seats_table",
]

metadata = MetaData()

# The record format of a game's row (games.schema_version), written with every new game.
RECORD_SCHEMA_VERSION = 1

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("kind", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("config", Text, nullable=False),  # the game's config JSON, seed included: never sent while running
    Column("options", Text, nullable=False),  # the options the creator asked for (for a rematch)
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),  # open | running | finished
    Column("result", Text, nullable=True),
    Column("seq", Integer, nullable=False),  # accepted actions so far
    Column("host_token_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("schema_version", Integer, nullable=False),  # the record format of this row
    Column("spectators_muted", Boolean, nullable=False, server_default=false()),  # by the host
    Column("clock_seq", Integer, nullable=True),  # the seq the seats' clocks were saved after
    Index("ix_games_status_created", "status", "created_at"),
)

seats_table = Table(
    "seats",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(128), nullable=True),  # the bot spec, e.g. greedy or random:offers=false
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),  # SHA-256 of the seat's token; bots have none
    Column("claimed_at", Float, nullable=True),  # first time the seat connected
    # The seat's clock (see ravenry.server.clocks): an absolute deadline while it decides, the
    # bank left (chess clocks), timeouts in a row, and whether a bot plays it (away).
    Column("clock_deadline", Float, nullable=True),
    Column("clock_bank", Float, nullable=True),
    Column("timeouts", Integer, nullable=False, server_default="0"),
    Column("away", Boolean, nullable=False, server_default=false()),
    PrimaryKeyConstraint("game_id", "seat"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=True),  # NULL: an action the server itself took
    Column("payload", Text, nullable=False),  # the action's JSON (game.action_to_json)
    Column("cid", String(64), nullable=True),  # the client's idempotency key
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "seq"),
    UniqueConstraint("game_id", "seat", "cid", name="uq_actions_game_seat_cid"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

chat_table = Table(
    "chat",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("n", Integer, nullable=False),  # 1, 2, ... within the game
    Column("seq", Integer, nullable=False),  # the game's seq (accepted actions) when it was said
    Column("seat", Integer, nullable=True),  # NULL: a spectator
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),  # cleaned (messages.clean_chat_text) before it is stored
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "n"),
    Index("ix_chat_game_seq", "game_id", "seq"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

# Rematches (migration 0004, with the cluster's tables): the new game's seat tokens, sealed with
# the tokens that may ask for them (see ravenry.server.rematches), kept in the database so that
# any process of a cluster answers the ask.
rematches_table = Table(
    "rematches",
    metadata,
    Column("game_id", String(32), nullable=False),  # the finished game
    Column("rematch_id", String(32), nullable=False),
    Column("sealed", Text, nullable=False),  # JSON: the seat tokens, each sealed (never in clear)
    PrimaryKeyConstraint("game_id"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

# The analysis of a finished game (migration 0005): its JSON (ravenry.analysis), kept once.
analyses_table = Table(
    "analyses",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("schema", Integer, nullable=False),  # ravenry.analysis.SCHEMA of the body
    Column("body", Text, nullable=False),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

# -- accounts (migration 0007) -------------------------------------------------------------------
# What a seat kept by a deleted account is called, wherever a game is read.
DELETED_PLAYER = "deleted player"

accounts_table = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("username", String(32), nullable=True),  # as typed; None once the account is deleted
    Column("username_key", String(32), nullable=True, unique=True),  # case-folded: one per name
    Column("password_hash", Text, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("deleted_at", Float, nullable=True),
)

account_sessions_table = Table(
    "account_sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),  # SHA-256 of the cookie's session id
    Column("account_id", String(32), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),  # the token a cookie-authenticated change must send
    Column("created_at", Float, nullable=False),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
)


# A person's seat kept by their account (claimed with the seat's invite): the game opens from any
# device signed in to it. One account per seat; the row outlives a deleted account.
account_seats_table = Table(
    "account_seats",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("account_id", String(32), nullable=False, index=True),
    Column("claimed_at", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "seat"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
)
