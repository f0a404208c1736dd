"""When ratings are updated: each finished rated game once, off the event loop.

It listens to every live game (:meth:`Ratings.notice`): once a game's ending action is committed,
its rating (:meth:`~ravenry.server.ratings.store.RatingStore.rate_game`, one transaction) runs on
the storage's threads, so no move ever waits for it. A crash between the last move and the
rating, or a rating that failed, is caught up by the sweep: at start-up, then every
``sweep_every`` seconds, finished rated games with no ``rated_games`` row are rated. Several
processes of a cluster may all sweep: the row's primary key keeps each game rated once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from ravenry.server.ratings.store import RatingStore
from ravenry.server.storage import Storage

if TYPE_CHECKING:
    from ravenry.server.live import Change, LiveGame

__all__ = ["Ratings"]

log = logging.getLogger("ravenry.server.ratings")

SWEEP_EVERY = 300.0


class Ratings:
    def __init__(self, storage: Storage, sweep_every: float = SWEEP_EVERY) -> None:
        self.storage = storage
        self.store = RatingStore(storage.engine)
        self.sweep_every = sweep_every
        self._tasks: set[asyncio.Task[str | None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    def notice(self, live: LiveGame, change: Change) -> None:
        """A change in a live game: its end rates it."""
        if change == "finished":
            self.finished(live.id)

    def finished(self, game_id: str) -> None:
        """A game just ended (its last action is committed): rate it soon, off the loop."""
        task = asyncio.get_running_loop().create_task(self.rate(game_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def rate(self, game_id: str) -> str | None:
        """Rate one game (see ``RatingStore.rate_game``); None if it failed (logged; the sweep
        tries again)."""
        try:
            outcome = await self.storage.call(self.store.rate_game, game_id)
        except Exception:
            log.exception("game %s could not be rated now; the next sweep rates it", game_id)
            return None
        if outcome in ("rated", "not_counted"):
            log.info("game %s: %s", game_id, outcome.replace("_", " "))
        return outcome

    async def sweep(self) -> int:
        """Rate every finished rated game not dealt with yet; returns how many were rated."""
        rated = 0
        for game_id in await self.storage.call(self.store.unrated):
            if await self.rate(game_id) in ("rated", "not_counted"):
                rated += 1
        return rated

    async def start(self) -> None:
        """The start-up sweep (after the migrations), then one every ``sweep_every`` seconds."""
        try:
            caught = await self.sweep()
        except Exception:
            log.exception("the ratings' start-up sweep failed")
            caught = 0
        if caught:
            log.info("rated %d finished game(s) left unrated", caught)
        if self.sweep_every > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the ratings' sweep failed")

    async def stop(self) -> None:
        """Stop sweeping; wait a moment for the ratings under way (the sweep redoes the rest)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=5)
