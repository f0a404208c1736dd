"""The webhook channel: a game's host pastes a URL (a Discord channel's webhook, or anything that
takes the same JSON), and every human seat's wait is posted to it as
``{"content": "Stark, your move in <game>: Planning, 23 h left <link>"}``.

A webhook URL's path is its secret (whoever has it may post), so it is never logged or sent back:
logs name its scheme and host only (``config.safe_url``). Unless the settings allow it, a URL
whose host is this machine or a private network is refused when sending, so that a host cannot
make the server call its neighbours.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

import aiohttp

from ravenry.server.alerts.text import Alert

__all__ = ["DeliveryError", "check_webhook_url", "post_webhook", "webhook_body"]

MAX_URL = 2000


class DeliveryError(Exception):
    """A try that failed; ``retry`` says whether trying again may help. The message never holds
    a URL's path, a key or an address."""

    def __init__(self, message: str, retry: bool = True) -> None:
        super().__init__(message)
        self.retry = retry


def check_webhook_url(url: str) -> str | None:
    """Why ``url`` cannot be a webhook, or None."""
    if len(url) > MAX_URL:
        return f"a webhook URL may hold at most {MAX_URL} characters"
    if any(ch.isspace() or ord(ch) < 32 for ch in url):
        return "a webhook URL has no spaces or control characters"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "that is not a URL"
    if parts.scheme not in ("http", "https"):
        return "a webhook URL starts with https:// (or http://)"
    if not parts.hostname:
        return "a webhook URL names a host, like https://discord.com/api/webhooks/..."
    if port == 0:
        return "a webhook URL's port is from 1 to 65535"
    return None


def webhook_body(alert: Alert, origin: str | None) -> dict[str, object]:
    # Discord's "content"; allowed_mentions keeps a seat named like "@everyone" from pinging.
    return {"content": alert.text(origin)[:2000], "allowed_mentions": {"parse": []}}


async def _public_host(host: str) -> bool:
    """Whether every address ``host`` resolves to is a public one."""
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        raise DeliveryError("the webhook's host name does not resolve") from None
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        if not address.is_global:
            return False
    return True


async def post_webhook(
    session: aiohttp.ClientSession, url: str, body: dict[str, object], timeout: float, private_ok: bool
) -> None:
    host = urlsplit(url).hostname or ""
    if not private_ok and not await _public_host(host):
        raise DeliveryError("the webhook points at a private or local address", retry=False)
    try:
        async with session.post(
            url, json=body, timeout=aiohttp.ClientTimeout(total=timeout), allow_redirects=False
        ) as response:
            status = response.status
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise DeliveryError(f"the webhook could not be reached ({type(exc).__name__})") from None
    if status == 429 or status >= 500:
        raise DeliveryError(f"the webhook answered {status}")
    if status >= 300:
        # 3xx (not followed: a redirect could lead anywhere) and 4xx: trying again will not help.
        raise DeliveryError(f"the webhook answered {status}", retry=False)
