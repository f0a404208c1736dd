"""The Web Push channel: the site's VAPID key pair (made at first start, kept in the database:
every process of a cluster signs with the same one, and subscriptions outlive a restart), a
browser's PushSubscription as the API takes it, and sending one notification to a device with
``pywebpush`` (the payload encrypted ``aes128gcm`` for that device's key, signed with VAPID).

The service worker (``/sw.js``, web/static/sw.js) shows the notification and opens its link.
An endpoint, its keys and the payload are never logged: a failure names the push service's
scheme and host only.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid02  # type: ignore[import-untyped]
from pywebpush import WebPushException, webpush_async  # type: ignore[import-untyped]

from ravenry.server.alerts.store import AlertStore, PushTarget
from ravenry.server.alerts.text import Alert
from ravenry.server.alerts.webhook import DeliveryError, _public_host

__all__ = ["Vapid", "load_or_make_vapid", "parse_subscription", "push_payload", "send_push"]

PUSH_TTL = 12 * 3600  # seconds a push service keeps a notification for a device that is offline


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Vapid:
    """The site's VAPID key pair: ``public_key`` is what ``PushManager.subscribe`` takes."""

    def __init__(self, private_pem: str, public_key: str) -> None:
        self.signer = Vapid02.from_pem(private_pem.encode())
        self.public_key = public_key

    @staticmethod
    def make() -> tuple[str, str]:
        signer = Vapid02()
        signer.generate_keys()
        pem = signer.private_pem().decode()
        raw = signer.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return pem, _b64url(raw)


def load_or_make_vapid(store: AlertStore) -> Vapid:
    """The pair in the database, made (and kept, unless another process kept one first) if none."""
    kept = store.vapid()
    if kept is None:
        kept = store.keep_vapid(*Vapid.make())
    return Vapid(*kept)


def parse_subscription(body: Any, allow_http: bool) -> PushTarget | str:
    """A PushSubscription's JSON (``subscription.toJSON()``) as kept, or why it is refused."""
    if not isinstance(body, dict):
        return 'send the PushSubscription as JSON: {"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}}'
    endpoint, keys = body.get("endpoint"), body.get("keys")
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > 1000:
        return "endpoint: a push service's https URL of at most 1000 characters"
    try:
        parts = urlsplit(endpoint)
    except ValueError:
        return "endpoint: not a URL"
    if parts.scheme != "https" and not (allow_http and parts.scheme == "http"):
        return "endpoint: a push service's URL starts with https://"
    if not parts.hostname:
        return "endpoint: the URL names no host"
    if not isinstance(keys, dict):
        return "keys: the subscription's p256dh and auth keys"
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    try:
        point = _unb64url(p256dh) if isinstance(p256dh, str) and len(p256dh) < 200 else b""
        secret = _unb64url(auth) if isinstance(auth, str) and len(auth) < 100 else b""
    except (binascii.Error, ValueError):
        return "keys: p256dh and auth are base64url"
    if len(point) != 65 or point[0] != 4:
        return "keys.p256dh: an uncompressed P-256 point (65 bytes, base64url)"
    if len(secret) != 16:
        return "keys.auth: 16 bytes, base64url"
    assert isinstance(p256dh, str) and isinstance(auth, str)
    return PushTarget(endpoint, p256dh, auth)


def push_payload(alert: Alert, origin: str | None) -> str:
    """What the service worker gets (encrypted for the device): no token, nothing hidden."""
    return json.dumps(
        {
            "title": alert.headline(),
            "body": alert.sentence(),
            "url": alert.link(origin),
            "tag": f"ravenry:{alert.game_id}:{alert.seat}",  # a newer alert replaces an older one
        }
    )


async def send_push(
    session: aiohttp.ClientSession,
    vapid: Vapid,
    target: PushTarget,
    payload: str,
    contact: str,
    timeout: float,
    private_ok: bool,
    store: AlertStore,
) -> None:
    host = urlsplit(target.endpoint).hostname or ""
    if not private_ok and not await _public_host(host):
        raise DeliveryError("the push endpoint is a private or local address", retry=False)
    subscription: dict[str, Any] = {
        "endpoint": target.endpoint,
        "keys": {"p256dh": target.p256dh, "auth": target.auth},
    }
    try:
        await webpush_async(
            subscription,
            data=payload,
            vapid_private_key=vapid.signer,
            vapid_claims={"sub": contact},  # a fresh dict: webpush_async writes aud and exp in it
            content_encoding="aes128gcm",
            ttl=PUSH_TTL,
            timeout=aiohttp.ClientTimeout(total=timeout),
            aiohttp_session=session,
        )
    except WebPushException as exc:
        status = exc.response.status if exc.response is not None and hasattr(exc.response, "status") else None
        if status is not None and 200 <= status < 300:
            return  # pywebpush refuses any answer past 202; a 204 took it all the same
        if status in (404, 410):
            # The browser dropped the subscription: forget it (not retried).
            await asyncio.to_thread(store.drop_push_endpoint, target.endpoint)
            raise DeliveryError(
                f"the push service answered {status}: subscription gone", retry=False
            ) from None
        retry = status is None or status == 429 or status >= 500
        raise DeliveryError(f"the push service answered {status}", retry=retry) from None
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise DeliveryError(f"the push service could not be reached ({type(exc).__name__})") from None
