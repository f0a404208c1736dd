"""Turn alerts on the game server's side: :class:`AlertService` listens to every live game
(``LiveGame.tell``: after each committed action, when a game starts, when one is made, restored
or loaded, since who decides may have changed), and decides there, on the event loop and cheaply, which
waits are new. It never sends: after the grace (``AlertSettings.grace``) it looks whether the
wait still stands and whether the seat's page is open and visible (``Connection.visible``, which
the play page reports); only then does it hand the alert to the :class:`DeliveryWorker`. A slow
game's wait also gets one reminder, when a quarter of the seat's time is left.

Only the process that plays a game holds it live, so in a cluster only the game's owner alerts
its seats; the ``sent_alerts`` rows make a wait's alert go once even across a change of owner.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from ravenry.server.alerts.config import AlertSettings
from ravenry.server.alerts.push import Vapid, load_or_make_vapid
from ravenry.server.alerts.store import AlertStore
from ravenry.server.alerts.text import alert_for
from ravenry.server.alerts.waits import Wait, alerts_due, reminder_time
from ravenry.server.alerts.worker import DeliveryWorker, Job
from ravenry.server.clocks import WallClock
from ravenry.server.storage import Storage

if TYPE_CHECKING:
    from ravenry.server.live import Change, LiveGame

__all__ = ["AlertService"]

log = logging.getLogger("ravenry.server.alerts")


class AlertService:
    def __init__(
        self, storage: Storage, settings: AlertSettings, public_origin: str | None, wall: WallClock
    ) -> None:
        self.storage = storage
        self.settings = settings
        self.store = AlertStore(storage.engine)
        self.wall = wall
        self.worker = DeliveryWorker(settings, self.store, public_origin)
        self.vapid: Vapid | None = None
        # Whether a live game object is still the one this process plays (the hub's).
        self.is_current: Callable[[LiveGame], bool] = lambda _live: True
        # Per game, the waits (seat, seq) already noticed: each is alerted once.
        self.noticed: dict[str, set[tuple[int, int]]] = {}
        self.reminders: dict[tuple[str, int, int], asyncio.Task[None]] = {}
        self.started = False
        self.early: list[Job] = []  # handed over before start (a restored game's waits)

    async def start(self) -> None:
        """After the migrations: the VAPID pair (made at the first start), then the worker."""
        self.vapid = await self.storage.call(load_or_make_vapid, self.store)
        self.worker.start(self.vapid)
        self.started = True
        for job in self.early:
            self.worker.submit(job)
        self.early.clear()

    async def stop(self) -> None:
        for task in self.reminders.values():
            task.cancel()
        self.reminders.clear()
        await asyncio.to_thread(self.worker.stop)

    # -- the live game's hook -------------------------------------------------------------------
    def notice(self, live: LiveGame, change: Change) -> None:
        """Who decides in ``live`` may have changed (after any ``change``): note the new waits
        (the caller may hold the game's lock; nothing here waits)."""
        due = alerts_due(
            live.id, live.status, live.waits, [(s.seat, s.kind, s.clock.away) for s in live.seats]
        )
        current = {(w.seat, w.seq) for w in due}
        noticed = self.noticed.setdefault(live.id, set())
        for seat, seq in noticed - current:
            noticed.discard((seat, seq))
            task = self.reminders.pop((live.id, seat, seq), None)
            if task is not None:
                task.cancel()
        loop = asyncio.get_running_loop()
        for wait in due:
            if (wait.seat, wait.seq) in noticed:
                continue
            noticed.add((wait.seat, wait.seq))
            loop.call_later(self.settings.grace, self._check, live, wait)
            spec = live.timekeeper.spec
            at = reminder_time(
                spec.mode, spec.seconds, live.seats[wait.seat].clock.deadline, self.settings.reminder_at
            )
            if at is not None:
                reminder = Wait(wait.game_id, wait.seat, wait.seq, "reminder")
                task = loop.create_task(self._remind(live, reminder, at))
                self.reminders[(live.id, wait.seat, wait.seq)] = task
        if not noticed:
            del self.noticed[live.id]

    def forget(self, game_id: str) -> None:
        self.noticed.pop(game_id, None)
        for key in [k for k in self.reminders if k[0] == game_id]:
            self.reminders.pop(key).cancel()

    async def _remind(self, live: LiveGame, wait: Wait, at: float) -> None:
        await self.wall.sleep_until(at)
        self.reminders.pop((wait.game_id, wait.seat, wait.seq), None)
        self._check(live, wait)

    def _check(self, live: LiveGame, wait: Wait) -> None:
        """At send time: the wait still stands, and the seat's page is not open and visible."""
        try:
            if not self.is_current(live):
                self.forget(live.id)  # this process no longer plays it (or it left memory)
                return
            if live.status != "running":
                return
            if live.waits.starts.get(wait.seat) != wait.seq or live.seats[wait.seat].clock.away:
                return
            if any(c.seat == wait.seat and not c.closed and c.visible for c in live.connections):
                return  # the person is looking at the game
            seat = live.seats[wait.seat]
            left = seat.clock.remaining(live.timekeeper.spec, self.wall.now())
            alert = alert_for(
                live.id,
                wait.seat,
                seat.name,
                live.game.name,
                live.state.observe(None, static=False),  # the public view: nothing hidden
                left,
                reminder=wait.kind == "reminder",
            )
        except Exception:
            log.exception("game %s: could not make the alert for seat %s", wait.game_id, wait.seat)
            return
        job = Job(wait, alert)
        if self.started:
            self.worker.submit(job)
        else:
            self.early.append(job)
