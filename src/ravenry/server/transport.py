"""What the server adds around the app on the wire: security headers on every HTTP answer
(:class:`SecurityHeaders`), a deadline for a client to send a whole request head
(:func:`deadline_protocol`), and the door shut on an address closed for flooding a moment ago
(its connections are dropped as they open, before a byte of HTTP is read: the cheapest refusal).

uvicorn has no header timeout: ``timeout_keep_alive`` counts only the idle time between two
requests and is reset by every byte received, so a client that trickles a request one byte at a
time keeps its connection (and a slot) for ever. An ASGI middleware cannot help, as it runs only
once the head is complete; hence a subclass of uvicorn's h11 protocol that closes a connection
whose request head is not complete ``header_timeout`` seconds after it opened (or after the
previous answer on a keep-alive connection). The deadline is disarmed as soon as the head is
in, so long answers and WebSockets are never cut.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import h11
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

# 'self' only: no inline script or style, no other host; the pages may not be framed.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response (a WebSocket has none to add)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _DeadlineH11Protocol(H11Protocol):
    header_timeout: float = 10.0
    turned_away: Callable[[str], bool] | None = None  # an address whose connections are dropped

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        if self.header_timeout > 0:
            self._head_deadline = self.loop.call_later(self.header_timeout, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        refuse = type(self).turned_away
        if refuse is not None and isinstance(peer, tuple) and refuse(str(peer[0])):
            transport.abort()
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the whole head is in (or the socket upgraded)
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm()  # the next request on this keep-alive connection gets its own deadline

    def _head_too_slow(self) -> None:
        self._head_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.write(
                b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            )
            self.transport.close()


def deadline_protocol(
    header_timeout: float, turned_away: Callable[[str], bool] | None = None
) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a ``header_timeout`` (seconds; 0: none) for each request head,
    dropping at once a connection from an address ``turned_away`` names: pass it as
    ``uvicorn.Config(http=...)``. (Behind a proxy the peer is the proxy, never turned away: the
    app then refuses the flooding address's sockets itself, before their handshake.)"""
    attrs = {
        "header_timeout": header_timeout,
        "turned_away": staticmethod(turned_away) if turned_away else None,
    }
    return type("DeadlineH11Protocol", (_DeadlineH11Protocol,), attrs)
