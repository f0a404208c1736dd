"""The accounts' HTTP API (issue 31 §1), JSON in and out:

- ``POST /api/accounts`` ``{"username", "password"}``: sign up (and in);
- ``POST /api/session`` ``{"username", "password"}``: sign in, setting the session cookie;
- ``DELETE /api/session``: sign out;
- ``GET /api/me``: who is signed in (``null`` if nobody), and the CSRF token the changes below
  must send;
- ``POST /api/me/password`` ``{"password", "new_password"}``: change the password (the other
  sessions end);
- ``DELETE /api/me/sessions``: sign out everywhere;
- ``DELETE /api/me`` ``{"password"}``: delete the account;
- ``POST /api/games/{id}/claim`` ``{"token"}``: keep the seat of that invite for the account, so
  that the game opens from any device signed in to it (the socket's hello then says
  ``{"t":"hello","seat":N}``, no token);
- ``GET /api/me/games``: the account's games, those waiting for it first (server/your_games.py);
- ``GET /api/me/games/events``: server-sent events, ``changed`` when one of them changes.

What the checks are, and why, is in ravenry.server.accounts.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from ravenry.server.account_store import AccountStore, SessionRow
from ravenry.server.accounts import (
    COOKIE,
    CSRF_HEADER,
    SESSION_DAYS,
    Passwords,
    SignInLimits,
    check_password_rules,
    csrf_matches,
    new_session_id,
    session_hash,
    username_key,
)
from ravenry.server.hub import Hub
from ravenry.server.limits import AddressBook, Limits, client_address
from ravenry.server.live import hash_token
from ravenry.server.lobby import ApiError
from ravenry.server.requests import parse_body
from ravenry.server.storage import Storage
from ravenry.server.storage.schema import DELETED_PLAYER
from ravenry.server.your_games import changes, your_games

log = logging.getLogger("ravenry.server.accounts")


class Credentials(BaseModel):
    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class NewPassword(BaseModel):
    password: str = Field(max_length=1024)
    new_password: str = Field(max_length=1024)


class Password(BaseModel):
    password: str = Field(max_length=1024)


BAD_CREDENTIALS = ApiError(401, "bad_credentials", "that username and password do not match an account")


class Claim(BaseModel):
    token: str = Field(max_length=200)


class Accounts:
    """What the rest of the server asks of accounts: the seats a session keeps in a game."""

    def __init__(self, store: AccountStore, storage: Storage) -> None:
        self.store, self.storage = store, storage

    async def seats_held(self, session_id: str | None, game_id: str) -> frozenset[int]:
        if not session_id:
            return frozenset()
        session = await self.storage.call(self.store.session, session_hash(session_id))
        if session is None:
            return frozenset()
        seats: frozenset[int] = await self.storage.call(self.store.seats_in, session.account.id, game_id)
        return seats

    async def signed_in(self, request: Request) -> tuple[str, SessionRow]:
        """The request's session (by its cookie) and its id's hash; ApiError 401 without one."""
        sid = request.cookies.get(COOKIE)
        session = None if not sid else await self.storage.call(self.store.session, session_hash(sid))
        if session is None:
            raise ApiError(401, "signed_out", "sign in first")
        return session_hash(sid or ""), session

    async def changing(self, request: Request) -> tuple[str, SessionRow]:
        """The session of a change made with the cookie, its CSRF token checked (403 without);
        the caller has checked the request's site and body (``app.state.check_post``)."""
        id_hash, session = await self.signed_in(request)
        if not csrf_matches(session.csrf, request.headers.get(CSRF_HEADER)):
            raise ApiError(
                403, "csrf", f"send the session's CSRF token in {CSRF_HEADER} (GET /api/me has it)"
            )
        return id_hash, session


