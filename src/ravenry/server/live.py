"""Games being played: one :class:`LiveGame` per game, the only writer of its state.

Every action, a person's or a bot's, takes the same path under the game's lock: the seat must be
among those deciding, the rules apply it to a clone (an :class:`IllegalAction` is refused with its
reason and nothing changes), the action row is **committed**, and only then does the clone become
the game's state, the actor get its ``ack`` and every viewer an ``ev`` with its own projection
(``observe(seat)`` and ``Event.view(seat)``). A failed commit refuses the action (``storage``)
and the state stays as it was. Bots are tasks armed after every commit (and at start-up), which
see only their seat's view and legal actions. A bot thinks in the hub's bot pool
(``bot_workers``: worker processes), never on the event loop and never holding the game's lock:
its turn takes a snapshot of the game under the lock, awaits the pool's answer, and applies it
under the lock only if the game is still at the same ``seq`` and the seat still a bot's (else
it thinks again on the game as it is). One bot of a game thinks at a time (``bot_lock``).

Chat takes the same care: a line is cleaned (``messages.clean_chat_text``), committed to the
``chat`` table, and only then sent to every viewer; a welcome carries the last lines, read back
from storage when a game is restored. The host may mute spectators (kept with the game).
Clocks (``clocks``): with a ``clock`` option every person deciding has an absolute deadline, kept
in memory and committed in the same transaction as each action. One watcher task per game
sleeps on the injected wall clock until the earliest deadline; then a stand-in bot that sees
only that seat's view makes the seat's choice (in the bot pool, checked against ``seq`` like a
bot's move), committed like any move (cid ``~timeout:<seq>``). After
``away_after`` timeouts in a row the seat is away: no clock, a bot plays it (cid ``~away:<seq>``)
until its person sends ``takeover``. Cids starting with ``~`` are the server's own.

Frames go to a connection through its own bounded queue, filled under the game's lock, so every
viewer sees them in ``seq`` order and a slow socket never holds the lock.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from ravenry.bots.base import Bot, bot_from_spec, bot_kinds
from ravenry.core.errors import (
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    game_over,
    not_your_turn,
)
from ravenry.core.protocol import Event, Game, GameState
from ravenry.core.record import GameRecord, replay_to
from ravenry.core.registry import declaration
from ravenry.core.rng import Rng
from ravenry.server.bot_workers import BotJob, BotPool, make_job
from ravenry.server.clocks import (
    DEFAULT_AWAY_AFTER,
    NO_CLOCK,
    ClockSpec,
    SeatClock,
    SystemClock,
    WallClock,
    table_options,
)
from ravenry.server.limits import TokenBucket
from ravenry.server.messages import clean_chat_text
from ravenry.server.options import level_of
from ravenry.server.storage import ChatRow, GameRow, SeatClockRow, SeatRow, Storage, record_json

log = logging.getLogger("ravenry.server")

LOG_IN_WELCOME = 200
CHAT_IN_WELCOME = 50
OUTBOX_LIMIT = 2000  # frames waiting for a slow socket before it is dropped (it reconnects)
CLOSE = None  # the sentinel that tells a connection's writer to close the socket
TIMEOUT_CID = "~timeout:"  # the cid of a timeout action (then its seq); clients cannot send "~"
AWAY_CID = "~away:"  # the cid of a bot's action for an away seat
STAND_IN_BOTS = ("greedy", "random")  # the bot that makes a timed-out seat's choice: first found


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def invite_link(game_id: str, seat: int, token: str) -> str:
    return f"/play/{game_id}#seat={seat}&token={token}"


def dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


class Connection:
    """One viewer's socket as the game sees it: a seat (None: spectator) and an outbox."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            log.warning("dropping a connection that does not read its frames")
            self.close()
            return
        self.outbox.put_nowait(text)

    def close(self, error: dict[str, Any] | None = None) -> None:
        if self.closed:
            return
        if error is not None:
            self.outbox.put_nowait(dumps(error))
        self.closed = True
        self.outbox.put_nowait(CLOSE)


