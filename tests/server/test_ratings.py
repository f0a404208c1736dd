"""Ratings for people (issue 31 §4; server/ratings/): a finished rated game's seats ranked from
its result; the bots' anchors equal the ladder's files and are never updated; a rated game needs
a clock and no undo; a game an account creates with itself seated; a rated game played to its
end through the API rates each account exactly once, also when the rating failed and a restart
caught it up; profile and leaderboard, a deleted account's rows reading "deleted player". On
SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from account_support import PASSWORD, as_session, delete_account, server
from conftest import FIXED_SEED
from server_support import Viewer, drive_lockstep, token_of
from starlette.testclient import TestClient

from ravenry.bots.levels import LEVELS, level_spec
from ravenry.server.accounts import COOKIE
from ravenry.server.ratings.anchors import ANCHORS, LADDER, anchor_for, anchors_of
from ravenry.server.ratings.model import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    SeatFacts,
    participants,
    ranks_from_result,
    rate,
)
from ravenry.server.ratings.store import RatingStore
from ravenry.server.storage import Storage

pytestmark = pytest.mark.timeout(180)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ratings"
CLOCK = "move:60"


# -- ranks and anchors (unit) ---------------------------------------------------------------------
def test_ranks_put_the_winners_first_then_the_scores() -> None:
    assert ranks_from_result({"winners": [2], "scores": [3, 7, 10, 7]}, 4) == [2, 1, 0, 1]
    # Winners tie among themselves whatever their scores.
    assert ranks_from_result({"winners": [0, 1], "scores": [10, 8, 3]}, 3) == [0, 0, 1]
    # No scores (or not one per seat): the others tie behind the winners.
    assert ranks_from_result({"winners": [1]}, 3) == [1, 0, 1]
    assert ranks_from_result({"winners": [1], "scores": [1, 2]}, 3) == [1, 0, 1]
    assert ranks_from_result({"winners": [0], "points": [5, 1, 3]}, 3) == [0, 2, 1]
    # A bad winner number is ignored; no winners at all ranks by score.
    assert ranks_from_result({"winners": [9, "x"], "scores": [1, 4, 2]}, 3) == [2, 0, 1]


def test_the_anchors_are_the_ladders_numbers_and_the_levels_specs() -> None:
    for game, kinds in LADDER.items():
        measured = json.loads((DOCS / f"{game}.json").read_text())
        assert measured["game"] == game
        assert kinds == {r["kind"]: (r["mu"], r["sigma"]) for r in measured["ratings"]}
        levels = anchors_of(game)
        assert [a.level for a in levels] == list(LEVELS)
        for anchor in levels:
            assert anchor.level is not None
            assert anchor.bot == level_spec(anchor.level, game), "a level seats another bot: measure it"
            assert (anchor.mu, anchor.sigma) == kinds[anchor.measured]
    assert all(a.game in LADDER for a in ANCHORS)
    assert anchor_for("catan", "expert:ms=800") is not None and anchor_for("catan", "expert:iters=8")
    assert anchor_for("liars-dice", "greedy") is None and anchor_for("catan", "search:ms=5") is None


def _seat(n: int, account: str | None = None, bot: str | None = None) -> SeatFacts:
    return SeatFacts(n, "bot" if bot else "human", bot, account)


def test_anchors_take_part_fixed_and_only_accounts_are_updated() -> None:
    seats = [_seat(0, "a"), _seat(1, "b"), _seat(2, bot="expert:ms=800"), _seat(3, bot="random:offers=false")]
    result = {"winners": [2], "scores": [5, 7, 10, 2]}
    people = participants("catan", result, seats, {})
    assert people is not None
    assert [(p.seat, p.rank, p.account) for p in people] == [
        (0, 2, "a"),
        (1, 1, "b"),
        (2, 0, None),
        (3, 3, None),
    ]
    hard = anchor_for("catan", "expert:ms=800")
    assert hard is not None and (people[2].mu, people[2].sigma) == (hard.mu, hard.sigma)
    assert (people[0].mu, people[0].sigma) == (DEFAULT_MU, DEFAULT_SIGMA)  # new accounts: the defaults
    after = rate(people)
    assert set(after) == {"a", "b"}  # the anchors are not returned, so never stored
    assert after["b"][0] > after["a"][0]
    assert after["a"][1] < DEFAULT_SIGMA and after["b"][1] < DEFAULT_SIGMA

    # Beating the hard bot is worth more than beating the easy one.
    def gain(bot: str) -> float:
        two = [_seat(0, "a"), _seat(1, "b"), _seat(2, bot=bot)]
        ps = participants("catan", {"winners": [0], "scores": [10, 5, 6]}, two, {})
        assert ps is not None
        return rate(ps)["a"][0] - DEFAULT_MU

    assert gain("expert:ms=800") > gain("random:offers=false") > 0


def test_who_does_not_count() -> None:
    one = [_seat(0, "a"), _seat(1, bot="greedy"), _seat(2)]
    assert participants("catan", {"winners": [0]}, one, {}) is None  # one account: not counted
    # An account at two seats is left out (never rated against itself); a guest is not rated.
    twice = [_seat(0, "a"), _seat(1, "a"), _seat(2, "b"), _seat(3, "c")]
    people = participants("catan", {"winners": [0]}, twice, {})
    assert people is not None and [p.account for p in people] == ["b", "c"]
    # A bot never measured (a plug-in's, or a spec of no level) is left out.
    dice = [_seat(0, "a"), _seat(1, "b"), _seat(2, bot="greedy")]
    people = participants("liars-dice", {"winners": [2]}, dice, {"a": (30.0, 4.0)})
    assert people is not None and [(p.account, p.rank, p.mu) for p in people] == [
        ("a", 1, 30.0),
        ("b", 1, 25.0),
    ]


# -- through the server ---------------------------------------------------------------------------
def _sign_up(client: TestClient, name: str) -> tuple[str, str]:
    client.cookies.clear()
    made = client.post("/api/accounts", json={"username": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return made.cookies[COOKIE], made.json()["csrf"]


def _create(client: TestClient, body: dict[str, Any], csrf: str | None = None) -> Any:
    return client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf} if csrf else {})


def _rated_dice_game(client: TestClient, people: dict[str, tuple[str, str]]) -> tuple[str, dict[int, str]]:
    """A rated liar's dice game of Arya (seat 0, seated by creating it) and Sansa (seat 1, by
    her invite, kept in her account), played to its end; its id and the seats' tokens."""
    arya, sansa = people["Arya"], people["Sansa"]
    as_session(client, arya[0])
    made = _create(
        client,
        {
            "game": "liars-dice",
            "seats": [{"kind": "human", "me": True}, {"kind": "human"}],
            "options": {"dice": 2, "clock": CLOCK, "rated": True},
        },
        arya[1],
    )
    assert made.status_code == 201, made.text
    created = made.json()
    game_id, seats = created["id"], created["seats"]
    assert created["me"] == 0 and seats[0]["name"] == "Arya"
    tokens = {s["seat"]: token_of(s["invite"]) for s in seats}
    as_session(client, sansa[0])
    kept = client.post(
        f"/api/games/{game_id}/claim", json={"token": tokens[1]}, headers={"X-CSRF-Token": sansa[1]}
    )
    assert kept.status_code == 200, kept.text
    as_session(client, None)
    url = f"/ws/{game_id}"
    # Arya's seat opens by her account's cookie (no invite); Sansa's by her token.
    with (
        client.websocket_connect(url, headers={"cookie": f"{COOKIE}={arya[0]}"}) as a,
        client.websocket_connect(url) as b,
    ):
        first, second = Viewer(a, 0), Viewer(b, 1)
        first.send({"t": "hello", "seat": 0})
        assert first.recv_until("welcome", "error")["seat"] == 0
        assert second.hello(tokens[1])["seat"] == 1
        drive_lockstep({0: first, 1: second}, [])
    return game_id, tokens


