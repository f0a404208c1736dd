"""The bot turns of one live game: the :class:`BotTurns` a :class:`~ravenry.server.live.LiveGame`
holds.

It owns every move the server makes for a seat a bot plays: a bot's seat, or a person's seat
that is away (its clock ran out too often; the timekeeper's stand-in bot kind plays it, cid
``~away:<seq>``). A turn is a task armed after every commit and at start-up (:meth:`schedule`)
for each such seat deciding. The bot sees only its seat's view and legal actions and thinks in
the hub's bot pool (``bot_workers``: worker processes), never on the event loop and never
holding the game's lock: the turn takes a snapshot of the game under the lock, awaits the pool's
answer, and applies it under the lock only if the game is still at the same ``seq`` and the seat
still a bot's (else it thinks again on the game as it is). One bot of a game thinks at a time.
A bot whose move fails or is refused is broken: it moves no more.

It reaches back into its game only through :class:`BotHost`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Protocol

from ravenry.bots.base import bot_from_spec
from ravenry.core.rng import Rng
from ravenry.server.bot_workers import make_job
from ravenry.server.table import Seat, TableHost
from ravenry.server.timekeeper import stand_in_spec

log = logging.getLogger("ravenry.server")

AWAY_CID = "~away:"  # the cid of a bot's action for an away seat (then its seq)


class BotHost(TableHost, Protocol):
    """What the bot turns read and call of the game they play in (``LiveGame``)."""

    @property
    def bot_delay(self) -> float: ...


def bot_plays(seat: Seat) -> bool:
    return seat.kind == "bot" or seat.clock.away


class BotTurns:
    """The bot turns of one game: a task per bot seat deciding, one thinking at a time."""

    def __init__(self, host: BotHost) -> None:
        self.host = host
        self.tasks: dict[int, asyncio.Task[None]] = {}  # by seat
        self.thinking = asyncio.Lock()  # one bot of the game thinks at a time
        self.broken: set[int] = set()  # seats whose bot failed or was refused: they move no more
        self.choices_dropped = 0  # choices thought on a position the game had left (and redone)

    def schedule(self) -> None:
        """Arm a turn for every seat a bot plays among those deciding now (none while the game
        is open: bots wait until every person has arrived)."""
        host = self.host
        if host.status == "open":
            return
        decision = host.state.decision()
        if decision.result is not None:
            return
        for seat_no in decision.players:
            seat = host.seats[seat_no]
            if not bot_plays(seat) or seat_no in self.tasks or seat_no in self.broken:
                continue
            self.tasks[seat_no] = asyncio.get_running_loop().create_task(self._turn(seat_no))

    def cancel(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    def forget(self, seat: Seat) -> None:
        """A person took ``seat`` back: its turn stops and its bot's memory goes (a bot plays it
        afresh if it is ever away again)."""
        task = self.tasks.pop(seat.seat, None)
        if task is not None:
            task.cancel()
        seat.bot = seat.rng = None

    async def _turn(self, seat_no: int) -> None:
        again = False
        try:
            await asyncio.sleep(self.host.bot_delay)
            # One bot of a game thinks at a time, as when bots thought under the game's lock: in
            # a simultaneous decision (discards, answers to an offer) each bot sees the choices
            # of those that answered before it, and no bot's thought is wasted on a position
            # another bot is about to change.
            async with self.thinking:
                again = await self._move(seat_no)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: bot at seat %s failed", self.host.id, seat_no)
            self.broken.add(seat_no)
        finally:
            self.tasks.pop(seat_no, None)
        if again:
            self.schedule()

    async def _move(self, seat_no: int) -> bool:
        """One move of the bot at ``seat_no``, thought in the bot pool outside the game's lock;
        returns whether to look for the next bot move (False: nothing to do, or broken)."""
        host = self.host
        seat = host.seats[seat_no]
        async with host.lock:
            if not host.deciding(seat_no) or not bot_plays(seat):
                return False
            if seat.bot is None or seat.rng is None:
                seat.bot = bot_from_spec(seat.bot_spec or stand_in_spec(host.game.id), host.game.id)
                seat.rng = Rng(secrets.randbits(64))
            bot, seq = seat.bot, host.seq
            # The bot sees only its seat's view and legal actions (bot_decide, in the worker).
            job = make_job(host.state, seat_no, bot, seat.rng)
        answer = await host.bot_pool.decide(job)  # the loop serves everyone else meanwhile
        async with host.lock:
            same = host.seq == seq and seat.bot is bot
            if not same or not host.deciding(seat_no) or not bot_plays(seat):
                # The game moved on while the bot thought (a person acted, the clock or a takeover
                # changed who plays the seat): its choice is dropped, unseen, and it thinks again
                # on the game as it is, if it still decides.
                self.choices_dropped += 1
                return True
            # Its choice goes through the very path a person's does.
            if seat.kind == "bot":
                outcome = await host.act_for_seat_locked(seat_no, f"bot-{host.seq}", answer.action, "person")
            else:
                cid = f"{AWAY_CID}{host.seq}"
                outcome = await host.act_for_seat_locked(seat_no, cid, answer.action, "away")
            if outcome.code is None:
                # The bot's memory and generator move on only with a move taken: a dropped or
                # refused choice leaves the seat as it was, so it would choose the same again.
                seat.bot, seat.rng = answer.restore()
                return True
        if outcome.code == "storage":
            await asyncio.sleep(max(host.bot_delay, 0.5))  # the database is down: try again later
            return True
        log.error("game %s: bot at seat %s was refused: %s", host.id, seat_no, outcome.reason)
        self.broken.add(seat_no)
        return False
