"""Accounts in the database (migration 0007): the blocking queries on the ``accounts``,
``account_sessions`` and ``account_seats`` tables (run them through ``Storage.call``; the tables
are declared in ravenry.server.storage.schema, since a seat's name reads from them). Only hashes are kept: a
password's Argon2 hash, and the SHA-256 of a session's id. What an account may do, and the
checks on it, are in ravenry.server.accounts.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError

from ravenry.server.storage.schema import account_seats_table, account_sessions_table, accounts_table

__all__ = [
    "AccountRow",
    "AccountStore",
    "SessionRow",
    "account_seats_table",
    "account_sessions_table",
    "accounts_table",
]


@dataclass(frozen=True)
class AccountRow:
    id: str
    username: str
    password_hash: str


@dataclass(frozen=True)
class SessionRow:
    account: AccountRow
    csrf: str


class AccountStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, account_id: str, username: str, key: str, password_hash: str) -> bool:
        """A new account; False if the name (case-folded) is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    accounts_table.insert().values(
                        id=account_id,
                        username=username,
                        username_key=key,
                        password_hash=password_hash,
                        created_at=time.time(),
                    )
                )
        except IntegrityError:
            return False
        return True

    def by_key(self, key: str) -> AccountRow | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                select(accounts_table).where(
                    accounts_table.c.username_key == key, accounts_table.c.deleted_at.is_(None)
                )
            ).one_or_none()
        return None if row is None else AccountRow(row.id, row.username, row.password_hash)

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account_id)
                .values(password_hash=password_hash)
            )

    def add_session(self, id_hash: str, account_id: str, csrf: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                account_sessions_table.insert().values(
                    id_hash=id_hash, account_id=account_id, csrf=csrf, created_at=time.time()
                )
            )

    def session(self, id_hash: str) -> SessionRow | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                select(accounts_table, account_sessions_table.c.csrf)
                .join(account_sessions_table, account_sessions_table.c.account_id == accounts_table.c.id)
                .where(account_sessions_table.c.id_hash == id_hash, accounts_table.c.deleted_at.is_(None))
            ).one_or_none()
        if row is None:
            return None
        return SessionRow(AccountRow(row.id, row.username, row.password_hash), row.csrf)

    def end_session(self, id_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(account_sessions_table).where(account_sessions_table.c.id_hash == id_hash))

    def end_sessions(self, account_id: str, keep: str | None = None) -> None:
        """End every session of the account (but ``keep``, a session id's hash)."""
        where = account_sessions_table.c.account_id == account_id
        if keep is not None:
            where = where & (account_sessions_table.c.id_hash != keep)
        with self.engine.begin() as conn:
            conn.execute(delete(account_sessions_table).where(where))

    def delete(self, account_id: str) -> None:
        """The account is gone: its name freed, its hash and sessions dropped. The row stays, so
        that what refers to it (its seats, later its ratings) reads "deleted player"."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(account_sessions_table).where(account_sessions_table.c.account_id == account_id)
            )
            conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account_id)
                .values(username=None, username_key=None, password_hash=None, deleted_at=time.time())
            )

    def claim(self, game_id: str, seat: int, account_id: str) -> str:
        """Keep ``seat`` of ``game_id`` for the account: "claimed", "already" (this account's) or
        "taken" (another's)."""
        with self.engine.begin() as conn:
            holder = conn.execute(
                select(account_seats_table.c.account_id).where(
                    account_seats_table.c.game_id == game_id, account_seats_table.c.seat == seat
                )
            ).scalar_one_or_none()
            if holder is not None:
                return "already" if holder == account_id else "taken"
            try:
                with conn.begin_nested():
                    conn.execute(
                        account_seats_table.insert().values(
                            game_id=game_id, seat=seat, account_id=account_id, claimed_at=time.time()
                        )
                    )
            except IntegrityError:  # another claim came first
                return "taken"
        return "claimed"

    def seats_in(self, account_id: str, game_id: str) -> frozenset[int]:
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(account_seats_table.c.seat).where(
                    account_seats_table.c.account_id == account_id, account_seats_table.c.game_id == game_id
                )
            ).all()
        return frozenset(int(r.seat) for r in rows)

    def seats_of(self, account_id: str) -> list[tuple[str, int]]:
        """(game id, seat) of every seat the account keeps."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(account_seats_table.c.game_id, account_seats_table.c.seat).where(
                    account_seats_table.c.account_id == account_id
                )
            ).all()
        return [(str(r.game_id), int(r.seat)) for r in rows]
