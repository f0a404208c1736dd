"""The lobby: what the HTTP API asks of the games, answered or refused with an :class:`ApiError`.

The hub owns one (``hub.lobby``); app.py only reads requests and routes them here. Making a game
checks the request against the game's own rules for players, seats, bots and options, draws the
seed (``secrets``; ``--fixed-seed`` for tests) and gives every person's seat a token, stored
hashed; a finished game's rematch is made once, at the first ask, with the same table. Then the
game list and summaries, the host's revoking of a seat's invite and muting of spectators' chat,
and a finished game's record and replay steps (rebuilt by the protocol's
:func:`~ravenry.core.record.replay_to`). In a cluster the operations that change a live game
(revoke, mute, rematch) run on the process that plays it (app.py routes them there).

What the lobby needs of the hub is named by :class:`LobbyHost` (the hub is one), so the two
modules do not import each other.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from ravenry.core.errors import IllegalAction
from ravenry.core.record import GameRecord, replay_to
from ravenry.server.bot_workers import BotPool
from ravenry.server.clocks import TABLE_OPTIONS, check_rated, table_options
from ravenry.server.clocks import option_specs as table_option_specs
from ravenry.server.limits import Limits
from ravenry.server.live import LiveGame, Seat, chat_frame, hash_token, invite_link, new_token
from ravenry.server.messages import CreateGame
from ravenry.server.options import bot_levels, check_bot_spec, check_game_options, level_of, resolve_bot
from ravenry.server.rematches import open_sealed, seal
from ravenry.server.storage import GameRow, SeatRow, Storage, record_json

if TYPE_CHECKING:
    from ravenry.core.protocol import Event, GameState

__all__ = ["SERVER_OPTIONS", "ApiError", "Lobby", "too_many_games"]

# Options the server sets itself: a keyed RNG keeps a seat from steering the dice by its choices.
SERVER_OPTIONS = frozenset({"rng"})
CHAT_PER_REPLAY_STEP = 200  # chat lines a replay step shows (those said at that position)
REPLAY_LOG_STEPS = 60  # the steps whose log lines a replay step shows (those up to it)
CHAPTERS_KEPT = 256  # finished games whose chapters are kept in memory (the oldest go first)
GAME_STATUSES = ("open", "running", "finished")


log = logging.getLogger("ravenry.server")


class ApiError(Exception):
    """A refused request: its HTTP status, a stable ``code`` and a short ``reason``."""

    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status, self.code, self.reason = status, code, reason


def too_many_games(limits: Limits) -> ApiError:
    """The refusal of a new game (made or a rematch) over the address's hourly budget."""
    return ApiError(
        429, "rate_limited", f"at most {limits.creates_per_hour:g} new games an hour from one address"
    )


class LobbyHost(Protocol):
    """What the lobby reads and calls of the hub (:class:`~ravenry.server.hub.Hub`) that owns it."""

    storage: Storage
    bot_pool: BotPool
    limits: Limits
    bot_delay: float
    fixed_seed: int | None
    games: dict[str, LiveGame]
    # Rematches asked for: old game id → (new game id, each person's seat token).
    rematches: dict[str, tuple[str, dict[int, str]]]
    rematch_secret: str | None
    claim: Callable[[str], Awaitable[bool]] | None

    def add(self, live: LiveGame) -> None: ...

    async def live(self, game_id: str) -> LiveGame | None: ...

    async def stored_rematch(self, game_id: str) -> None: ...


