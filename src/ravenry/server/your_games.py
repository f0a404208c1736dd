"""An account's games as its "Your games" page lists them (issue 31 §2): the running games waiting
for it first (soonest deadline first), then its other running and open games, then the finished
ones, newest first, each with its result as the account sees it ("won", "lost", "draw") and the
winners' names; and the stream that tells the page to ask again (``watch.py``).

Who decides, and who won, come from the game (its decision and its stored result): nothing here
works out a rule. No entry holds a token: a seat kept by the account opens from its cookie.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Final

from ravenry.server.account_store import AccountStore
from ravenry.server.hub import Hub
from ravenry.server.lobby import ApiError
from ravenry.server.storage import GameRow

__all__ = ["STREAMS_PER_ACCOUNT", "changes", "your_games"]

STREAMS_PER_ACCOUNT: Final = 8  # pages open at once on one account's stream
KEEPALIVE: Final = 20.0  # seconds between comments on a quiet stream (proxies drop silent ones)

_ORDER: Final = {"open": 1, "running": 1, "finished": 2}


def _outcome(result: dict[str, Any] | None, seats: set[int]) -> str | None:
    if result is None:
        return None
    winners = set(result.get("winners") or ())
    if not winners:
        return "draw"
    return "won" if winners & seats else "lost"


async def _entry(hub: Hub, row: GameRow, seat: int, seats: set[int]) -> dict[str, Any]:
    waiting, deadline = False, None
    # Who decides is known from the game itself, loaded if it left memory (idle); in a cluster, a
    # game another process plays is listed without it.
    live = None
    status = row.status
    if status != "finished":
        with contextlib.suppress(ApiError):
            live = await hub.live(row.id)
        status = status if live is None else live.status
    if live is not None and status == "running":
        deciding = set(live.state.decision().players)
        waiting = bool(deciding & seats)
        deadline = live.seats[seat].clock.deadline if waiting else None
    result = row.result if live is None else live.result
    names = [s.name for s in row.seats] if live is None else [s.name for s in live.seats]
    return {
        "id": row.id,
        "game": row.kind,
        "seat": seat,
        "status": status,
        "your_turn": waiting,
        "deadline": deadline,
        "result": result,
        "outcome": _outcome(result, seats),
        "winners": [names[w] for w in (result or {}).get("winners") or () if 0 <= w < len(names)],
        "players": [{"seat": n, "name": name, "you": n in seats} for n, name in enumerate(names)],
        "created_at": row.created_at,
        "play": f"/play/{row.id}",
    }


async def your_games(hub: Hub, store: AccountStore, account_id: str) -> list[dict[str, Any]]:
    storage = hub.storage
    kept: dict[str, set[int]] = {}
    for game_id, seat in await storage.call(store.seats_of, account_id):
        kept.setdefault(game_id, set()).add(seat)
    games = []
    for game_id, seats in kept.items():
        row = await storage.call(storage.get_game, game_id)
        if row is not None:
            games.append(await _entry(hub, row, min(seats), seats))

    def rank(g: dict[str, Any]) -> tuple[Any, ...]:
        first = 0 if g["your_turn"] else _ORDER.get(g["status"], 1)
        return (first, g["deadline"] if g["deadline"] is not None else float("inf"), -g["created_at"])

    games.sort(key=rank)
    return games


async def changes(
    hub: Hub,
    store: AccountStore,
    account_id: str,
    disconnected: Callable[[], Awaitable[bool]],
) -> AsyncIterator[str]:
    """Server-sent events for one page: ``changed`` when one of the account's games changed (the
    page then asks for the list), a comment every ``KEEPALIVE`` seconds otherwise. The account's
    games are read again at each, so a seat kept since is watched too."""
    watch = hub.watch
    if watch.streams_of(account_id) >= STREAMS_PER_ACCOUNT:
        raise ApiError(429, "too_many_streams", f"at most {STREAMS_PER_ACCOUNT} pages follow one account")

    async def kept() -> set[str]:
        return {g for g, _seat in await hub.storage.call(store.seats_of, account_id)}

    watcher = watch.watch(account_id, await kept())

    async def events() -> AsyncIterator[str]:
        try:
            yield "retry: 5000\n\n"
            while not await disconnected():
                if await watcher.wait(KEEPALIVE):
                    await asyncio.sleep(0.2)  # a burst of moves (a bot's turn) is one notice
                    watcher.changed.clear()
                    yield "event: changed\ndata: {}\n\n"
                else:
                    yield ": still here\n\n"
                watch.retarget(watcher, await kept())
        finally:
            watch.unwatch(watcher)

    return events()
