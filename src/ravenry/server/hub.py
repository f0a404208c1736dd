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
from datetime import UTC, datetime
from typing import Any

from ravenry.core.errors import IllegalAction
from ravenry.server.live import LiveGame, Seat, hash_token, new_token
from ravenry.server.messages import CreateGame
from ravenry.server.storage import GameRow, SeatRow, Storage

log = logging.getLogger("ravenry.server")

# Options the server sets itself: a keyed RNG keeps a seat from steering the dice by its choices.
SERVER_OPTIONS = frozenset({"rng"})


class ApiError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status, self.code, self.reason = status, code, reason


class Hub:
    """Every game the server holds in memory, and how games are made and found."""

    def __init__(self, storage: Storage, bot_delay: float, fixed_seed: int | None) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.fixed_seed = fixed_seed
        self.games: dict[str, LiveGame] = {}
        self._load_lock = asyncio.Lock()
        self._create_lock = asyncio.Lock()

    async def start(self) -> None:
        await self.storage.call(self.storage.migrate)
        rows = await self.storage.call(self.storage.unfinished_games)
        for row in rows:
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
        log.info("restored %d unfinished game(s)", len(self.games))

    async def stop(self) -> None:
        for live in self.games.values():
            live.cancel_bots()

    def _register(self, live: LiveGame) -> None:
        self.games[live.id] = live
        live.on_idle = self._forget

    def _forget(self, live: LiveGame) -> None:
        if self.games.get(live.id) is live:
            del self.games[live.id]

    async def live(self, game_id: str) -> LiveGame | None:
        if game_id in self.games:
            return self.games[game_id]
        async with self._load_lock:
            if game_id in self.games:
                return self.games[game_id]
            row = await self.storage.call(self.storage.get_game, game_id)
            if row is None:
                return None
            live = await self.storage.call(LiveGame.restore, row, self.storage, self.bot_delay)
            self._register(live)
            return live

    async def row(self, game_id: str) -> GameRow:
        row = await self.storage.call(self.storage.get_game, game_id)
        if row is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        return row

    # -- creating -------------------------------------------------------------------------------
    async def create(self, request: CreateGame) -> dict[str, Any]:
        from ravenry.bots.base import UnknownBot, bot_from_spec
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
        refused = SERVER_OPTIONS & set(request.options)
        if refused:
            raise ApiError(400, "bad_options", f"option(s) set by the server: {', '.join(sorted(refused))}")
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for n, seat in enumerate(request.seats):
            if seat.kind == "bot":
                spec = seat.bot or "greedy"
                try:
                    bot_from_spec(spec, game.id)
                except (UnknownBot, ValueError) as exc:
                    raise ApiError(400, "bad_bot", f"seat {n}: {exc}") from None
                seats.append(SeatRow(n, "bot", spec, (seat.name or f"{spec} bot").strip(), None, None))
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
                config = game.make_config(players=players, seed=seed, **options, **_server_options(game))
            except (IllegalAction, TypeError, ValueError) as exc:
                raise ApiError(400, "bad_options", _reason(exc)) from None
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
                host_token_hash=hash_token(host_token),
                created_at=time.time(),
                seats=seats,
            )
            state = game.new_state(config)
            await self.storage.call(self.storage.create_game, row)
        live = LiveGame(
            id=game_id,
            game=game,
            state=state,
            seats=[Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.kind == "bot") for s in seats],
            storage=self.storage,
            bot_delay=self.bot_delay,
            status=row.status,
            host_token_hash=row.host_token_hash,
        )
        self._register(live)
        live.schedule_bots()
        return {
            "id": game_id,
            "game": game.id,
            "players": players,
            "host_token": host_token,
            "watch": f"/play/{game_id}",
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "invite": invite_link(game_id, s.seat, tokens[s.seat]) if s.seat in tokens else None,
                }
                for s in seats
            ],
        }

    def summary(self, row: GameRow) -> dict[str, Any]:
        live = self.games.get(row.id)
        if live is not None:
            seats = live.public_seats()
            status, seq, result = live.status, live.seq, live.result
        else:
            seats = [
                {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "connected": s.kind == "bot"}
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


def invite_link(game_id: str, seat: int, token: str) -> str:
    return f"/play/{game_id}#seat={seat}&token={token}"


def _reason(exc: Exception) -> str:
    reason = getattr(exc, "reason", None)
    return reason if isinstance(reason, str) else str(exc)
