"""One WebSocket of a live game: hello first, then schema-checked messages, bounded in size
and rate; every ``act`` gets exactly one ``ack`` or ``reject``. Frames leave through the
connection's own queue (:func:`pump`), in the order the game put them there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from typing import Any, Protocol

from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from ravenry.server.limits import AddressState, Limits, TokenBucket
from ravenry.server.live import Connection, LiveGame
from ravenry.server.messages import (
    MAX_MESSAGE_BYTES,
    Act,
    Chat,
    Hello,
    Ping,
    Takeover,
    Visibility,
    client_message,
    validation_reason,
)

HELLO_TIMEOUT = 30.0
RATE_STRIKES_BEFORE_CLOSE = 40


class SocketLike(Protocol):
    """A client's WebSocket as served here: Starlette's, or in a cluster the owner's half of a
    socket another process holds (``cluster.TunnelSocket``)."""

    async def receive(self) -> Any: ...

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


async def pump(websocket: SocketLike, conn: Connection) -> None:
    """Write a connection's frames in order; close the socket at the sentinel."""
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await websocket.send_text(text)
    except Exception:
        conn.closed = True
    with contextlib.suppress(Exception):
        await websocket.close(code=1000)


def _cid_of(text: str) -> str | None:
    """The ``cid`` of a message that failed validation, if it has a usable one (for the reject)."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):  # a deeply nested message is refused like any other
        return None
    cid = obj.get("cid") if isinstance(obj, dict) else None
    return cid if isinstance(cid, str) and 0 < len(cid) <= 64 else None


async def _receive_text(websocket: SocketLike) -> str | bytes:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is not None:
        return str(text)
    return bytes(message.get("bytes") or b"")


async def serve_socket(
    websocket: SocketLike,
    conn: Connection,
    live: LiveGame,
    limits: Limits,
    address: AddressState,
    held: frozenset[int] = frozenset(),
) -> None:
    """Serve one socket: its own rate (``limits.rate``) and its address's, shared by every socket
    that address opens (a client that reconnects keeps its address's bucket). ``held``: the seats
    the socket's signed-in account keeps in this game (a hello may ask for one without a token)."""
    try:
        first = await asyncio.wait_for(_receive_text(websocket), timeout=HELLO_TIMEOUT)
    except TimeoutError:
        conn.close({"t": "error", "code": "bad_message", "reason": "say hello first"})
        return
    hello = _parse_hello(first)
    if hello is None:
        conn.close(
            {
                "t": "error",
                "code": "bad_message",
                "reason": 'the first message must be {"t":"hello","token":...}',
            }
        )
        return
    if not await _greet(conn, live, hello, held):
        return
    limiter = TokenBucket(limits.rate, limits.rate)
    rate_reject: str | None = None
    while not conn.closed:
        raw = await _receive_text(websocket)
        if conn.closed:
            return
        allowed = limiter.allow()
        if allowed and not address.messages.allow():
            allowed = False
            limiter.strikes += 1
        if not allowed:
            if limiter.strikes >= RATE_STRIKES_BEFORE_CLOSE:
                # A flood, not a burst: closed, and the address's new sockets are refused unopened
                # for a while (the cheapest refusal there is: no handshake, no welcome).
                address.flooding_until = time.monotonic() + limits.flood_cooldown
                conn.close({"t": "error", "code": "rate_limited", "reason": "too many messages; closing"})
                return
            # Refused as cheaply as it can be: the cid read without parsing the message, the
            # answer's text made once per socket (every act still gets its one answer).
            if rate_reject is None:
                reason = (
                    f"at most {limits.rate:g} messages a second per socket "
                    f"and {limits.address_rate:g} per address"
                )
                rate_reject = _rate_reject_tail(reason)
            cid = _quick_cid(raw) if isinstance(raw, str) else None
            conn.send_text(f'{{"t":"reject","cid":{json.dumps(cid)}{rate_reject}{live.seq}}}')
            continue
        if isinstance(raw, bytes):
            conn.send(_reject(None, "bad_message", "send JSON text frames, not binary ones", live.seq))
            continue
        if len(raw.encode()) > MAX_MESSAGE_BYTES:
            conn.send(
                _reject(None, "too_large", f"a message may hold at most {MAX_MESSAGE_BYTES} bytes", live.seq)
            )
            continue
        try:
            message = client_message.validate_json(raw)
        except ValidationError as exc:
            conn.send(_reject(_cid_of(raw), "bad_message", validation_reason(exc), live.seq))
            continue
        if isinstance(message, Act):
            await live.act(conn, conn.seat, message.cid, message.at, message.a)
        elif isinstance(message, Ping):
            conn.send({"t": "pong"})
        elif isinstance(message, Visibility):
            conn.visible = message.visible  # read when a turn alert is due (alerts/service.py)
        elif isinstance(message, Takeover):
            refusal = await live.take_over(conn)
            if refusal is not None:
                conn.send({**refusal, "seq": live.seq})
        elif isinstance(message, Chat):
            if not address.chat.allow() or (conn.seat is None and not live.chat.spectator_budget.allow()):
                conn.send(_reject(None, "rate_limited", "too much chat; wait a little", live.seq))
                continue
            chat_refusal = await live.chat.say(conn.seat, message.text)
            if chat_refusal is not None:
                conn.send(_reject(None, *chat_refusal, live.seq))
        elif isinstance(message, Hello):
            # A second hello asks for a fresh view (after a gap); the token must not change.
            live.detach(conn)
            if not await _greet(conn, live, message, held):
                return


def _parse_hello(raw: str | bytes) -> Hello | None:
    if isinstance(raw, bytes) or len(raw) > MAX_MESSAGE_BYTES:
        return None
    try:
        message = client_message.validate_json(raw)
    except ValidationError:
        return None
    return message if isinstance(message, Hello) else None


async def _greet(conn: Connection, live: LiveGame, hello: Hello, held: frozenset[int]) -> bool:
    try:
        if hello.token is None and hello.seat is not None:
            if hello.seat not in held:
                raise PermissionError(
                    f"no account signed in here keeps seat {hello.seat} of this game; "
                    "sign in, or open its invite"
                )
            seat: int | None = hello.seat
        else:
            seat = live.authenticate(hello.token)
    except PermissionError as exc:
        conn.close({"t": "error", "code": "unauthorized", "reason": str(exc)})
        return False
    if conn.seat is not None and seat != conn.seat:
        conn.close(
            {"t": "error", "code": "unauthorized", "reason": "a socket keeps the seat it said hello as"}
        )
        return False
    conn.seat = seat
    await live.attach(conn)
    return True


# A cid as clients send it: "cid":"..." with no escapes in it (anything else is read as none).
_CID = re.compile(r'"cid"\s*:\s*"([^"\\]{1,64})"')


def _quick_cid(text: str) -> str | None:
    """The ``cid`` of a message refused before it is parsed (a flood's): found by a pattern in
    its first kilobyte, not by parsing JSON."""
    found = _CID.search(text, 0, 1024)
    return found.group(1) if found else None


def _rate_reject_tail(reason: str) -> str:
    """What follows the cid in a rate-limited act's reject, as ``dumps`` writes it."""
    return ',"code":"rate_limited","reason":' + json.dumps(reason) + ',"seq":'


def _reject(cid: str | None, code: str, reason: str, seq: int) -> dict[str, Any]:
    return {"t": "reject", "cid": cid, "code": code, "reason": reason, "seq": seq}
