"""The turn alerts' HTTP API (docs/server-protocol.md, "Turn alerts"), JSON in and out; changes
made with the session cookie need the CSRF token (``x-csrf-token``), as the accounts' do:

- ``GET /api/push/key``: the site's VAPID public key (``applicationServerKey``);
- ``GET /api/me/alerts``: the account's alert settings;
- ``POST /api/me/alerts`` ``{"email", "email_on", "push_on"}``: set them (each optional);
- ``POST /api/me/alerts/seats`` ``{"game", "seat", "on"}``: one kept seat's alerts on or off;
- ``POST /api/me/push``: a device's PushSubscription JSON (``subscription.toJSON()``);
- ``DELETE /api/me/push`` ``{"endpoint"}``: forget that device;
- ``GET``/``POST /api/games/{id}/webhook`` ``{"url"}`` (``null``: none), the host's
  (``Authorization: Bearer HOST_TOKEN``): the game's webhook; answers name its host only;
- ``GET /alerts/unsubscribe/{token}``: a page asking to confirm; ``POST`` (one click, or a mail
  client's ``List-Unsubscribe-Post``): email alerts off;
- ``GET /sw.js``: the service worker, served at the root so that its scope is the whole site.
"""

from __future__ import annotations

import hmac
import html
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from ravenry.server.account_routes import Accounts
from ravenry.server.alerts.config import safe_url
from ravenry.server.alerts.push import parse_subscription
from ravenry.server.alerts.service import AlertService
from ravenry.server.alerts.store import AlertPrefs
from ravenry.server.alerts.webhook import check_webhook_url
from ravenry.server.limits import Limits
from ravenry.server.live import hash_token
from ravenry.server.lobby import ApiError
from ravenry.server.requests import bearer_token, parse_body
from ravenry.server.storage import Storage

__all__ = ["MAX_DEVICES", "add_alert_routes"]

MAX_DEVICES = 20  # push subscriptions one account may keep

