"""The lobby's HTTP API: meta, create, list, summary, revoke, rematch, record, replay, and every
refusal as a 4xx with a code and a reason."""

from __future__ import annotations

import json

import pytest
from server_support import Viewer, create, drive_lockstep, token_of, tokens
from starlette.testclient import TestClient

from ravenry.server import app as app_module

pytestmark = pytest.mark.timeout(60)


def _error(response: object, status: int, code: str) -> str:
    assert getattr(response, "status_code", None) == status, getattr(response, "text", "")
    body = response.json()  # type: ignore[attr-defined]
    assert set(body) == {"code", "reason"} and body["code"] == code, body
    assert body["reason"]
    return str(body["reason"])


def test_meta_lists_every_game_with_options_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    assert {"catan", "got-catan", "brotherhood"} <= set(games)
    catan = games["catan"]
    assert (catan["min_players"], catan["max_players"]) == (3, 4)
    assert {"greedy", "random"} <= set(catan["bots"])
    names = {o["name"] for o in catan["options"]}
    assert "board" in names and "seed" not in names and "rng" not in names


def test_meta_names_each_thrones_seats_house_and_colours(client: TestClient) -> None:
    from ravenry.games.thrones import data

    games = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    assert games["catan"]["seats"] is None  # plain seats
    seats = games["thrones"]["seats"]
    for n in (3, 4, 5):
        assert [s["name"] for s in seats[str(n)]] == [data.HOUSE_NAMES[h] for h in data.HOUSES_FOR_PLAYERS[n]]
        assert [s["fill"] for s in seats[str(n)]] == [data.HOUSE_FILL[h] for h in data.HOUSES_FOR_PLAYERS[n]]


def test_meta_tells_the_page_every_action_kind_from_the_rules_tables(client: TestClient) -> None:
    """The page's action kinds come from here (ctx.game.actions): each game's codec kinds with
    their fields and what its declaration adds, thrones' phases from its one table of actions,
    brotherhood's heroes from the heroes' table."""
    from ravenry.core.registry import declaration
    from ravenry.games.brotherhood.heroes import HERO_ACTIONS, USE_ACTIONS
    from ravenry.games.thrones.actions import THRONES_ACTIONS
    from ravenry.games.thrones.state import PHASE_NAMES

    games = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    for game_id, game in games.items():
        assert game["actions"] == declaration(game_id).action_kinds(), game_id
        codec = declaration(game_id).game.codec.fields
        assert {k: v["fields"] for k, v in game["actions"].items()} == {
            k: [n for n, _ in spec] for k, spec in codec.items()
        }
    thrones = games["thrones"]["actions"]
    assert list(thrones) == [row.name for row in THRONES_ACTIONS]
    assert all(thrones[row.name]["phases"] == [PHASE_NAMES[p] for p in row.phases] for row in THRONES_ACTIONS)
    heroes = {k: v["hero"] for k, v in games["brotherhood"]["actions"].items() if "hero" in v}
    assert set(heroes) == set(HERO_ACTIONS)
    assert {k for k, hero in heroes.items() if hero} == set(USE_ACTIONS)
    assert heroes["use_tarly"] == "tarly" and heroes["hero_flip"] is None
    assert not any("hero" in v for v in games["catan"]["actions"].values())


def test_meta_explains_every_rules_option_for_the_lobby(client: TestClient) -> None:
    """The lobby shows each option's meaning from here (the page keeps no copy)."""
    games = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    for game_id in ("catan", "got-catan", "brotherhood", "thrones"):
        for option in games[game_id]["options"]:
            assert option.get("description"), f"{game_id}: {option['name']} is unexplained"
    options = {o["name"]: o for o in games["catan"]["options"]}
    assert "snake order" in options["setup"]["description"]
    assert "bank cannot pay" in options["shortage_exception"]["description"]
    assert options["shortage_exception"]["labels"] == ["game default", "on", "off"]
    assert "(10)" in options["max_offers_per_turn"]["description"]
    assert (
        "standard layout" in {o["name"]: o for o in games["brotherhood"]["options"]}["setup"]["description"]
    )


