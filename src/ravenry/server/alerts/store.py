"""The turn alerts' tables (migration 0009) and the blocking queries on them (run them off the
event loop: ``Storage.call`` or the delivery worker's threads).

- ``alert_prefs``: an account's email address and which of its channels are on;
- ``alert_seats_off``: the seats an account kept but wants no alerts for;
- ``push_subscriptions``: the account's devices (a browser's PushSubscription);
- ``vapid_keys``: the server's one VAPID key pair, made at first start;
- ``game_webhooks``: the URL the host of a game set;
- ``sent_alerts``: one row per (game, seat, wait, kind, channel), inserted before sending, so
  that an alert goes out once even with several processes or after a restart;
- ``alert_unsubscribes``: the SHA-256 of each email's one-click unsubscribe token.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKeyConstraint,
    Integer,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    delete,
    false,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from ravenry.server.storage.schema import account_seats_table, accounts_table, metadata

__all__ = ["AlertPrefs", "AlertStore", "PushTarget", "Targets", "token_hash"]

# How long an email's unsubscribe link keeps working.
UNSUBSCRIBE_DAYS = 90

alert_prefs_table = Table(
    "alert_prefs",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("email", String(254), nullable=True),
    Column("email_on", Boolean, nullable=False, server_default=false()),
    Column("push_on", Boolean, nullable=False, server_default=false()),
    Column("origin", String(200), nullable=True),  # the site's address when they were set (links)
    Column("updated_at", Float, nullable=False),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
)

alert_seats_off_table = Table(
    "alert_seats_off",
    metadata,
    Column("account_id", String(32), nullable=False),
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    PrimaryKeyConstraint("account_id", "game_id", "seat"),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

push_subscriptions_table = Table(
    "push_subscriptions",
    metadata,
    Column("id", String(64), primary_key=True),  # SHA-256 of the endpoint
    Column("account_id", String(32), nullable=False, index=True),
    Column("endpoint", Text, nullable=False),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("origin", String(200), nullable=True),
    Column("created_at", Float, nullable=False),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
)

vapid_keys_table = Table(
    "vapid_keys",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),  # always 1: one pair per site
    Column("private_key", Text, nullable=False),  # PEM (PKCS#8)
    Column("public_key", String(120), nullable=False),  # the raw point, base64url: what a browser takes
    Column("created_at", Float, nullable=False),
)

game_webhooks_table = Table(
    "game_webhooks",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("url", Text, nullable=False),
    Column("origin", String(200), nullable=True),
    Column("set_at", Float, nullable=False),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

sent_alerts_table = Table(
    "sent_alerts",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("wait_seq", Integer, nullable=False),  # the seq at which the wait began
    Column("kind", String(16), nullable=False),  # turn | reminder
    Column("channel", String(16), nullable=False),  # push | email | webhook
    Column("status", String(16), nullable=False),  # sending | sent | failed
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("game_id", "seat", "wait_seq", "kind", "channel"),
    ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
)

alert_unsubscribes_table = Table(
    "alert_unsubscribes",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class AlertPrefs:
    email: str | None
    email_on: bool
    push_on: bool
    origin: str | None = None


@dataclass(frozen=True)
class PushTarget:
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class Targets:
    """Where one seat's alert may go: the game's webhook, and the keeping account's channels."""

    webhook: str | None
    webhook_origin: str | None
    account_id: str | None
    email: str | None  # None unless the account has email alerts on (and the seat is not off)
    push: tuple[PushTarget, ...]  # empty unless the account has push on
    origin: str | None


class AlertStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- preferences ----------------------------------------------------------------------------
    def prefs(self, account_id: str) -> AlertPrefs:
        with self.engine.begin() as conn:
            row = conn.execute(
                select(alert_prefs_table).where(alert_prefs_table.c.account_id == account_id)
            ).one_or_none()
        if row is None:
            return AlertPrefs(None, False, False)
        return AlertPrefs(row.email, bool(row.email_on), bool(row.push_on), row.origin)

    def set_prefs(self, account_id: str, prefs: AlertPrefs) -> None:
        values = {
            "email": prefs.email,
            "email_on": prefs.email_on,
            "push_on": prefs.push_on,
            "origin": prefs.origin,
            "updated_at": time.time(),
        }
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(alert_prefs_table).where(alert_prefs_table.c.account_id == account_id).values(**values)
            ).rowcount
            if not changed:
                conn.execute(alert_prefs_table.insert().values(account_id=account_id, **values))

    def forget_account(self, account_id: str) -> None:
        """The account was deleted: its address, devices, switches and unsubscribe links go."""
        with self.engine.begin() as conn:
            for table in (
                alert_prefs_table,
                alert_seats_off_table,
                push_subscriptions_table,
                alert_unsubscribes_table,
            ):
                conn.execute(delete(table).where(table.c.account_id == account_id))

    def set_seat_off(self, account_id: str, game_id: str, seat: int, off: bool) -> None:
        table = alert_seats_off_table
        where = (table.c.account_id == account_id) & (table.c.game_id == game_id) & (table.c.seat == seat)
        with self.engine.begin() as conn:
            conn.execute(delete(table).where(where))
            if off:
                conn.execute(table.insert().values(account_id=account_id, game_id=game_id, seat=seat))

    def seats_off(self, account_id: str) -> list[tuple[str, int]]:
        table = alert_seats_off_table
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(table.c.game_id, table.c.seat).where(table.c.account_id == account_id)
            ).all()
        return [(str(r.game_id), int(r.seat)) for r in rows]

    # -- push subscriptions ---------------------------------------------------------------------
    def add_push(self, account_id: str, target: PushTarget, origin: str | None) -> None:
        key = hashlib.sha256(target.endpoint.encode()).hexdigest()
        table = push_subscriptions_table
        with self.engine.begin() as conn:
            # A device subscribed again (or by another account) is the latest account's.
            conn.execute(delete(table).where(table.c.id == key))
            conn.execute(
                table.insert().values(
                    id=key,
                    account_id=account_id,
                    endpoint=target.endpoint,
                    p256dh=target.p256dh,
                    auth=target.auth,
                    origin=origin,
                    created_at=time.time(),
                )
            )

    def remove_push(self, account_id: str, endpoint: str) -> bool:
        key = hashlib.sha256(endpoint.encode()).hexdigest()
        table = push_subscriptions_table
        with self.engine.begin() as conn:
            gone = conn.execute(
                delete(table).where(table.c.id == key, table.c.account_id == account_id)
            ).rowcount
        return bool(gone)

    def drop_push_endpoint(self, endpoint: str) -> None:
        """The push service said the subscription is gone (404/410): forget it."""
        key = hashlib.sha256(endpoint.encode()).hexdigest()
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions_table).where(push_subscriptions_table.c.id == key))

    def push_count(self, account_id: str) -> int:
        table = push_subscriptions_table
        with self.engine.begin() as conn:
            return len(conn.execute(select(table.c.id).where(table.c.account_id == account_id)).all())

    # -- VAPID ----------------------------------------------------------------------------------
    def vapid(self) -> tuple[str, str] | None:
        """(private PEM, public key) if made."""
        with self.engine.begin() as conn:
            row = conn.execute(select(vapid_keys_table).where(vapid_keys_table.c.id == 1)).one_or_none()
        return None if row is None else (str(row.private_key), str(row.public_key))

    def keep_vapid(self, private_pem: str, public_key: str) -> tuple[str, str]:
        """Keep this pair unless another process kept one first; returns the pair kept."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    vapid_keys_table.insert().values(
                        id=1, private_key=private_pem, public_key=public_key, created_at=time.time()
                    )
                )
        except IntegrityError:
            pass
        kept = self.vapid()
        assert kept is not None
        return kept

    # -- webhooks -------------------------------------------------------------------------------
    def set_webhook(self, game_id: str, url: str | None, origin: str | None) -> None:
        table = game_webhooks_table
        with self.engine.begin() as conn:
            conn.execute(delete(table).where(table.c.game_id == game_id))
            if url is not None:
                conn.execute(
                    table.insert().values(game_id=game_id, url=url, origin=origin, set_at=time.time())
                )

    def webhook(self, game_id: str) -> str | None:
        table = game_webhooks_table
        with self.engine.begin() as conn:
            url = conn.execute(select(table.c.url).where(table.c.game_id == game_id)).scalar_one_or_none()
        return None if url is None else str(url)

    # -- who gets a seat's alert ----------------------------------------------------------------
    def targets(self, game_id: str, seat: int) -> Targets:
        with self.engine.begin() as conn:
            hook = conn.execute(
                select(game_webhooks_table.c.url, game_webhooks_table.c.origin).where(
                    game_webhooks_table.c.game_id == game_id
                )
            ).one_or_none()
            # A deleted account keeps its seats ("deleted player") but gets no alerts.
            account_id = conn.execute(
                select(account_seats_table.c.account_id)
                .join(accounts_table, accounts_table.c.id == account_seats_table.c.account_id)
                .where(
                    account_seats_table.c.game_id == game_id,
                    account_seats_table.c.seat == seat,
                    accounts_table.c.deleted_at.is_(None),
                )
            ).scalar_one_or_none()
            email: str | None = None
            push: tuple[PushTarget, ...] = ()
            origin: str | None = None
            if account_id is not None:
                prefs = conn.execute(
                    select(alert_prefs_table).where(alert_prefs_table.c.account_id == account_id)
                ).one_or_none()
                off = conn.execute(
                    select(alert_seats_off_table.c.seat).where(
                        alert_seats_off_table.c.account_id == account_id,
                        alert_seats_off_table.c.game_id == game_id,
                        alert_seats_off_table.c.seat == seat,
                    )
                ).one_or_none()
                if prefs is not None and off is None:
                    origin = prefs.origin
                    if prefs.email_on and prefs.email:
                        email = str(prefs.email)
                    if prefs.push_on:
                        rows = conn.execute(
                            select(push_subscriptions_table).where(
                                push_subscriptions_table.c.account_id == account_id
                            )
                        ).all()
                        push = tuple(PushTarget(r.endpoint, r.p256dh, r.auth) for r in rows)
                        origin = origin or next((r.origin for r in rows if r.origin), None)
        return Targets(
            webhook=None if hook is None else str(hook.url),
            webhook_origin=None if hook is None else hook.origin,
            account_id=None if account_id is None else str(account_id),
            email=email,
            push=push,
            origin=origin,
        )

    # -- once per wait --------------------------------------------------------------------------
    def claim_sending(self, game_id: str, seat: int, wait_seq: int, kind: str, channel: str) -> bool:
        """Insert the row for this alert before it is sent; False if it exists (another process,
        or this one before a restart, took it)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    sent_alerts_table.insert().values(
                        game_id=game_id,
                        seat=seat,
                        wait_seq=wait_seq,
                        kind=kind,
                        channel=channel,
                        status="sending",
                        attempts=0,
                        at=time.time(),
                    )
                )
        except IntegrityError:
            return False
        return True

    def finish_sending(
        self, game_id: str, seat: int, wait_seq: int, kind: str, channel: str, status: str, attempts: int
    ) -> None:
        t = sent_alerts_table
        with self.engine.begin() as conn:
            conn.execute(
                update(t)
                .where(
                    t.c.game_id == game_id,
                    t.c.seat == seat,
                    t.c.wait_seq == wait_seq,
                    t.c.kind == kind,
                    t.c.channel == channel,
                )
                .values(status=status, attempts=attempts, at=time.time())
            )

    # -- unsubscribing --------------------------------------------------------------------------
    def new_unsubscribe(self, account_id: str, token: str) -> None:
        t = alert_unsubscribes_table
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                delete(t).where(t.c.account_id == account_id, t.c.created_at < now - UNSUBSCRIBE_DAYS * 86400)
            )
            conn.execute(
                t.insert().values(token_hash=token_hash(token), account_id=account_id, created_at=now)
            )

    def unsubscribe_account(self, token: str) -> str | None:
        """The account whose unsubscribe token this is (still valid), or None."""
        t = alert_unsubscribes_table
        with self.engine.begin() as conn:
            row = conn.execute(select(t).where(t.c.token_hash == token_hash(token))).one_or_none()
        if row is None or row.created_at < time.time() - UNSUBSCRIBE_DAYS * 86400:
            return None
        return str(row.account_id)

    def unsubscribe(self, token: str) -> bool:
        """Turn email alerts off for the token's account; False for an unknown token."""
        account_id = self.unsubscribe_account(token)
        if account_id is None:
            return False
        with self.engine.begin() as conn:
            conn.execute(
                update(alert_prefs_table)
                .where(alert_prefs_table.c.account_id == account_id)
                .values(email_on=False, updated_at=time.time())
            )
        return True
