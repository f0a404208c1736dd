"""Storage: migrations to head (and again, harmlessly) building exactly the tables the code
declares, one winner when writers race for the same ``seq``, the idempotency key, and restoring a
game by replay after a restart of the app."""

from __future__ import annotations

import asyncio
import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from conftest import TEST_LIMITS
from server_support import Viewer, create, pick, store_game, tokens
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError
from starlette.testclient import TestClient

from ravenry.server import account_store
from ravenry.server.app import create_app
from ravenry.server.storage import Storage, metadata

pytestmark = pytest.mark.timeout(60)


def test_migrations_build_the_schema_and_run_again_harmlessly(database_url: str) -> None:
    storage = Storage(database_url)
    storage.migrate()
    storage.migrate()
    tables = set(inspect(storage.engine).get_table_names())
    assert {"games", "seats", "actions", "alembic_version"} <= tables
    with storage.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    storage.close()


def test_the_declared_tables_are_the_migrated_ones(any_database: str) -> None:
    # The tables are declared in three modules (the storage package's schema and leases, and
    # account_store), all on one MetaData: the one the migrations' env hands to autogenerate.
    # Nothing between it and the migrated schema differs, so no migration is missing.
    assert account_store.accounts_table.metadata is metadata
    storage = Storage(any_database)
    storage.migrate()
    with storage.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, metadata) == []
        assert set(metadata.tables) == set(inspect(conn).get_table_names()) - {"alembic_version"}
    storage.close()


def test_racing_writers_for_one_seq_leave_exactly_one_row(any_database: str) -> None:
    storage = Storage(any_database)
    storage.migrate()
    store_game(storage)
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def write(n: int) -> None:
        barrier.wait()
        try:
            storage.append_action("g1", 1, n % 3, {"type": "roll", "n": n}, f"cid{n}", None)
            outcomes.append("ok")
        except IntegrityError:
            outcomes.append("refused")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["ok", "refused", "refused", "refused"]
    assert len(storage.actions("g1")) == 1
    with pytest.raises(IntegrityError):  # the same (seat, cid) twice, even at another seq
        winner = storage.actions("g1")[0]
        storage.append_action("g1", 2, winner.seat, {"type": "roll"}, winner.cid, None)
    storage.close()


def test_a_restarted_app_restores_the_game_by_replay(database_url: str) -> None:
    app = create_app(database_url, bot_delay=0.0, limits=TEST_LIMITS)
    with TestClient(app) as client:
        created = create(client, "catan", ["human", "bot:greedy", "bot:random"])
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            person = Viewer(ws, 0)
            person.hello(tokens(created)[0])
            for turn in range(6):
                while not person.legal:
                    person.recv_until("ev")
                assert person.act(pick(person.legal, turn))["t"] == "ack"
                person.legal = None
            person.recv_until("ev")
            view, seq = person.view, person.seq
    again = create_app(database_url, bot_delay=0.0, limits=TEST_LIMITS)
    with TestClient(again) as client, client.websocket_connect(f"/ws/{created['id']}") as ws:
        person = Viewer(ws, 0)
        welcome = person.hello(tokens(created)[0])
        assert welcome["seq"] >= seq
        if welcome["seq"] == seq:
            assert welcome["view"] == view
        assert [e["seq"] for e in welcome["log"]] == list(
            range(max(1, welcome["seq"] - 199), welcome["seq"] + 1)
        )


