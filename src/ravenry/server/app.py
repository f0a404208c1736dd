"""The ASGI application: the lobby's HTTP API, the live WebSocket, the static pages.

:func:`create_app` wires a :class:`~ravenry.server.hub.Hub` (every game in memory, restored at
start-up by replay) to FastAPI routes, and is HTTP and WebSocket plumbing only: it reads
requests, applies the per-address limits and the cross-site checks, and routes each lobby
request to the hub's :class:`~ravenry.server.lobby.Lobby` (in a cluster, those that change a
live game to the process that plays it); :mod:`ravenry.server.sockets` serves each WebSocket.
The contract with clients is docs/server-protocol.md; every HTTP error is a 4xx with
``{"code", "reason"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from ravenry.server.account_routes import add_account_routes
from ravenry.server.accounts import COOKIE
from ravenry.server.alerts.config import AlertSettings
from ravenry.server.alerts.routes import add_alert_routes
from ravenry.server.alerts.service import AlertService
from ravenry.server.bot_workers import DEFAULT_BOT_WORKERS, BotPool
from ravenry.server.clocks import WallClock
from ravenry.server.cluster import DEFAULT_LEASE, Cluster, OpFn, new_node_name, with_node
from ravenry.server.hub import Hub
from ravenry.server.limits import AddressBook, AddressState, Limits, client_address
from ravenry.server.live import Connection, LiveGame
from ravenry.server.lobby import ApiError, too_many_games
from ravenry.server.messages import MAX_MESSAGE_BYTES, CreateGame, MuteChat, validation_reason
from ravenry.server.ratings.routes import add_rating_routes
from ravenry.server.ratings.service import Ratings
from ravenry.server.requests import bearer_token, parse_body
from ravenry.server.sockets import SocketLike, pump, serve_socket
from ravenry.server.storage import NotOwner, Storage
from ravenry.server.transport import SecurityHeaders

log = logging.getLogger("ravenry.server")

STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"
CHAT_PER_REPLAY_STEP = 200  # chat lines a replay step shows (those said at that position)
DEFAULT_RATE = Limits.rate  # messages a second per connection


def _socket_failed(conn: Connection, game_id: str) -> None:
    """A socket's handler failed: log it (with the traceback) and tell the client in general words."""
    log.exception("game %s: the socket failed", game_id)
    conn.close({"t": "error", "code": "internal", "reason": "the server failed on this game; try again"})


