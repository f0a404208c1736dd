"""The stored rows as the server holds them (plain dataclasses, the JSON columns parsed), the JSON
they are written with, and a stored game as a record.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ActionRow",
    "ChatRow",
    "GameRow",
    "SeatClockRow",
    "SeatRow",
    "chat_row",
    "dumps",
    "game_row",
    "record_json",
    "seat_row",
]

# A seat's clock as stored: deadline, bank, timeouts in a row, away.
SeatClockRow = tuple[float | None, float | None, int, bool]


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    claimed_at: float | None
    clock_deadline: float | None = None
    clock_bank: float | None = None
    timeouts: int = 0
    away: bool = False


@dataclass
class GameRow:
    id: str
    kind: str
    players: int
    config: dict[str, Any]
    options: dict[str, Any]
    seed: int
    status: str
    result: dict[str, Any] | None
    seq: int
    host_token_hash: str
    created_at: float
    seats: list[SeatRow]
    spectators_muted: bool = False
    clock_seq: int | None = None


@dataclass
class ChatRow:
    n: int
    seq: int
    seat: int | None
    name: str
    text: str
    at: float


@dataclass
class ActionRow:
    seq: int
    seat: int | None
    payload: dict[str, Any]
    cid: str | None


def dumps(obj: Any) -> str:
    """A JSON column's text: keys sorted and no spaces, so equal values are stored alike."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def record_json(row: GameRow, actions: Sequence[ActionRow]) -> dict[str, Any]:
    """The stored game as a record: the JSON ``GameRecord.from_json`` reads (and ``GET
    /api/games/{id}/record`` serves)."""
    return {"game": row.kind, "config": row.config, "actions": [[a.seat, a.payload] for a in actions]}


def seat_row(s: Any) -> SeatRow:
    """A ``seats`` row read from the database."""
    return SeatRow(
        s.seat,
        s.kind,
        s.bot,
        s.name,
        s.token_hash,
        s.claimed_at,
        s.clock_deadline,
        s.clock_bank,
        s.timeouts,
        bool(s.away),
    )


def chat_row(r: Any) -> ChatRow:
    """A ``chat`` row read from the database."""
    return ChatRow(r.n, r.seq, r.seat, r.name, r.text, r.at)


def game_row(g: Any, seats: Sequence[SeatRow]) -> GameRow:
    """A ``games`` row read from the database, with its seats."""
    return GameRow(
        id=g.id,
        kind=g.kind,
        players=g.players,
        config=json.loads(g.config),
        options=json.loads(g.options),
        seed=int(g.seed),
        status=g.status,
        result=None if g.result is None else json.loads(g.result),
        seq=g.seq,
        host_token_hash=g.host_token_hash,
        created_at=g.created_at,
        seats=list(seats),
        spectators_muted=bool(g.spectators_muted),
        clock_seq=g.clock_seq,
    )
