"""The games a server holds, and how they are made and found: the :class:`Hub`.

Every unfinished game is rebuilt by replay at start-up and its bots are re-armed; a finished
game nobody watches leaves memory and is rebuilt from storage when someone asks. Creating a game
checks the request against the game's own rules for players, seats, bots and options, draws the
seed (``secrets``; ``--fixed-seed`` for tests) and gives every person's seat a token, stored
hashed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from ravenry.core.errors import IllegalAction
from ravenry.server.bot_workers import BotPool
from ravenry.server.clocks import TABLE_OPTIONS, SystemClock, WallClock, table_options
from ravenry.server.limits import Limits, TokenBucket
from ravenry.server.live import LiveGame, Seat, hash_token, invite_link, new_token
from ravenry.server.messages import CreateGame
from ravenry.server.options import check_bot_spec, check_game_options, level_of, resolve_bot
from ravenry.server.rematches import open_sealed, seal
from ravenry.server.storage import GameRow, SeatRow, Storage

__all__ = ["SERVER_OPTIONS", "ApiError", "Hub", "invite_link"]

log = logging.getLogger("ravenry.server")

# Options the server sets itself: a keyed RNG keeps a seat from steering the dice by its choices.
SERVER_OPTIONS = frozenset({"rng"})


class ApiError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status, self.code, self.reason = status, code, reason


class Hub:
    """Every game the server holds in memory, and how games are made and found."""

    def __init__(
        self,
        storage: Storage,
        bot_delay: float,
        fixed_seed: int | None,
        limits: Limits | None = None,
        wall: WallClock | None = None,
        bot_pool: BotPool | None = None,
    ) -> None:
        self.storage = storage
        # Where every game's bots think: worker processes off the event loop (bot_workers.py).
        self.bot_pool = bot_pool or BotPool()
        self.wall: WallClock = wall or SystemClock()  # tests pass a ManualClock
        self.bot_delay = bot_delay
        self.fixed_seed = fixed_seed
        self.limits = limits or Limits()
        self.games: dict[str, LiveGame] = {}
        # Rematches asked for (old game → new game id, each person's seat token): in memory, and
        # with a deployment secret also in the database, sealed (rematches.py), for every process.
        self.rematches: dict[str, tuple[str, dict[int, str]]] = {}
        self.rematch_secret: str | None = None
        # Several processes (cluster.py): whether this process owns a game (taking it if nobody
        # does) before it loads or makes one, and what to do when a game leaves memory.
        self.claim: Callable[[str], Awaitable[bool]] | None = None
        self.on_forget: Callable[[str], None] | None = None
        self._load_lock = asyncio.Lock()
        self._create_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self, restore: bool = True) -> None:
        """Migrate, expire the open games, and rebuild every running game (``restore``; in a
        cluster each process takes only its share, see cluster.py)."""
        await self.storage.call(self.storage.migrate)
        expired = await self.storage.call(self.storage.delete_open_games, self._open_cutoff())
        if expired:
            log.info("%d open game(s) expired while the server was down", len(expired))
        # Only games being played are rebuilt now: an open game has no bot moving (they wait for
        # every person), so it is loaded when someone asks for it.
        rows = await self.storage.call(self.storage.unfinished_games) if restore else []
        for row in rows:
            if row.status == "open":
                continue
            try:
                live = await self.storage.call(LiveGame.restore, row, self.storage, self.bot_delay)
            except Exception:
                log.exception("game %s could not be restored; it stays stored but is not played", row.id)
                continue
            self._register(live)
            if live.result is not None and row.status != "finished":
                await self.storage.call(self.storage.mark_finished, row.id, live.result)
                live.status = "finished"
        for live in self.games.values():
            live.schedule_bots()
            live.start_clocks()  # deadlines that passed while the server was down fire now
        log.info("restored %d running game(s)", len(self.games))
        if self.limits.open_game_ttl > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for live in self.games.values():
            live.cancel_bots()
            live.stop_clocks()
        self.bot_pool.close()

    def _open_cutoff(self) -> float:
        ttl = self.limits.open_game_ttl
        return time.time() - ttl if ttl > 0 else float("-inf")

    async def _sweep(self) -> None:
        period = min(max(self.limits.open_game_ttl / 4, 0.05), 60.0)
        while True:
            await asyncio.sleep(period)
            try:
                await self.expire_open_games()
            except Exception:
                log.exception("could not expire open games")

    async def expire_open_games(self) -> int:
        """Delete every game still open (some person never came) after ``open_game_ttl``, and
        close its sockets; returns how many."""
        expired = await self.storage.call(self.storage.delete_open_games, self._open_cutoff())
        for game_id in expired:
            live = self.games.get(game_id)
            if live is not None and live.status == "open":
                live.expire()
                self._forget(live)
        return len(expired)

    def _register(self, live: LiveGame) -> None:
        self.games[live.id] = live
        live.wall = self.wall
        live.bot_pool = self.bot_pool
        live.on_idle = self._forget
        live.presence_delay = self.limits.presence_delay
        per_minute = self.limits.spectator_chat_per_minute
        live.spectator_chat = TokenBucket(per_minute / 60, max(per_minute / 4, 1))
        live.rematch = self.rematches.get(live.id)

    def _forget(self, live: LiveGame) -> None:
        if self.games.get(live.id) is live:
            del self.games[live.id]
            if self.on_forget is not None:
                self.on_forget(live.id)

    async def live(self, game_id: str) -> LiveGame | None:
        if game_id in self.games:
            return self.games[game_id]
        async with self._load_lock:
            if game_id in self.games:
                return self.games[game_id]
            if self.claim is not None and not await self.claim(game_id):
                raise ApiError(409, "elsewhere", "another server process plays this game; try again")
            row = await self.storage.call(self.storage.get_game, game_id)
            if row is None:
                return None
            live = await self.storage.call(LiveGame.restore, row, self.storage, self.bot_delay)
            if self.rematch_secret is not None and live.status == "finished":
                await self._stored_rematch(game_id)
            self._register(live)
            if live.result is not None and row.status != "finished":
                await self.storage.call(self.storage.mark_finished, row.id, live.result)
                live.status = "finished"
            # A running game loaded now (taken over from a process that died): its bots and
            # clocks go on from the database. Nothing to do for an open or a finished one.
            live.schedule_bots()
            live.start_clocks()
            return live

    async def _stored_rematch(self, game_id: str) -> None:
        """The rematch another process made (or this one before a restart), if any."""
        if game_id in self.rematches or self.rematch_secret is None:
            return
        stored = await self.storage.call(self.storage.get_rematch, game_id)
        if stored is not None:
            rematch_id, sealed = stored
            self.rematches[game_id] = (rematch_id, open_sealed(self.rematch_secret, rematch_id, sealed))

    async def row(self, game_id: str) -> GameRow:
        row = await self.storage.call(self.storage.get_game, game_id)
        if row is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        return row

    # -- creating -------------------------------------------------------------------------------
    async def create(self, request: CreateGame) -> dict[str, Any]:
        """A new game; the answer holds every person's invite and the new host token."""
        answer, _tokens = await self._create(request, None)
        return answer

    async def rematch(self, old: LiveGame, token: str) -> dict[str, Any]:
        """The one rematch of a finished game (made at the first ask, the same game after): the
        host (of both games: the host token carries over) gets every invite; a seat gets only its
        own, and every other person hears of theirs on their socket (``{"t":"rematch"}``)."""
        if old.status != "finished":
            raise ApiError(409, "running", "a rematch can be asked for once the game is over")
        as_host = old.is_host(token)
        seat = None if as_host else old.authenticate(token)
        await self._stored_rematch(old.id)
        if old.id not in self.rematches:
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
            if self.rematch_secret is not None:  # kept for every process; the first one kept wins
                sealed = seal(self.rematch_secret, answer["id"], seat_tokens)
                kept_id, kept = await self.storage.call(
                    self.storage.add_rematch, old.id, answer["id"], sealed
                )
                made = (kept_id, open_sealed(self.rematch_secret, kept_id, kept))
            if old.id not in self.rematches:  # the first of two racing asks wins
                self.rematches[old.id] = made
        game_id, seat_tokens = self.rematches[old.id]
        old.rematch = self.rematches[old.id]
        old.announce_rematch()
        summary = self.summary(await self.row(game_id))
        shown = seat_tokens if as_host else {seat: seat_tokens[seat]} if seat in seat_tokens else {}
        return {
            "id": game_id,
            "game": summary["game"],
            "players": summary["players"],
            "watch": f"/play/{game_id}",
            "seats": [
                {
                    "seat": s["seat"],
                    "kind": s["kind"],
                    "bot": s["bot"],
                    "name": s["name"],
                    "invite": invite_link(game_id, s["seat"], shown[s["seat"]])
                    if s["seat"] in shown
                    else None,
                }
                for s in summary["seats"]
            ],
        }

    async def _create(
        self, request: CreateGame, host_token_hash: str | None
    ) -> tuple[dict[str, Any], dict[int, str]]:
        from ravenry.bots.base import UnknownBot
        from ravenry.core.registry import available_games, get_game

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
        except ValueError as exc:
            raise ApiError(400, "bad_options", str(exc)) from None
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for n, seat in enumerate(request.seats):
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
            if self.fixed_seed is None:
                seed = secrets.randbits(63)
            else:  # tests only: the k-th game this database holds gets seed N + k
                seed = self.fixed_seed + await self.storage.call(self.storage.count_games)
            options: dict[str, Any] = dict(request.options)
            try:
                config = game.make_config(players=players, seed=seed, **game_options, **_server_options(game))
            except (IllegalAction, ValueError) as exc:
                raise ApiError(400, "bad_options", _reason(exc)) from None
            except TypeError:  # never echo Python's own wording (function names, keywords)
                raise ApiError(400, "bad_options", "these options do not make a game") from None
            host_token = new_token()
            game_id = secrets.token_urlsafe(9)
            row = GameRow(
                id=game_id,
                kind=game.id,
                players=players,
                config=config.to_json(),
                options=options,
                seed=seed,
                status="open" if tokens else "running",
                result=None,
                seq=0,
                host_token_hash=host_token_hash or hash_token(host_token),
                created_at=time.time(),
                seats=seats,
            )
            state = game.new_state(config)
            await self.storage.call(self.storage.create_game, row)
            if self.claim is not None:
                await self.claim(game_id)  # a new game belongs to the process that made it
        g = game.id
        live = LiveGame(
            id=game_id,
            game=game,
            state=state,
            seats=[
                Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.kind == "bot", level=level_of(s.bot, g))
                for s in seats
            ],
            storage=self.storage,
            bot_delay=self.bot_delay,
            status=row.status,
            host_token_hash=row.host_token_hash,
            clock_spec=clock_spec,
            away_after=away_after,
        )
        self._register(live)
        live.schedule_bots()
        live.start_clocks()
        answer = {
            "id": game_id,
            "game": game.id,
            "players": players,
            **({} if host_token_hash else {"host_token": host_token}),
            "watch": f"/play/{game_id}",
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "level": level_of(s.bot, game.id),
                    "name": s.name,
                    "invite": invite_link(game_id, s.seat, tokens[s.seat]) if s.seat in tokens else None,
                }
                for s in seats
            ],
        }
        return answer, tokens

    def summary(self, row: GameRow) -> dict[str, Any]:
        live = self.games.get(row.id)
        if live is not None:
            seats = live.public_seats()
            status, seq, result = live.status, live.seq, live.result
        else:
            seats = [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "level": level_of(s.bot, row.kind),
                    "name": s.name,
                    "connected": s.kind == "bot",
                    "away": s.away,
                }
                for s in row.seats
            ]
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


def _server_options(game: Any) -> dict[str, Any]:
    config_type = type(game.make_config(players=game.min_players))
    names = {f.name for f in dataclasses.fields(config_type)}
    return {"rng": "keyed"} if "rng" in names else {}


def _reason(exc: Exception) -> str:
    reason = getattr(exc, "reason", None)
    return reason if isinstance(reason, str) else str(exc)
