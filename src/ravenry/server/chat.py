"""The table talk of one live game: the :class:`Chat` a :class:`~ravenry.server.live.LiveGame`
holds.

A line takes the care an action does: it is cleaned (``messages.clean_chat_text``), committed to
the ``chat`` table, and only then sent to every viewer; a line that could not be stored is
refused and nobody hears it. A welcome carries the last lines, read back from storage when a game
is restored. The host may mute spectators (kept with the game), and every spectator of a game
shares one chat budget (they have no seat to answer for).

It reaches back into its game only through :class:`ChatHost`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from datetime import UTC, datetime
from typing import Any, Protocol

from ravenry.server.limits import TokenBucket
from ravenry.server.messages import clean_chat_text
from ravenry.server.storage import ChatRow, Storage
from ravenry.server.table import Seat, dumps

log = logging.getLogger("ravenry.server")

CHAT_IN_WELCOME = 50


def chat_frame(line: ChatRow) -> dict[str, Any]:
    """A stored chat line as viewers get it (live, in a welcome, in the replay)."""
    at = datetime.fromtimestamp(line.at, UTC).isoformat(timespec="seconds")
    return {
        "t": "chat",
        "n": line.n,
        "seq": line.seq,
        "from": line.seat,
        "name": line.name,
        "text": line.text,
        "at": at,
    }


class ChatHost(Protocol):
    """What the chat reads and calls of the game it is said in (``LiveGame``)."""

    @property
    def id(self) -> str: ...

    @property
    def seq(self) -> int: ...

    @property
    def seats(self) -> list[Seat]: ...

    @property
    def storage(self) -> Storage: ...

    def send_to_all(self, text: str) -> None: ...


class Chat:
    """One game's chat: the last lines (for a welcome), the count stored, the spectators' mute."""

    def __init__(self, host: ChatHost, spectators_muted: bool = False) -> None:
        self.host = host
        self.recent: deque[dict[str, Any]] = deque(maxlen=CHAT_IN_WELCOME)  # frames, oldest first
        self.count = 0  # lines stored so far (the next one is count + 1)
        self.lock = asyncio.Lock()  # one line stored at a time
        self.spectators_muted = spectators_muted  # the host's switch, kept in the games row
        # Every spectator of this game shares one chat budget (the hub sets its rate).
        self.spectator_budget = TokenBucket(0, 1)

    def load(self) -> None:
        """The lines stored so far (a game restored; on the storage's thread, as the replay)."""
        storage, game_id = self.host.storage, self.host.id
        self.count = storage.chat_count(game_id)
        self.recent.extend(chat_frame(line) for line in storage.recent_chat(game_id, CHAT_IN_WELCOME))

    async def say(self, seat: int | None, text: str) -> tuple[str, str] | None:
        """A line of table talk from ``seat`` (None: a spectator): cleaned, stored, then sent to
        every viewer. Returns a refusal ``(code, reason)``, or None (said, or nothing to say)."""
        if seat is None and self.spectators_muted:
            return "muted", "the host has muted spectators' chat in this game"
        text = clean_chat_text(text)
        if not text:
            return None
        host = self.host
        name = "spectator" if seat is None else host.seats[seat].name
        async with self.lock:
            line = ChatRow(self.count + 1, host.seq, seat, name, text, time.time())
            try:
                await host.storage.call(host.storage.add_chat, host.id, line)
            except Exception as exc:
                log.exception("game %s: could not store chat line %s", host.id, line.n)
                return "storage", f"the message could not be saved, so it was not sent ({type(exc).__name__})"
            self.count = line.n
            frame = chat_frame(line)
            self.recent.append(frame)
            host.send_to_all(dumps(frame))
        return None

    def rename(self, seat: int, name: str) -> None:
        """The lines in memory from ``seat`` say its new name (storage reads it anew)."""
        for frame in self.recent:
            if frame["from"] == seat:
                frame["name"] = name

    async def mute_spectators(self, muted: bool) -> None:
        """The host's switch: stored first, then every viewer hears of it."""
        host = self.host
        await host.storage.call(host.storage.set_spectators_muted, host.id, muted)
        self.spectators_muted = muted
        host.send_to_all(dumps({"t": "chat_mute", "spectators": muted}))
