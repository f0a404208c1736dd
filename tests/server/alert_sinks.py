"""Local sinks for the turn alerts' tests: nothing leaves the machine. An SMTP server (aiosmtpd)
and an HTTP receiver on 127.0.0.1 (the webhook, and the push service faked at the HTTP level), a
browser's push subscription made with the test's own key pair (so that a notification can be
decrypted), and a wait for a sink to hold what it should."""

from __future__ import annotations

import base64
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from server_support import free_port


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float


@dataclass
class HttpSink:
    """An HTTP server on 127.0.0.1 that records every POST and answers each with the next of
    ``statuses`` (then 204)."""

    port: int = 0
    posts: list[Received] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    delay: float = 0.0  # seconds each answer takes (a slow receiver)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


@contextmanager
def http_sink() -> Iterator[HttpSink]:
    sink = HttpSink(port=free_port())
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length)
            with lock:
                sink.posts.append(
                    Received(
                        self.path, {k.lower(): v for k, v in self.headers.items()}, body, time.monotonic()
                    )
                )
                status = sink.statuses.pop(0) if sink.statuses else 204
            if sink.delay:  # a slow receiver: the request is in, the answer takes its time
                time.sleep(sink.delay)
            self.send_response(status)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", sink.port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield sink
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class MailSink:
    port: int
    mails: list[EmailMessage] = field(default_factory=list)
    recipients: list[list[str]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}?from=ravenry@example.org"


@contextmanager
def smtp_sink() -> Iterator[MailSink]:
    sink = MailSink(port=free_port())

    class Handler:
        async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
            sink.recipients.append(list(envelope.rcpt_tos))
            mail = message_from_bytes(envelope.content, policy=policy.default)
            assert isinstance(mail, EmailMessage)
            sink.mails.append(mail)
            return "250 OK"

    controller = Controller(Handler(), hostname="127.0.0.1", port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


@dataclass
class Device:
    """A browser's push subscription, with the private half a real browser keeps to itself."""

    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    endpoint: str

    def subscription(self) -> dict[str, Any]:
        public = self.private_key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)},
        }

    def decrypt(self, body: bytes) -> bytes:
        import http_ece

        plain: bytes = http_ece.decrypt(
            body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        return plain


def device(endpoint: str) -> Device:
    return Device(ec.generate_private_key(ec.SECP256R1()), os.urandom(16), endpoint)


def wait_for(check: Callable[[], bool], timeout: float = 15.0, what: str = "the alert") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not come within {timeout} s")
        time.sleep(0.02)