def create_app(
    database_url: str,
    bot_delay: float = 0.6,
    fixed_seed: int | None = None,
    rate: float | None = None,
    on_ready: Callable[[], None] | None = None,
    limits: Limits | None = None,
    wall: WallClock | None = None,
    bot_workers: int = DEFAULT_BOT_WORKERS,
    cluster_redis: str | None = None,
    cluster_lease: float | None = None,
    secret: str | None = None,
    smtp_url: str | None = None,
    alerts: AlertSettings | None = None,
) -> FastAPI:
    """The server on ``database_url`` (``sqlite:///file`` or ``postgresql+psycopg://...``), with
    ``limits`` (every one a setting, see :class:`~ravenry.server.limits.Limits`); ``rate``, if
    given, overrides ``limits.rate``; ``wall`` is the clock the game clocks read (tests pass a
    :class:`~ravenry.server.clocks.ManualClock`); ``bot_workers`` the processes bots think in (0:
    one thread of this process, see :mod:`~ravenry.server.bot_workers`). With ``cluster_redis``
    this process is one of several over one PostgreSQL (:mod:`~ravenry.server.cluster`; its
    lease lasts ``cluster_lease`` seconds); ``secret``, the same for every process, seals the
    rematch invites kept in the database (:mod:`~ravenry.server.rematches`). Turn alerts
    (:mod:`~ravenry.server.alerts`) send email through ``smtp_url`` (none without it), as
    ``alerts`` says (its defaults otherwise)."""
    limits = limits or Limits()
    if rate is not None:
        limits = dataclasses.replace(limits, rate=rate)
    cluster: Cluster | None = None
    if cluster_redis is not None:
        if secret is None:
            raise ValueError("several processes need a shared secret (RAVENRY_SECRET) for rematches")
        node = new_node_name()
        storage = Storage(with_node(database_url, node))
    else:
        storage = Storage(database_url)
    hub = Hub(storage, bot_delay, fixed_seed, limits, wall, BotPool(bot_workers))
    hub.rematch_secret = secret
    if cluster_redis is not None:
        cluster = Cluster(hub, storage, cluster_redis, node, cluster_lease or DEFAULT_LEASE)
    addresses = AddressBook(limits)
    ratings = Ratings(storage)
    hub.listeners.append(ratings.notice)  # each game's end rates it (if rated), off the event loop
    alert_settings = alerts or AlertSettings()
    if smtp_url is not None:
        alert_settings = dataclasses.replace(alert_settings, smtp_url=smtp_url)
    turn_alerts = AlertService(storage, alert_settings, limits.origin, hub.wall)
    turn_alerts.is_current = lambda live: hub.games.get(live.id) is live
    hub.listeners.append(turn_alerts.notice)  # it only takes note: delivery is off the event loop

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await (hub.start() if cluster is None else cluster.start())
        await ratings.start()  # after the migrations: rates the games a crash left unrated
        await turn_alerts.start()  # the VAPID keys (made at the first start), then the sender
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            await ratings.stop()
            await turn_alerts.stop()
            await (hub.stop() if cluster is None else cluster.stop())
            storage.close()

    app = FastAPI(title="ravenry", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.state.alerts = turn_alerts
    app.state.cluster = cluster
    app.state.limits = limits
    app.state.addresses = addresses
    app.add_middleware(SecurityHeaders)

    def _check_post(request: Request, body: bytes) -> None:
        """A cross-site page may POST a form (text/plain, no preflight) but not set JSON or an
        Authorization header: a body must be JSON, and a browser's Origin must be ours."""
        if (
            body
            and request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json"
        ):
            raise ApiError(415, "bad_content_type", "send the body as JSON (Content-Type: application/json)")
        if not _same_site(request.headers.get("origin"), request.url.scheme, request.url.netloc):
            raise ApiError(403, "cross_site", "this request came from another site's page")

    def _same_site(origin: str | None, scheme: str, netloc: str) -> bool:
        """Whether a browser's ``Origin`` is this site: ``--public-origin`` when set, else the
        address the request was sent to (its Host), for a POST and a WebSocket alike. No
        Origin (not a browser's page) passes."""
        if origin is None or limits.check_origin is False:
            return True
        http = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        expected = limits.origin if limits.origin_checked else f"{http}://{netloc}"
        return origin.lower() == (expected or "").lower()

    def _creating(request: Request) -> None:
        if not addresses.get(client_address(request.scope.get("client"))).creates.allow():
            raise too_many_games(limits)

    app.state.check_post = _check_post

    async def _rename_seat(game_id: str, seat: int, name: str) -> None:
        await _on_owner(game_id, "rename", {"seat": seat, "name": name})

    # A deleted account's alert settings (its email address, its devices) are erased with it.
    forget = [turn_alerts.store.forget_account]
    accounts = add_account_routes(app, hub, limits, addresses, _body, _rename_seat, forget)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"code": exc.code, "reason": exc.reason}, status_code=exc.status)

    @app.exception_handler(NotOwner)
    async def _not_owner(_request: Request, _exc: NotOwner) -> JSONResponse:
        # This process lost the game (it was paused past its lease): the change was not made.
        reason = "another server process plays this game now; try again"
        return JSONResponse({"code": "elsewhere", "reason": reason}, status_code=409)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"code": "bad_request", "reason": validation_reason(exc)}, status_code=422)

    @app.exception_handler(Exception)
    async def _internal(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unhandled error", exc_info=exc)
        return JSONResponse({"code": "internal", "reason": "the server failed; see its log"}, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse({"code": code, "reason": str(exc.detail)}, status_code=exc.status_code)

    # -- pages ----------------------------------------------------------------------------------
    def _page(name: str) -> Response:
        path = STATIC_DIR / name
        if not path.is_file():
            raise ApiError(404, "not_found", f"the page {name} is not built (missing {path})")
        return FileResponse(path, media_type="text/html", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return _page("index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> Response:
        return _page("play.html")

    add_rating_routes(app, ratings, _page)
    add_alert_routes(app, turn_alerts, accounts, storage, limits, _body, STATIC_DIR)

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")

    # -- lobby API (the lobby's operations: lobby.py) ---------------------------------------------
    lobby = hub.lobby

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        return lobby.meta()

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> dict[str, Any]:
        body = await _body(request)
        _check_post(request, body)
        parsed = parse_body(CreateGame, body)
        # A seat of the signed-in account's own ("me"): the cookie and its CSRF token, checked
        # before anything is made; the seat is kept in the account once the game exists.
        session = None
        if any(seat.me for seat in parsed.seats):
            _id_hash, session = await accounts.changing(request)
            parsed = parsed.model_copy(
                update={
                    "seats": [
                        s.model_copy(update={"name": s.name or session.account.username}) if s.me else s
                        for s in parsed.seats
                    ]
                }
            )
        _creating(request)
        created = await lobby.create(parsed)
        if session is not None:
            mine = next(n for n, seat in enumerate(parsed.seats) if seat.me)
            await storage.call(accounts.store.claim, created["id"], mine, session.account.id)
            created["me"] = mine
        return created

    @app.get("/api/games")
    async def list_games(status: str | None = None) -> dict[str, Any]:
        return await lobby.games(status)

    @app.get("/api/games/{game_id}")
    async def get_summary(game_id: str) -> dict[str, Any]:
        return await lobby.summary_of(game_id)

    # The requests that change a live game run where it is played (its owner, in a cluster).
    async def _on_owner(game_id: str, op: str, args: dict[str, Any]) -> dict[str, Any]:
        if cluster is None:
            return await ops[op](game_id, args)
        return await cluster.call(game_id, op, args)

    async def _rename(game_id: str, args: dict[str, Any]) -> dict[str, Any]:
        live = hub.games.get(game_id)  # a game not in memory reads the name from storage
        if live is not None:
            live.rename_seat(int(args["seat"]), str(args["name"]))
        return {}

    ops: dict[str, OpFn] = {
        "rename": _rename,
        "revoke": lambda game_id, args: lobby.revoke(game_id, int(args["seat"]), args["token"]),
        "mute": lambda game_id, args: lobby.mute(game_id, bool(args["spectators"]), args["token"]),
        "rematch": lambda game_id, args: lobby.rematch(game_id, args["token"], bool(args["may_create"])),
    }
    if cluster is not None:
        cluster.ops = ops

    @app.post("/api/games/{game_id}/seats/{seat}/revoke")
    async def revoke(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        _check_post(request, await _body(request))
        return await _on_owner(game_id, "revoke", {"seat": seat, "token": bearer_token(request)})

    @app.post("/api/games/{game_id}/chat/mute")
    async def mute_chat(game_id: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        _check_post(request, body)
        token = bearer_token(request)
        parsed = parse_body(MuteChat, body)
        return await _on_owner(game_id, "mute", {"spectators": parsed.spectators, "token": token})

    @app.post("/api/games/{game_id}/rematch", status_code=201)
    async def rematch(game_id: str, request: Request) -> dict[str, Any]:
        _check_post(request, await _body(request))
        token = bearer_token(request)
        # The address's budget of new games is spent here, where the request came in.
        may_create = addresses.get(client_address(request.scope.get("client"))).creates.allow()
        return await _on_owner(game_id, "rematch", {"token": token, "may_create": may_create})

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        return await lobby.record(game_id)

    @app.get("/api/games/{game_id}/analysis")
    async def analysis(game_id: str) -> Response:
        # 200 with the analysis once kept; 202 while the bot pool works it out (ask again).
        kept = await lobby.analysis(game_id)
        if kept is None:
            return JSONResponse({"status": "computing"}, status_code=202)
        return Response(kept, media_type="application/json")

    @app.get("/api/games/{game_id}/replay")
    async def replay_chapters(game_id: str) -> dict[str, Any]:
        return await lobby.replay_chapters(game_id)

    @app.get("/api/games/{game_id}/replay/{k}")
    async def replay_step(game_id: str, k: int) -> dict[str, Any]:
        return await lobby.replay_step(game_id, k)

    # -- live play ------------------------------------------------------------------------------
    @app.websocket("/ws/{game_id}")
    async def websocket_endpoint(websocket: WebSocket, game_id: str) -> None:
        address = addresses.get(client_address(websocket.scope.get("client")))
        if address.flooding():
            # Closed for flooding a moment ago: refused before the handshake (an HTTP 403), the
            # cheapest answer, with no welcome and no presence for the others.
            await websocket.close(code=1008)
            return
        await websocket.accept()
        conn = Connection()
        writer = asyncio.create_task(pump(websocket, conn))
        counted = False
        try:
            if not _same_site(websocket.headers.get("origin"), websocket.url.scheme, websocket.url.netloc):
                conn.close(
                    {"t": "error", "code": "forbidden_origin", "reason": "open the game from its own site"}
                )
                return
            if not address.connects.allow():
                conn.close(
                    {
                        "t": "error",
                        "code": "rate_limited",
                        "reason": "too many new connections; wait a little",
                    }
                )
                return
            cap = limits.connections_per_address
            if cap and address.open_sockets >= cap:
                reason = f"at most {cap} connections at once from one address"
                conn.close({"t": "error", "code": "too_many_connections", "reason": reason})
                return
            address.open_sockets += 1
            counted = True
            held = await accounts.seats_held(websocket.cookies.get(COOKIE), game_id)
            if cluster is not None and not await cluster.plays_here(game_id):  # relayed to its owner
                await cluster.front(websocket, game_id, client_address(websocket.scope.get("client")), held)
                return
            await play(websocket, game_id, address, conn, writer, held)  # closes conn and awaits writer
        except WebSocketDisconnect:
            pass
        except Exception:
            _socket_failed(conn, game_id)
        finally:
            if counted:
                address.open_sockets -= 1
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)

    async def play(
        websocket: SocketLike,
        game_id: str,
        address: AddressState,
        conn: Connection | None = None,
        writer: asyncio.Task[None] | None = None,
        held: frozenset[int] = frozenset(),
    ) -> None:
        """Serve a client's socket on the game (this process plays it): everything after the
        connection's own checks. In a cluster, the owner's half of a socket (cluster.py); its
        account's seats (``held``) are read where the socket was opened, from its cookie, and
        relayed with it."""
        conn = conn or Connection()
        writer = writer or asyncio.create_task(pump(websocket, conn))
        live: LiveGame | None = None
        try:
            live = await hub.live(game_id)
            if live is None:
                conn.close({"t": "error", "code": "not_found", "reason": f"no game {game_id!r}"})
                return
            await serve_socket(websocket, conn, live, limits, address, held)
        except WebSocketDisconnect:
            pass
        except Exception:
            _socket_failed(conn, game_id)
        finally:
            if live is not None:
                live.detach(conn)
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)

    async def relayed(websocket: SocketLike, game_id: str, client: str, held: frozenset[int]) -> None:
        await play(websocket, game_id, addresses.get(client), held=held)

    if cluster is not None:
        cluster.play = relayed

    return app


async def _body(request: Request) -> bytes:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise ApiError(413, "too_large", f"a request body may hold at most {MAX_MESSAGE_BYTES} bytes")
    return body
