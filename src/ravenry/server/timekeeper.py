"""The clocks of one live game: the :class:`Timekeeper` a :class:`~ravenry.server.live.LiveGame`
holds when its table has a ``clock`` option (one clock's arithmetic is ``clocks.SeatClock``'s).

It owns what happens because time passed rather than because someone sent a message:

- every person's clock, started and stopped as the game's decisions come and go, and the copies
  of the clocks an action is committed with (one transaction: a crash never leaves stored clocks
  that predate a stored action);
- the one watcher task per game, asleep on the injected wall clock until the earliest deadline;
- the timeouts: a stand-in bot that sees only that seat's view makes the seat's choice in the bot
  pool, outside the game's lock, checked against ``seq`` like a bot's move, and committed like any
  move (cid ``~timeout:<seq>``); after ``away_after`` timeouts in a row the seat is away (no
  clock; the game's bot turns play it) until its person takes it back (:meth:`take_back`);
- saving the clocks outside an action (the game starts, a takeover), and the ``clocks`` frame.

It reaches back into its game only through :class:`ClockHost`, and tells it that timeouts were
committed through the ``on_timeouts`` callback (the bots may move then).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from ravenry.bots.base import bot_from_spec, bot_kinds
from ravenry.core.protocol import GameState
from ravenry.core.rng import Rng
from ravenry.server.bot_workers import BotJob, make_job
from ravenry.server.clocks import ClockSpec, SeatClock, SystemClock, WallClock
from ravenry.server.storage import SeatClockRow, Storage
from ravenry.server.table import Outcome, Seat, TableHost, dumps

log = logging.getLogger("ravenry.server")

TIMEOUT_CID = "~timeout:"  # the cid of a timeout action (then its seq); clients cannot send "~"
STAND_IN_BOTS = ("greedy", "random")  # the bot that makes a timed-out seat's choice: first found


def stand_in_spec(game_id: str) -> str:
    """The bot that plays for a person who is not there: a timed-out seat's choice, an away seat."""
    kinds = bot_kinds(game_id)
    return next((k for k in STAND_IN_BOTS if k in kinds), kinds[0] if kinds else "random")


class ClockHost(TableHost, Protocol):
    """What the timekeeper reads and calls of the game it keeps time for (``LiveGame``)."""

    @property
    def storage(self) -> Storage: ...

    def public_seats(self) -> list[dict[str, Any]]: ...

    def send_to_all(self, text: str) -> None: ...


