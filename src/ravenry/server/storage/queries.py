"""The reads: games with their seats, a game's actions (to replay it), chat, rematches and
analyses. Each runs in a transaction of its own on the storage's thread pool (``Storage.call``).

:class:`Queries` is a part of :class:`ravenry.server.storage.Storage`, which sets its ``engine``.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Engine, Select, Table, case, func, select

from .rows import ActionRow, ChatRow, GameRow, SeatRow, chat_row, game_row, seat_row
from .schema import (
    DELETED_PLAYER,
    account_seats_table,
    accounts_table,
    actions_table,
    analyses_table,
    chat_table,
    games_table,
    rematches_table,
    seats_table,
)

__all__ = ["Queries"]


class Queries:
    """The pool's reads (a part of ``Storage``)."""

    engine: Engine

    def get_game(self, game_id: str) -> GameRow | None:
        rows = self._games(games_table.c.id == game_id, limit=1)
        return rows[0] if rows else None

    def list_games(self, status: str | None, limit: int = 200) -> list[GameRow]:
        where = None if status is None else games_table.c.status == status
        return self._games(where, limit=limit)

    def unfinished_games(self) -> list[GameRow]:
        return self._games(games_table.c.status != "finished", limit=None)

    def count_games(self) -> int:
        with self.engine.begin() as conn:
            return int(conn.execute(select(func.count()).select_from(games_table)).scalar_one())

    def actions(self, game_id: str) -> list[ActionRow]:
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(
                    actions_table.c.seq, actions_table.c.seat, actions_table.c.payload, actions_table.c.cid
                )
                .where(actions_table.c.game_id == game_id)
                .order_by(actions_table.c.seq)
            ).all()
        return [ActionRow(r.seq, r.seat, json.loads(r.payload), r.cid) for r in rows]

    def chat_count(self, game_id: str) -> int:
        """The highest line number said in this game (0: none)."""
        with self.engine.begin() as conn:
            top = conn.execute(select(func.max(chat_table.c.n)).where(chat_table.c.game_id == game_id))
            return int(top.scalar_one() or 0)

    def recent_chat(self, game_id: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` lines of a game, oldest first."""
        query = (
            _chat_named.where(chat_table.c.game_id == game_id).order_by(chat_table.c.n.desc()).limit(limit)
        )
        with self.engine.begin() as conn:
            rows = conn.execute(query).all()
        return [chat_row(r) for r in reversed(rows)]

    def chat_at(self, game_id: str, seq: int, limit: int) -> list[ChatRow]:
        """The first ``limit`` lines said while the game stood at ``seq`` (for the replay)."""
        query = (
            _chat_named.where(chat_table.c.game_id == game_id, chat_table.c.seq == seq)
            .order_by(chat_table.c.n)
            .limit(limit)
        )
        with self.engine.begin() as conn:
            return [chat_row(r) for r in conn.execute(query).all()]

    def get_rematch(self, game_id: str) -> tuple[str, dict[str, str]] | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                select(rematches_table).where(rematches_table.c.game_id == game_id)
            ).one_or_none()
        return None if row is None else (row.rematch_id, json.loads(row.sealed))

    def get_analysis(self, game_id: str, schema: int) -> str | None:
        """The kept analysis of ``game_id`` in ``schema`` (None: none, or of another schema)."""
        with self.engine.begin() as conn:
            body = conn.execute(
                select(analyses_table.c.body).where(
                    analyses_table.c.game_id == game_id, analyses_table.c.schema == schema
                )
            ).scalar_one_or_none()
        return None if body is None else str(body)

    def _games(self, where: Any, limit: int | None) -> list[GameRow]:
        query = select(games_table).order_by(games_table.c.created_at.desc(), games_table.c.id)
        if where is not None:
            query = query.where(where)
        if limit is not None:
            query = query.limit(limit)
        with self.engine.begin() as conn:
            games = conn.execute(query).all()
            ids = [g.id for g in games]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(_seats_named.where(seats_table.c.game_id.in_(ids))).all():
                    seats[s.game_id].append(seat_row(s))
        return [game_row(g, seats[g.id]) for g in games]


def _named(table: Table) -> Select[Any]:
    """``table``'s rows (a game's seats, or its chat lines) as people see them: a seat kept by an
    account since deleted reads "deleted player" (the name typed for it stays in the row, never
    shown again)."""
    name = case((accounts_table.c.deleted_at.is_not(None), DELETED_PLAYER), else_=table.c.name)
    kept = account_seats_table.c.game_id == table.c.game_id
    kept &= account_seats_table.c.seat == table.c.seat
    return select(*(c for c in table.c if c.name != "name"), name.label("name")).select_from(
        table.outerjoin(account_seats_table, kept).outerjoin(
            accounts_table, accounts_table.c.id == account_seats_table.c.account_id
        )
    )


_seats_named = _named(seats_table).order_by(seats_table.c.seat)
_chat_named = _named(chat_table)