def test_group_commit_refuses_only_the_conflicting_action(any_database: str) -> None:
    storage = Storage(any_database)
    storage.migrate()
    for game_id in ("g1", "g2", "g3"):
        store_game(storage, game_id)
    storage.append_action("g1", 1, 0, {"type": "roll"}, "first", None)
    batch = [
        ("g2", 1, 0, {"type": "roll"}, "a", None),
        ("g1", 1, 1, {"type": "roll"}, "b", None),  # seq 1 of g1 is taken
        ("g3", 1, 2, {"type": "end_turn"}, "c", {"winners": [2], "reason": "test", "scores": [0, 0, 1]}),
    ]
    outcomes = storage._commit_batch(batch)
    assert [type(o).__name__ for o in outcomes] == ["NoneType", "IntegrityError", "NoneType"]
    assert [a.cid for a in storage.actions("g1")] == ["first"]
    assert [a.cid for a in storage.actions("g2")] == ["a"]
    finished = storage.get_game("g3")
    assert finished is not None and finished.status == "finished" and finished.seq == 1

    async def many() -> list[BaseException | None]:
        appends = [
            storage.append(f"g{n % 3 + 1}", 2 + n // 3, 0, {"type": "roll"}, f"x{n}", None) for n in range(9)
        ]
        appends.append(storage.append("g2", 2, 1, {"type": "roll"}, "dup-seq", None))
        return await asyncio.gather(*appends, return_exceptions=True)

    results = asyncio.run(many())
    assert sum(isinstance(r, IntegrityError) for r in results) == 1
    assert sum(r is None for r in results) == 9
    assert [a.seq for a in storage.actions("g2")] == [1, 2, 3, 4]
    storage.close()


def test_the_postgresql_writer_survives_losing_its_connection(postgres_url: str) -> None:
    storage = Storage(postgres_url)
    storage.migrate()
    store_game(storage, "g1")
    assert storage._commit_batch([("g1", 1, 0, {"type": "roll"}, "a", None)]) == [None]
    (writer,) = storage._pg_idle  # the writer's connection, handed back after its batch
    writer_pid = writer.info.backend_pid
    with storage.engine.begin() as conn:  # as if PostgreSQL restarted, or a proxy dropped it
        conn.exec_driver_sql(f"SELECT pg_terminate_backend({int(writer_pid)})")
    # The batch on the dead connection falls back to the pool; the next one reconnects.
    assert storage._commit_batch([("g1", 2, 0, {"type": "roll"}, "b", None)]) == [None]
    assert storage._commit_batch([("g1", 3, 0, {"type": "roll"}, "c", None)]) == [None]
    assert writer_pid not in {c.info.backend_pid for c in storage._pg_idle}
    assert [a.cid for a in storage.actions("g1")] == ["a", "b", "c"]
    game = storage.get_game("g1")
    assert game is not None and game.seq == 3
    storage.close()


def test_an_action_and_the_clocks_after_it_commit_together(any_database: str) -> None:
    """The seats' clocks ride in the action's own transaction, alone or in a group commit: the
    stored clocks always belong to the stored seq (clock_seq), and a refused action stores no
    clock either."""
    storage = Storage(any_database)
    storage.migrate()
    for game_id in ("g1", "g2", "g3"):
        store_game(storage, game_id)
    seat_clocks = [(0, (1000.5, None, 0, False)), (1, (None, 42.0, 1, False)), (2, (None, None, 2, True))]
    storage.append_action("g1", 1, 0, {"type": "roll"}, "first", None, seat_clocks)
    no_deadlines = [(n, (None, None, 0, False)) for n in range(3)]
    batch = [
        ("g2", 1, 0, {"type": "roll"}, "a", None, seat_clocks),
        ("g1", 1, 1, {"type": "roll"}, "b", None, no_deadlines),  # seq 1 of g1 is taken
        ("g3", 1, 2, {"type": "roll"}, "c", None),  # a game without clocks
    ]
    outcomes = storage._commit_batch(batch)
    assert [type(o).__name__ for o in outcomes] == ["NoneType", "IntegrityError", "NoneType"]
    assert storage._commit_batch([("g3", 2, 0, {"type": "roll"}, "d", None, no_deadlines)]) == [None]

    def stored(game_id: str) -> tuple[int | None, list[tuple[float | None, float | None, int, bool]]]:
        game = storage.get_game(game_id)
        assert game is not None
        return game.clock_seq, [(s.clock_deadline, s.clock_bank, s.timeouts, s.away) for s in game.seats]

    expected = [clock for _seat, clock in seat_clocks]
    assert stored("g1") == (1, expected)  # the refused action's clocks were not stored
    assert stored("g2") == (1, expected)
    assert stored("g3") == (2, [clock for _seat, clock in no_deadlines])
    storage.close()
