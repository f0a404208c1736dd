"""Ratings in the database (migration 0008): the ``ratings``, ``rating_changes`` and
``rated_games`` tables and the blocking work on them (run it through ``Storage.call``).

A finished rated game is rated exactly once: :meth:`RatingStore.rate_game` is one transaction
that reads the game, its account seats and the accounts' ratings, and writes the new ratings,
one ``rating_changes`` row per account and the game's ``rated_games`` row, whose primary key
guards the whole (a second attempt, from a restart's sweep or another process of a cluster,
finds the row, or fails on its key and changes nothing). On PostgreSQL the transaction first
takes an advisory lock, so that two games finishing at once for one account never both read
its old rating.

A deleted account (``accounts.username`` None) keeps its ratings and history; they read
"deleted player" where they are shown.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKeyConstraint,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Table,
    and_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from ravenry.server.ratings.model import SeatFacts, participants, rate
from ravenry.server.storage.schema import (
    account_seats_table,
    accounts_table,
    games_table,
    metadata,
    seats_table,
)

__all__ = [
    "RATINGS_LOCK_KEY",
    "RatingRow",
    "RatingStore",
    "rated_games_table",
    "rating_changes_table",
    "ratings_table",
]

# The PostgreSQL advisory lock that serialises rating updates (any fixed 64-bit number of ours).
RATINGS_LOCK_KEY: Final = 0x7261_7469_6E67_73

# An account's current rating in one game (by game id: catan, thrones, ...).
ratings_table = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), nullable=False),
    Column("game", String(64), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),  # rated games that changed it
    Column("updated_at", Float, nullable=False),
    PrimaryKeyConstraint("account_id", "game"),
    Index("ix_ratings_game", "game"),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
)

# What each rated game did to each account's rating: the history a profile draws.
rating_changes_table = Table(
    "rating_changes",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("account_id", String(32), nullable=False),
    Column("game", String(64), nullable=False),  # the game id (kind), as in ``ratings``
    Column("seat", Integer, nullable=False),
    Column("rank", Integer, nullable=False),  # 0: the winners
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "account_id"),
    Index("ix_rating_changes_account", "account_id", "at"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
)

# One row per finished rated game once it was dealt with: the guard of "exactly once".
rated_games_table = Table(
    "rated_games",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("counted", Boolean, nullable=False),  # False: fewer than two accounts; nothing changed
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)


@dataclass(frozen=True)
class RatingRow:
    account_id: str
    username: str | None  # None: a deleted account
    game: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def is_rated(options: dict[str, Any]) -> bool:
    return options.get("rated") is True


class RatingStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- rating a game --------------------------------------------------------------------------
    def rate_game(self, game_id: str) -> str:
        """Rate the finished rated game once: "rated", "not_counted" (fewer than two accounts),
        "already" (done before), or "skipped" (not finished, or not rated: nothing written)."""
        try:
            with self.engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": RATINGS_LOCK_KEY})
                return self._rate_in(conn, game_id)
        except IntegrityError:  # another process rated it between our check and our insert
            return "already"

    def _rate_in(self, conn: Connection, game_id: str) -> str:
        done = conn.execute(
            select(rated_games_table.c.game_id).where(rated_games_table.c.game_id == game_id)
        ).scalar_one_or_none()
        if done is not None:
            return "already"
        game = conn.execute(
            select(
                games_table.c.kind, games_table.c.status, games_table.c.result, games_table.c.options
            ).where(games_table.c.id == game_id)
        ).one_or_none()
        if game is None or game.status != "finished" or game.result is None:
            return "skipped"
        if not is_rated(json.loads(game.options)):
            return "skipped"
        kept = dict(
            conn.execute(
                select(account_seats_table.c.seat, account_seats_table.c.account_id).where(
                    account_seats_table.c.game_id == game_id
                )
            ).all()
        )
        seats = [
            SeatFacts(int(s.seat), str(s.kind), s.bot, kept.get(int(s.seat)))
            for s in conn.execute(
                select(seats_table.c.seat, seats_table.c.kind, seats_table.c.bot)
                .where(seats_table.c.game_id == game_id)
                .order_by(seats_table.c.seat)
            ).all()
        ]
        accounts = sorted({a for a in kept.values()})
        current = {
            r.account_id: (float(r.mu), float(r.sigma), int(r.games))
            for r in conn.execute(
                select(ratings_table).where(
                    ratings_table.c.game == game.kind, ratings_table.c.account_id.in_(accounts)
                )
            ).all()
        }
        now = time.time()
        people = participants(
            game.kind, json.loads(game.result), seats, {a: (m, s) for a, (m, s, _n) in current.items()}
        )
        # The guard first: a racing transaction (SQLite has none: its writes are serial) fails here.
        conn.execute(rated_games_table.insert().values(game_id=game_id, counted=people is not None, at=now))
        if people is None:
            return "not_counted"
        after = rate(people)
        for p in people:
            if p.account is None:
                continue
            mu, sigma = after[p.account]
            conn.execute(
                rating_changes_table.insert().values(
                    game_id=game_id,
                    account_id=p.account,
                    game=game.kind,
                    seat=p.seat,
                    rank=p.rank,
                    mu_before=p.mu,
                    sigma_before=p.sigma,
                    mu_after=mu,
                    sigma_after=sigma,
                    at=now,
                )
            )
            if p.account in current:
                conn.execute(
                    update(ratings_table)
                    .where(ratings_table.c.account_id == p.account, ratings_table.c.game == game.kind)
                    .values(mu=mu, sigma=sigma, games=current[p.account][2] + 1, updated_at=now)
                )
            else:
                conn.execute(
                    ratings_table.insert().values(
                        account_id=p.account, game=game.kind, mu=mu, sigma=sigma, games=1, updated_at=now
                    )
                )
        return "rated"

    def unrated(self, limit: int = 500) -> list[str]:
        """Finished rated games not yet dealt with (a crash between the last move and the
        rating), oldest first."""
        query = (
            select(games_table.c.id, games_table.c.options)
            .select_from(
                games_table.outerjoin(rated_games_table, rated_games_table.c.game_id == games_table.c.id)
            )
            .where(
                games_table.c.status == "finished",
                rated_games_table.c.game_id.is_(None),
                # The options are stored as sorted, spaceless JSON (storage.rows.dumps): a cheap
                # filter here, checked again below.
                games_table.c.options.like('%"rated":true%'),
            )
            .order_by(games_table.c.updated_at)
            .limit(limit)
        )
        with self.engine.begin() as conn:
            rows = conn.execute(query).all()
        return [str(r.id) for r in rows if is_rated(json.loads(r.options))]

    # -- reading --------------------------------------------------------------------------------
    def account_by_key(self, key: str) -> tuple[str, str] | None:
        """(id, name) of the living account whose case-folded name is ``key``."""
        with self.engine.begin() as conn:
            row = conn.execute(
                select(accounts_table.c.id, accounts_table.c.username).where(
                    accounts_table.c.username_key == key, accounts_table.c.deleted_at.is_(None)
                )
            ).one_or_none()
        return None if row is None else (str(row.id), str(row.username))

    def ratings_of(self, account_id: str) -> list[RatingRow]:
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(ratings_table, accounts_table.c.username)
                .join(accounts_table, accounts_table.c.id == ratings_table.c.account_id)
                .where(ratings_table.c.account_id == account_id)
                .order_by(ratings_table.c.game)
            ).all()
        return [_rating_row(r) for r in rows]

    def history_of(self, account_id: str) -> list[dict[str, Any]]:
        """The account's rating changes, oldest first, each with the other accounts rated in
        that game (their names; None for a deleted account)."""
        changes = rating_changes_table
        others = rating_changes_table.alias("others")
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(changes)
                .where(changes.c.account_id == account_id)
                .order_by(changes.c.at, changes.c.game_id)
            ).all()
            ids = [r.game_id for r in rows]
            rivals: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            if ids:
                for o in conn.execute(
                    select(others.c.game_id, others.c.rank, accounts_table.c.username)
                    .join(accounts_table, accounts_table.c.id == others.c.account_id)
                    .where(others.c.game_id.in_(ids), others.c.account_id != account_id)
                    .order_by(others.c.game_id, others.c.rank, others.c.seat)
                ).all():
                    rivals[o.game_id].append({"username": o.username, "rank": int(o.rank)})
        return [
            {
                "game_id": r.game_id,
                "game": r.game,
                "seat": int(r.seat),
                "rank": int(r.rank),
                "mu_before": float(r.mu_before),
                "sigma_before": float(r.sigma_before),
                "mu": float(r.mu_after),
                "sigma": float(r.sigma_after),
                "at": float(r.at),
                "others": rivals[r.game_id],
            }
            for r in rows
        ]

    def finished_seats_of(self, account_id: str) -> list[tuple[str, str, int, int, dict[str, Any]]]:
        """(game id, game kind, players, seat, result) of each finished game's seat the account keeps."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(
                    games_table.c.id,
                    games_table.c.kind,
                    games_table.c.players,
                    games_table.c.result,
                    account_seats_table.c.seat,
                )
                .join(account_seats_table, account_seats_table.c.game_id == games_table.c.id)
                .where(
                    and_(
                        account_seats_table.c.account_id == account_id,
                        games_table.c.status == "finished",
                        games_table.c.result.is_not(None),
                    )
                )
            ).all()
        return [(str(r.id), str(r.kind), int(r.players), int(r.seat), json.loads(r.result)) for r in rows]

    def leaderboard(self, game: str, limit: int) -> list[RatingRow]:
        """The accounts rated in ``game``, best conservative rating (mu - 3 sigma) first."""
        ordinal = ratings_table.c.mu - 3 * ratings_table.c.sigma
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(ratings_table, accounts_table.c.username)
                .join(accounts_table, accounts_table.c.id == ratings_table.c.account_id)
                .where(ratings_table.c.game == game)
                .order_by(ordinal.desc(), ratings_table.c.games.desc(), ratings_table.c.account_id)
                .limit(limit)
            ).all()
        return [_rating_row(r) for r in rows]

    def changes_of_game(self, game_id: str) -> list[tuple[str, int]]:
        """(account id, rank) of each rating change a game made (tests, and the record of it)."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(rating_changes_table.c.account_id, rating_changes_table.c.rank).where(
                    rating_changes_table.c.game_id == game_id
                )
            ).all()
        return [(str(r.account_id), int(r.rank)) for r in rows]


def _rating_row(r: Any) -> RatingRow:
    return RatingRow(str(r.account_id), r.username, str(r.game), float(r.mu), float(r.sigma), int(r.games))
