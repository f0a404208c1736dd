"""Bot levels for people: the lobby's metadata offers easy / medium / hard for every game, each
with the spec it seats; a seat may ask for a level (stored as that spec) or, as before, for any
kind spec; every seat list names a bot's level when its spec is one."""

from __future__ import annotations

from typing import ClassVar

from fastapi.testclient import TestClient
from server_support import Viewer, create, tokens

from ravenry.bots.levels import LEVEL_SPECS, LEVELS
from ravenry.core.registry import available_games, registered
from ravenry.games.catan.game import CatanGame


def test_the_lobby_is_offered_every_level_with_the_bot_it_seats(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    for game_id, game in games.items():
        assert [x["level"] for x in game["levels"]] == list(LEVELS), game_id
        for level in game["levels"]:
            assert level["bot"].split(":")[0] == level["kind"] and level["kind"] in game["bots"]
    catan = {x["level"]: x["bot"] for x in games["catan"]["levels"]}
    assert catan == {**LEVEL_SPECS, "hard": "expert:ms=800"}
    # hard seats the expert in the Catan family (measured stronger there), the search in thrones;
    # a plug-in's game without either (examples/liars_dice) seats its greedy bot.
    for game_id in ("catan", "got-catan", "brotherhood", "thrones"):
        hard = {x["level"]: x["bot"] for x in games[game_id]["levels"]}["hard"]
        assert hard == ("search:ms=800" if game_id == "thrones" else "expert:ms=800"), game_id


def test_a_game_with_no_bots_of_its_own_seats_random_at_every_level(client: TestClient) -> None:
    class BareGame(CatanGame):  # a plug-in's game: declared with no bots, only the generic ones
        id: ClassVar[str] = "catan-bare"

    with registered(BareGame()):
        games = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
        assert games["catan-bare"]["bots"] == ["random"]
        levels = {x["level"]: x["bot"] for x in games["catan-bare"]["levels"]}
        assert levels == {"easy": "random:offers=false", "medium": "random", "hard": "random"}
        created = create(client, "catan-bare", ["human", "bot:medium", "bot:hard"])
        assert [s["bot"] for s in created["seats"][1:]] == ["random", "random"]
    assert "catan-bare" not in available_games()
    assert "catan-bare" not in {g["id"] for g in client.get("/api/meta").json()["games"]}


def test_a_seat_asks_for_a_level_or_a_kind_spec(client: TestClient) -> None:
    created = create(client, "catan", ["human", "bot:hard", "bot:easy", "bot:search:iters=2000"])
    seats = created["seats"]
    assert [(s["bot"], s["level"]) for s in seats[1:]] == [
        ("expert:ms=800", "hard"),
        ("random:offers=false", "easy"),
        ("search:iters=2000", None),
    ]
    assert [s["name"] for s in seats[1:]] == ["hard bot", "easy bot", "search:iters=2000 bot"]
    listed = client.get(f"/api/games/{created['id']}").json()["seats"]
    assert [s.get("level") for s in listed] == [None, "hard", "easy", None]
    # The game waits for its person, so no bot moves; the person's welcome names the levels.
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        welcome = Viewer(ws, 0).hello(tokens(created)[0])
    assert [s["level"] for s in welcome["seats"]] == [None, "hard", "easy", None]


def test_an_unknown_level_or_kind_is_refused_by_name(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "grandmaster"}, {"kind": "human"}]
    body = {"game": "catan", "seats": seats}
    response = client.post("/api/games", json=body)
    assert response.status_code == 400 and response.json()["code"] == "bad_bot"
    assert "no bot 'grandmaster' for game 'catan'" in response.json()["reason"]