def test_create_gives_invites_and_a_watch_link_and_lobby_data_holds_no_secret(client: TestClient) -> None:
    created = create(client, "catan", ["human", "bot:greedy", "human"], board="variable")
    game_id = created["id"]
    assert created["watch"] == f"/play/{game_id}"
    assert [s["kind"] for s in created["seats"]] == ["human", "bot", "human"]
    assert created["seats"][1]["invite"] is None
    invites = [s["invite"] for s in created["seats"] if s["invite"]]
    assert all(i.startswith(f"/play/{game_id}#seat=") for i in invites)
    seat_tokens = [token_of(i) for i in invites]
    assert len(set(seat_tokens)) == 2 and all(len(t) >= 30 for t in seat_tokens)
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "open" and summary["seq"] == 0 and summary["players"] == 3
    assert summary["seats"][1] == {
        "seat": 1,
        "kind": "bot",
        "bot": "greedy",
        "level": "medium",  # the spec a level seats: named so for people
        "name": "greedy bot",
        "connected": True,
        "away": False,
    }
    listing = client.get("/api/games").text + client.get(f"/api/games/{game_id}").text
    seed = str(client.app.state.hub.fixed_seed)  # type: ignore[attr-defined]
    for secret in [*seat_tokens, created["host_token"], seed]:
        assert secret not in listing
    assert "token" not in listing and "seed" not in listing


def test_status_moves_from_open_to_running_when_every_person_has_come(client: TestClient) -> None:
    created = create(client, "catan", ["human", "human", "bot:random"])
    game_id = created["id"]
    assert [g["id"] for g in client.get("/api/games?status=open").json()["games"]] == [game_id]
    seat_tokens = tokens(created)
    with client.websocket_connect(f"/ws/{game_id}") as ws0:
        Viewer(ws0, 0).hello(seat_tokens[0])
        assert client.get(f"/api/games/{game_id}").json()["status"] == "open"
        with client.websocket_connect(f"/ws/{game_id}") as ws1:
            Viewer(ws1, 1).hello(seat_tokens[1])
            summary = client.get(f"/api/games/{game_id}").json()
            assert summary["status"] == "running"
            assert [s["connected"] for s in summary["seats"]] == [True, True, True]
    assert client.get("/api/games?status=open").json()["games"] == []
    assert [g["id"] for g in client.get("/api/games?status=running").json()["games"]] == [game_id]
    assert client.get(f"/api/games/{game_id}").json()["seats"][0]["connected"] is False


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess", "seats": [{"kind": "human"}] * 3}, 400, "unknown_game"),
        ({"game": "catan", "seats": [{"kind": "human"}] * 2}, 400, "bad_players"),
        ({"game": "catan", "players": 4, "seats": [{"kind": "human"}] * 3}, 400, "bad_seats"),
        ({"game": "catan", "seats": [{"kind": "bot", "bot": "nobody"}] * 3}, 400, "bad_bot"),
        ({"game": "catan", "seats": [{"kind": "bot", "bot": "random:wild=1"}] * 3}, 400, "bad_bot"),
        ({"game": "catan", "seats": [{"kind": "human", "bot": "greedy"}] * 3}, 400, "bad_seats"),
        (
            {"game": "catan", "seats": [{"kind": "human"}] * 3, "options": {"board": "moon"}},
            400,
            "bad_options",
        ),
        (
            {"game": "catan", "seats": [{"kind": "human"}] * 3, "options": {"colour": "red"}},
            400,
            "bad_options",
        ),
        (
            {"game": "catan", "seats": [{"kind": "human"}] * 3, "options": {"rng": "plain"}},
            400,
            "bad_options",
        ),
        ({"game": "catan", "seats": [{"kind": "alien"}] * 3}, 422, "bad_request"),
        ({"game": "catan", "seats": [{"kind": "human"}] * 3, "extra": 1}, 422, "bad_request"),
        ({"seats": [{"kind": "human"}] * 3}, 422, "bad_request"),
    ],
)
def test_bad_creations_are_refused_with_a_reason(
    client: TestClient, body: dict[str, object], status: int, code: str
) -> None:
    _error(client.post("/api/games", json=body), status, code)
    assert client.get("/api/games").json()["games"] == []


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    _error(
        client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"}),
        422,
        "bad_request",
    )
    huge = json.dumps({"game": "catan", "seats": [{"kind": "human", "name": "x" * 70_000}]})
    _error(client.post("/api/games", content=huge.encode()), 413, "too_large")