def _wait_rated(
    client: TestClient, name: str, game: str = "liars-dice", timeout: float = 10.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        profile: dict[str, Any] = client.get(f"/api/players/{name}").json()
        entry = next((g for g in profile["games"] if g["game"] == game), None)
        if entry and entry["rating"]:
            return profile
        assert time.monotonic() < deadline, f"{name} was not rated: {profile}"
        time.sleep(0.05)


def _changes(database_url: str, game_id: str) -> list[tuple[str, int]]:
    storage = Storage(database_url)
    try:
        return RatingStore(storage.engine).changes_of_game(game_id)
    finally:
        storage.close()


def _winner(client: TestClient, game_id: str) -> int:
    result = client.get(f"/api/games/{game_id}").json()["result"]
    assert result is not None
    return int(result["winners"][0])


def test_a_rated_game_played_to_its_end_rates_each_account_once(any_database: str) -> None:
    with server(any_database, FIXED_SEED) as client:
        people = {name: _sign_up(client, name) for name in ("Arya", "Sansa")}
        game_id, _tokens = _rated_dice_game(client, people)
        winner = ["Arya", "Sansa"][_winner(client, game_id)]
        loser = "Sansa" if winner == "Arya" else "Arya"
        won, lost = _wait_rated(client, winner), _wait_rated(client, loser)
        # The game's end and the start-up sweep both ran (the sweep before, finding nothing): once.
        for profile, rank in ((won, 0), (lost, 1)):
            (entry,) = profile["games"]
            assert entry["played"] == 1 and entry["won"] == (1 - rank)
            assert entry["rating"]["games"] == 1
            assert [h["rank"] for h in entry["history"]] == [rank]
            assert entry["start"] == {"mu": 25.0, "sigma": 25.0 / 3}
            assert entry["anchors"] == []  # liar's dice was never measured by the ladder
        assert won["games"][0]["rating"]["mu"] > 25.0 > lost["games"][0]["rating"]["mu"]
        assert [o["name"] for o in won["games"][0]["history"][0]["others"]] == [loser]
        seats = {(s["seat"], s["played"]) for s in won["seats"]}
        assert len(seats) == 1 and won["seats"][0]["house"] is None
        board = client.get("/api/leaderboard/liars-dice").json()
        assert [p["name"] for p in board["players"]] == [winner, loser]
        assert board["players"][0]["ordinal"] == pytest.approx(
            won["games"][0]["rating"]["mu"] - 3 * won["games"][0]["rating"]["sigma"]
        )
        assert sorted(rank for _account, rank in _changes(any_database, game_id)) == [0, 1]
        # The creator's game is in her account from the start ("Your games").
        as_session(client, people["Arya"][0])
        assert [g["id"] for g in client.get("/api/me/games").json()["games"]] == [game_id]
    # A restart rates nothing again.
    with server(any_database, FIXED_SEED) as client:
        assert len(_changes(any_database, game_id)) == 2
        assert _wait_rated(client, winner)["games"][0]["rating"]["games"] == 1


def test_a_rating_that_failed_is_caught_up_once_after_a_restart(
    any_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: RatingStore, game_id: str) -> str:
        raise RuntimeError("the database went away between the last move and the rating")

    with monkeypatch.context() as patch:
        patch.setattr(RatingStore, "rate_game", broken)
        with server(any_database, FIXED_SEED) as client:
            people = {name: _sign_up(client, name) for name in ("Arya", "Sansa")}
            game_id, _tokens = _rated_dice_game(client, people)
            time.sleep(0.3)  # the failed attempt, off the loop
            assert all(g["rating"] is None for g in client.get("/api/players/Arya").json()["games"])
    assert _changes(any_database, game_id) == []
    with server(any_database, FIXED_SEED) as client:  # the start-up sweep
        _wait_rated(client, "Arya")
        _wait_rated(client, "Sansa")
    with server(any_database, FIXED_SEED) as client:
        for name in ("Arya", "Sansa"):
            assert _wait_rated(client, name)["games"][0]["rating"]["games"] == 1
    assert len(_changes(any_database, game_id)) == 2
    storage = Storage(any_database)
    try:
        assert RatingStore(storage.engine).rate_game(game_id) == "already"
    finally:
        storage.close()
    assert len(_changes(any_database, game_id)) == 2


def test_a_deleted_account_keeps_its_history_as_deleted_player(database_url: str) -> None:
    with server(database_url, FIXED_SEED) as client:
        people = {name: _sign_up(client, name) for name in ("Arya", "Sansa")}
        _rated_dice_game(client, people)
        _wait_rated(client, "Arya")
        _wait_rated(client, "Sansa")
        as_session(client, people["Sansa"][0])
        gone = delete_account(client, people["Sansa"][1], PASSWORD)
        assert gone.status_code == 204
        assert client.get("/api/players/Sansa").status_code == 404
        names = [
            (p["name"], p["deleted"], p["username"])
            for p in client.get("/api/leaderboard/liars-dice").json()["players"]
        ]
        assert sorted(names) == [("Arya", False, "Arya"), ("deleted player", True, None)]
        (other,) = _wait_rated(client, "Arya")["games"][0]["history"][0]["others"]
        assert other["name"] == "deleted player" and other["deleted"]


def test_a_rated_game_needs_a_clock_and_no_undo(database_url: str) -> None:
    with server(database_url, FIXED_SEED) as client:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "medium"}, {"kind": "bot", "bot": "hard"}]
        for options, words in (
            ({"rated": True}, "needs a clock"),
            ({"rated": True, "clock": "none"}, "needs a clock"),
            ({"rated": True, "clock": CLOCK, "undo": True}, "undo"),
            ({"rated": "yes", "clock": CLOCK}, "true or false"),
        ):
            refused = _create(client, {"game": "catan", "seats": seats, "options": options})
            assert refused.status_code == 400 and refused.json()["code"] == "bad_options", refused.text
            assert words in refused.json()["reason"]
        made = _create(client, {"game": "catan", "seats": seats, "options": {"rated": True, "clock": CLOCK}})
        assert made.status_code == 201, made.text
        assert client.get("/api/games/" + made.json()["id"]).status_code == 200
        rated = next(o for o in client.get("/api/meta").json()["games"][0]["options"] if o["name"] == "rated")
        assert rated["table"] and rated["choices"] == [False, True]