@dataclass
class Seat:
    seat: int
    kind: str  # human | bot
    bot_spec: str | None
    name: str
    token_hash: str | None
    claimed: bool
    bot: Bot | None = None
    rng: Rng | None = None
    clock: SeatClock = field(default_factory=SeatClock)
    level: str | None = None  # the level (easy, medium, hard) the bot's spec is, if any

    @classmethod
    def from_row(cls, row: SeatRow, game_id: str) -> Seat:
        return cls(
            seat=row.seat,
            kind=row.kind,
            bot_spec=row.bot,
            name=row.name,
            token_hash=row.token_hash,
            claimed=row.claimed_at is not None or row.kind == "bot",
            clock=SeatClock(row.clock_deadline, row.clock_bank, row.timeouts, row.away),
            level=level_of(row.bot, game_id),
        )

    def public(self, connected: bool) -> dict[str, Any]:
        """The seat as the lobby and every viewer see it (the one public summary of a seat)."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot_spec,
            "level": self.level,
            "name": self.name,
            "connected": connected,
            "away": self.clock.away,
        }


@dataclass
class LogEntry:
    seq: int
    by: int | None
    events: list[Event]
    timeout: bool = False  # the seat's clock ran out and a stand-in bot chose for it

    def frame(self, seat: int | None) -> dict[str, Any]:
        frame = {"t": "ev", "seq": self.seq, "by": self.by, "events": [e.view(seat) for e in self.events]}
        if self.timeout:
            frame["timeout"] = True
        return frame


@dataclass
class Outcome:
    """What happened to one submitted action: an ack (``seq``) or a reject (``code``, ``reason``)."""

    seq: int
    code: str | None = None
    reason: str = ""
    resend_welcome: bool = False

    def message(self, cid: str | None) -> dict[str, Any]:
        if self.code is None:
            return {"t": "ack", "cid": cid, "seq": self.seq}
        return {"t": "reject", "cid": cid, "code": self.code, "reason": self.reason, "seq": self.seq}


@dataclass
class LiveGame:
    id: str
    game: Game[Any, Any]
    state: GameState
    seats: list[Seat]
    storage: Storage
    bot_delay: float
    status: str
    seq: int = 0
    host_token_hash: str = ""
    cids: dict[tuple[int, str], int] = field(default_factory=dict)
    # The last actions' events, for the log in a welcome; older ones are in storage (and every
    # Event kept is an object the garbage collector walks).
    history: deque[LogEntry] = field(default_factory=lambda: deque(maxlen=LOG_IN_WELCOME))
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    bot_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one bot thinks at a time
    bot_choices_dropped: int = 0  # choices thought on a position the game had left (and redone)
    # Where bots think (the hub's, shared by every game): worker processes, off the event loop.
    bot_pool: BotPool = field(default_factory=lambda: BotPool(0))
    broken_bots: set[int] = field(default_factory=set)
    chat_log: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_IN_WELCOME))
    chat_count: int = 0  # lines stored so far (the next one is chat_count + 1)
    chat_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one line stored at a time
    spectators_muted: bool = False  # the host's switch, kept in the games row
    on_idle: Callable[[LiveGame], None] | None = None
    # Presence changes within this many seconds go out as one frame, and only if seats changed.
    presence_delay: float = 0.0
    presence_pending: asyncio.Handle | None = None
    presence_sent: list[dict[str, Any]] | None = None
    # Every spectator of this game shares one chat budget (they have no seat to answer for).
    spectator_chat: TokenBucket = field(default_factory=lambda: TokenBucket(0, 1))
    # The rematch once someone asked for it: its id and each person's seat token (memory only).
    rematch: tuple[str, dict[int, str]] | None = None
    # Clocks: the game's clock, the timeouts in a row that make a seat away, the wall clock read.
    clock_spec: ClockSpec = NO_CLOCK
    away_after: int = DEFAULT_AWAY_AFTER
    wall: WallClock = field(default_factory=SystemClock)
    clocks_current: bool = True  # False: the stored clocks predate the last action (a crash)
    clock_task: asyncio.Task[None] | None = None

    # -- building -------------------------------------------------------------------------------
    @classmethod
    def restore(cls, row: GameRow, storage: Storage, bot_delay: float) -> LiveGame:
        """The game as its stored config and actions rebuild it (raises if the rules refuse one)."""
        from ravenry.core.registry import get_game

        stored = storage.actions(row.id)
        for n, action in enumerate(stored, start=1):
            if action.seq != n:
                raise ValueError(f"game {row.id}: action seq {action.seq} where {n} was expected")
        # Parsed as any record is (a seat None, the server's own action, is refused as malformed),
        # then replayed through the rules' checked path; the last actions' events make the log.
        record = GameRecord.from_json(record_json(row, stored))
        history: deque[LogEntry] = deque(maxlen=LOG_IN_WELCOME)
        cids: dict[tuple[int, str], int] = {}

        def logged(n: int, events: list[Event]) -> None:
            seat, cid = record.actions[n - 1][0], stored[n - 1].cid
            history.append(LogEntry(n, seat, events, cid is not None and cid.startswith(TIMEOUT_CID)))
            if cid is not None:
                cids[(seat, cid)] = n

        state = replay_to(record, each_step=logged)
        clock_spec, away_after = table_options(row.options)
        live = cls(
            id=row.id,
            game=get_game(row.kind),
            state=state,
            seats=[Seat.from_row(s, row.kind) for s in row.seats],
            storage=storage,
            bot_delay=bot_delay,
            status=row.status,
            seq=len(stored),
            host_token_hash=row.host_token_hash,
            cids=cids,
            history=history,
            spectators_muted=row.spectators_muted,
            clock_spec=clock_spec,
            away_after=away_after,
            clocks_current=row.clock_seq == len(stored),
        )
        live.chat_count = storage.chat_count(row.id)
        live.chat_log.extend(chat_frame(line) for line in storage.recent_chat(row.id, CHAT_IN_WELCOME))
        return live

    # -- who is who -----------------------------------------------------------------------------
    def authenticate(self, token: str | None) -> int | None:
        """The seat whose token this is; None for a spectator (no token). Raises PermissionError."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise PermissionError("this token is not valid for this game (wrong, or revoked)")

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_token_hash, hash_token(token))

    def connected(self, seat: Seat) -> bool:
        if seat.kind == "bot":
            return True
        return any(c.seat == seat.seat and not c.closed for c in self.connections)

    def public_seats(self) -> list[dict[str, Any]]:
        return [s.public(self.connected(s)) for s in self.seats]

    @property
    def result(self) -> dict[str, Any] | None:
        result = self.state.decision().result
        return None if result is None else result.to_json()

    # -- what a viewer gets ---------------------------------------------------------------------
    def _deciding(self, seat: int | None) -> bool:
        decision = self.state.decision()
        return seat is not None and decision.result is None and seat in decision.players

    def _legal(self, seat: int | None) -> tuple[list[Any] | None, list[Any] | None]:
        if not self._deciding(seat):
            return None, None
        assert seat is not None
        if self.seats[seat].clock.away:
            return None, None  # a bot plays it: nothing for the person to click but "take over"
        legal = [self.game.action_to_json(a) for a in self.state.legal_actions(seat)]
        return legal, list(self.state.action_templates(seat))

    def welcome(self, seat: int | None) -> dict[str, Any]:
        legal, templates = self._legal(seat)
        return {
            "t": "welcome",
            "game": self.id,
            "kind": self.game.id,
            "name": self.game.name,
            "renderer": declaration(self.game.id).renderer,  # the JS module that draws it
            "seat": seat,
            "seq": self.seq,
            "view": self.state.observe(seat),
            "legal": legal,
            "templates": templates,
            "seats": self.public_seats(),
            "log": [e.frame(seat) for e in self.history],
            "chat": list(self.chat_log),
            "spectators_muted": self.spectators_muted,
            **({"clocks": self.clocks_json()} if self.clock_spec.on else {}),
            **({"rematch": self.rematch_invite(seat)} if self.rematch_invite(seat) else {}),
        }

    def rematch_invite(self, seat: int | None) -> dict[str, Any] | None:
        """Only a seat's own invite to the rematch, never another's."""
        if self.rematch is None or seat is None or seat not in self.rematch[1]:
            return None
        game_id, seat_tokens = self.rematch
        return {"t": "rematch", "game": game_id, "invite": invite_link(game_id, seat, seat_tokens[seat])}

    def announce_rematch(self) -> None:
        for conn in list(self.connections):
            invite = self.rematch_invite(conn.seat)
            if invite is not None:
                conn.send(invite)

    def _ev(self, entry: LogEntry, seat: int | None) -> str:
        view = self.state.observe(seat, static=False)  # the client keeps the board from welcome
        legal, templates = self._legal(seat)
        frame = entry.frame(seat)
        frame.update(view=view, legal=legal, templates=templates)
        if self.clock_spec.on:
            frame["clocks"] = self.clocks_json()
        return dumps(frame)

    def _broadcast(self, entry: LogEntry) -> None:
        frames: dict[int | None, str] = {}  # one projection per viewer seat, shared by its sockets
        for conn in list(self.connections):
            if conn.closed:
                continue
            if conn.seat not in frames:
                frames[conn.seat] = self._ev(entry, conn.seat)
            conn.send_text(frames[conn.seat])

    async def chat(self, conn: Connection, text: str) -> tuple[str, str] | None:
        """A line of table talk from ``conn``: cleaned, stored, then sent to every viewer.
        Returns a refusal ``(code, reason)``, or None (said, or nothing left to say)."""
        if conn.seat is None and self.spectators_muted:
            return "muted", "the host has muted spectators' chat in this game"
        text = clean_chat_text(text)
        if not text:
            return None
        name = "spectator" if conn.seat is None else self.seats[conn.seat].name
        async with self.chat_lock:
            line = ChatRow(self.chat_count + 1, self.seq, conn.seat, name, text, time.time())
            try:
                await self.storage.call(self.storage.add_chat, self.id, line)
            except Exception as exc:
                log.exception("game %s: could not store chat line %s", self.id, line.n)
                return "storage", f"the message could not be saved, so it was not sent ({type(exc).__name__})"
            self.chat_count = line.n
            frame = chat_frame(line)
            self.chat_log.append(frame)
            message = dumps(frame)
            for other in list(self.connections):
                other.send_text(message)
        return None

    async def mute_spectators(self, muted: bool) -> None:
        """The host's switch: stored first, then every viewer hears of it."""
        await self.storage.call(self.storage.set_spectators_muted, self.id, muted)
        self.spectators_muted = muted
        message = dumps({"t": "chat_mute", "spectators": muted})
        for conn in list(self.connections):
            conn.send_text(message)

    def broadcast_presence(self) -> None:
        """Tell every viewer who is connected, soon: a burst of connects and disconnects (a client
        that reconnects in a loop) becomes one frame, and none if the seats end as they began."""
        if self.presence_pending is not None:
            return
        loop = asyncio.get_running_loop()
        if self.presence_delay > 0:
            self.presence_pending = loop.call_later(self.presence_delay, self._send_presence)
        else:
            self.presence_pending = loop.call_soon(self._send_presence)

    def _send_presence(self) -> None:
        self.presence_pending = None
        seats = self.public_seats()
        if seats == self.presence_sent:
            return
        self.presence_sent = seats
        text = dumps({"t": "presence", "seats": seats})
        for conn in list(self.connections):
            conn.send_text(text)

    # -- connections ----------------------------------------------------------------------------
    async def attach(self, conn: Connection) -> None:
        async with self.lock:
            self.connections.add(conn)
            conn.send(self.welcome(conn.seat))
        if conn.seat is not None and not self.seats[conn.seat].claimed:
            self.seats[conn.seat].claimed = True
            # Decided in memory (one event loop: no race), before the await below (a socket that
            # closes at once may cancel this task there); the database follows in claim_seat.
            if self.status == "open" and all(s.claimed for s in self.seats):
                self.status = "running"
                self.schedule_bots()
                self.start_clocks()
            try:
                await self.storage.call(self.storage.claim_seat, self.id, conn.seat)
            except Exception:
                log.exception("game %s: could not record that seat %s connected", self.id, conn.seat)
        self.broadcast_presence()

    def detach(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.discard(conn)
            self.broadcast_presence()
        self._maybe_idle()

    def _maybe_idle(self) -> None:
        # A finished game nobody watches leaves memory; it is rebuilt from storage if asked for.
        if self.status == "finished" and not self.connections and self.on_idle is not None:
            self.on_idle(self)

    def expire(self) -> None:
        """The game was deleted (open for too long): close every socket on it."""
        self.cancel_bots()
        self.stop_clocks()
        for conn in list(self.connections):
            conn.close(
                {"t": "error", "code": "not_found", "reason": "this game expired before everyone came"}
            )
        self.connections.clear()

    def close_seat(self, seat: int, code: str, reason: str) -> None:
        for conn in list(self.connections):
            if conn.seat == seat:
                conn.close({"t": "error", "code": code, "reason": reason})
                self.connections.discard(conn)

    # -- acting ---------------------------------------------------------------------------------
    async def act(
        self, conn: Connection | None, seat: int | None, cid: str | None, at: int | None, action: Any
    ) -> Outcome:
        """One action from ``seat`` (a person's socket ``conn``, or a bot's): exactly one ack or
        reject goes back to the actor, before any viewer hears of the action."""
        async with self.lock:
            outcome = await self._act_locked(conn, seat, cid, at, action)
        if outcome.code is None:
            self.schedule_bots()
        return outcome

    async def _act_locked(
        self,
        conn: Connection | None,
        seat: int | None,
        cid: str | None,
        at: int | None,
        action: Any,
        origin: str = "person",
    ) -> Outcome:
        """``origin``: person (a socket's act, or a bot seat's), timeout or away (a stand-in bot)."""
        outcome, entry = await self._submit_locked(seat, cid, at, action, origin)
        if conn is not None:
            conn.send(outcome.message(cid))
            if outcome.resend_welcome:
                conn.send(self.welcome(conn.seat))
        if entry is not None:
            self._broadcast(entry)
        return outcome

    async def _submit_locked(
        self, seat: int | None, cid: str | None, at: int | None, action: Any, origin: str = "person"
    ) -> tuple[Outcome, LogEntry | None]:
        if seat is None:
            return Outcome(
                self.seq, "unauthorized", "spectators cannot act; open your seat's invite link"
            ), None
        if origin == "person" and self.seats[seat].clock.away:
            reason = "a bot is playing this seat since its clock ran out; take it back first"
            return Outcome(self.seq, "away", reason), None
        if cid is not None and (seat, cid) in self.cids:
            return Outcome(self.cids[(seat, cid)]), None  # already committed: the same ack again
        decision = self.state.decision()
        # Checked before the position's age, in the words the rules themselves would refuse with.
        if decision.result is not None or seat not in decision.players:
            refusal = game_over() if decision.result is not None else not_your_turn(seat, decision.players)
            return Outcome(self.seq, _refusal_code(refusal), refusal.reason), None
        if at is not None and not decision.simultaneous and at != self.seq:
            reason = f"you acted on position {at}, but the game is at {self.seq}; here is the current one"
            return Outcome(self.seq, "stale", reason, resend_welcome=True), None
        new_state = self.state.clone()
        try:
            events = new_state.apply_json(seat, action)
        except IllegalAction as exc:
            return Outcome(self.seq, _refusal_code(exc), exc.reason), None
        payload = self.game.action_to_json(new_state.history[-1][1])
        result = new_state.decision().result
        seq = self.seq + 1
        # The clocks as they will stand after this action are committed with it (one
        # transaction): a crash never leaves stored clocks that predate a stored action.
        clocks = None
        if self.clock_spec.on:
            running = self.status == "running" and result is None
            clocks = self._clocks_after(new_state, running, seat, origin, payload.get("type") == "undo")
        try:
            await self.storage.append(
                self.id,
                seq,
                seat,
                payload,
                cid,
                None if result is None else result.to_json(),
                None if clocks is None else self._clock_rows(clocks),
            )
        except Exception as exc:
            log.exception("game %s: could not commit action %s", self.id, seq)
            await self._resync_after_failure()
            reason = f"the action could not be saved, so it was not taken ({type(exc).__name__})"
            return Outcome(self.seq, "storage", reason), None
        # Committed: only now does the new state become the game's.
        self.state = new_state
        self.seq = seq
        if cid is not None:
            self.cids[(seat, cid)] = seq
        entry = LogEntry(seq, seat, events, origin == "timeout")
        self.history.append(entry)
        if result is not None:
            self.status = "finished"
            asyncio.get_running_loop().call_soon(self._maybe_idle)
        if clocks is not None:
            went_away = clocks[seat].away and not self.seats[seat].clock.away
            for seat_row, clock in zip(self.seats, clocks, strict=True):
                seat_row.clock = clock
            if went_away:
                self.broadcast_presence()
            self._watch()
        return Outcome(seq), entry

    async def _resync_after_failure(self) -> None:
        """After a failed commit, check that the database did not take the action after all (a
        lost connection after COMMIT): if it holds more actions than memory, rebuild from it."""
        try:
            rows = await self.storage.call(self.storage.actions, self.id)
        except Exception:
            return
        if len(rows) <= self.seq:
            return
        row = await self.storage.call(self.storage.get_game, self.id)
        if row is None:
            return
        fresh = await self.storage.call(LiveGame.restore, row, self.storage, self.bot_delay)
        self.state, self.seq, self.cids, self.history = fresh.state, fresh.seq, fresh.cids, fresh.history
        for conn in list(self.connections):
            conn.send(self.welcome(conn.seat))

    # -- bots -----------------------------------------------------------------------------------
    def schedule_bots(self) -> None:
        if self.status == "open":
            return  # bots wait until every person has arrived
        decision = self.state.decision()
        if decision.result is not None:
            return
        for seat_no in decision.players:
            seat = self.seats[seat_no]
            if not self._bot_plays(seat) or seat_no in self.bot_tasks or seat_no in self.broken_bots:
                continue
            self.bot_tasks[seat_no] = asyncio.get_running_loop().create_task(self._bot_turn(seat_no))

    async def _bot_turn(self, seat_no: int) -> None:
        again = False
        try:
            await asyncio.sleep(self.bot_delay)
            # One bot of a game thinks at a time, as when bots thought under the game's lock: in
            # a simultaneous decision (discards, answers to an offer) each bot sees the choices
            # of those that answered before it, and no bot's thought is wasted on a position
            # another bot is about to change.
            async with self.bot_lock:
                again = await self._bot_move(seat_no)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: bot at seat %s failed", self.id, seat_no)
            self.broken_bots.add(seat_no)
        finally:
            self.bot_tasks.pop(seat_no, None)
        if again:
            self.schedule_bots()

    async def _bot_move(self, seat_no: int) -> bool:
        """One move of the bot at ``seat_no``, thought in the bot pool outside the game's lock;
        returns whether to look for the next bot move (False: nothing to do, or broken)."""
        seat = self.seats[seat_no]
        async with self.lock:
            if not self._deciding(seat_no) or not self._bot_plays(seat):
                return False
            if seat.bot is None or seat.rng is None:
                seat.bot = bot_from_spec(seat.bot_spec or self._stand_in_spec(), self.game.id)
                seat.rng = Rng(secrets.randbits(64))
            bot, seq = seat.bot, self.seq
            # The bot sees only its seat's view and legal actions (bot_decide, in the worker).
            job = make_job(self.state, seat_no, bot, seat.rng)
        answer = await self.bot_pool.decide(job)  # the loop serves everyone else meanwhile
        async with self.lock:
            same = self.seq == seq and seat.bot is bot
            if not same or not self._deciding(seat_no) or not self._bot_plays(seat):
                # The game moved on while the bot thought (a person acted, the clock or a takeover
                # changed who plays the seat): its choice is dropped, unseen, and it thinks again
                # on the game as it is, if it still decides.
                self.bot_choices_dropped += 1
                return True
            # Its choice goes through the very path a person's does.
            if seat.kind == "bot":
                outcome = await self._act_locked(None, seat_no, f"bot-{self.seq}", None, answer.action)
            else:
                cid = f"{AWAY_CID}{self.seq}"
                outcome = await self._act_locked(None, seat_no, cid, None, answer.action, origin="away")
            if outcome.code is None:
                # The bot's memory and generator move on only with a move taken: a dropped or
                # refused choice leaves the seat as it was, so it would choose the same again.
                seat.bot, seat.rng = answer.restore()
                return True
        if outcome.code == "storage":
            await asyncio.sleep(max(self.bot_delay, 0.5))  # the database is down: try again later
            return True
        log.error("game %s: bot at seat %s was refused: %s", self.id, seat_no, outcome.reason)
        self.broken_bots.add(seat_no)
        return False

    def cancel_bots(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        self.bot_tasks.clear()

    def _bot_plays(self, seat: Seat) -> bool:
        return seat.kind == "bot" or seat.clock.away

    def _stand_in_spec(self) -> str:
        kinds = bot_kinds(self.game.id)
        return next((k for k in STAND_IN_BOTS if k in kinds), kinds[0] if kinds else "random")

    # -- clocks ---------------------------------------------------------------------------------
    def clocks_json(self) -> dict[str, Any]:
        """Every seat's clock as all viewers see it: absolute deadlines (seconds since the epoch)
        and the server's ``now``, so a page ticks locally whatever its own clock says."""
        now = self.wall.now()
        decision = self.state.decision()
        waiting = set() if decision.result is not None or self.status != "running" else set(decision.players)
        return {
            **self.clock_spec.to_json(),
            "away_after": self.away_after,
            "now": now,
            "seats": [
                {
                    "seat": s.seat,
                    "timed": s.kind == "human",
                    "deadline": s.clock.deadline,
                    "remaining": s.clock.remaining(self.clock_spec, now),
                    "timeouts": s.clock.timeouts,
                    "away": s.clock.away,
                    "waiting": s.seat in waiting,
                }
                for s in self.seats
            ],
        }

    def _clocks_after(
        self, state: GameState, running: bool, actor: int, origin: str, undo: bool
    ) -> list[SeatClock]:
        """Every seat's clock once ``actor``'s action (which led to ``state``) is committed, as
        copies: the actor's clock stops (a timeout counts toward away; a person's own move resets
        the count; an undo puts the clock back as before the move it took back), then every clock
        is set for the decision in ``state``. The seats take them only after the commit."""
        clocks = [replace(s.clock, before_moves=list(s.clock.before_moves)) for s in self.seats]
        now = self.wall.now()
        clock = clocks[actor]
        if origin == "timeout":
            clock.stop(self.clock_spec, now, timed_out=True)
            clock.timeouts += 1
            if clock.timeouts >= self.away_after:
                clock.away = True
        elif origin == "person" and self.seats[actor].kind == "human":
            clock.timeouts = 0
            clock.moved(self.clock_spec, now, undo)
        self._arm(clocks, state, running, now)
        return clocks

    def _clock_rows(self, clocks: list[SeatClock]) -> list[tuple[int, SeatClockRow]]:
        """The timed seats' clocks as stored (bots have none)."""
        return [
            (s.seat, (c.deadline, c.bank, c.timeouts, c.away))
            for s, c in zip(self.seats, clocks, strict=True)
            if s.kind == "human"
        ]

    def _rearm(self) -> None:
        """Set the seats' clocks for the decision now (see :meth:`_arm`), then watch the earliest
        deadline."""
        clocks = [s.clock for s in self.seats]
        self._arm(clocks, self.state, self.status == "running", self.wall.now())
        self._watch()

    def _arm(self, clocks: list[SeatClock], state: GameState, running: bool, now: float) -> None:
        """Start the clock of every timed seat that decides in ``state`` and has none running;
        stop those that no longer decide (``clocks``: one per seat, changed in place)."""
        decision = state.decision()
        deciding = set(decision.players) if running and decision.result is None else set()
        for seat, clock in zip(self.seats, clocks, strict=True):
            if not (self.clock_spec.on and seat.kind == "human" and not clock.away):
                clock.deadline = None
                continue
            if clock.deadline is not None and seat.seat not in deciding:
                clock.stop(self.clock_spec, now)
            elif clock.deadline is None and seat.seat in deciding:
                clock.start(self.clock_spec, now)

    def _watch(self, at: float | None = None) -> None:
        current = asyncio.current_task()
        if self.clock_task is not None and self.clock_task is not current:
            self.clock_task.cancel()
        self.clock_task = None
        deadlines = [s.clock.deadline for s in self.seats if s.clock.deadline is not None]
        if at is None and not deadlines:
            return
        when = at if at is not None else min(d for d in deadlines if d is not None)
        self.clock_task = asyncio.get_running_loop().create_task(self._wait_for_deadline(when))

    def start_clocks(self) -> None:
        """Set the clocks for the decision now (the game started, or the server did): stored
        deadlines hold; if they predate the last action (a crash between that commit and the
        clocks' save) every seat deciding now starts afresh."""
        if not self.clock_spec.on or self.status != "running":
            return
        if not self.clocks_current:
            for seat in self.seats:
                seat.clock.deadline = None
            self.clocks_current = True
        self._rearm()
        self._broadcast_clocks()
        asyncio.get_running_loop().create_task(self._save_clocks_locked())

    def stop_clocks(self) -> None:
        if self.clock_task is not None:
            self.clock_task.cancel()
            self.clock_task = None

    async def _save_clocks_locked(self) -> None:
        async with self.lock:
            await self._save_clocks()

    async def _save_clocks(self) -> None:
        if not self.clock_spec.on:
            return
        rows = self._clock_rows([s.clock for s in self.seats])
        try:
            await self.storage.call(self.storage.save_clocks, self.id, self.seq, rows)
        except Exception:
            # The action itself is committed; after a restart the clocks start afresh (clock_seq).
            log.exception("game %s: could not save the clocks after seq %s", self.id, self.seq)

    def _broadcast_clocks(self) -> None:
        text = dumps({"t": "clocks", "clocks": self.clocks_json(), "seats": self.public_seats()})
        for conn in list(self.connections):
            conn.send_text(text)

    async def _wait_for_deadline(self, when: float) -> None:
        await self.wall.sleep_until(when)
        if self.clock_task is asyncio.current_task():
            self.clock_task = None
        await self.fire_timeouts()

    async def fire_timeouts(self) -> int:
        """Make the choice of every seat whose deadline has passed (earliest first), each one an
        action of its own; returns how many were committed. The stand-in bot thinks in the bot
        pool, outside the game's lock: if the game moves on meanwhile (the person acted at the
        last moment), its choice is dropped and the deadlines are looked at again."""
        fired = 0
        while True:
            async with self.lock:
                now = self.wall.now()
                due = [
                    s
                    for s in self.seats
                    if s.clock.deadline is not None and s.clock.deadline <= now and self._deciding(s.seat)
                ]
                if not due:
                    break
                seat = min(due, key=lambda s: (s.clock.deadline or 0.0, s.seat))
                seq = self.seq
                job = self._stand_in_job(seat)
            action = await self._stand_in_choice(seat, job)
            async with self.lock:
                deadline = seat.clock.deadline
                if self.seq != seq or not self._deciding(seat.seat) or deadline is None or deadline > now:
                    continue  # the game or the seat's clock moved on while the stand-in thought
                try:
                    outcome = await self._timeout_locked(seat, action)
                except Exception:
                    log.exception("game %s: the timeout of seat %s failed", self.id, seat.seat)
                    outcome = Outcome(self.seq, "internal", "the timeout failed")
                if outcome.code is not None:
                    reason = outcome.reason
                    log.error("game %s: the timeout of seat %s failed: %s", self.id, seat.seat, reason)
                    self._watch(at=now + 1.0)  # try again in a second (the database may be down)
                    break
                fired += 1
        if fired:
            self.schedule_bots()
        return fired

    def _stand_in_job(self, seat: Seat) -> BotJob | None:
        # The stand-in sees only this seat's view and legal actions, like any bot (bot_decide).
        try:
            stand_in = bot_from_spec(self._stand_in_spec(), self.game.id)
            return make_job(self.state, seat.seat, stand_in, Rng(secrets.randbits(64)))
        except Exception:
            log.exception("game %s: could not ask a stand-in bot for seat %s", self.id, seat.seat)
            return None

    async def _stand_in_choice(self, seat: Seat, job: BotJob | None) -> Any:
        """The stand-in's action (JSON), or None if it failed: a failing stand-in must not stop
        the clock (the game would wait for ever), so the seat's first legal action is taken."""
        if job is None:
            return None
        try:
            return (await self.bot_pool.decide(job)).action
        except Exception:
            log.exception("game %s: the stand-in bot failed for seat %s", self.id, seat.seat)
            return None

    async def _timeout_locked(self, seat: Seat, action: Any) -> Outcome:
        if action is None:
            action = self.game.action_to_json(self.state.legal_actions(seat.seat)[0])
        cid = f"{TIMEOUT_CID}{self.seq}"
        return await self._act_locked(None, seat.seat, cid, None, action, origin="timeout")

    async def take_over(self, conn: Connection) -> dict[str, Any] | None:
        """The person of an away seat takes it back: the bot stops, the clock starts again.
        Returns a reject message if there is nothing to take back."""
        seat_no = conn.seat
        if seat_no is None:
            return {"t": "reject", "cid": None, "code": "unauthorized", "reason": "spectators have no seat"}
        async with self.lock:
            seat = self.seats[seat_no]
            if not seat.clock.away:
                reason = "this seat is yours already"
                return {"t": "reject", "cid": None, "code": "not_away", "reason": reason}
            seat.clock.away = False
            seat.clock.timeouts = 0
            task = self.bot_tasks.pop(seat_no, None)
            if task is not None:
                task.cancel()
            seat.bot = seat.rng = None
            self._rearm()
            await self._save_clocks()
            for other in list(self.connections):
                if other.seat == seat_no:
                    other.send(self.welcome(seat_no))
            self._broadcast_clocks()
        self.broadcast_presence()
        return None


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


def _refusal_code(exc: IllegalAction) -> str:
    if isinstance(exc, MalformedAction):
        return "bad_message"
    if isinstance(exc, NotYourTurn):
        return "not_your_turn"
    if isinstance(exc, GameOver):
        return "game_over"
    return "illegal"
