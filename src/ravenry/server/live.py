"""Games being played: one :class:`LiveGame` per game, the only writer of its state.

Every action, a person's or a bot's, takes the same path under the game's lock: the seat must be
among those deciding, the rules apply it to a clone (an :class:`IllegalAction` is refused with its
reason and nothing changes), the action row is **committed**, and only then does the clone become
the game's state, the actor get its ``ack`` and every viewer an ``ev`` with its own projection
(``observe(seat)`` and ``Event.view(seat)``). A failed commit refuses the action (``storage``)
and the state stays as it was. Cids starting with ``~`` are the server's own.

A live game keeps who is who, its viewers, the act-and-commit path and the frames to every
viewer; it holds three parts, each reaching back into it through a small Protocol of its own:

- ``timekeeper`` (:class:`~ravenry.server.timekeeper.Timekeeper`): with a ``clock`` option, the
  seats' deadlines (committed in the same transaction as each action), the watcher of the
  earliest one, the timeouts a stand-in bot makes, away seats and the clocks' saves;
- ``bot_turns`` (:class:`~ravenry.server.bot_turns.BotTurns`): the moves of bot seats and away
  seats, thought in the hub's bot pool off the event loop and outside the lock;
- ``chat`` (:class:`~ravenry.server.chat.Chat`): table talk, stored before anyone hears it.

Frames go to a connection through its own bounded queue, filled under the game's lock, so every
viewer sees them in ``seq`` order and a slow socket never holds the lock.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import InitVar, dataclass, field
from typing import Any, Literal

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
from ravenry.server.alerts.waits import WaitStarts
from ravenry.server.bot_turns import BotTurns
from ravenry.server.bot_workers import BotPool
from ravenry.server.chat import Chat, chat_frame
from ravenry.server.clocks import DEFAULT_AWAY_AFTER, NO_CLOCK, ClockSpec, table_options
from ravenry.server.storage import GameRow, Storage, record_json
from ravenry.server.table import Outcome, Seat, dumps
from ravenry.server.timekeeper import TIMEOUT_CID, Timekeeper

# The names other modules import from here; Seat, Outcome and chat_frame live with the parts
# that share them (table, chat).
__all__ = [
    "OUTBOX_LIMIT",
    "Connection",
    "LiveGame",
    "LogEntry",
    "Outcome",
    "Seat",
    "chat_frame",
    "hash_token",
    "invite_link",
    "new_token",
]

log = logging.getLogger("ravenry.server")

# What a change told to a game's listeners was: the hub holds the game now (made, restored or
# taken over), everyone came and it began, an action was committed, the action that ended it was.
Change = Literal["held", "started", "moved", "finished"]
GameListener = Callable[["LiveGame", Change], None]

LOG_IN_WELCOME = 200
OUTBOX_LIMIT = 2000  # frames waiting for a slow socket before it is dropped (it reconnects)
CLOSE = None  # the sentinel that tells a connection's writer to close the socket


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def invite_link(game_id: str, seat: int, token: str) -> str:
    return f"/play/{game_id}#seat={seat}&token={token}"


class Connection:
    """One viewer's socket as the game sees it: a seat (None: spectator) and an outbox."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        # Whether the page is visible (the play page says when it changes): turn alerts are not
        # sent to a seat looking at its game. A client that never says counts as looking.
        self.visible = True

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
    # Where bots think (the hub's, shared by every game): worker processes, off the event loop.
    bot_pool: BotPool = field(default_factory=lambda: BotPool(0))
    on_idle: Callable[[LiveGame], None] | None = None
    # Who hears of each committed change (the hub's list: "Your games", ratings, turn alerts).
    listeners: Sequence[GameListener] = ()
    # Presence changes within this many seconds go out as one frame, and only if seats changed.
    presence_delay: float = 0.0
    presence_pending: asyncio.Handle | None = None
    presence_sent: list[dict[str, Any]] | None = None
    # The rematch once someone asked for it: its id and each person's seat token (memory only).
    rematch: tuple[str, dict[int, str]] | None = None
    # Since when each deciding seat decides (its wait's name; the turn alerts read it).
    waits: WaitStarts = field(default_factory=WaitStarts)
    # The parts' starting points (the parts keep them): the clock, the timeouts in a row that
    # make a seat away, whether the stored clocks are those of the last action (False after a
    # crash between the two), the spectators' mute.
    clock_spec: InitVar[ClockSpec] = NO_CLOCK
    away_after: InitVar[int] = DEFAULT_AWAY_AFTER
    clocks_current: InitVar[bool] = True
    spectators_muted: InitVar[bool] = False
    bot_turns: BotTurns = field(init=False, repr=False, compare=False)
    timekeeper: Timekeeper = field(init=False, repr=False, compare=False)
    chat: Chat = field(init=False, repr=False, compare=False)

    def __post_init__(
        self, clock_spec: ClockSpec, away_after: int, clocks_current: bool, spectators_muted: bool
    ) -> None:
        self.bot_turns = BotTurns(self)
        # Timeouts committed may give a bot the move (the seat went away, or a bot decides next).
        self.timekeeper = Timekeeper(self, clock_spec, away_after, clocks_current, self.bot_turns.schedule)
        self.chat = Chat(self, spectators_muted)

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

        waits = WaitStarts()
        state = replay_to(record, each_step=logged, each_state=waits.see)
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
            waits=waits,
            spectators_muted=row.spectators_muted,
            clock_spec=clock_spec,
            away_after=away_after,
            clocks_current=row.clock_seq == len(stored),
        )
        live.chat.load()
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

    def rename_seat(self, seat: int, name: str) -> None:
        """Seat ``seat`` is called ``name`` now (its account was deleted: "deleted player"), in
        the seats and the chat every viewer is sent; storage already reads it so."""
        self.seats[seat].name = name
        self.chat.rename(seat, name)
        self.broadcast_presence()

    @property
    def result(self) -> dict[str, Any] | None:
        result = self.state.decision().result
        return None if result is None else result.to_json()

    # -- what a viewer gets ---------------------------------------------------------------------
    def deciding(self, seat: int | None) -> bool:
        decision = self.state.decision()
        return seat is not None and decision.result is None and seat in decision.players

    def _legal(self, seat: int | None) -> tuple[list[Any] | None, list[Any] | None]:
        if not self.deciding(seat):
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
            "chat": list(self.chat.recent),
            "spectators_muted": self.chat.spectators_muted,
            **({"clocks": self.timekeeper.json()} if self.timekeeper.on else {}),
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
        if self.timekeeper.on:
            frame["clocks"] = self.timekeeper.json()
        return dumps(frame)

    def _broadcast(self, entry: LogEntry) -> None:
        frames: dict[int | None, str] = {}  # one projection per viewer seat, shared by its sockets
        for conn in list(self.connections):
            if conn.closed:
                continue
            if conn.seat not in frames:
                frames[conn.seat] = self._ev(entry, conn.seat)
            conn.send_text(frames[conn.seat])

    def send_to_all(self, text: str) -> None:
        """One frame, the same for every viewer (chat, clocks, presence)."""
        for conn in list(self.connections):
            conn.send_text(text)

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
        self.send_to_all(dumps({"t": "presence", "seats": seats}))

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
                self.bot_turns.schedule()
                self.timekeeper.start()
                self.tell("started")
            try:
                await self.storage.call(self.storage.claim_seat, self.id, conn.seat)
            except Exception:
                log.exception("game %s: could not record that seat %s connected", self.id, conn.seat)
        self.broadcast_presence()

    def tell(self, change: Change) -> None:
        """Tell the listeners of a committed change, who decides brought up to date first. They
        only take note (the caller may hold the lock); a listener's failure never costs a move."""
        if self.waits.seq != self.seq:
            self.waits.see(self.seq, self.state)
        for listener in self.listeners:
            try:
                listener(self, change)
            except Exception:
                log.exception("game %s: a listener failed to take note (%s)", self.id, change)

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
        self.bot_turns.cancel()
        self.timekeeper.stop()
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
            self.bot_turns.forget(seat)
            self.timekeeper.take_back(seat)
            await self.timekeeper.save()
            for other in list(self.connections):
                if other.seat == seat_no:
                    other.send(self.welcome(seat_no))
            self.timekeeper.broadcast()
        self.broadcast_presence()
        return None

    # -- acting ---------------------------------------------------------------------------------
    async def act(
        self, conn: Connection | None, seat: int | None, cid: str | None, at: int | None, action: Any
    ) -> Outcome:
        """One action from ``seat`` (a person's socket ``conn``, or a bot's): exactly one ack or
        reject goes back to the actor, before any viewer hears of the action."""
        async with self.lock:
            outcome = await self._act_locked(conn, seat, cid, at, action)
        if outcome.code is None:
            self.bot_turns.schedule()
        return outcome

    async def act_for_seat_locked(self, seat: int, cid: str, action: Any, origin: str) -> Outcome:
        """A move the server makes for ``seat`` (its bot, a stand-in on a timeout, the bot of an
        away seat), under the game's lock held by the caller: a person's path, with no socket."""
        return await self._act_locked(None, seat, cid, None, action, origin)

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
        if self.timekeeper.on:
            running = self.status == "running" and result is None
            undo = payload.get("type") == "undo"
            clocks = self.timekeeper.after_action(new_state, running, seat, origin, undo)
        try:
            await self.storage.append(
                self.id,
                seq,
                seat,
                payload,
                cid,
                None if result is None else result.to_json(),
                None if clocks is None else self.timekeeper.rows(clocks),
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
        if clocks is not None and self.timekeeper.commit(clocks, seat):
            self.broadcast_presence()  # the actor went away: a bot plays the seat now
        self.tell("moved" if result is None else "finished")
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


def _refusal_code(exc: IllegalAction) -> str:
    if isinstance(exc, MalformedAction):
        return "bad_message"
    if isinstance(exc, NotYourTurn):
        return "not_your_turn"
    if isinstance(exc, GameOver):
        return "game_over"
    return "illegal"