def test_unknown_things_are_404_with_a_reason(client: TestClient) -> None:
    _error(client.get("/api/games/nope"), 404, "not_found")
    _error(client.get("/api/games/nope/record"), 404, "not_found")
    _error(client.get("/api/nothing-here"), 404, "not_found")
    _error(client.get("/api/games?status=lost"), 400, "bad_status")


def test_record_and_replay_are_refused_while_the_game_runs(client: TestClient) -> None:
    created = create(client, "catan", ["human", "bot:greedy", "bot:greedy"])
    reason = _error(client.get(f"/api/games/{created['id']}/record"), 403, "running")
    assert "seed" in reason
    _error(client.get(f"/api/games/{created['id']}/replay/0"), 403, "running")


def test_revoke_needs_the_host_token_and_replaces_the_invite(client: TestClient) -> None:
    created = create(client, "catan", ["human", "bot:greedy", "bot:greedy"])
    game_id, host = created["id"], created["host_token"]
    old = tokens(created)[0]
    url = f"/api/games/{game_id}/seats/0/revoke"
    _error(client.post(url), 401, "unauthorized")
    _error(client.post(url, headers={"Authorization": f"Bearer {old}"}), 403, "forbidden")
    _error(
        client.post(f"/api/games/{game_id}/seats/1/revoke", headers={"Authorization": f"Bearer {host}"}),
        400,
        "bad_seat",
    )
    _error(
        client.post(f"/api/games/{game_id}/seats/9/revoke", headers={"Authorization": f"Bearer {host}"}),
        404,
        "not_found",
    )
    with client.websocket_connect(f"/ws/{game_id}") as ws_old:
        holder = Viewer(ws_old, 0)
        assert holder.hello(old)["t"] == "welcome"
        response = client.post(url, headers={"Authorization": f"Bearer {host}"})
        assert response.status_code == 200
        fresh = token_of(response.json()["invite"])
        assert fresh != old
        error = holder.recv_until("error")
        assert error["code"] == "revoked"
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        viewer = Viewer(ws, 0)
        refused = viewer.hello(old)
        assert refused["t"] == "error" and refused["code"] == "unauthorized"
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        assert Viewer(ws, 0).hello(fresh)["seat"] == 0


def test_rematch_by_host_or_seat_keeps_the_table_with_a_new_seed(client: TestClient) -> None:
    created = create(client, "catan", ["human", "bot:random", "human"], board="variable")
    game_id = created["id"]
    _error(
        client.post(f"/api/games/{game_id}/rematch", headers={"Authorization": "Bearer wrong"}),
        403,
        "forbidden",
    )
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.storage.mark_finished(game_id, {"winners": [0]})  # over (test_hardening: not before)
    hub.games[game_id].status = "finished"
    by_host = client.post(
        f"/api/games/{game_id}/rematch", headers={"Authorization": f"Bearer {created['host_token']}"}
    )
    assert by_host.status_code == 201
    by_seat = client.post(
        f"/api/games/{game_id}/rematch", headers={"Authorization": f"Bearer {tokens(created)[2]}"}
    )
    assert by_seat.status_code == 201
    for again in (by_host.json(), by_seat.json()):
        assert again["id"] != game_id and again["game"] == "catan"
        assert [(s["kind"], s["bot"], s["name"]) for s in again["seats"]] == [
            (s["kind"], s["bot"], s["name"]) for s in created["seats"]
        ]
    assert by_host.json()["id"] == by_seat.json()["id"]  # one rematch, however many ask
    rematch = hub.games[by_host.json()["id"]]
    assert rematch.state.config.seed != hub.games[game_id].state.config.seed
    assert rematch.state.config.board == "variable"
    assert len(client.get("/api/games").json()["games"]) == 2


