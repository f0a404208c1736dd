"""Chat kept with the game: stored before anyone hears it, back in the welcome after a restart
(SQLite and PostgreSQL), shown in the replay at the position it was said, cleaned of control and
bidi characters and capped (a property test over any text), rate-limited, and the host's switch
that mutes spectators (kept with the game)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from conftest import TEST_LIMITS
from hypothesis import given
from hypothesis import strategies as st
from server_support import Viewer, create, tokens
from starlette.testclient import TestClient

from ravenry.server.app import create_app
from ravenry.server.limits import Limits
from ravenry.server.messages import CHAT_MAX_CHARS, clean_chat_text
from ravenry.server.storage import MIGRATIONS, ChatRow, Storage, games_table

pytestmark = pytest.mark.timeout(60)

BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


@contextmanager
def serving(database_url: str, limits: Limits = TEST_LIMITS) -> Iterator[TestClient]:
    with TestClient(create_app(database_url, bot_delay=0.0, limits=limits)) as client:
        yield client


@contextmanager
def viewer(client: TestClient, game_id: str, token: str | None, label: int | None) -> Iterator[Viewer]:
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        seen = Viewer(ws, label)
        assert seen.hello(token)["t"] == "welcome"
        yield seen


def chat_of(frames: list[dict[str, Any]]) -> list[tuple[int | None, str, str]]:
    return [(f["from"], f["name"], f["text"]) for f in frames if f["t"] == "chat"]


def said(person: Viewer, text: str) -> dict[str, Any]:
    """Send a line; its echo (every viewer, the sender too, hears a stored line) or a reject."""
    person.send({"t": "chat", "text": text})
    return person.recv_until("chat", "reject")


def test_chat_survives_a_restart_and_goes_on_numbering(any_database: str) -> None:
    with serving(any_database) as client:
        created = create(client, "catan", ["human", "bot:random", "human"])
        game_id, seat_tokens = created["id"], tokens(created)
        with viewer(client, game_id, seat_tokens[0], 0) as ann, viewer(client, game_id, None, None) as fan:
            assert said(ann, "good luck, all")["n"] == 1
            assert fan.recv_until("chat")["text"] == "good luck, all"
            assert said(fan, "go Ann!")["n"] == 2
    with serving(any_database) as client, viewer(client, game_id, seat_tokens[2], 2) as cy:
        welcome = cy.frames[-1]
        assert chat_of(welcome["chat"]) == [
            (0, "Player 1", "good luck, all"),
            (None, "spectator", "go Ann!"),
        ]
        assert [line["seq"] for line in welcome["chat"]] == [0, 0]
        assert said(cy, "thanks")["n"] == 3
    storage = Storage(any_database)
    try:
        assert [line.text for line in storage.recent_chat(game_id, 2)] == ["go Ann!", "thanks"]
    finally:
        storage.close()


def test_the_chat_migration_upgrades_a_database_holding_games(any_database: str) -> None:
    from alembic import command
    from alembic.config import Config

    storage = Storage(any_database)
    try:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with storage.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")
        with storage.engine.begin() as connection:  # a game stored before chat was kept
            connection.execute(
                games_table.insert().values(
                    id="old", kind="catan", players=3, config="{}", options="{}", seed=1, status="running",
                    result=None, seq=0, host_token_hash="h" * 64, created_at=0.0, updated_at=0.0,
                    schema_version=1,
                )
            )  # fmt: skip
        storage.migrate()
        row = storage.get_game("old")
        assert row is not None and row.spectators_muted is False
        storage.add_chat("old", ChatRow(1, 0, None, "spectator", "hello", 0.0))
        assert [(c.n, c.text) for c in storage.recent_chat("old", 5)] == [(1, "hello")]
    finally:
        storage.close()


def test_the_replay_shows_what_was_said_at_each_position(database_url: str) -> None:
    with serving(database_url) as client:
        created = create(client, "catan", ["human", "bot:random", "bot:random"])
        game_id = created["id"]
        with viewer(client, game_id, tokens(created)[0], 0) as ann:
            while not ann.legal:  # the first player is drawn: the bots may place first
                ann.recv_until("ev")
            first = said(ann, "before my settlement")["seq"]
            assert ann.act(ann.legal[0])["t"] == "ack"
            later = said(ann, "after my settlement")["seq"]
        assert later > first
        replay = f"/api/games/{game_id}/replay"
        assert client.get(f"{replay}/0").status_code == 403  # still running: no replay yet
        client.app.state.hub.storage.mark_finished(game_id, {"winners": [0]})  # type: ignore[attr-defined]
        shown = {
            k: [line["text"] for line in client.get(f"{replay}/{k}").json()["chat"]] for k in range(later + 1)
        }
    assert shown == {
        **{k: [] for k in range(later + 1)},
        first: ["before my settlement"],
        later: ["after my settlement"],
    }


def test_control_and_bidi_characters_never_reach_storage_or_viewers(database_url: str) -> None:
    with serving(database_url) as client:
        created = create(client, "catan", ["human", "bot:random", "bot:random"])
        with viewer(client, created["id"], tokens(created)[0], 0) as ann:
            line = said(ann, "\u202eevil\u202c\x00 \x1b[31mred\x9b\u2066 ok\u2069\r\nnext")
            assert line["text"] == "evil [31mred ok next"
            assert said(ann, "x" * (CHAT_MAX_CHARS + 1))["code"] == "bad_message"  # over the cap
            ann.send({"t": "chat", "text": "\u202e\x00\u2067\t"})  # nothing left to say: no line
            ann.send({"t": "ping"})
            assert ann.recv_until("pong", "chat")["t"] == "pong"
        stored = client.app.state.hub.storage.recent_chat(created["id"], 10)  # type: ignore[attr-defined]
    assert [row.text for row in stored] == ["evil [31mred ok next"]  # an empty line is not kept


# Any text a client may send: runs of any characters (every category, surrogates included) between
# the characters that matter most. (Chunks joined, not one alphabet: Hypothesis merges an
# alphabet's characters into code point ranges and would hardly ever draw the few listed here.)
SPECIAL = [
    "\x00",
    "\t",
    "\x1b",
    "\x7f",
    "\x85",
    "\x9b",
    "\u200d",
    "\u2028",
    "\ud800",
    "\udfff",
    " ",
    *BIDI_CONTROLS,
]
hostile_text = st.lists(
    st.one_of(st.text(st.characters(codec=None, exclude_categories=())), st.sampled_from(sorted(SPECIAL))),
    max_size=80,
).map("".join)


@given(text=hostile_text, cap=st.integers(min_value=1, max_value=CHAT_MAX_CHARS))
def test_cleaned_chat_holds_no_control_or_bidi_character_and_fits_the_cap(text: str, cap: int) -> None:
    cleaned = clean_chat_text(text, cap)
    assert len(cleaned) <= cap
    assert not set(cleaned) & BIDI_CONTROLS
    assert not [c for c in cleaned if unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn")]
    assert cleaned == cleaned.strip() and "  " not in cleaned
    cleaned.encode("utf-8")  # storable: no lone surrogate left
    assert clean_chat_text(cleaned, cap) == cleaned  # cleaning again changes nothing


def test_chat_beyond_the_rate_is_refused_and_not_stored(database_url: str) -> None:
    limits = Limits(**{**TEST_LIMITS.__dict__, "chat_per_minute": 8.0})  # bursts of 2
    with serving(database_url, limits) as client:
        created = create(client, "catan", ["human", "bot:random", "bot:random"])
        with viewer(client, created["id"], tokens(created)[0], 0) as ann:
            answers = [said(ann, f"gl {n}") for n in range(4)]
        stored = client.app.state.hub.storage.recent_chat(created["id"], 10)  # type: ignore[attr-defined]
    assert [a["t"] if a["t"] == "chat" else a["code"] for a in answers] == [
        "chat",
        "chat",
        "rate_limited",
        "rate_limited",
    ]
    assert [row.text for row in stored] == ["gl 0", "gl 1"]


def test_the_host_mutes_spectators_and_the_switch_survives_a_restart(database_url: str) -> None:
    with serving(database_url) as client:
        created = create(client, "catan", ["human", "bot:random", "bot:random"])
        game_id, seat_token, host = created["id"], tokens(created)[0], created["host_token"]
        url = f"/api/games/{game_id}/chat/mute"
        for token in (seat_token, "not-a-token"):  # a seat is not the host
            refused = client.post(
                url, json={"spectators": True}, headers={"Authorization": f"Bearer {token}"}
            )
            assert refused.status_code == 403, refused.text
        with viewer(client, game_id, seat_token, 0) as ann, viewer(client, game_id, None, None) as fan:
            assert said(fan, "before the mute")["t"] == "chat"
            answer = client.post(url, json={"spectators": True}, headers={"Authorization": f"Bearer {host}"})
            assert answer.json() == {"spectators_muted": True}
            assert fan.recv_until("chat_mute")["spectators"] is True
            assert ann.recv_until("chat_mute")["spectators"] is True
            refusal = said(fan, "let me talk")
            assert (refusal["t"], refusal["code"]) == ("reject", "muted")
            assert said(ann, "seats still talk")["t"] == "chat"
            assert fan.recv_until("chat")["text"] == "seats still talk"
    with serving(database_url) as client, viewer(client, game_id, None, None) as fan:
        welcome = fan.frames[-1]
        assert welcome["spectators_muted"] is True
        assert [line["text"] for line in welcome["chat"]] == ["before the mute", "seats still talk"]
        assert said(fan, "still muted?")["code"] == "muted"
        client.post(url, json={"spectators": False}, headers={"Authorization": f"Bearer {host}"})
        assert fan.recv_until("chat_mute")["spectators"] is False
        assert said(fan, "thank you")["t"] == "chat"
