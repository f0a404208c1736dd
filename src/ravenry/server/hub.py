"""The games a server holds in memory: the :class:`Hub`.

Every unfinished game is rebuilt by replay at start-up and its bots are re-armed; a finished
game nobody watches leaves memory and is rebuilt from storage when someone asks; an open game
nobody came to expires. The lobby's operations (making games, rematches, revoking, summaries,
records and replays) are :mod:`ravenry.server.lobby`'s, whose :class:`~ravenry.server.lobby.Lobby`
the hub owns (``hub.lobby``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from ravenry.server.bot_workers import BotPool
from ravenry.server.clocks import SystemClock, WallClock
from ravenry.server.limits import Limits, TokenBucket
from ravenry.server.live import Change, GameListener, LiveGame
from ravenry.server.lobby import ApiError, Lobby
from ravenry.server.rematches import open_sealed
from ravenry.server.storage import Storage
from ravenry.server.watch import GameWatch

__all__ = ["Hub"]

log = logging.getLogger("ravenry.server")


class Hub:
    """Every game the server holds in memory, and its lobby (``lobby``)."""

    def __init__(
        self,
        storage: Storage,
        bot_delay: float,
        fixed_seed: int | None,
        limits: Limits | None = None,
        wall: WallClock | None = None,
        bot_pool: BotPool | None = None,
    ) -> None:
        self.storage = storage
        # Where every game's bots think: worker processes off the event loop (bot_workers.py).
        self.bot_pool = bot_pool or BotPool()
        self.wall: WallClock = wall or SystemClock()  # tests pass a ManualClock
        self.bot_delay = bot_delay
        self.fixed_seed = fixed_seed
        self.limits = limits or Limits()
        self.games: dict[str, LiveGame] = {}
        # Rematches asked for (old game → new game id, each person's seat token): in memory, and
        # with a deployment secret also in the database, sealed (rematches.py), for every process.
        self.rematches: dict[str, tuple[str, dict[int, str]]] = {}
        self.rematch_secret: str | None = None
        # Several processes (cluster.py): whether this process owns a game (taking it if nobody
        # does) before it loads or makes one, and what to do when a game leaves memory.
        self.claim: Callable[[str], Awaitable[bool]] | None = None
        self.on_forget: Callable[[str], None] | None = None
        self.lobby = Lobby(self)
        self.watch = GameWatch()  # the "Your games" streams (watch.py)
        # Told of every held game's committed changes (LiveGame.tell): the "Your games" streams
        # here; the app adds the ratings (a game's end) and the turn alerts (who decides now).
        self.listeners: list[GameListener] = [self._your_games]
        self._load_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self, restore: bool = True) -> None:
        """Migrate, expire the open games, and rebuild every running game (``restore``; in a
        cluster each process takes only its share, see cluster.py)."""
        await self.storage.call(self.storage.migrate)
        expired = await self.storage.call(self.storage.delete_open_games, self._open_cutoff())
        if expired:
            log.info("%d open game(s) expired while the server was down", len(expired))
        # Only games being played are rebuilt now: an open game has no bot moving (they wait for
        # every person), so it is loaded when someone asks for it.
        rows = await self.storage.call(self.storage.unfinished_games) if restore else []
        for row in rows:
            if row.status == "open":
                continue
            try:
                live = await self.storage.call(LiveGame.restore, row, self.storage, self.bot_delay)
            except Exception:
                log.exception("game %s could not be restored; it stays stored but is not played", row.id)
                continue
            self._register(live)
            if live.result is not None and row.status != "finished":
                await self.storage.call(self.storage.mark_finished, row.id, live.result)
                live.status = "finished"  # rated by the ratings' start-up sweep
        for live in self.games.values():
            live.bot_turns.schedule()
            live.timekeeper.start()  # deadlines that passed while the server was down fire now
            live.tell("held")
        log.info("restored %d running game(s)", len(self.games))
        if self.limits.open_game_ttl > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for live in self.games.values():
            live.bot_turns.cancel()
            live.timekeeper.stop()
        self.bot_pool.close()

    def _open_cutoff(self) -> float:
        ttl = self.limits.open_game_ttl
        return time.time() - ttl if ttl > 0 else float("-inf")

    async def _sweep(self) -> None:
        period = min(max(self.limits.open_game_ttl / 4, 0.05), 60.0)
        while True:
            await asyncio.sleep(period)
            try:
                await self.expire_open_games()
            except Exception:
                log.exception("could not expire open games")

    async def expire_open_games(self) -> int:
        """Delete every game still open (some person never came) after ``open_game_ttl``, and
        close its sockets; returns how many."""
        expired = await self.storage.call(self.storage.delete_open_games, self._open_cutoff())
        for game_id in expired:
            live = self.games.get(game_id)
            if live is not None and live.status == "open":
                live.expire()
                self._forget(live)
        return len(expired)

    def _register(self, live: LiveGame) -> None:
        self.games[live.id] = live
        live.timekeeper.wall = self.wall
        live.bot_pool = self.bot_pool
        live.on_idle = self._forget
        live.listeners = self.listeners
        live.presence_delay = self.limits.presence_delay
        per_minute = self.limits.spectator_chat_per_minute
        live.chat.spectator_budget = TokenBucket(per_minute / 60, max(per_minute / 4, 1))
        live.rematch = self.rematches.get(live.id)

    def add(self, live: LiveGame) -> None:
        """A game just made: held, its bots and clocks started."""
        self._register(live)
        live.bot_turns.schedule()
        live.timekeeper.start()
        live.tell("held")

    def _your_games(self, live: LiveGame, change: Change) -> None:
        if change != "held":  # a game only held anew changed for nobody
            self.watch.game_changed(live.id)

    def _forget(self, live: LiveGame) -> None:
        if self.games.get(live.id) is live:
            del self.games[live.id]
            if self.on_forget is not None:
                self.on_forget(live.id)

    async def live(self, game_id: str) -> LiveGame | None:
        if game_id in self.games:
            return self.games[game_id]
        async with self._load_lock:
            if game_id in self.games:
                return self.games[game_id]
            if self.claim is not None and not await self.claim(game_id):
                raise ApiError(409, "elsewhere", "another server process plays this game; try again")
            row = await self.storage.call(self.storage.get_game, game_id)
            if row is None:
                return None
            live = await self.storage.call(LiveGame.restore, row, self.storage, self.bot_delay)
            if self.rematch_secret is not None and live.status == "finished":
                await self.stored_rematch(game_id)
            self._register(live)
            change: Change = "held"
            if live.result is not None and row.status != "finished":
                await self.storage.call(self.storage.mark_finished, row.id, live.result)
                live.status = "finished"
                change = "finished"
            # A running game loaded now (taken over from a process that died): its bots and
            # clocks go on from the database. Nothing to do for an open or a finished one.
            live.bot_turns.schedule()
            live.timekeeper.start()
            live.tell(change)
            return live

    async def stored_rematch(self, game_id: str) -> None:
        """The rematch another process made (or this one before a restart), if any."""
        if game_id in self.rematches or self.rematch_secret is None:
            return
        stored = await self.storage.call(self.storage.get_rematch, game_id)
        if stored is not None:
            rematch_id, sealed = stored
            self.rematches[game_id] = (rematch_id, open_sealed(self.rematch_secret, rematch_id, sealed))