def test_a_game_with_me_seated_needs_the_session_and_its_csrf_token(database_url: str) -> None:
    with server(database_url, FIXED_SEED) as client:
        body = {"game": "catan", "seats": [{"kind": "human", "me": True}, {"kind": "bot"}, {"kind": "bot"}]}
        signed_out = _create(client, body)
        assert signed_out.status_code == 401 and signed_out.json()["reason"]
        session, csrf = _sign_up(client, "Brienne")
        no_token = _create(client, body)
        assert no_token.status_code == 403 and no_token.json()["code"] == "csrf"
        two = {
            **body,
            "seats": [{"kind": "human", "me": True}, {"kind": "human", "me": True}, {"kind": "bot"}],
        }
        assert _create(client, two, csrf).status_code == 400
        bot = {**body, "seats": [{"kind": "human"}, {"kind": "bot", "me": True}, {"kind": "bot"}]}
        assert _create(client, bot, csrf).status_code == 400
        assert client.get("/api/games?status=open").json()["games"] == []  # nothing made by those
        made = _create(
            client,
            {
                **body,
                "seats": [{"kind": "bot"}, {"kind": "human", "me": True, "name": "Maid"}, {"kind": "bot"}],
            },
            csrf,
        )
        assert (
            made.status_code == 201 and made.json()["me"] == 1 and made.json()["seats"][1]["name"] == "Maid"
        )
        game_id = made.json()["id"]
        mine = client.get("/api/me/games").json()["games"]
        assert [(g["id"], g["seat"]) for g in mine] == [(game_id, 1)]
        with client.websocket_connect(f"/ws/{game_id}", headers={"cookie": f"{COOKIE}={session}"}) as ws:
            viewer = Viewer(ws, None)
            viewer.send({"t": "hello", "seat": 1})
            assert viewer.recv_until("welcome", "error")["seat"] == 1


def test_unknown_players_and_games_are_404s_with_reasons(database_url: str) -> None:
    with server(database_url, FIXED_SEED) as client:
        for path in ("/api/players/nobody", "/api/players/no%20such%20name!", "/api/leaderboard/chess"):
            answer = client.get(path)
            assert answer.status_code == 404 and answer.json()["reason"], path
        assert client.get("/api/leaderboard/catan?limit=0").status_code == 400
        assert client.get("/api/leaderboard/catan?limit=x").status_code == 422
        board = client.get("/api/leaderboard/catan").json()
        assert board["players"] == [] and [a["level"] for a in board["anchors"]] == list(LEVELS)
        _sign_up(client, "Podrick")
        fresh = client.get("/api/players/podrick").json()
        assert fresh == {"username": "Podrick", "played": 0, "won": 0, "games": [], "seats": []}
        for page in ("/players/Podrick", "/leaderboard"):
            answer = client.get(page)
            assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
