"""Several ``ravenry serve`` processes over one PostgreSQL: who plays each game, and how a client
on any process plays any game.

*Ownership.* Each live game is played by exactly one process, its owner (``leases``: a lease per
process renewed by a heartbeat, an owner per game, a fence in the database that refuses a write
from a process that is not the owner or whose lease expired). A process owns the games it
creates and those it takes: a game someone asks for whose owner is dead or that has none, and,
at every heartbeat, running games orphaned by a dead process (their bots and clocks resume from
the database: ``Hub.live`` rebuilds a game by replay and re-arms both). A clean stop frees its
games at once.

*Relay* (Redis pub/sub, one channel per process; PostgreSQL's NOTIFY caps a payload at 8000
bytes, less than a welcome). A WebSocket is served in two halves: its *front*, on the process the
client is connected to (the proxy's choice, no sticky sessions), and its *back*, on the game's
owner, which runs the very code a single process runs (``app``'s play handler over a
:class:`TunnelSocket`: hello, limits, acts, chat, the game's frames). The front forwards the
client's messages to the back's process; the back sends the frames of that one socket, and only
them, to the front's process addressed to that socket (a seat's private view goes nowhere
else); a process's channel is read by that process alone. A socket that reaches the game's
owner is served directly, as by a single process (the halves talk in memory only when a relayed
socket's game moves to the front's own process). If the owner dies (its lease lapses) or gives
the game up, the front finds the new owner (taking the game itself if nobody has), opens a new
back, says the client's hello again (the client gets a fresh ``welcome``) and sends again every
``act`` not yet answered: acts carry a ``cid``, so one the dead owner committed is acknowledged
again, not played twice (one without a ``cid`` gets ``reject`` ``moved``). Every act thus gets
its one ack or reject; if no owner can be found within
``REROUTE_TIMEOUT`` the front rejects the acts still waiting (``unavailable``) and closes.

*Calls.* The HTTP requests that change a live game (revoke a seat, mute spectators, a rematch)
run on its owner: a call over the same channels, answered or timed out (503).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.engine import make_url

from ravenry.server.hub import Hub
from ravenry.server.live import OUTBOX_LIMIT
from ravenry.server.lobby import ApiError
from ravenry.server.storage import Storage
from ravenry.server.storage.leases import Leases

__all__ = ["Cluster", "TunnelSocket", "new_node_name", "with_node"]

log = logging.getLogger("ravenry.server")

DEFAULT_LEASE = 3.0  # seconds a process's lease lasts; renewed every third of it
REROUTE_TIMEOUT = 30.0  # seconds a front looks for a game's new owner before giving up
CALL_TIMEOUT = 10.0
ORPHANS_PER_BEAT = 100
DISCONNECT: dict[str, Any] = {"type": "websocket.disconnect", "code": 1001}

# What the app gives the cluster: its play handler (the back half of a WebSocket) and the
# handlers of the HTTP calls run on a game's owner.
# (the back half of a socket, game id, client address, the seats its account keeps)
PlayFn = Callable[["TunnelSocket", str, str, frozenset[int]], Awaitable[None]]
OpFn = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


def new_node_name() -> str:
    """A process's name in the cluster: readable in the tables, unique per process."""
    host = "".join(c for c in socket.gethostname() if c.isalnum() or c == "-")[:24] or "host"
    return f"{host}-{os.getpid()}-{secrets.token_hex(3)}"


def with_node(database_url: str, node: str) -> str:
    """The database URL whose every connection says which process it is (``ravenry.node``, read
    by the fence in the database)."""
    url = make_url(database_url)
    # No space in the option: libpq reads "+" in a URL literally (SQLAlchemy reads it as a space).
    return url.update_query_dict({"options": f"-cravenry.node={node}"}).render_as_string(hide_password=False)


