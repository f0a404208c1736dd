"""Who watches which games from outside them: the "Your games" page's stream
(``GET /api/me/games/events``) is told when one of the account's games changes (an action is
committed, the game starts or ends, a seat is kept), so that the page asks for the list again at
once instead of every few seconds.

A :class:`GameWatch` belongs to one process and holds only asyncio events: a notice says "look
again", never what changed, so nothing of a game travels through it. In a cluster, a game played
by another process does not notify this one; the page's slow poll covers that.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

__all__ = ["GameWatch", "Watcher"]


class Watcher:
    """One stream's subscription: the account, the games it keeps, and the event a change sets."""

    def __init__(self, account_id: str, game_ids: Iterable[str]) -> None:
        self.account_id = account_id
        self.game_ids = set(game_ids)
        self.changed = asyncio.Event()

    async def wait(self, timeout: float) -> bool:
        """Whether something changed within ``timeout`` seconds (and clear it for the next)."""
        try:
            await asyncio.wait_for(self.changed.wait(), timeout)
        except TimeoutError:
            return False
        self.changed.clear()
        return True


class GameWatch:
    def __init__(self) -> None:
        self._by_game: dict[str, set[Watcher]] = {}
        self._by_account: dict[str, set[Watcher]] = {}

    def watch(self, account_id: str, game_ids: Iterable[str]) -> Watcher:
        watcher = Watcher(account_id, ())
        self._by_account.setdefault(account_id, set()).add(watcher)
        self.retarget(watcher, game_ids)
        return watcher

    def retarget(self, watcher: Watcher, game_ids: Iterable[str]) -> None:
        """The account's games, read again (a seat kept since)."""
        new = set(game_ids)
        for game_id in watcher.game_ids - new:
            self._drop(self._by_game, game_id, watcher)
        for game_id in new - watcher.game_ids:
            self._by_game.setdefault(game_id, set()).add(watcher)
        watcher.game_ids = new

    def unwatch(self, watcher: Watcher) -> None:
        for game_id in watcher.game_ids:
            self._drop(self._by_game, game_id, watcher)
        self._drop(self._by_account, watcher.account_id, watcher)

    def streams_of(self, account_id: str) -> int:
        return len(self._by_account.get(account_id, ()))

    def game_changed(self, game_id: str) -> None:
        for watcher in self._by_game.get(game_id, ()):
            watcher.changed.set()

    def account_changed(self, account_id: str) -> None:
        for watcher in self._by_account.get(account_id, ()):
            watcher.changed.set()

    @staticmethod
    def _drop(index: dict[str, set[Watcher]], key: str, watcher: Watcher) -> None:
        watchers = index.get(key)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del index[key]
