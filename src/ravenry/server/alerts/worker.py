"""Delivering alerts, outside the game server's event loop: a thread of its own runs its own
event loop, where each alert finds its channels (the database, in threads), takes the
``sent_alerts`` row of each channel (inserted before sending: if the row exists, another
process or an earlier run sent it, and nothing is sent), and tries, with exponential backoff
(``backoff``, then twice that, ...) at most ``attempts`` times. A failure is logged with the
channel's scheme and host only: never a webhook's path, a push endpoint or key, an address.

Nothing here can delay a move: the live game only enqueues (:meth:`DeliveryWorker.submit` is a
thread-safe hand-over), and a slow receiver only occupies this thread's loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import secrets
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import aiohttp

from ravenry.server.alerts.config import AlertSettings, safe_url
from ravenry.server.alerts.mail import alert_mail, send_mail
from ravenry.server.alerts.push import Vapid, push_payload, send_push
from ravenry.server.alerts.store import AlertStore, PushTarget, Targets
from ravenry.server.alerts.text import Alert
from ravenry.server.alerts.waits import Wait
from ravenry.server.alerts.webhook import DeliveryError, post_webhook, webhook_body

__all__ = ["DeliveryWorker", "Job"]

log = logging.getLogger("ravenry.server.alerts")


@dataclass(frozen=True)
class Job:
    wait: Wait
    alert: Alert


class DeliveryWorker:
    def __init__(self, settings: AlertSettings, store: AlertStore, public_origin: str | None) -> None:
        self.settings = settings
        self.store = store
        self.public_origin = public_origin.rstrip("/") if public_origin else None
        self.smtp = settings.smtp
        self.vapid: Vapid | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.session: aiohttp.ClientSession | None = None
        self.thread: threading.Thread | None = None
        self.pending: set[concurrent.futures.Future[None]] = set()
        self._ready = threading.Event()

    # -- the thread -----------------------------------------------------------------------------
    def start(self, vapid: Vapid | None) -> None:
        self.vapid = vapid
        self.thread = threading.Thread(target=self._run, name="ravenry-alerts", daemon=True)
        self.thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)

        async def opened() -> aiohttp.ClientSession:
            return aiohttp.ClientSession()

        self.session = loop.run_until_complete(opened())
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self.session.close())
            loop.close()

    def stop(self) -> None:
        loop, thread = self.loop, self.thread
        if loop is None or thread is None:
            return

        async def cancel_all() -> None:
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()
            loop.stop()

        asyncio.run_coroutine_threadsafe(cancel_all(), loop)
        thread.join(timeout=10)
        self.loop = self.thread = None

    def submit(self, job: Job) -> None:
        """Hand an alert over (from any thread); returns at once."""
        if self.loop is None:
            return
        future = asyncio.run_coroutine_threadsafe(self._deliver(job), self.loop)
        self.pending.add(future)
        future.add_done_callback(self.pending.discard)

    def drain(self, timeout: float = 30.0) -> None:
        """Wait until every alert handed over so far is delivered or given up (tests)."""
        concurrent.futures.wait(list(self.pending), timeout=timeout)

    # -- one alert ------------------------------------------------------------------------------
    async def _deliver(self, job: Job) -> None:
        wait, alert = job.wait, job.alert
        try:
            targets: Targets = await asyncio.to_thread(self.store.targets, wait.game_id, wait.seat)
        except Exception as exc:
            log.error(
                "alert for game %s seat %s: could not read its targets (%s)",
                wait.game_id,
                wait.seat,
                type(exc).__name__,
            )
            return
        sends: list[tuple[str, str, Callable[[], Awaitable[None]]]] = []
        settings = self.settings
        if targets.webhook is not None:
            url, origin = targets.webhook, self.public_origin or targets.webhook_origin
            body = webhook_body(alert, origin)
            sends.append(
                (
                    "webhook",
                    safe_url(url),
                    lambda: post_webhook(
                        self._session(), url, body, settings.timeout, settings.private_webhooks
                    ),
                )
            )
        origin = self.public_origin or targets.origin
        if targets.email is not None and self.smtp is not None and targets.account_id is not None:
            sends.append(
                (
                    "email",
                    self.smtp.describe(),
                    self._mail_sender(alert, origin, targets.email, targets.account_id),
                )
            )
        if targets.push and self.vapid is not None:
            sends.append(
                (
                    "push",
                    ", ".join(sorted({safe_url(t.endpoint) for t in targets.push})),
                    self._push_sender(alert, origin, list(targets.push)),
                )
            )
        await asyncio.gather(*(self._one(wait, channel, where, send) for channel, where, send in sends))

    def _session(self) -> aiohttp.ClientSession:
        assert self.session is not None
        return self.session

    def _mail_sender(
        self, alert: Alert, origin: str | None, to: str, account_id: str
    ) -> Callable[[], Awaitable[None]]:
        smtp = self.smtp
        assert smtp is not None
        message = None

        async def send() -> None:
            nonlocal message
            if message is None:  # one unsubscribe token per mail, made at its first try
                token = secrets.token_urlsafe(24)
                await asyncio.to_thread(self.store.new_unsubscribe, account_id, token)
                message = alert_mail(alert, origin, smtp.sender, to, token)
            await send_mail(smtp, message, self.settings.timeout)

        return send

    def _push_sender(
        self, alert: Alert, origin: str | None, targets: list[PushTarget]
    ) -> Callable[[], Awaitable[None]]:
        vapid = self.vapid
        assert vapid is not None
        payload = push_payload(alert, origin)
        contact = self.settings.contact or (
            f"{self.public_origin}/" if self.public_origin else "mailto:admin@localhost"
        )
        left = list(targets)  # devices not reached yet: a retry goes to those only

        async def send() -> None:
            failures: list[DeliveryError] = []
            for target in list(left):
                try:
                    await send_push(
                        self._session(),
                        vapid,
                        target,
                        payload,
                        contact,
                        self.settings.timeout,
                        self.settings.private_webhooks,
                        self.store,
                    )
                    left.remove(target)
                except DeliveryError as exc:
                    if not exc.retry:
                        left.remove(target)
                    failures.append(exc)
            if left:
                raise DeliveryError(str(failures[0]), retry=True)
            if failures and len(failures) == len(targets):
                raise DeliveryError(str(failures[0]), retry=False)

        return send

    async def _one(self, wait: Wait, channel: str, where: str, send: Callable[[], Awaitable[None]]) -> None:
        store = self.store
        key = (wait.game_id, wait.seat, wait.seq, wait.kind, channel)
        try:
            if not await asyncio.to_thread(store.claim_sending, *key):
                return  # sent (or being sent) already: once per wait and channel
        except Exception as exc:
            log.error(
                "alert %s: could not record it before sending (%s)", _name(wait, channel), type(exc).__name__
            )
            return
        attempts, status = 0, "failed"
        settings = self.settings
        while attempts < settings.attempts:
            attempts += 1
            try:
                await send()
                status = "sent"
                break
            except DeliveryError as exc:
                reason, retry = str(exc), exc.retry
            except Exception as exc:
                # An unexpected error's text may hold the URL: only its type is logged.
                reason, retry = f"unexpected {type(exc).__name__}", True
            if not retry or attempts >= settings.attempts:
                log.warning(
                    "alert %s to %s failed after %d tr%s: %s",
                    _name(wait, channel),
                    where,
                    attempts,
                    "y" if attempts == 1 else "ies",
                    reason,
                )
                break
            await asyncio.sleep(settings.backoff * 2 ** (attempts - 1))
        try:
            await asyncio.to_thread(store.finish_sending, *key, status, attempts)
        except Exception as exc:
            log.error(
                "alert %s: could not record that it was %s (%s)",
                _name(wait, channel),
                status,
                type(exc).__name__,
            )


def _name(wait: Wait, channel: str) -> str:
    return f"game {wait.game_id} seat {wait.seat} wait {wait.seq} ({wait.kind}) by {channel}"