def add_account_routes(
    app: FastAPI,
    hub: Hub,
    limits: Limits,
    addresses: AddressBook,
    read_body: Callable[[Request], Awaitable[bytes]],
    rename_seat: Callable[[str, int, str], Awaitable[None]],
    forget: Sequence[Callable[[str], None]] = (),
) -> Accounts:
    """The routes on ``app``; ``rename_seat(game, seat, name)`` renames a seat in the live game
    wherever it is played (an account deleted: its seats read "deleted player"); each of
    ``forget`` (blocking) drops what another part keeps of an account being deleted."""
    storage = hub.storage
    store = AccountStore(storage.engine)
    passwords = Passwords()
    sign_ins = SignInLimits(limits.sign_ins_per_minute, limits.sign_ins_per_account)
    secure = (limits.origin or "").startswith("https://")

    async def blocking(fn: Callable[..., Any], *args: Any) -> Any:
        return await storage.call(fn, *args)

    async def hashing(fn: Callable[..., Any], *args: Any) -> Any:
        # Argon2 takes tens of milliseconds: never on the event loop.
        return await asyncio.to_thread(fn, *args)

    def limit_address(request: Request) -> None:
        if not addresses.get(client_address(request.scope.get("client"))).sign_ins.allow():
            raise ApiError(429, "rate_limited", "too many sign-in attempts from this address; wait a minute")

    async def begin_session(response: Response, account_id: str, username: str) -> dict[str, Any]:
        sid, csrf = new_session_id(), secrets.token_urlsafe(24)
        await blocking(store.add_session, session_hash(sid), account_id, csrf)
        response.set_cookie(
            COOKIE,
            sid,
            max_age=SESSION_DAYS * 86400,
            httponly=True,
            samesite="lax",
            secure=secure,
            path="/",
        )
        return {"username": username, "csrf": csrf}

    accounts = Accounts(store, storage)
    signed_in = accounts.signed_in

    async def changing(request: Request) -> tuple[str, SessionRow, bytes]:
        """A change made with the cookie: same site, JSON, a session, and its CSRF token."""
        body = await read_body(request)
        app.state.check_post(request, body)
        id_hash, session = await accounts.changing(request)
        return id_hash, session, body

    @app.post("/api/accounts", status_code=201)
    async def sign_up(request: Request, response: Response) -> dict[str, Any]:
        body = await read_body(request)
        app.state.check_post(request, body)
        given = parse_body(Credentials, body)
        limit_address(request)
        key = username_key(given.username)
        if key is None:
            raise ApiError(422, "bad_username", "a username is 3 to 32 letters, digits, '_', '-' or '.'")
        refusal = check_password_rules(given.password)
        if refusal is not None:
            raise ApiError(422, "bad_password", refusal)
        account_id = secrets.token_hex(8)
        password_hash = await hashing(passwords.hash, given.password)
        if not await blocking(store.create, account_id, given.username.strip(), key, password_hash):
            raise ApiError(409, "taken", "that username is taken")
        return await begin_session(response, account_id, given.username.strip())

    @app.post("/api/session")
    async def sign_in(request: Request, response: Response) -> dict[str, Any]:
        body = await read_body(request)
        app.state.check_post(request, body)
        given = parse_body(Credentials, body)
        limit_address(request)
        key = username_key(given.username) or "\0invalid"
        if not sign_ins.allow_name(key):
            raise ApiError(429, "rate_limited", "too many sign-in attempts for this account; wait a while")
        account = await blocking(store.by_key, key)
        ok = await hashing(
            passwords.verify, None if account is None else account.password_hash, given.password
        )
        if account is None or not ok:
            raise BAD_CREDENTIALS
        return await begin_session(response, account.id, account.username)

    @app.delete("/api/session", status_code=204)
    async def sign_out(request: Request) -> Response:
        id_hash, _session, _body = await changing(request)
        await blocking(store.end_session, id_hash)
        answer = Response(status_code=204)
        answer.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)
        return answer

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        """Who is signed in; ``{"username": null}`` when nobody is (a page asks before it knows,
        so that is no error)."""
        try:
            _id_hash, session = await signed_in(request)
        except ApiError:
            return {"username": None, "csrf": None}
        return {"username": session.account.username, "csrf": session.csrf}

    @app.post("/api/me/password")
    async def change_password(request: Request) -> dict[str, Any]:
        id_hash, session, body = await changing(request)
        given = parse_body(NewPassword, body)
        if not await hashing(passwords.verify, session.account.password_hash, given.password):
            raise ApiError(403, "bad_credentials", "the current password is not right")
        refusal = check_password_rules(given.new_password)
        if refusal is not None:
            raise ApiError(422, "bad_password", refusal)
        await blocking(
            store.set_password_hash, session.account.id, await hashing(passwords.hash, given.new_password)
        )
        await blocking(store.end_sessions, session.account.id, id_hash)
        return {"username": session.account.username}

    @app.delete("/api/me/sessions", status_code=204)
    async def sign_out_everywhere(request: Request) -> Response:
        _id_hash, session, _body = await changing(request)
        await blocking(store.end_sessions, session.account.id, None)
        answer = Response(status_code=204)
        answer.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)
        return answer

    @app.delete("/api/me", status_code=204)
    async def delete_account(request: Request) -> Response:
        _id_hash, session, body = await changing(request)
        given = parse_body(Password, body)
        if not await hashing(passwords.verify, session.account.password_hash, given.password):
            raise ApiError(403, "bad_credentials", "the password is not right")
        kept = await blocking(store.seats_of, session.account.id)
        await blocking(store.delete, session.account.id)
        for drop in forget:
            await blocking(drop, session.account.id)
        for game_id, seat in kept:  # the games being played show the new name at once
            try:
                await rename_seat(game_id, seat, DELETED_PLAYER)
            except Exception:  # the game is read anew from storage when next loaded
                log.warning("game %s: could not rename seat %s of a deleted account", game_id, seat)
        answer = Response(status_code=204)
        answer.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)
        return answer

    @app.post("/api/games/{game_id}/claim")
    async def claim_seat(game_id: str, request: Request) -> dict[str, Any]:
        _id_hash, session, body = await changing(request)
        given = parse_body(Claim, body)
        row = await blocking(storage.get_game, game_id)
        if row is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        digest = hash_token(given.token)
        seat = next(
            (
                s.seat
                for s in row.seats
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest)
            ),
            None,
        )
        if seat is None:
            raise ApiError(403, "forbidden", "that invite is not valid for this game (wrong, or revoked)")
        outcome = await blocking(store.claim, game_id, seat, session.account.id)
        if outcome == "taken":
            raise ApiError(409, "claimed", f"seat {seat} of this game is kept by another account")
        hub.watch.account_changed(session.account.id)  # its pages list the game at once
        return {"game": game_id, "seat": seat}

    @app.get("/api/me/games")
    async def my_games(request: Request) -> dict[str, Any]:
        """Running games waiting for the account first (soonest deadline first), then the other
        running and open ones, then the finished ones (newest first): server/your_games.py."""
        _id_hash, session = await signed_in(request)
        return {"games": await your_games(hub, store, session.account.id)}

    @app.get("/api/me/games/events")
    async def my_games_events(request: Request) -> StreamingResponse:
        """Server-sent events: ``changed`` whenever one of the account's games changes."""
        _id_hash, session = await signed_in(request)
        stream = await changes(hub, store, session.account.id, request.is_disconnected)
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream, media_type="text/event-stream", headers=headers)

    return accounts