def test_a_finished_game_publishes_its_record_and_replays_step_by_step(client: TestClient) -> None:
    created = create(client, "catan", ["human", "human", "human"], setup="fixed")
    game_id = created["id"]
    seat_tokens = tokens(created)
    with (
        client.websocket_connect(f"/ws/{game_id}") as w0,
        client.websocket_connect(f"/ws/{game_id}") as w1,
        client.websocket_connect(f"/ws/{game_id}") as w2,
    ):
        seats = {n: Viewer(ws, n) for n, ws in enumerate((w0, w1, w2))}
        for n, viewer in seats.items():
            viewer.hello(seat_tokens[n])
        total = drive_lockstep(seats, [])
    record = client.get(f"/api/games/{game_id}/record").json()
    assert set(record) == {"game", "config", "actions"} and len(record["actions"]) == total
    assert record["config"]["seed"] == client.app.state.hub.fixed_seed + 0  # type: ignore[attr-defined]
    from ravenry.core.record import GameRecord, replay
    from ravenry.core.registry import get_game

    if "rng" in get_game("catan").make_config(players=3).to_json():
        assert record["config"]["rng"] == "keyed"  # the server's games never use the plain RNG

    state = replay(GameRecord.from_json(record))
    assert state.decision().result is not None
    assert client.get(f"/api/games/{game_id}").json()["result"] == state.decision().result.to_json()  # type: ignore[union-attr]
    first = client.get(f"/api/games/{game_id}/replay/0").json()
    assert (first["seq"], first["total"], first["events"], first["by"]) == (0, total, [], None)
    last = client.get(f"/api/games/{game_id}/replay/{total}").json()
    assert last["view"] == json.loads(json.dumps(state.observe(None)))
    assert last["by"] == record["actions"][-1][0]
    step = client.get(f"/api/games/{game_id}/replay/3").json()
    assert step["by"] == record["actions"][2][0] and step["events"]
    _error(client.get(f"/api/games/{game_id}/replay/{total + 1}"), 404, "out_of_range")
    # The log as it stood at a step: the events of the steps up to it, never a later one.
    assert [e["seq"] for e in step["log"]] == [1, 2, 3]
    assert step["log"][-1]["events"] == step["events"]
    assert all(e["type"] != "game_over" for entry in step["log"] for e in entry["events"])
    assert any(e["type"] == "game_over" for e in last["log"][-1]["events"])
    # The chapters a replay jumps to: each turn (this game's fixed set-up starts at turn 1), from
    # the step that begins it, with the seat whose turn it is; the end.
    from ravenry.core.record import replay_to
    from ravenry.games.catan.views import chapter

    outline = client.get(f"/api/games/{game_id}/replay").json()
    marks = outline["chapters"]
    assert outline["total"] == total
    assert marks[0] == {"k": 0, "label": "Turn 1", "seat": record["actions"][0][0]}
    assert [m["label"] for m in marks[:-1]] == [f"Turn {n}" for n in range(1, len(marks))]
    assert marks[-1] == {"k": total, "label": "The end", "seat": None}
    assert client.get(f"/api/games/{game_id}/replay").json() == outline  # kept, the same
    for mark in marks:
        at = replay_to(GameRecord.from_json(record), mark["k"])
        assert chapter(at) in (mark["label"], (mark["label"], mark["seat"]))
        if mark["k"] > 0:
            before = chapter(replay_to(GameRecord.from_json(record), mark["k"] - 1))
            assert (before if isinstance(before, str) else before[0]) != mark["label"]


def test_pages_are_served_or_refused_with_a_reason(client: TestClient) -> None:
    for path, name in (("/", "index.html"), ("/play/abc", "play.html")):
        response = client.get(path)
        if (app_module.STATIC_DIR / name).is_file():
            assert response.status_code == 200 and "html" in response.headers["content-type"]
        else:
            _error(response, 404, "not_found")


def test_a_server_failure_is_a_500_with_a_code_and_no_details(app: object) -> None:
    with TestClient(app, raise_server_exceptions=False) as client:  # type: ignore[arg-type]
        storage = client.app.state.hub.storage  # type: ignore[attr-defined]

        def broken(*_args: object) -> None:
            raise RuntimeError("secret internals")

        storage.list_games = broken
        response = client.get("/api/games")
    assert response.status_code == 500
    assert response.json() == {"code": "internal", "reason": "the server failed; see its log"}