class TunnelSocket:
    """The back half of a client's WebSocket, as ``sockets.serve_socket`` and ``pump`` see it:
    messages come from the front's process, frames go to it, addressed to this socket only."""

    def __init__(self, cluster: Cluster, sid: str, front: str, gen: int, game_id: str) -> None:
        self.cluster, self.sid, self.front, self.gen, self.game_id = cluster, sid, front, gen, game_id
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.moved = False  # the game left this process: say nothing more to the front
        self.closed = False

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, data: str) -> None:
        if not self.moved and not self.closed:
            self.cluster.post(self.front, {"k": "out", "sid": self.sid, "g": self.gen, "text": data})

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        if not self.moved and not self.closed:
            self.closed = True
            self.cluster.post(self.front, {"k": "close", "sid": self.sid, "g": self.gen})

    def move(self) -> None:
        """The game left this process: the front finds its new owner; this half ends."""
        if not self.moved and not self.closed:
            self.cluster.post(self.front, {"k": "moved", "sid": self.sid, "g": self.gen})
        self.moved = True
        self.inbox.put_nowait(DISCONNECT)


class Front:
    """The front half of a client's WebSocket: the client's messages go to the game's owner, the
    owner's frames to the client; the hello and the unanswered acts are kept to say again."""

    def __init__(
        self, cluster: Cluster, sid: str, game_id: str, websocket: Any, address: str, held: frozenset[int]
    ) -> None:
        self.cluster, self.sid, self.game_id, self.websocket = cluster, sid, game_id, websocket
        self.address = address
        # The seats the client's account keeps in this game, read here from its cookie (the owner
        # never sees the cookie): the owner takes them as the socket's.
        self.held = sorted(held)
        self.owner: str | None = None
        self.gen = 0  # +1 at every back opened: what an older back says is dropped
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.hello: str | None = None
        self.pending: dict[str, str] = {}  # cid -> the act's text, until its ack or reject
        self.unkeyed = 0  # acts without a cid not yet answered (they cannot be sent again)
        self.dropped = False  # too many frames waiting for this client: close it

    async def run(self) -> None:
        if not await self._route(replay=False):
            return
        reader = asyncio.get_running_loop().create_task(self._read())
        try:
            while True:
                event = await self.events.get()
                if self.dropped:
                    self._forward({"k": "end", "sid": self.sid})
                    break
                kind = event["k"]
                if event.get("g", self.gen) != self.gen:
                    continue  # from a back left behind by a reroute
                if kind == "out":
                    text = event["text"]
                    if text.startswith(('{"t":"ack"', '{"t":"reject"')):
                        cid = json.loads(text).get("cid")
                        if cid is None:
                            self.unkeyed = max(0, self.unkeyed - 1)
                        self.pending.pop(cid or "", None)
                    await self.websocket.send_text(text)
                elif kind == "close":
                    break
                elif kind == "moved":
                    if not await self._route(replay=True):
                        break
                elif kind == "gone":  # the client left
                    if self.owner is not None:
                        self._forward({"k": "end", "sid": self.sid})
                    return
        finally:
            reader.cancel()
        with contextlib.suppress(Exception):
            await self.websocket.close(code=1000)

    async def _read(self) -> None:
        try:
            while True:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    self._forward({"k": "in", "sid": self.sid, "bin": True})
                    continue
                self._note(text)
                self._forward({"k": "in", "sid": self.sid, "text": text})
        except Exception:
            pass
        self.events.put_nowait({"k": "gone"})

    def _forward(self, message: dict[str, Any]) -> None:
        if self.owner is not None:
            self.cluster.post(self.owner, {**message, "g": self.gen})

    def _note(self, text: str) -> None:
        if len(text) > 65536:
            return
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            return
        if not isinstance(obj, dict):
            return
        if obj.get("t") == "hello":
            self.hello = text
        elif obj.get("t") == "act" and isinstance(obj.get("cid"), str):
            self.pending[obj["cid"]] = text
        elif obj.get("t") == "act":
            self.unkeyed += 1

    async def _route(self, replay: bool) -> bool:
        """Open a back on the game's owner (taking the game if it has no live owner); on a
        reroute, say the hello and the unanswered acts again. False: give up (closed)."""
        previous, self.owner = self.owner, None
        deadline = time.monotonic() + REROUTE_TIMEOUT
        if replay:
            await asyncio.sleep(0.05 if previous is None else 0.2)  # not a storm if it bounces
        while True:
            try:
                owner = await self.cluster.owner_of(self.game_id)
            except Exception:
                log.exception("game %s: could not find its owner", self.game_id)
                owner = ""
            if owner is None:
                await self._fail("not_found", f"no game {self.game_id!r}")
                return False
            if owner:
                break
            if time.monotonic() > deadline:
                await self._fail("unavailable", "no server process can play this game now; try again later")
                return False
            await asyncio.sleep(0.5)
        self.owner = owner
        self.gen += 1
        opening = {
            "k": "open",
            "sid": self.sid,
            "g": self.gen,
            "game": self.game_id,
            "addr": self.address,
            "held": self.held,
        }
        self.cluster.post(owner, opening)
        if replay:
            # An act without a cid might have been taken by the owner that died: it is answered
            # here, not sent again; the welcome that follows shows whether it was taken.
            reason = "the server process playing this game stopped before answering; see the position"
            with contextlib.suppress(Exception):
                refusal = {"t": "reject", "cid": None, "code": "moved", "reason": reason, "seq": None}
                for _ in range(self.unkeyed):
                    await self.websocket.send_text(json.dumps(refusal))
            self.unkeyed = 0
            if self.hello is not None:
                self._forward({"k": "in", "sid": self.sid, "text": self.hello})
            for text in self.pending.values():
                self._forward({"k": "in", "sid": self.sid, "text": text})
        return True

    async def _fail(self, code: str, reason: str) -> None:
        with contextlib.suppress(Exception):
            for cid in list(self.pending):
                await self.websocket.send_text(
                    json.dumps({"t": "reject", "cid": cid, "code": code, "reason": reason, "seq": None})
                )
            self.pending.clear()
            await self.websocket.send_text(json.dumps({"t": "error", "code": code, "reason": reason}))