class Lobby:
    """The lobby's operations on the games the hub holds and stores."""

    def __init__(self, hub: LobbyHost) -> None:
        self.hub = hub
        self._create_lock = asyncio.Lock()  # one game drawn and stored at a time (fixed seeds count games)
        # Analyses being worked out in the bot pool, by game id (one at a time per game).
        self._analysing: dict[str, asyncio.Task[None]] = {}
        # Each finished game's chapters (a replay's jumps), worked out once: game id -> marks.
        self._chapters: dict[str, list[dict[str, Any]]] = {}

    # -- finding --------------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        """Every game the server offers: players, options (the table's too), bots and levels, the
        renderer, the seats and the action kinds."""
        from ravenry.bots.base import bot_kinds
        from ravenry.core.registry import declarations

        games = []
        for declared in declarations():
            game, game_id = declared.game, declared.id
            games.append(
                {
                    "id": game.id,
                    "name": game.name,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "options": [o for o in game.option_specs() if o["name"] not in SERVER_OPTIONS]
                    + table_option_specs(),
                    "bots": bot_kinds(game_id),
                    # What a person picks: easy, medium, hard, each with the spec it seats.
                    "levels": bot_levels(game_id),
                    # The JS module whose default export draws it (play.js loads it).
                    "renderer": declared.renderer,
                    # What each seat is, by table size (a house and its colours), if the game says.
                    "seats": None
                    if declared.seats is None
                    else {str(n): declared.seats(n) for n in range(game.min_players, game.max_players + 1)},
                    # Every action kind with its fields and the game's facts of it: the page's
                    # names for the actions come from here, not from a copy in a script.
                    "actions": declared.action_kinds(),
                }
            )
        return {"games": games}

    async def games(self, status: str | None) -> dict[str, Any]:
        if status is not None and status not in GAME_STATUSES:
            raise ApiError(400, "bad_status", "status must be open, running or finished")
        rows = await self.hub.storage.call(self.hub.storage.list_games, status)
        return {"games": [self.summary(row) for row in rows]}

    async def row(self, game_id: str) -> GameRow:
        row = await self.hub.storage.call(self.hub.storage.get_game, game_id)
        if row is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        return row

    async def summary_of(self, game_id: str) -> dict[str, Any]:
        return self.summary(await self.row(game_id))

    def summary(self, row: GameRow) -> dict[str, Any]:
        """The game as the lobby shows it: from memory if it is held (presence is live), else as
        stored (a bot is always there, a person is not)."""
        live = self.hub.games.get(row.id)
        if live is not None:
            seats = live.public_seats()
            status, seq, result = live.status, live.seq, live.result
        else:
            seats = [Seat.from_row(s, row.kind).public(connected=s.kind == "bot") for s in row.seats]
            status, seq, result = row.status, row.seq, row.result
        return {
            "id": row.id,
            "game": row.kind,
            "players": row.players,
            "status": status,
            "seats": seats,
            "created_at": datetime.fromtimestamp(row.created_at, UTC).isoformat(timespec="seconds"),
            "seq": seq,
            "result": result,
        }

    async def _live(self, game_id: str) -> LiveGame:
        live = await self.hub.live(game_id)
        if live is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        return live

    # -- the host's and the seats' requests -------------------------------------------------------
    async def revoke(self, game_id: str, seat: int, token: str) -> dict[str, Any]:
        """A new token for a person's seat (the host's): whoever held the old one is closed out."""
        live = await self._live(game_id)
        if not live.is_host(token):
            raise ApiError(403, "forbidden", "only the host token may revoke a seat")
        if not 0 <= seat < len(live.seats):
            raise ApiError(404, "not_found", f"no seat {seat} in this game")
        if live.seats[seat].kind != "human":
            raise ApiError(400, "bad_seat", f"seat {seat} is a bot; it has no token")
        fresh = new_token()
        digest = hash_token(fresh)
        await self.hub.storage.call(self.hub.storage.set_token_hash, game_id, seat, digest)
        live.seats[seat].token_hash = digest
        live.close_seat(seat, "revoked", "this seat's invite was revoked by the host")
        live.broadcast_presence()
        return {"invite": invite_link(game_id, seat, fresh)}

    async def mute(self, game_id: str, spectators: bool, token: str) -> dict[str, Any]:
        live = await self._live(game_id)
        if not live.is_host(token):
            raise ApiError(403, "forbidden", "only the host (the game's creator) may mute spectators")
        await live.chat.mute_spectators(spectators)
        return {"spectators_muted": live.chat.spectators_muted}

    async def rematch(self, game_id: str, token: str, may_create: bool) -> dict[str, Any]:
        """The one rematch of a finished game (made at the first ask, the same game after), for
        the host or a seat (``token``); ``may_create``: whether the asker's address may make one
        more game. The host (of both games: the host token carries over) gets every invite; a
        seat gets only its own, and every other person hears of theirs on their socket
        (``{"t":"rematch"}``)."""
        hub = self.hub
        old = await self._live(game_id)
        as_host = old.is_host(token)
        try:
            seat = None if as_host else old.authenticate(token)
        except PermissionError:
            seat = None
        if not as_host and seat is None:
            raise ApiError(403, "forbidden", "only the host or a seat of this game may ask for a rematch")
        if game_id not in hub.rematches and old.status == "finished" and not may_create:
            raise too_many_games(hub.limits)
        if old.status != "finished":
            raise ApiError(409, "running", "a rematch can be asked for once the game is over")
        await hub.stored_rematch(old.id)
        if old.id not in hub.rematches:
            row = await self.row(old.id)
            seats = [
                {"kind": s.kind, "name": s.name, **({"bot": s.bot} if s.kind == "bot" else {})}
                for s in row.seats
            ]
            request = CreateGame.model_validate(
                {"game": row.kind, "players": row.players, "seats": seats, "options": row.options}
            )
            answer, seat_tokens = await self._create(request, old.host_token_hash)
            made = (answer["id"], seat_tokens)
            if hub.rematch_secret is not None:  # kept for every process; the first one kept wins
                sealed = seal(hub.rematch_secret, answer["id"], seat_tokens)
                kept_id, kept = await hub.storage.call(hub.storage.add_rematch, old.id, answer["id"], sealed)
                made = (kept_id, open_sealed(hub.rematch_secret, kept_id, kept))
            if old.id not in hub.rematches:  # the first of two racing asks wins
                hub.rematches[old.id] = made
        rematch_id, seat_tokens = hub.rematches[old.id]
        old.rematch = hub.rematches[old.id]
        old.announce_rematch()
        shown = seat_tokens if as_host else {seat: seat_tokens[seat]} if seat in seat_tokens else {}
        return _new_game(await self.row(rematch_id), shown)

    # -- a finished game ------------------------------------------------------------------------
    async def record(self, game_id: str) -> dict[str, Any]:
        row = await self.row(game_id)
        _require_finished(row)
        return record_json(row, await self.hub.storage.call(self.hub.storage.actions, game_id))

    async def analysis(self, game_id: str) -> str | None:
        """The finished game's analysis as JSON text (:mod:`ravenry.analysis`), or None while it
        is being worked out: the first ask starts it in the bot worker pool (never on the event
        loop), it is kept with the game, and every later ask reads it from the store. A running
        game has none (no help mid-game, nothing of what a seat cannot see)."""
        from ravenry.analysis import SCHEMA

        storage = self.hub.storage
        row = await self.row(game_id)
        _require_finished(row)
        kept = await storage.call(storage.get_analysis, game_id, SCHEMA)
        if kept is not None:
            return kept
        task = self._analysing.get(game_id)
        if task is not None and task.done():
            del self._analysing[game_id]
            if task.exception() is not None:
                raise ApiError(500, "analysis_failed", "the analysis of this game failed; ask again to retry")
            return await storage.call(storage.get_analysis, game_id, SCHEMA)
        if task is None:
            record = record_json(row, await storage.call(storage.actions, game_id))
            self._analysing[game_id] = asyncio.create_task(self._analyse(game_id, record))
        return None

    async def _analyse(self, game_id: str, record: dict[str, Any]) -> None:
        from ravenry.analysis import SCHEMA

        try:
            result = await self.hub.bot_pool.analyse(record)
        except Exception:
            log.exception("the analysis of game %s failed", game_id)
            raise
        storage = self.hub.storage
        await storage.call(
            storage.add_analysis, game_id, SCHEMA, json.dumps(result, separators=(",", ":")), time.time()
        )

    async def replay_step(self, game_id: str, k: int) -> dict[str, Any]:
        """The finished game after its first ``k`` actions, as a spectator saw it then: the view,
        the last action's events and who took it, the log as it stood then (the spectator's
        events of the steps up to ``k``, never a later one) and the chat said at that position."""
        storage = self.hub.storage
        row = await self.row(game_id)
        _require_finished(row)
        actions = await storage.call(storage.actions, game_id)
        if not 0 <= k <= len(actions):
            raise ApiError(
                404, "out_of_range", f"this game has {len(actions)} actions; ask for 0..{len(actions)}"
            )
        events: list[Event] = []
        # The log as it stood at step k: the spectator's lines of the last steps up to it.
        first = max(1, k - REPLAY_LOG_STEPS + 1)
        log_entries: list[dict[str, Any]] = []

        def heard(n: int, step_events: list[Event]) -> None:
            nonlocal events
            events = step_events
            if n >= first:
                log_entries.append({"seq": n, "events": [e.view(None) for e in step_events]})

        state = replay_to(GameRecord.from_json(record_json(row, actions)), k, heard)
        chat = await storage.call(storage.chat_at, game_id, k, CHAT_PER_REPLAY_STEP)
        return {
            "seq": k,
            "total": len(actions),
            "view": state.observe(None),
            "events": [e.view(None) for e in events],
            "by": actions[k - 1].seat if k else None,
            "chat": [chat_frame(line) for line in chat],
            "log": log_entries,
        }

    async def replay_chapters(self, game_id: str) -> dict[str, Any]:
        """The finished game's length and chapters (:func:`chapters_of`), which a replay jumps
        between; worked out once per game (off the event loop: a long game replays in a
        fraction of a second, still too long to hold every other request) and kept."""
        row = await self.row(game_id)
        _require_finished(row)
        actions = await self.hub.storage.call(self.hub.storage.actions, game_id)
        marks = self._chapters.get(game_id)
        if marks is None:
            record = GameRecord.from_json(record_json(row, actions))
            marks = await asyncio.to_thread(chapters_of, record)
            while len(self._chapters) >= CHAPTERS_KEPT:
                self._chapters.pop(next(iter(self._chapters)))  # the oldest first
            self._chapters[game_id] = marks
        return {"total": len(actions), "chapters": marks}

    # -- creating -------------------------------------------------------------------------------
    async def create(self, request: CreateGame) -> dict[str, Any]:
        """A new game; the answer holds every person's invite and the new host token."""
        answer, _tokens = await self._create(request, None)
        return answer

    async def _create(
        self, request: CreateGame, host_token_hash: str | None
    ) -> tuple[dict[str, Any], dict[int, str]]:
        """The game ``request`` asks for, stored, held and started (a rematch keeps the old
        game's ``host_token_hash``); the answer and every person's seat token."""
        from ravenry.bots.base import UnknownBot
        from ravenry.core.registry import available_games, get_game

        hub = self.hub
        if request.game not in available_games():
            raise ApiError(
                400, "unknown_game", f"no game {request.game!r}; known: {', '.join(available_games())}"
            )
        game = get_game(request.game)
        players = request.players if request.players is not None else len(request.seats)
        if not game.min_players <= players <= game.max_players:
            raise ApiError(
                400,
                "bad_players",
                f"{game.id} is for {game.min_players}-{game.max_players} players, not {players}",
            )
        if len(request.seats) != players:
            raise ApiError(
                400, "bad_seats", f"{players} players need {players} seats, got {len(request.seats)}"
            )
        # The table's options (clock, away_after) are the server's; the rest are the game's.
        game_options = {k: v for k, v in request.options.items() if k not in TABLE_OPTIONS}
        try:
            clock_spec, away_after = table_options(request.options)
            check_game_options(game, game_options, SERVER_OPTIONS)
            check_rated(request.options)
        except ValueError as exc:
            raise ApiError(400, "bad_options", str(exc)) from None
        if sum(1 for seat in request.seats if seat.me) > 1:
            raise ApiError(400, "bad_seats", "at most one seat may be yours ('me')")
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for n, seat in enumerate(request.seats):
            if seat.me and seat.kind != "human":
                raise ApiError(
                    400, "bad_seats", f"seat {n} is a bot; only a person's seat may be yours ('me')"
                )
            if seat.kind == "bot":
                # A level (easy, medium, hard) is stored as its spec for this game.
                spec, level = resolve_bot(seat.bot or "greedy", game.id)
                try:
                    check_bot_spec(spec, game.id)
                except (UnknownBot, ValueError) as exc:
                    raise ApiError(400, "bad_bot", f"seat {n}: {exc}") from None
                name = (seat.name or "").strip() or f"{level or spec} bot"
                seats.append(SeatRow(n, "bot", spec, name, None, None))
            else:
                if seat.bot is not None:
                    raise ApiError(400, "bad_seats", f"seat {n} is human but names a bot")
                tokens[n] = new_token()
                name = (seat.name or "").strip() or f"Player {n + 1}"
                seats.append(SeatRow(n, "human", None, name, hash_token(tokens[n]), None))
        async with self._create_lock:
            if hub.fixed_seed is None:
                seed = secrets.randbits(63)
            else:  # tests only: the k-th game this database holds gets seed N + k
                seed = hub.fixed_seed + await hub.storage.call(hub.storage.count_games)
            try:
                config = game.make_config(players=players, seed=seed, **game_options, **_server_options(game))
            except (IllegalAction, ValueError) as exc:
                raise ApiError(400, "bad_options", _reason(exc)) from None
            except TypeError:  # never echo Python's own wording (function names, keywords)
                raise ApiError(400, "bad_options", "these options do not make a game") from None
            host_token = new_token()
            row = GameRow(
                id=secrets.token_urlsafe(9),
                kind=game.id,
                players=players,
                config=config.to_json(),
                options=dict(request.options),
                seed=seed,
                status="open" if tokens else "running",
                result=None,
                seq=0,
                host_token_hash=host_token_hash or hash_token(host_token),
                created_at=time.time(),
                seats=seats,
            )
            state = game.new_state(config)
            await hub.storage.call(hub.storage.create_game, row)
            if hub.claim is not None:
                await hub.claim(row.id)  # a new game belongs to the process that made it
        hub.add(
            LiveGame(
                id=row.id,
                game=game,
                state=state,
                seats=[Seat.from_row(s, game.id) for s in seats],
                storage=hub.storage,
                bot_delay=hub.bot_delay,
                status=row.status,
                host_token_hash=row.host_token_hash,
                clock_spec=clock_spec,
                away_after=away_after,
            )
        )
        answer = _new_game(row, tokens)
        if host_token_hash is None:
            answer["host_token"] = host_token
        return answer, tokens