_EMAIL = re.compile(r"^[^@\s<>,;\"]{1,64}@[^@\s<>,;\"]+\.[^@\s<>,;\".]{2,}$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class AlertChoice(_Strict):
    email: Annotated[str, Field(max_length=254)] | None = None
    email_on: bool | None = None
    push_on: bool | None = None


class SeatChoice(_Strict):
    game: Annotated[str, Field(min_length=1, max_length=32)]
    seat: Annotated[int, Field(ge=0, le=64)]
    on: bool


class Endpoint(_Strict):
    endpoint: Annotated[str, Field(min_length=1, max_length=1000)]


class WebhookChoice(_Strict):
    url: Annotated[str, Field(max_length=4000)] | None


def _page(title: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel=stylesheet href="/static/css/app.css"></head>'
        f'<body class="lobby-page"><main class="lobby"><section class="card">{body}</section>'
        "</main></body></html>",
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
    )


def add_alert_routes(
    app: FastAPI,
    service: AlertService,
    accounts: Accounts,
    storage: Storage,
    limits: Limits,
    read_body: Callable[[Request], Awaitable[bytes]],
    static_dir: Path,
) -> None:
    store = service.store

    def origin_of(request: Request) -> str:
        # Where links in alerts point: the public origin if set, else the site as this request
        # reached it (the address the person uses).
        return limits.origin or f"{request.url.scheme}://{request.url.netloc}"

    async def changing(request: Request) -> tuple[str, bytes]:
        body = await read_body(request)
        app.state.check_post(request, body)
        _id_hash, session = await accounts.changing(request)
        return session.account.id, body

    async def settings_of(account_id: str) -> dict[str, Any]:
        prefs = await storage.call(store.prefs, account_id)
        devices = await storage.call(store.push_count, account_id)
        off = await storage.call(store.seats_off, account_id)
        return {
            "email": prefs.email,
            "email_on": prefs.email_on,
            "push_on": prefs.push_on,
            "devices": devices,
            "seats_off": [{"game": g, "seat": s} for g, s in off],
            "email_available": service.settings.smtp_url is not None,
            "push_available": service.vapid is not None,
        }

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        path = static_dir / "sw.js"
        if not path.is_file():
            raise ApiError(404, "not_found", "the service worker is not built")
        return FileResponse(
            path,
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
        )

    @app.get("/api/push/key")
    async def push_key() -> dict[str, Any]:
        if service.vapid is None:
            raise ApiError(503, "starting", "the server is starting; ask again")
        return {"key": service.vapid.public_key}

    @app.get("/api/me/alerts")
    async def my_alerts(request: Request) -> dict[str, Any]:
        _id_hash, session = await accounts.signed_in(request)
        return await settings_of(session.account.id)

    @app.post("/api/me/alerts")
    async def set_alerts(request: Request) -> dict[str, Any]:
        account_id, body = await changing(request)
        given = parse_body(AlertChoice, body)
        prefs = await storage.call(store.prefs, account_id)
        email = prefs.email
        if "email" in given.model_fields_set:
            email = (given.email or "").strip() or None
            if email is not None and not _EMAIL.match(email):
                raise ApiError(
                    422, "bad_email", "that does not look like an email address (name@example.org)"
                )
        email_on = prefs.email_on if given.email_on is None else given.email_on
        if email_on and email is None:
            raise ApiError(422, "no_email", "set an email address to turn email alerts on")
        if email_on and service.settings.smtp_url is None:
            raise ApiError(409, "no_smtp", "this server sends no email (it has no --smtp-url)")
        push_on = prefs.push_on if given.push_on is None else given.push_on
        await storage.call(
            store.set_prefs, account_id, AlertPrefs(email, email_on, push_on, origin_of(request))
        )
        return await settings_of(account_id)

    @app.post("/api/me/alerts/seats")
    async def set_seat_alerts(request: Request) -> dict[str, Any]:
        account_id, body = await changing(request)
        given = parse_body(SeatChoice, body)
        if given.seat not in await storage.call(accounts.store.seats_in, account_id, given.game):
            raise ApiError(404, "not_kept", "your account keeps no such seat")
        await storage.call(store.set_seat_off, account_id, given.game, given.seat, not given.on)
        return await settings_of(account_id)

    @app.post("/api/me/push", status_code=201)
    async def add_push(request: Request) -> dict[str, Any]:
        account_id, body = await changing(request)
        try:
            parsed = json.loads(body or b"null")
        except ValueError:
            raise ApiError(422, "bad_subscription", "send the PushSubscription as JSON") from None
        target = parse_subscription(parsed, allow_http=service.settings.private_webhooks)
        if isinstance(target, str):
            raise ApiError(422, "bad_subscription", target)
        if await storage.call(store.push_count, account_id) >= MAX_DEVICES:
            raise ApiError(
                409, "too_many_devices", f"at most {MAX_DEVICES} devices per account; stop one first"
            )
        await storage.call(store.add_push, account_id, target, origin_of(request))
        prefs = await storage.call(store.prefs, account_id)
        if not prefs.push_on:  # subscribing a device turns push alerts on
            await storage.call(
                store.set_prefs,
                account_id,
                AlertPrefs(prefs.email, prefs.email_on, True, prefs.origin or origin_of(request)),
            )
        return await settings_of(account_id)

    @app.delete("/api/me/push")
    async def remove_push(request: Request) -> dict[str, Any]:
        account_id, body = await changing(request)
        given = parse_body(Endpoint, body)
        await storage.call(store.remove_push, account_id, given.endpoint)
        return await settings_of(account_id)

    async def host_of(game_id: str, request: Request) -> None:
        token = bearer_token(request)
        row = await storage.call(storage.get_game, game_id)
        if row is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        if not hmac.compare_digest(row.host_token_hash, hash_token(token)):
            raise ApiError(403, "forbidden", "only the game's host may set its webhook")

    @app.get("/api/games/{game_id}/webhook")
    async def get_webhook(game_id: str, request: Request) -> dict[str, Any]:
        await host_of(game_id, request)
        url = await storage.call(store.webhook, game_id)
        return {"webhook": None if url is None else safe_url(url)}

    @app.post("/api/games/{game_id}/webhook")
    async def set_webhook(game_id: str, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        app.state.check_post(request, body)
        await host_of(game_id, request)
        given = parse_body(WebhookChoice, body)
        url = (given.url or "").strip() or None
        if url is not None:
            refusal = check_webhook_url(url)
            if refusal is not None:
                raise ApiError(422, "bad_url", refusal)
        await storage.call(store.set_webhook, game_id, url, origin_of(request))
        return {"webhook": None if url is None else safe_url(url)}

    @app.get("/alerts/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe_page(token: str) -> Response:
        if len(token) > 100 or await storage.call(store.unsubscribe_account, token) is None:
            return _page(
                "Unsubscribe",
                "<h1>This link is not valid</h1><p>It may be too old. Sign in and turn email alerts "
                "off in “Your games”.</p>",
            )
        return _page(
            "Unsubscribe",
            "<h1>No more turn alerts by email?</h1>"
            f'<form method="post" action="/alerts/unsubscribe/{html.escape(token)}">'
            '<button class="btn primary" type="submit">Unsubscribe</button></form>',
        )

    @app.post("/alerts/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe(token: str) -> Response:
        # The token is the only credential (a mail client posts it without a cookie, RFC 8058);
        # all it can do is turn one account's email alerts off.
        if len(token) > 100 or not await storage.call(store.unsubscribe, token):
            page = _page("Unsubscribe", "<h1>This link is not valid</h1><p>It may be too old.</p>")
            page.status_code = 404
            return page
        return _page(
            "Unsubscribed",
            "<h1>Unsubscribed</h1><p>You will get no more turn alerts by email. Turn them on again "
            "in “Your games”.</p>",
        )
