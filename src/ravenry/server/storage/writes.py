"""The writes other than accepted actions: a new game, a seat's claim, the clocks saved apart from
an action, the finished state, chat, the host's mute, rematches, analyses and the expiry of open
games. Each is one transaction on the storage's thread pool (``Storage.call``); they are rare
beside the actions, which go through the writers of :mod:`.group_commit`.

:class:`Writes` is a part of :class:`ravenry.server.storage.Storage`, which sets its ``engine``
and ``is_sqlite``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, func, select, update

from .leases import forget_owners
from .rows import ChatRow, GameRow, SeatClockRow, dumps
from .schema import (
    RECORD_SCHEMA_VERSION,
    actions_table,
    analyses_table,
    chat_table,
    games_table,
    rematches_table,
    seats_table,
)

__all__ = ["Writes"]


class Writes:
    """The pool's writes (a part of ``Storage``)."""

    engine: Engine
    is_sqlite: bool

    def create_game(self, row: GameRow) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                games_table.insert().values(
                    id=row.id,
                    kind=row.kind,
                    players=row.players,
                    config=dumps(row.config),
                    options=dumps(row.options),
                    seed=row.seed,
                    status=row.status,
                    result=None,
                    seq=0,
                    host_token_hash=row.host_token_hash,
                    created_at=row.created_at,
                    updated_at=now,
                    schema_version=RECORD_SCHEMA_VERSION,
                )
            )
            conn.execute(
                seats_table.insert(),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "claimed_at": s.claimed_at,
                    }
                    for s in row.seats
                ],
            )

    def claim_seat(self, game_id: str, seat: int) -> bool:
        """Mark a human seat as having connected; returns whether the game left ``open`` now."""
        now = time.time()
        with self.engine.begin() as conn:
            # Two seats arriving at once must not each miss the other's claim (PostgreSQL's READ
            # COMMITTED): the game's row is locked first. SQLite's BEGIN IMMEDIATE already is.
            conn.execute(select(games_table.c.id).where(games_table.c.id == game_id).with_for_update())
            conn.execute(
                update(seats_table)
                .where(
                    seats_table.c.game_id == game_id,
                    seats_table.c.seat == seat,
                    seats_table.c.claimed_at.is_(None),
                )
                .values(claimed_at=now)
            )
            unclaimed = conn.execute(
                select(func.count())
                .select_from(seats_table)
                .where(
                    seats_table.c.game_id == game_id,
                    seats_table.c.kind == "human",
                    seats_table.c.claimed_at.is_(None),
                )
            ).scalar_one()
            if unclaimed:
                return False
            changed = conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id, games_table.c.status == "open")
                .values(status="running", updated_at=now)
            ).rowcount
            return bool(changed)

    def delete_open_games(self, created_before: float) -> list[str]:
        """Delete the games still open (some person never came) made before ``created_before``,
        with their seats and actions; returns their ids."""
        with self.engine.begin() as conn:
            ids = list(
                conn.execute(
                    select(games_table.c.id).where(
                        games_table.c.status == "open", games_table.c.created_at < created_before
                    )
                ).scalars()
            )
            # In chunks: a statement takes a limited number of parameters.
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                conn.execute(rematches_table.delete().where(rematches_table.c.game_id.in_(chunk)))
                forget_owners(conn, chunk)
                for table in (chat_table, actions_table, seats_table):
                    conn.execute(table.delete().where(table.c.game_id.in_(chunk)))
                conn.execute(games_table.delete().where(games_table.c.id.in_(chunk)))
        return ids

    def save_clocks(self, game_id: str, seq: int, clocks: Sequence[tuple[int, SeatClockRow]]) -> None:
        """Store every seat's clock as it stands after action ``seq`` (in one transaction)."""
        with self.engine.begin() as conn:
            # The game's row first, then its seats: the order every write of a game takes (an
            # action's commit, a seat's claim), or two of them deadlock on PostgreSQL.
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(clock_seq=seq))
            for seat, (deadline, bank, timeouts, away) in clocks:
                conn.execute(
                    update(seats_table)
                    .where(seats_table.c.game_id == game_id, seats_table.c.seat == seat)
                    .values(clock_deadline=deadline, clock_bank=bank, timeouts=timeouts, away=away)
                )

    def set_token_hash(self, game_id: str, seat: int, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_table)
                .where(seats_table.c.game_id == game_id, seats_table.c.seat == seat)
                .values(token_hash=token_hash)
            )

    def mark_finished(self, game_id: str, result: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id)
                .values(status="finished", result=dumps(result), updated_at=time.time())
            )

    def add_chat(self, game_id: str, line: ChatRow) -> None:
        """Commit one chat line (raises if its ``n`` is already taken in this game)."""
        with self.engine.begin() as conn:
            conn.execute(
                chat_table.insert().values(
                    game_id=game_id,
                    n=line.n,
                    seq=line.seq,
                    seat=line.seat,
                    name=line.name,
                    text=line.text,
                    at=line.at,
                )
            )

    def set_spectators_muted(self, game_id: str, muted: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id)
                .values(spectators_muted=muted, updated_at=time.time())
            )

    def add_rematch(
        self, game_id: str, rematch_id: str, sealed: dict[str, str]
    ) -> tuple[str, dict[str, str]]:
        """Keep the rematch of ``game_id`` unless one is kept already; returns the one kept (the
        first of two processes' racing asks wins)."""
        with self.engine.begin() as conn:
            if self.is_sqlite:
                from sqlalchemy.dialects.sqlite import insert as upsert
            else:
                from sqlalchemy.dialects.postgresql import insert as upsert  # type: ignore[assignment]
            conn.execute(
                upsert(rematches_table)
                .values(game_id=game_id, rematch_id=rematch_id, sealed=dumps(sealed))
                .on_conflict_do_nothing(index_elements=["game_id"])
            )
            row = conn.execute(select(rematches_table).where(rematches_table.c.game_id == game_id)).one()
        return row.rematch_id, json.loads(row.sealed)

    def add_analysis(self, game_id: str, schema: int, body: str, at: float) -> str:
        """Keep the analysis of ``game_id`` unless one of this schema is kept already (the first
        of two racing writers wins); returns the one kept. One of an older schema is replaced."""
        with self.engine.begin() as conn:
            conn.execute(
                analyses_table.delete().where(
                    analyses_table.c.game_id == game_id, analyses_table.c.schema != schema
                )
            )
            if self.is_sqlite:
                from sqlalchemy.dialects.sqlite import insert as upsert
            else:
                from sqlalchemy.dialects.postgresql import insert as upsert  # type: ignore[assignment]
            conn.execute(
                upsert(analyses_table)
                .values(game_id=game_id, schema=schema, body=body, at=at)
                .on_conflict_do_nothing(index_elements=["game_id"])
            )
            kept = conn.execute(select(analyses_table.c.body).where(analyses_table.c.game_id == game_id))
            return str(kept.scalar_one())