def redis_client(url: str) -> Any:
    """The asyncio Redis client of ``url``: ``redis://host:port/db``, with a password
    ``redis://:PASSWORD@host/db`` (or ``USER:PASSWORD@``), or over TLS ``rediss://`` (the
    server's certificate checked against the system's authorities, or ``?ssl_ca_certs=PATH``):
    every seat's private frames cross it, so outside one machine use TLS and a password."""
    import redis.asyncio as aioredis

    return aioredis.from_url(url)


def redis_address(url: str) -> str:
    """``url`` as it may be logged: the scheme, host, port and database, never the password."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


class Cluster:
    """This process's part in the cluster: its lease, the games it owns, the relay."""

    def __init__(
        self,
        hub: Hub,
        storage: Storage,
        redis_url: str,
        node: str,
        lease: float = DEFAULT_LEASE,
    ) -> None:
        self.hub, self.storage, self.node = hub, storage, node
        self.redis_url = redis_url
        self.leases = Leases(storage.engine, lease)
        self.lease = lease
        self.owned: set[str] = set()
        self.fronts: dict[str, Front] = {}
        self.backs: dict[str, TunnelSocket] = {}
        self.calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.play: PlayFn | None = None
        self.ops: dict[str, OpFn] = {}
        self._sids = itertools.count(1)
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._redis: Any = None
        self._stopping = False
        self._renewer_stop = threading.Event()
        hub.claim = self.ensure_owned
        hub.on_forget = self._forget

    def channel(self, node: str) -> str:
        return f"ravenry:node:{node}"

    # -- life -----------------------------------------------------------------------------------
    async def start(self) -> None:
        self._redis = redis_client(self.redis_url)
        try:
            await self._redis.ping()
        except Exception as exc:  # the URL's password must not reach the log with the error
            raise RuntimeError(
                f"cannot reach Redis at {redis_address(self.redis_url)}: {type(exc).__name__}"
            ) from None
        await self.hub.start(restore=False)
        await self.storage.call(self.leases.join, self.node)
        # The lease is renewed by a thread of its own: a busy event loop (a burst of moves on a
        # loaded machine) must not look like a dead process.
        threading.Thread(target=self._renew, name="ravenry-lease", daemon=True).start()
        loop = asyncio.get_running_loop()
        subscribed = loop.create_future()
        self._tasks = [
            loop.create_task(self._listen(subscribed)),
            loop.create_task(self._publish()),
            loop.create_task(self._beat()),
        ]
        await subscribed
        await self._take_orphans()
        log.info("cluster process %s: %d game(s) taken at start", self.node, len(self.owned))

    async def stop(self) -> None:
        """A clean stop: the games are given up first (from then on the fence refuses this
        process's writes), then every relayed socket's front looks for the games' next owner."""
        self._stopping = True
        self._renewer_stop.set()
        try:
            await self.storage.call(self.leases.leave, self.node)
        except Exception:
            log.exception("could not leave the cluster cleanly; the others take over after the lease")
        for back in list(self.backs.values()):
            back.move()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._flush(), timeout=2)
        for task in self._tasks:
            task.cancel()
        await self.hub.stop()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    async def _flush(self) -> None:
        while not self._outbox.empty():
            await asyncio.sleep(0.01)

    # -- ownership ------------------------------------------------------------------------------
    async def ensure_owned(self, game_id: str) -> bool:
        """Whether this process owns ``game_id`` (taking it if it has no live owner)."""
        if game_id in self.owned:
            return True
        owner = await self.storage.call(self.leases.claim, self.node, game_id)
        if owner == self.node:
            self.owned.add(game_id)
            return True
        return owner is None  # no such game: the hub says not found

    async def owner_of(self, game_id: str) -> str | None:
        """The game's live owner (this process, if it took it now); None: no such game."""
        if game_id in self.owned:
            return self.node
        owner = await self.storage.call(self.leases.claim, self.node, game_id)
        if owner == self.node:
            self.owned.add(game_id)
        return owner

    async def plays_here(self, game_id: str) -> bool:
        """Whether this process owns the game (taking it if it has no live owner): its sockets
        here are then served directly, as by a single process."""
        return await self.owner_of(game_id) == self.node

    def _forget(self, game_id: str) -> None:
        """A finished game nobody watches left memory: another process may take it."""
        if game_id in self.owned and not self._stopping:
            self.owned.discard(game_id)
            asyncio.get_running_loop().create_task(self._release(game_id))

    async def _release(self, game_id: str) -> None:
        try:
            await self.storage.call(self.leases.release, self.node, game_id)
        except Exception:
            log.exception("game %s: could not give it up", game_id)

    async def _take(self, game_id: str) -> None:
        self.owned.add(game_id)
        try:
            await self.hub.live(game_id)  # rebuilt by replay; bots and clocks re-armed
        except Exception:
            log.exception("game %s: could not take it over", game_id)

    async def _take_orphans(self) -> None:
        taken = await self.storage.call(self.leases.take_orphans, self.node, ORPHANS_PER_BEAT)
        for game_id in taken:
            await self._take(game_id)
        if taken:
            log.info("cluster process %s took over %d game(s)", self.node, len(taken))

    def _drop(self, game_id: str) -> None:
        """Another process took this game (our lease lapsed meanwhile): forget it, and send its
        sockets' fronts to the new owner."""
        log.error("cluster process %s lost game %s to another process", self.node, game_id)
        self.owned.discard(game_id)
        for back in list(self.backs.values()):
            if back.game_id == game_id:
                back.move()
        live = self.hub.games.pop(game_id, None)
        if live is not None:
            live.bot_turns.cancel()
            live.timekeeper.stop()
            for conn in list(live.connections):  # sockets served here directly reconnect
                reason = "this game moved to another server process; connect again"
                conn.close({"t": "error", "code": "moved", "reason": reason})

    def _renew(self) -> None:
        while not self._renewer_stop.wait(self.lease / 3):
            try:
                if not self.leases.renew(self.node) and not self._renewer_stop.is_set():
                    self.leases.join(self.node)
            except Exception:
                log.exception("could not renew this process's lease")

    async def _beat(self) -> None:
        """What else a heartbeat does: drop the games others took (our lease lapsed), send the
        fronts of a dead owner's games on, take the games of dead processes."""
        period = self.lease / 3
        for beat in itertools.count(1):
            await asyncio.sleep(period)
            try:
                if beat % 600 == 0:  # the rows of processes long gone that own nothing
                    await self.storage.call(self.leases.forget_dead, 3600.0)
                owned = set(self.owned)  # before the read: a game taken meanwhile is not lost
                mine = await self.storage.call(self.leases.mine, self.node)
                for game_id in owned - mine:
                    self._drop(game_id)
                await self._check_peers()
                await self._take_orphans()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster heartbeat failed")

    async def _check_peers(self) -> None:
        """Fronts whose owner died look for the new one; backs whose front died end."""
        fronts = [f for f in self.fronts.values() if f.owner not in (None, self.node)]
        backs = [b for b in self.backs.values() if b.front != self.node]
        peers = list({f.owner for f in fronts if f.owner} | {b.front for b in backs})
        if not peers:
            return
        alive = await self.storage.call(self.leases.alive, peers)
        for front in fronts:
            if front.owner not in alive:
                log.warning("game %s: its owner %s is gone; finding the next", front.game_id, front.owner)
                front.owner = None
                front.events.put_nowait({"k": "moved", "g": front.gen})
        for back in backs:
            if back.front not in alive:
                back.moved = True
                back.inbox.put_nowait(DISCONNECT)

    # -- the relay ------------------------------------------------------------------------------
    def post(self, node: str, message: dict[str, Any]) -> None:
        """Send ``message`` to process ``node`` (in memory when it is this one), in order."""
        if node == self.node:
            self._receive(message)
        else:
            self._outbox.put_nowait((self.channel(node), _encode(message)))

    async def _publish(self) -> None:
        while True:
            channel, data = await self._outbox.get()
            batch = [(channel, data)]
            while not self._outbox.empty() and len(batch) < 256:
                batch.append(self._outbox.get_nowait())
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for ch, payload in batch:
                        pipe.publish(ch, payload)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not publish %d message(s) to Redis", len(batch))
                await asyncio.sleep(0.2)

    async def _listen(self, subscribed: asyncio.Future[None]) -> None:
        while True:
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(self.channel(self.node))
                if not subscribed.done():
                    subscribed.set_result(None)
                async for item in pubsub.listen():
                    if item.get("type") == "message":
                        try:
                            self._receive(_decode(item["data"]))
                        except Exception:
                            log.exception("a cluster message could not be handled")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the Redis subscription failed; subscribing again")
                await asyncio.sleep(0.5)

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["k"]
        if kind in ("out", "close", "moved"):
            front = self.fronts.get(message["sid"])
            if front is not None:
                if front.events.qsize() >= OUTBOX_LIMIT:  # a client that does not read its frames
                    log.warning("dropping a relayed connection that does not read its frames")
                    front.dropped = True
                front.events.put_nowait(message)
        elif kind == "open":
            held = frozenset(int(seat) for seat in message.get("held") or ())
            self._open_back(message["sid"], message["g"], message["game"], message.get("addr") or "", held)
        elif kind == "in":
            back = self.backs.get(message["sid"])
            if back is not None and back.gen != message["g"]:
                return  # sent to a back since replaced
            if back is None:
                self.post(_node_of(message["sid"]), {"k": "moved", "sid": message["sid"], "g": message["g"]})
            elif message.get("bin"):
                back.inbox.put_nowait({"type": "websocket.receive", "bytes": b""})
            else:
                back.inbox.put_nowait({"type": "websocket.receive", "text": message["text"]})
        elif kind == "end":
            back = self.backs.get(message["sid"])
            if back is not None:
                back.inbox.put_nowait(DISCONNECT)
        elif kind == "call":
            asyncio.get_running_loop().create_task(self._answer(message))
        elif kind == "reply":
            future = self.calls.pop(message["rid"], None)
            if future is not None and not future.done():
                future.set_result(message)

    # -- the two halves of a WebSocket ----------------------------------------------------------
    async def front(
        self, websocket: Any, game_id: str, address: str, held: frozenset[int] = frozenset()
    ) -> None:
        """Serve a client's WebSocket on this process, whichever process owns the game; ``held``:
        the seats the client's account keeps in it."""
        sid = f"{self.node}/{next(self._sids)}"
        front = Front(self, sid, game_id, websocket, address, held)
        self.fronts[sid] = front
        try:
            await front.run()
        finally:
            del self.fronts[sid]

    def _open_back(self, sid: str, gen: int, game_id: str, address: str, held: frozenset[int]) -> None:
        old = self.backs.get(sid)
        if old is not None:  # the front rerouted to this process again: the old half ends quietly
            old.moved = True
            old.inbox.put_nowait(DISCONNECT)
        back = TunnelSocket(self, sid, _node_of(sid), gen, game_id)
        self.backs[sid] = back
        asyncio.get_running_loop().create_task(self._serve_back(back, game_id, address, held))

    async def _serve_back(self, back: TunnelSocket, game_id: str, address: str, held: frozenset[int]) -> None:
        try:
            if self._stopping or not await self.ensure_owned(game_id):
                back.move()
                return
            assert self.play is not None
            await self.play(back, game_id, address, held)
        except Exception:
            log.exception("game %s: a relayed socket failed", game_id)
            back.move()
        finally:
            if self.backs.get(back.sid) is back:
                del self.backs[back.sid]

    # -- calls ----------------------------------------------------------------------------------
    async def call(self, game_id: str, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Run HTTP call ``op`` on the game's owner; raises its ApiError."""
        for _attempt in range(3):
            owner = await self.owner_of(game_id)
            if owner is None:
                raise ApiError(404, "not_found", f"no game {game_id!r}")
            if owner == self.node:
                return await self.ops[op](game_id, args)
            rid = secrets.token_hex(8)
            future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self.calls[rid] = future
            message = {"k": "call", "rid": rid, "from": self.node, "op": op, "game": game_id, "args": args}
            self.post(owner, message)
            try:
                reply = await asyncio.wait_for(future, CALL_TIMEOUT)
            except TimeoutError:
                raise ApiError(
                    503, "unavailable", "the server process playing this game did not answer; try again"
                ) from None
            finally:
                self.calls.pop(rid, None)
            if reply.get("moved"):
                continue
            if "error" in reply:
                status, code, reason = reply["error"]
                raise ApiError(int(status), str(code), str(reason))
            body: dict[str, Any] = reply["body"]
            return body
        raise ApiError(503, "unavailable", "this game is changing server process; try again")

    async def _answer(self, message: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"k": "reply", "rid": message["rid"]}
        try:
            if not await self.ensure_owned(message["game"]):
                reply["moved"] = True
            else:
                reply["body"] = await self.ops[message["op"]](message["game"], message["args"])
        except ApiError as exc:
            reply["error"] = [exc.status, exc.code, exc.reason]
        except Exception:
            log.exception("game %s: the call %s failed", message["game"], message["op"])
            reply["error"] = [500, "internal", "the server failed; see its log"]
        self.post(message["from"], reply)


def _encode(message: dict[str, Any]) -> str:
    """A relay message as sent: a socket's text (a frame, or what the client said) after a
    one-line header, not escaped into JSON again (the frames are most of what is sent); the
    rest as JSON."""
    text = message.get("text")
    if message["k"] in ("out", "in") and isinstance(text, str):
        return f"{message['k']} {message['sid']} {message['g']}\n{text}"
    return json.dumps(message, separators=(",", ":"))


def _decode(data: bytes | str) -> dict[str, Any]:
    raw = data.decode() if isinstance(data, bytes) else data
    if raw.startswith("{"):
        message: dict[str, Any] = json.loads(raw)
        return message
    header, _, text = raw.partition("\n")
    kind, sid, gen = header.split(" ")
    return {"k": kind, "sid": sid, "g": int(gen), "text": text}


def _node_of(sid: str) -> str:
    return sid.rsplit("/", 1)[0]
