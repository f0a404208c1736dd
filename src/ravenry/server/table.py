"""What a live game and its parts all speak of: a seat at the table (:class:`Seat`), what
happened to one submitted action (:class:`Outcome`), and a frame as the text a socket sends
(:func:`dumps`).

The live game (``live``) holds the seats and makes the outcomes; its parts, the timekeeper
(``timekeeper``: clocks and timeouts) and the bot turns (``bot_turns``), read and change the
seats and look at the outcomes of the moves they make; :class:`TableHost` is what both read of
the live game. The types live here, apart from all three, so that no part imports the game it
belongs to.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from ravenry.bots.base import Bot
from ravenry.core.protocol import Game, GameState
from ravenry.core.rng import Rng
from ravenry.server.bot_workers import BotPool
from ravenry.server.clocks import SeatClock
from ravenry.server.options import level_of
from ravenry.server.storage import SeatRow


def dumps(obj: Any) -> str:
    """A frame as sent: compact JSON."""
    return json.dumps(obj, separators=(",", ":"))


@dataclass
class Seat:
    seat: int
    kind: str  # human | bot
    bot_spec: str | None
    name: str
    token_hash: str | None
    claimed: bool
    bot: Bot | None = None
    rng: Rng | None = None
    clock: SeatClock = field(default_factory=SeatClock)
    level: str | None = None  # the level (easy, medium, hard) the bot's spec is, if any

    @classmethod
    def from_row(cls, row: SeatRow, game_id: str) -> Seat:
        return cls(
            seat=row.seat,
            kind=row.kind,
            bot_spec=row.bot,
            name=row.name,
            token_hash=row.token_hash,
            claimed=row.claimed_at is not None or row.kind == "bot",
            clock=SeatClock(row.clock_deadline, row.clock_bank, row.timeouts, row.away),
            level=level_of(row.bot, game_id),
        )

    def public(self, connected: bool) -> dict[str, Any]:
        """The seat as the lobby and every viewer see it (the one public summary of a seat)."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot_spec,
            "level": self.level,
            "name": self.name,
            "connected": connected,
            "away": self.clock.away,
        }


@dataclass
class Outcome:
    """What happened to one submitted action: an ack (``seq``) or a reject (``code``, ``reason``)."""

    seq: int
    code: str | None = None
    reason: str = ""
    resend_welcome: bool = False

    def message(self, cid: str | None) -> dict[str, Any]:
        if self.code is None:
            return {"t": "ack", "cid": cid, "seq": self.seq}
        return {"t": "reject", "cid": cid, "code": self.code, "reason": self.reason, "seq": self.seq}


class TableHost(Protocol):
    """What the timekeeper and the bot turns both read and call of their game (``LiveGame``);
    each part's own protocol adds what only it needs."""

    @property
    def id(self) -> str: ...

    @property
    def game(self) -> Game[Any, Any]: ...

    @property
    def state(self) -> GameState: ...

    @property
    def status(self) -> str: ...

    @property
    def seq(self) -> int: ...

    @property
    def seats(self) -> list[Seat]: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def bot_pool(self) -> BotPool: ...

    def deciding(self, seat: int | None) -> bool: ...

    async def act_for_seat_locked(self, seat: int, cid: str, action: Any, origin: str) -> Outcome: ...