def _new_game(row: GameRow, tokens: Mapping[int, str]) -> dict[str, Any]:
    """A new game as its maker sees it: every seat, with the invites of the seats in ``tokens``."""
    return {
        "id": row.id,
        "game": row.kind,
        "players": row.players,
        "watch": f"/play/{row.id}",
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "level": level_of(s.bot, row.kind),
                "name": s.name,
                "invite": invite_link(row.id, s.seat, tokens[s.seat]) if s.seat in tokens else None,
            }
            for s in row.seats
        ],
    }


def chapters_of(record: GameRecord) -> list[dict[str, Any]]:
    """Where each chapter of a recorded game begins: ``{"k", "label", "seat"}`` for each change
    of its declaration's ``chapter`` (:class:`~ravenry.core.registry.GameDeclaration`) along the
    replay, ``k`` the step a replay jumps to and ``seat`` the seat the chapter belongs to (a
    turn's player) or None. Empty for a game that declares no chapters. Generic: the game is
    known only through its declaration, never imported by name."""
    from ravenry.core.registry import declaration

    chapter = declaration(record.game).chapter
    marks: list[dict[str, Any]] = []
    if chapter is None:
        return marks

    def each_state(n: int, state: GameState) -> None:
        read = chapter(state)
        label, seat = (read, None) if isinstance(read, str) else read
        if not marks or marks[-1]["label"] != label:
            marks.append({"k": n, "label": label, "seat": seat})

    replay_to(record, None, each_state=each_state)
    return marks


def _require_finished(row: GameRow) -> None:
    if row.status != "finished":
        raise ApiError(
            403, "running", "the record of a game (its seed included) is published only once the game is over"
        )


def _server_options(game: Any) -> dict[str, Any]:
    config_type = type(game.make_config(players=game.min_players))
    names = {f.name for f in dataclasses.fields(config_type)}
    return {"rng": "keyed"} if "rng" in names else {}


def _reason(exc: Exception) -> str:
    reason = getattr(exc, "reason", None)
    return reason if isinstance(reason, str) else str(exc)