class Timekeeper:
    """Every seat's clock of one game, the watcher of the earliest deadline, and its timeouts."""

    def __init__(
        self,
        host: ClockHost,
        spec: ClockSpec,
        away_after: int,
        current: bool,
        on_timeouts: Callable[[], None],
    ) -> None:
        self.host = host
        self.spec = spec
        self.away_after = away_after  # the timeouts in a row that make a seat away
        self.wall: WallClock = SystemClock()  # the hub's (tests pass a ManualClock)
        self.current = current  # False: the stored clocks predate the last action (a crash)
        self.task: asyncio.Task[None] | None = None  # the watcher of the earliest deadline
        self.on_timeouts = on_timeouts

    @property
    def on(self) -> bool:
        return self.spec.on

    def json(self) -> dict[str, Any]:
        """Every seat's clock as all viewers see it: absolute deadlines (seconds since the epoch)
        and the server's ``now``, so a page ticks locally whatever its own clock says."""
        host = self.host
        now = self.wall.now()
        decision = host.state.decision()
        waiting = set() if decision.result is not None or host.status != "running" else set(decision.players)
        return {
            **self.spec.to_json(),
            "away_after": self.away_after,
            "now": now,
            "seats": [
                {
                    "seat": s.seat,
                    "timed": s.kind == "human",
                    "deadline": s.clock.deadline,
                    "remaining": s.clock.remaining(self.spec, now),
                    "timeouts": s.clock.timeouts,
                    "away": s.clock.away,
                    "waiting": s.seat in waiting,
                }
                for s in host.seats
            ],
        }

    # -- an action's clocks ---------------------------------------------------------------------
    def after_action(
        self, state: GameState, running: bool, actor: int, origin: str, undo: bool
    ) -> list[SeatClock]:
        """Every seat's clock once ``actor``'s action (which led to ``state``) is committed, as
        copies: the actor's clock stops (a timeout counts toward away; a person's own move resets
        the count; an undo puts the clock back as before the move it took back), then every clock
        is set for the decision in ``state``. The seats take them only after the commit
        (:meth:`commit`)."""
        seats = self.host.seats
        clocks = [replace(s.clock, before_moves=list(s.clock.before_moves)) for s in seats]
        now = self.wall.now()
        clock = clocks[actor]
        if origin == "timeout":
            clock.stop(self.spec, now, timed_out=True)
            clock.timeouts += 1
            if clock.timeouts >= self.away_after:
                clock.away = True
        elif origin == "person" and seats[actor].kind == "human":
            clock.timeouts = 0
            clock.moved(self.spec, now, undo)
        self._arm(clocks, state, running, now)
        return clocks

    def rows(self, clocks: list[SeatClock]) -> list[tuple[int, SeatClockRow]]:
        """The timed seats' clocks as stored (bots have none)."""
        return [
            (s.seat, (c.deadline, c.bank, c.timeouts, c.away))
            for s, c in zip(self.host.seats, clocks, strict=True)
            if s.kind == "human"
        ]

    def commit(self, clocks: list[SeatClock], actor: int) -> bool:
        """The action committed with ``clocks`` (:meth:`after_action`) is the game's: the seats
        take them and the watcher the earliest deadline. Returns whether the actor went away."""
        seats = self.host.seats
        went_away = clocks[actor].away and not seats[actor].clock.away
        for seat, clock in zip(seats, clocks, strict=True):
            seat.clock = clock
        self._watch()
        return went_away

    # -- setting and watching -------------------------------------------------------------------
    def _rearm(self) -> None:
        """Set the seats' clocks for the decision now (see :meth:`_arm`), then watch the earliest
        deadline."""
        host = self.host
        clocks = [s.clock for s in host.seats]
        self._arm(clocks, host.state, host.status == "running", self.wall.now())
        self._watch()

    def _arm(self, clocks: list[SeatClock], state: GameState, running: bool, now: float) -> None:
        """Start the clock of every timed seat that decides in ``state`` and has none running;
        stop those that no longer decide (``clocks``: one per seat, changed in place)."""
        decision = state.decision()
        deciding = set(decision.players) if running and decision.result is None else set()
        for seat, clock in zip(self.host.seats, clocks, strict=True):
            if not (self.spec.on and seat.kind == "human" and not clock.away):
                clock.deadline = None
                continue
            if clock.deadline is not None and seat.seat not in deciding:
                clock.stop(self.spec, now)
            elif clock.deadline is None and seat.seat in deciding:
                clock.start(self.spec, now)

    def _watch(self, at: float | None = None) -> None:
        current = asyncio.current_task()
        if self.task is not None and self.task is not current:
            self.task.cancel()
        self.task = None
        deadlines = [s.clock.deadline for s in self.host.seats if s.clock.deadline is not None]
        if at is None and not deadlines:
            return
        when = at if at is not None else min(d for d in deadlines if d is not None)
        self.task = asyncio.get_running_loop().create_task(self._wait_for_deadline(when))

    def start(self) -> None:
        """Set the clocks for the decision now (the game started, or the server did): stored
        deadlines hold; if they predate the last action (a crash between that commit and the
        clocks' save) every seat deciding now starts afresh."""
        if not self.spec.on or self.host.status != "running":
            return
        if not self.current:
            for seat in self.host.seats:
                seat.clock.deadline = None
            self.current = True
        self._rearm()
        self.broadcast()
        asyncio.get_running_loop().create_task(self._save_locked())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def take_back(self, seat: Seat) -> None:
        """The person of an away seat is back (the caller holds the lock and stops its bot): the
        count of timeouts starts again and so does the clock, if the seat decides."""
        seat.clock.away = False
        seat.clock.timeouts = 0
        self._rearm()

    # -- saving and telling ---------------------------------------------------------------------
    async def _save_locked(self) -> None:
        async with self.host.lock:
            await self.save()

    async def save(self) -> None:
        """Store the clocks as they stand (the caller holds the game's lock)."""
        if not self.spec.on:
            return
        host = self.host
        rows = self.rows([s.clock for s in host.seats])
        try:
            await host.storage.call(host.storage.save_clocks, host.id, host.seq, rows)
        except Exception:
            # The action itself is committed; after a restart the clocks start afresh (clock_seq).
            log.exception("game %s: could not save the clocks after seq %s", host.id, host.seq)

    def broadcast(self) -> None:
        """The ``clocks`` frame, to every viewer: the clocks changed without an action."""
        host = self.host
        host.send_to_all(dumps({"t": "clocks", "clocks": self.json(), "seats": host.public_seats()}))

    # -- timeouts -------------------------------------------------------------------------------
    async def _wait_for_deadline(self, when: float) -> None:
        await self.wall.sleep_until(when)
        if self.task is asyncio.current_task():
            self.task = None
        await self.fire_timeouts()

    async def fire_timeouts(self) -> int:
        """Make the choice of every seat whose deadline has passed (earliest first), each one an
        action of its own; returns how many were committed. The stand-in bot thinks in the bot
        pool, outside the game's lock: if the game moves on meanwhile (the person acted at the
        last moment), its choice is dropped and the deadlines are looked at again."""
        host = self.host
        fired = 0
        while True:
            async with host.lock:
                now = self.wall.now()
                due = [
                    s
                    for s in host.seats
                    if s.clock.deadline is not None and s.clock.deadline <= now and host.deciding(s.seat)
                ]
                if not due:
                    break
                seat = min(due, key=lambda s: (s.clock.deadline or 0.0, s.seat))
                seq = host.seq
                job = self._stand_in_job(seat)
            action = await self._stand_in_choice(seat, job)
            async with host.lock:
                deadline = seat.clock.deadline
                if host.seq != seq or not host.deciding(seat.seat) or deadline is None or deadline > now:
                    continue  # the game or the seat's clock moved on while the stand-in thought
                try:
                    outcome = await self._time_out_locked(seat, action)
                except Exception:
                    log.exception("game %s: the timeout of seat %s failed", host.id, seat.seat)
                    outcome = Outcome(host.seq, "internal", "the timeout failed")
                if outcome.code is not None:
                    reason = outcome.reason
                    log.error("game %s: the timeout of seat %s failed: %s", host.id, seat.seat, reason)
                    self._watch(at=now + 1.0)  # try again in a second (the database may be down)
                    break
                fired += 1
        if fired:
            self.on_timeouts()
        return fired

    def _stand_in_job(self, seat: Seat) -> BotJob | None:
        # The stand-in sees only this seat's view and legal actions, like any bot (bot_decide).
        host = self.host
        try:
            stand_in = bot_from_spec(stand_in_spec(host.game.id), host.game.id)
            return make_job(host.state, seat.seat, stand_in, Rng(secrets.randbits(64)))
        except Exception:
            log.exception("game %s: could not ask a stand-in bot for seat %s", host.id, seat.seat)
            return None

    async def _stand_in_choice(self, seat: Seat, job: BotJob | None) -> Any:
        """The stand-in's action (JSON), or None if it failed: a failing stand-in must not stop
        the clock (the game would wait for ever), so the seat's first legal action is taken."""
        if job is None:
            return None
        try:
            return (await self.host.bot_pool.decide(job)).action
        except Exception:
            log.exception("game %s: the stand-in bot failed for seat %s", self.host.id, seat.seat)
            return None

    async def _time_out_locked(self, seat: Seat, action: Any) -> Outcome:
        host = self.host
        if action is None:
            action = host.game.action_to_json(host.state.legal_actions(seat.seat)[0])
        return await host.act_for_seat_locked(seat.seat, f"{TIMEOUT_CID}{host.seq}", action, "timeout")
