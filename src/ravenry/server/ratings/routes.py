"""The ratings' HTTP API and pages (issue 31 §4), JSON out:

- ``GET /api/players/{username}``: a player's profile: finished games played and won, by game
  and by house or seat colour, and per game the rating (mu, sigma, the conservative mu - 3 sigma)
  with its history, one point per rated game;
- ``GET /api/leaderboard/{game}``: the accounts rated in a game, best conservative rating first,
  and the bots' anchors (the levels' fixed ratings) as reference rows;
- ``/players/{username}`` and ``/leaderboard``: the pages that draw them.

An unknown player or game is a 404 with a reason. A deleted account's rows stay, named
"deleted player" (it has no profile: its name is free for another).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Response

from ravenry.server.accounts import username_key
from ravenry.server.lobby import ApiError
from ravenry.server.ratings.anchors import anchors_of
from ravenry.server.ratings.service import Ratings
from ravenry.server.ratings.store import RatingRow
from ravenry.server.storage.schema import DELETED_PLAYER

__all__ = ["add_rating_routes"]

LEADERBOARD_MAX = 200


def _name_of(game: str) -> str:
    from ravenry.core.registry import get_game

    return str(get_game(game).name)


def _house(game: str, players: int, seat: int) -> dict[str, str] | None:
    """What the game calls the seat at a table of ``players`` (a house, with its colours), or None."""
    from ravenry.core.registry import declaration

    try:
        seats = declaration(game).seats
    except KeyError:  # a game no longer installed
        return None
    if seats is None:
        return None
    names = seats(players)
    return names[seat] if 0 <= seat < len(names) else None


def _rating(r: RatingRow) -> dict[str, Any]:
    return {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "games": r.games}


def profile(
    username: str,
    seats: list[tuple[str, str, int, int, dict[str, Any]]],
    ratings: list[RatingRow],
    history: list[dict[str, Any]],
) -> dict[str, Any]:
    """The profile's JSON from the account's finished seats, ratings and rating history."""
    by_game: dict[str, dict[str, Any]] = {}
    by_seat: dict[tuple[str, str | int], dict[str, Any]] = {}
    for _game_id, game, players, seat, result in seats:
        won = seat in (result.get("winners") or [])
        entry = by_game.setdefault(game, {"game": game, "played": 0, "won": 0})
        entry["played"] += 1
        entry["won"] += won
        house = _house(game, players, seat)
        key: tuple[str, str | int] = (game, house["name"] if house else seat)
        place = by_seat.setdefault(
            key,
            {
                "game": game,
                "seat": None if house else seat,
                "house": house["name"] if house else None,
                "fill": house["fill"] if house else None,
                "ink": house["ink"] if house else None,
                "played": 0,
                "won": 0,
            },
        )
        place["played"] += 1
        place["won"] += won
    rated = {r.game: r for r in ratings}
    for game in rated:
        by_game.setdefault(game, {"game": game, "played": 0, "won": 0})
    games = []
    for game, entry in sorted(by_game.items()):
        points = [h for h in history if h["game"] == game]
        games.append(
            {
                **entry,
                "name": _safe_name(game),
                "rating": _rating(rated[game]) if game in rated else None,
                "start": {"mu": points[0]["mu_before"], "sigma": points[0]["sigma_before"]}
                if points
                else None,
                "history": [
                    {
                        "game_id": h["game_id"],
                        "at": h["at"],
                        "rank": h["rank"],
                        "mu": h["mu"],
                        "sigma": h["sigma"],
                        "ordinal": h["mu"] - 3 * h["sigma"],
                        "others": [
                            {
                                "name": o["username"] or DELETED_PLAYER,
                                "deleted": o["username"] is None,
                                "rank": o["rank"],
                            }
                            for o in h["others"]
                        ],
                    }
                    for h in points
                ],
                "anchors": [_anchor(a) for a in anchors_of(game)],
            }
        )
    played = sum(g["played"] for g in games)
    return {
        "username": username,
        "played": played,
        "won": sum(g["won"] for g in games),
        "games": games,
        "seats": sorted(by_seat.values(), key=lambda s: (s["game"], s["house"] or "", s["seat"] or 0)),
    }


def _safe_name(game: str) -> str:
    try:
        return _name_of(game)
    except KeyError:
        return game


def _anchor(a: Any) -> dict[str, Any]:
    return {"level": a.level, "bot": a.bot, "mu": a.mu, "sigma": a.sigma, "ordinal": a.ordinal}


def add_rating_routes(app: FastAPI, ratings: Ratings, page: Callable[[str], Response]) -> None:
    storage, store = ratings.storage, ratings.store

    @app.get("/api/players/{username}")
    async def player(username: str) -> dict[str, Any]:
        key = username_key(username)
        found = None if key is None else await storage.call(store.account_by_key, key)
        if found is None:
            raise ApiError(404, "no_player", "no player of that name (a deleted account has no profile)")
        account_id, name = found
        seats = await storage.call(store.finished_seats_of, account_id)
        rows = await storage.call(store.ratings_of, account_id)
        history = await storage.call(store.history_of, account_id)
        return profile(name, seats, rows, history)

    @app.get("/api/leaderboard/{game}")
    async def leaderboard(game: str, limit: int = 100) -> dict[str, Any]:
        from ravenry.core.registry import available_games

        if game not in available_games():
            known = ", ".join(available_games())
            raise ApiError(404, "unknown_game", f"no game {game[:64]!r}; known: {known}")
        if not 1 <= limit <= LEADERBOARD_MAX:
            raise ApiError(400, "bad_limit", f"limit must be 1 to {LEADERBOARD_MAX}")
        rows = await storage.call(store.leaderboard, game, limit)
        return {
            "game": game,
            "name": _name_of(game),
            "players": [
                {
                    "place": n,
                    "username": r.username,
                    "name": r.username or DELETED_PLAYER,
                    "deleted": r.username is None,
                    **_rating(r),
                }
                for n, r in enumerate(rows, start=1)
            ],
            "anchors": [_anchor(a) for a in anchors_of(game)],
        }

    @app.get("/players/{username}", include_in_schema=False)
    async def player_page(username: str) -> Response:
        return page("player.html")

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page() -> Response:
        return page("leaderboard.html")
